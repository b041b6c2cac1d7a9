"""sente.search: the engine's searches from Python, node for node; traced trees; the GIL
released and Ctrl-C honoured."""

import contextlib
import os
import signal
import threading
import time
import xml.etree.ElementTree as ET

import pytest

import sente
from conftest import engine_lines

TEXTBOOK = "((3 12 8) (2 4 6) (14 5 2))"

#: Seconds a search given no end of its own may run before the test calls it stuck: a hang
#: guard, never a bound on how fast the machine is (how soon Ctrl-C is honoured is measured
#: by scripts/python_bench.py --only-interrupts).
HANG_GUARD = 120


def search_threads():
    """How many of sente's search threads run in this process now (Linux's /proc: each task
    runs on a thread of its own named sente-search)."""
    count = 0
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/comm") as comm:
                count += comm.read().strip() == "sente-search"
        except OSError:  # the thread ended meanwhile
            pass
    return count


@contextlib.contextmanager
def ctrl_c_once_searching(polls):
    """Runs the block beside a thread (running Python) that polls for a search thread and,
    once it has seen one in `polls` polls in a row, sends this process Ctrl-C. Yields a list
    that the thread appends True to if it did, False if the block ended or the hang guard
    came first (then it sends nothing)."""
    seen = []
    over = threading.Event()

    def watch():
        hang_guard = time.monotonic() + HANG_GUARD
        running = 0
        while running < polls and not over.is_set() and time.monotonic() < hang_guard:
            running = running + 1 if search_threads() else 0
            time.sleep(0.001)
        seen.append(running >= polls)
        if running >= polls:
            os.kill(os.getpid(), signal.SIGINT)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        yield seen
    finally:
        over.set()
        watcher.join()


def engine_search(binary, variant, fen, moves, options, go):
    """The engine's last `info` line with a score, and its bestmove, as (nodes, score, pv, move)."""
    commands = [f"setoption name UCI_Variant value {variant}"]
    commands += [f"setoption name {k} value {v}" for k, v in options.items()]
    position = f"position fen {fen}" if fen else "position startpos"
    if moves:
        position += " moves " + " ".join(moves)
    lines = engine_lines(binary, commands + [position, go])
    infos = [line.split() for line in lines if line.startswith("info depth")]
    best = [line.split()[1] for line in lines if line.startswith("bestmove")]
    last = infos[-1]
    nodes = int(last[last.index("nodes") + 1])
    at = last.index("score")
    pv = last[last.index("pv") + 1 :] if "pv" in last else []
    return nodes, f"{last[at + 1]} {last[at + 2]}", pv, best[0]


def test_the_textbook_tree():
    tree = sente.State("tree", fen=TEXTBOOK)
    minimax = sente.search(tree, "minimax", depth=4, trace=True)
    plain = sente.search(tree, "alphabeta-plain", depth=4, trace=True)
    assert (minimax.nodes, plain.nodes) == (13, 11)
    # Values in the tree's own units: its 3 is 3 (the engine's line says cp 300), in the
    # result, the tree and its repr alike.
    assert minimax.value == plain.value == 3 and minimax.best_move == "1"
    assert minimax.score == "cp 300"
    assert repr(plain.tree) == "<SearchTree 11 nodes, 2 pruned, value 3>"
    assert len(minimax.tree) == 13 and len(plain.tree) == 11
    assert minimax.tree.pruned == 0 and plain.tree.pruned == 2
    root = plain.tree.to_dict()
    assert root["kind"] == "max" and root["value"] == 3 and isinstance(root["value"], int)
    assert [c["value"] for c in root["children"]] == [3, 2, 2]
    # The windows: open ends are infinities, the others in the tree's units.
    assert (root["alpha"], root["beta"]) == (float("-inf"), float("inf"))
    assert (root["children"][1]["alpha"], root["children"][1]["beta"]) == (3, float("inf"))
    assert "window (3, ∞)" in plain.tree._repr_svg_()
    assert root["children"][1]["pruned"] == 2
    svg = ET.fromstring(plain.tree._repr_svg_())
    texts = [t.text for t in svg.iter() if t.tag.endswith("text")]
    assert "2 pruned" in texts and "3" in texts
    polygons = [p for p in svg.iter() if p.tag.endswith("polygon")]
    assert len(polygons) == 4  # the max root and three min nodes


def test_expectimax_traces_chance_nodes():
    tree = sente.State("tree", fen=TEXTBOOK)
    result = sente.search(tree, "minimax", depth=4, opponent="random", trace=True)
    assert result.algorithm == "expectimax"
    kinds = [n["kind"] for n in result.tree.nodes.values()]
    assert kinds.count("chance") == 3
    # The means: (3+12+8)/3, (2+4+6)/3, (14+5+2)/3: the root takes the first, 7.67.
    assert result.tree.nodes[1]["value"] == 7.67 == result.value
    assert repr(result.tree).endswith("value 7.67>") and result.score == "cp 767"


def test_only_the_textbook_searches_are_traced():
    with pytest.raises(ValueError, match="search not traced"):
        sente.search(sente.State("tictactoe"), "alphabeta", depth=3, trace=True)
    with pytest.raises(ValueError, match="search not traced"):
        sente.search(sente.State("rushhour"), "bfs", trace=True)


def test_a_truncated_trace_keeps_its_root():
    s = sente.State("tictactoe")
    s.play("a3")
    result = sente.search(s, "minimax", depth=9, trace=True, trace_limit=50)
    assert result.nodes == 59705 and len(result.tree) == 50
    assert "trace truncated at 50 nodes" in result.notes
    assert result.tree.to_dict()["id"] == 1
    ET.fromstring(result.tree.svg())


def test_networkx():
    nx = pytest.importorskip("networkx")
    result = sente.search(sente.State("tree", fen=TEXTBOOK), "alphabeta-plain", depth=4, trace=True)
    graph = result.tree.to_networkx()
    assert isinstance(graph, nx.DiGraph)
    assert graph.number_of_nodes() == 11 and graph.number_of_edges() == 10
    assert graph.edges[1, 2]["move"] == "1"


@pytest.mark.parametrize(
    "variant, fen, moves, algorithm, depth",
    [
        ("tictactoe", None, ["a3"], "minimax", 9),
        ("tictactoe", None, ["a3"], "alphabeta-plain", 9),
        ("tictactoe", None, ["a3"], "alphabeta", 9),
        ("tictactoe", None, [], "alphabeta-plain", 9),
        ("connect4", None, ["4", "4"], "alphabeta", 8),
        ("connect4", None, ["4"], "alphabeta-plain", 5),
        ("connect4", None, [], "minimax", 4),
        ("babylon", None, [], "alphabeta", 6),
        ("tree", TEXTBOOK, [], "alphabeta", 4),
    ],
)
def test_node_counts_equal_the_engines(sente_bin, variant, fen, moves, algorithm, depth):
    state = sente.State(variant, fen=fen)
    for mv in moves:
        state.play(mv)
    result = sente.search(state, algorithm, depth=depth)
    nodes, score, pv, best = engine_search(
        sente_bin, variant, fen, moves, {"Algorithm": algorithm}, f"go depth {depth}"
    )
    assert (result.nodes, result.score, result.pv, result.best_move) == (nodes, score, pv, best)


def test_the_course_counts():
    # The comparison page's figures: tic-tac-toe after a3, minimax against alpha-beta.
    s = sente.State("tictactoe")
    s.play("a3")
    counts = [sente.search(s, a, depth=9).nodes for a in ("minimax", "alphabeta-plain", "alphabeta")]
    assert counts == [59705, 2788, 1768]


def count_nodes(state, depth):
    """The positions of the game tree to `depth` plies, root included (a finished game is a
    leaf): minimax's textbook node count, computed here."""
    if depth == 0 or state.is_over:
        return 1
    return 1 + sum(count_nodes(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize("algorithm, opponent", [
    ("minimax", "adversarial"), ("alphabeta-plain", "adversarial"), ("minimax", "random"),
])
def test_a_time_limit_makes_depth_a_cap_on_the_deepening(algorithm, opponent):
    s = sente.State("connect4")
    s.play("4")
    # 7**9 positions at depth 9 are far beyond 0.3 s: it reported depth 0, the first legal
    # move, value None and 0 nodes. Now the deepest iteration that finished is reported.
    result = sente.search(s, algorithm, depth=9, movetime=0.3, opponent=opponent)
    assert 1 <= result.depth <= 9 and result.value is not None and result.nodes > 0
    assert [info["depth"] for info in result.infos] == list(range(1, result.depth + 1))
    # Each iteration is the fixed-depth search of its depth, node for node.
    for info in result.infos[-2:]:
        fixed = sente.search(s, algorithm, depth=info["depth"], opponent=opponent)
        assert (fixed.nodes, fixed.cp, fixed.pv) == (info["nodes"], info["cp"], info["pv"])
    last = result.infos[-1]
    assert result.best_move == last["pv"][0]
    # A shallow cap is reached and kept: the deepening stops there.
    capped = sente.search(s, algorithm, depth=2, movetime=60, opponent=opponent)
    assert [info["depth"] for info in capped.infos] == [1, 2]


def test_without_a_time_limit_a_fixed_depth_stays_one_search():
    s = sente.State("connect4")
    s.play("4")
    result = sente.search(s, "minimax", depth=3)
    assert len(result.infos) == 1 and result.depth == 3
    assert result.nodes == count_nodes(s, 3)
    # Stopped by a node budget before it finished: no iteration to report, so an error.
    with pytest.raises(RuntimeError, match=r"no iteration finished \(stopped before depth 5 was complete"):
        sente.search(s, "minimax", depth=5, nodes=100)


def test_bad_search_arguments():
    s = sente.State("connect4")
    with pytest.raises(ValueError, match="algorithm: .*got 'bogus'"):
        sente.search(s, "bogus", depth=2)
    with pytest.raises(ValueError, match="one-player puzzles"):
        sente.search(s, "bfs", depth=2)
    with pytest.raises(ValueError, match="Opponent"):
        sente.search(s, "minimax", depth=2, opponent="friendly")
    with pytest.raises(ValueError, match="movetime"):
        sente.search(s, depth=2, movetime=-1)
    with pytest.raises(TypeError):
        sente.search(s, depth="deep")


def test_a_finished_game_has_no_best_move():
    s = sente.State("tictactoe")
    for mv in ["a1", "b1", "a2", "b2", "a3"]:
        s.play(mv)
    assert sente.search(s, depth=3).best_move is None


needs_proc = pytest.mark.skipif(
    not os.path.isdir("/proc/self/task"), reason="looks for the search thread in /proc"
)
in_main_thread = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(), reason="signals go to the main thread"
)


@needs_proc
@in_main_thread
def test_the_gil_is_released(ctrl_c):
    # While the main thread is inside a search that has no end of its own (only the hang
    # guard), another thread keeps running Python: it polls for the search thread 50 times
    # in a row, then ends the search with Ctrl-C. Were the GIL held during the search, the
    # watcher could not run until the search returned at the hang guard, and no
    # KeyboardInterrupt would be raised.
    s = sente.State("connect4", width=8, height=7)
    with ctrl_c_once_searching(polls=50) as seen:
        with pytest.raises(KeyboardInterrupt):
            sente.search(s, "minimax", depth=40, movetime=HANG_GUARD)
    assert seen == [True], "the other thread did not run during the search"


def test_two_threads_search_at_once():
    s = sente.State("connect4")
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(sente.search(s, "alphabeta-plain", depth=7)))
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 2 and results[0].nodes == results[1].nodes


@needs_proc
@in_main_thread
def test_ctrl_c_interrupts_a_search(ctrl_c):
    # Ctrl-C once the search runs (its thread is there), in a search that would otherwise
    # run to the hang guard: KeyboardInterrupt, and the search thread has ended.
    s = sente.State("connect4")
    with ctrl_c_once_searching(polls=1) as seen:
        with pytest.raises(KeyboardInterrupt):
            sente.search(s, "minimax", depth=40, movetime=HANG_GUARD)
    assert seen == [True], "no search thread seen"
    assert search_threads() == 0
    assert sente.search(s, depth=2).best_move in s.legal_moves()


def test_a_search_result_shows_itself_short():
    s = sente.State("connect4")
    s.play("4")
    result = sente.search(s, "alphabeta", depth=10)
    assert len(result.infos) == 10 and len(result.lines) >= 11
    # The repr was every info line (4 kB): now the move, the score, the line and the counts.
    text = repr(result)
    assert len(text) < 400, text
    assert "infos" not in text and "lines" not in text and "notes" not in text
    assert f"best_move='{result.best_move}'" in text and f"nodes={result.nodes}" in text
    html = result._repr_html_()
    assert "<table>" in html and f"<td style='text-align:left'>{result.best_move}</td>" in html
    assert f"{result.nodes:,}" in html and " ".join(result.pv[:3]) in html
    # The values' scale is documented, expectimax's means of wins included.
    assert "1,000,000" in sente.SearchResult.__doc__ and "expectimax" in sente.SearchResult.__doc__
