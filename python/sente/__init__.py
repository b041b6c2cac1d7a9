"""sente: the games, searches and solvers of the sente engine, from Python.

    import sente
    s = sente.State("connect4")           # or "tictactoe", "nim", "rushhour", "babylon"...
    s.play("4")
    sente.solve(s)                        # Connect Four: exact score and each column's
    r = sente.search(s, "alphabeta-plain", depth=4, trace=True)
    r.tree                                # the traced tree, drawn in Jupyter
    sente.review(s).moves[0].cls          # every move classed, exactly where a solver answers

States, searches and solvers run in Rust (the crate itself, through `sente._sente`); searches
release the GIL and stop on Ctrl-C. `sente.engine` drives any UCI/UGI engine process.

For learning: states take integer actions as OpenSpiel's do (`legal_actions()`,
`apply_action()`, `returns()`, `observation_tensor()`); `sente.Batch` steps N games by a numpy
array of actions or plays N random games in Rust; `sente.openspiel` registers sente's games in
OpenSpiel; `sente.envs` has PettingZoo and Gymnasium environments.
"""

from . import engine
from ._api import SearchResult, Solution, search, solve
from ._review import MoveReview, Review, ReviewProgress, review
from ._sente import Batch, IllegalMove, State, rules, variants
from .progress import SolveProgress
from .puzzles import RushHourPuzzle, rushhour_puzzles
from .tree import SearchTree

__all__ = [
    "State",
    "Batch",
    "IllegalMove",
    "variants",
    "rules",
    "search",
    "solve",
    "SearchResult",
    "Solution",
    "SolveProgress",
    "SearchTree",
    "review",
    "Review",
    "MoveReview",
    "ReviewProgress",
    "RushHourPuzzle",
    "rushhour_puzzles",
    "engine",
]
__version__ = "0.1.0"


def _document_state() -> None:
    """Adds the variants, their notation and rules to `help(State)`."""
    from ._doc import variants_help

    values = (
        "As values: two states are equal, and hash alike, when they are the same position of the\n"
        "same game under the same rules, whatever moves led there (their histories do not count),\n"
        "so a set of states is a set of positions. But a state is mutable: one in a set or a dict\n"
        "that is played on afterwards changes there (seen = {a}; a.play(m); a in seen is False).\n"
        "For visited sets and transposition tables keep s.key(), an immutable tuple (variant,\n"
        "rule options, fen) equal exactly when the states are: seen.add(s.key()).\n"
        "States pickle (variant, rules, fen and moves: undo works on the copy, multiprocessing\n"
        "sends them) and copy.copy / copy.deepcopy give independent copies."
    )
    State.__doc__ = f"{State.__doc__ or ''}\n\n{values}\n\n{variants_help(variants(), rules)}\n"


_document_state()
