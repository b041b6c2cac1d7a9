"""Progress of a long solve: `sente.solve(state, progress=...)` calls a function with a
`SolveProgress` at each step, or with `progress=True` draws a progress bar (tqdm's, in a notebook
or a terminal, when tqdm is installed: a widget in a notebook with ipywidgets, its text bar
without; otherwise a line on stderr per step)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional

from ._doc import with_field_docs

__all__ = ["SolveProgress", "ProgressBar"]


@with_field_docs
@dataclass
class SolveProgress:
    """How far a solve is. Connect Four's solve has one step for the position itself, then one
    for each column that does not end the game at once (`Solution.columns`); the other games'
    solves are one step."""

    step: int
    """Steps finished."""
    steps: int
    """Steps in all."""
    doing: Optional[str]
    """What is being solved: "the position", "column 4"; None once all is done."""
    lower: Optional[int]
    """What is proven so far of the score being solved, from the side to move of the state:
    at least `lower`..."""
    upper: Optional[int]
    """... and at most `upper` (the two meet when it is solved)."""
    nodes: int
    """Nodes searched for this step so far."""
    elapsed: float
    """Seconds since the solve started."""

    def __str__(self) -> str:
        return f"{self.step}/{self.steps} steps: {self.what()}, {self.elapsed:.1f} s"

    def what(self) -> str:
        """What is being solved and how far: `the position, score in [-2, 5], 1,234 nodes`,
        `done, score 13, 98,765 nodes`, or `the position, searching` before the first bound
        (the nodes are counted as each bound is proven)."""
        doing = self.doing or "done"
        if self.lower is None or self.upper is None:
            return f"{doing}, searching" if self.nodes == 0 else f"{doing}, {self.nodes:,} nodes"
        bounds = (
            f"score {self.lower}" if self.lower == self.upper
            else f"score in [{self.lower}, {self.upper}]"
        )
        return f"{doing}, {bounds}, {self.nodes:,} nodes"


def _from_dict(said: Dict[str, Any]) -> SolveProgress:
    return SolveProgress(
        step=said["step"], steps=said["steps"], doing=said["doing"], lower=said["lower"],
        upper=said["upper"], nodes=said["nodes"], elapsed=said["elapsed"],
    )


def _in_jupyter_kernel() -> bool:
    """True when running in a Jupyter kernel (IPython's kernel app), as `tqdm.auto` tells."""
    ipython = sys.modules.get("IPython")
    try:
        shell = ipython.get_ipython() if ipython is not None else None
        return shell is not None and "IPKernelApp" in shell.config
    except Exception:  # an IPython without a config: not a kernel
        return False


def _tqdm_class() -> Any:
    """tqdm's bar class: its widget (`tqdm.notebook`) in a Jupyter kernel with ipywidgets
    installed, its text bar otherwise (in a notebook without ipywidgets too, where
    `tqdm.auto` would warn "IProgress not found"); None without tqdm."""
    try:
        from tqdm.std import tqdm  # optional: pip install tqdm
    except ImportError:
        return None
    if _in_jupyter_kernel():
        try:
            import ipywidgets  # noqa: F401 (optional: pip install './python[notebook]')
            from tqdm.notebook import tqdm as widget
        except ImportError:
            return tqdm
        return widget
    return tqdm


class ProgressBar:
    """A progress bar for a solve: tqdm's when tqdm is installed (a widget in Jupyter when
    ipywidgets is installed too, else tqdm's text bar, without a warning), otherwise one line
    on stderr per step. Call it with each `SolveProgress`; `close()` ends it."""

    def __init__(self, description: str = "solving") -> None:
        self.description = description
        self._bar: Any = None
        self._last_step = -1
        self._tqdm = _tqdm_class()

    @property
    def uses_tqdm(self) -> bool:
        """True when the bar is tqdm's."""
        return self._tqdm is not None

    def __call__(self, p: SolveProgress) -> None:
        if self._tqdm is not None:
            if self._bar is None:
                self._bar = self._tqdm(total=p.steps, desc=self.description, unit="step")
            self._bar.update(p.step - self._bar.n)
            self._bar.set_postfix_str(p.what())
        elif p.step != self._last_step or p.doing is None:
            print(f"{self.description}: {p}", file=sys.stderr)
        self._last_step = p.step

    def close(self) -> None:
        """Ends the bar."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def progress_function(progress: Any) -> tuple[Optional[Callable[[Dict[str, Any]], None]], Callable[[], None]]:
    """`solve`'s `progress` argument as the glue's callback (taking the report's dict) and what
    to call when the solve ends: None or False, no report; True, a `ProgressBar`; a function,
    called with each `SolveProgress`."""
    if progress is None or progress is False:
        return None, lambda: None
    if progress is True:
        bar = ProgressBar()
        return (lambda d: bar(_from_dict(d))), bar.close
    if not callable(progress):
        raise TypeError(
            f"progress is True (a progress bar) or a function taking a SolveProgress, not "
            f"{type(progress).__name__}"
        )
    return (lambda d: progress(_from_dict(d))), lambda: None
