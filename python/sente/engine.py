"""Driving any UCI/UGI engine process (sente included), in the manner of `chess.engine`.

    with sente.engine.Engine.popen(["sente"]) as engine:
        engine.configure({"Hash": 32})
        info = engine.analyse(sente.State("connect4"), depth=8)
        move = engine.play(state, movetime=0.1).move

The process is the crate's client (`src/client/process.rs`): its own process group, killed when
the engine is closed; lines are read by the crate's parsers (`info`, `option`), never in
Python. An engine that exits, stalls or answers garbage raises an `EngineError` subclass and
is closed: it never hangs the caller."""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._sente import (
    EngineError,
    EngineProcess,
    EngineProtocolError,
    EngineTerminated,
    EngineTimeout,
    State,
    _check_seconds,
    _check_whole,
    parse_info,
    value_unit,
)
from ._api import in_units
from ._doc import with_field_docs

__all__ = [
    "Engine",
    "Option",
    "AnalysisResult",
    "PlayResult",
    "EngineError",
    "EngineTerminated",
    "EngineTimeout",
    "EngineProtocolError",
    "parse_info",
]

#: Seconds a search may take beyond its `movetime` before the engine counts as stalled.
MARGIN = 10.0
#: Seconds a `depth` or `nodes` search may take unless `timeout` says otherwise.
DEFAULT_TIMEOUT = 3600.0


def _program(name: str) -> str:
    """The program to start for `name`: a path as it is; a bare name beside the running
    Python first, then on PATH; EngineTerminated, naming both places, when in neither."""
    if os.sep in name or (os.altsep and os.altsep in name):
        return name
    beside = os.path.dirname(os.path.abspath(sys.executable)) if sys.executable else ""
    found = (shutil.which(name, path=beside) if beside else None) or shutil.which(name)
    if found is None:
        where = f"beside Python ({beside}) nor " if beside else ""
        raise EngineTerminated(f"cannot start {name!r}: not found {where}on PATH")
    return found


@with_field_docs
@dataclass
class Option:
    """One option the engine announced (`option name ... type ...`)."""

    name: str
    """Its name (may hold spaces)."""
    type: str
    """check, spin, combo, button or string."""
    default: Optional[str]
    """The default, as written."""
    min: Optional[int]
    """spin's lower bound."""
    max: Optional[int]
    """spin's upper bound."""
    var: List[str]
    """combo's choices."""


@with_field_docs
@dataclass
class AnalysisResult:
    """What the engine said about a position."""

    best_move: Optional[str]
    """Its `bestmove` (None for `bestmove (none)`)."""
    value: Optional[float]
    """The last score from the side to move in the game's own units, as `sente.search` gives
    it: the engine's `score cp` divided by the game's unit (a game tree's `cp 300` is 3;
    None for a mate score). The `cp` itself is in `infos`."""
    mate: Optional[int]
    """The last mate score (`n`: the side to move wins with its n-th move)."""
    pv: List[str]
    """The last principal variation."""
    nodes: Optional[int]
    """The last node count."""
    depth: Optional[int]
    """The last depth."""
    time: float
    """Seconds from `go` to `bestmove`."""
    infos: List[Dict[str, Any]] = field(default_factory=list)
    """Every `info` line read into fields (`parse_info`)."""
    lines: List[str] = field(default_factory=list)
    """The `info` lines as received."""


@with_field_docs
@dataclass
class PlayResult:
    """The engine's move and what it said while choosing it."""

    move: Optional[str]
    """The move (None when the engine had none)."""
    info: AnalysisResult
    """The analysis behind it."""


class Engine:
    """A UCI/UGI engine process. Use `Engine.popen([...])`, preferably as a context manager."""

    def __init__(self, process: EngineProcess, handshake: Dict[str, Any]) -> None:
        """Wraps a started process after its handshake (see `popen`)."""
        self._process = process
        self.protocol: str = handshake["protocol"]
        """The dialect of the handshake: "ugi" or "uci"."""
        self.id: Dict[str, Optional[str]] = {"name": handshake["name"]}
        """What `id` lines said (`name`)."""
        self.options: Dict[str, Option] = {
            o["name"]: Option(o["name"], o["type"], o["default"], o["min"], o["max"], list(o["var"]))
            for o in handshake["options"]
        }
        """The announced options, by name."""
        self._sent: Dict[str, str] = {}

    @classmethod
    def popen(cls, command: Union[str, Sequence[str]], *, protocol: Optional[str] = None) -> "Engine":
        """Starts `command` (a path, or a list: the program and its arguments), runs the
        handshake (`protocol` "ugi", "uci", or None to try ugi then uci) and `isready`.
        A bare name (`"sente"`) is looked for beside the running Python first (`sys.executable`'s
        folder: the scripts of its environment, so the installed `sente` is found in a venv that
        is not activated, or in a notebook's kernel), then on PATH.
        Raises EngineTerminated if it cannot run (saying where it looked), EngineTimeout if it
        does not answer."""
        args = [command] if isinstance(command, str) else list(command)
        if not args:
            raise ValueError("no command to run")
        program = _program(str(args[0]))
        process = EngineProcess(program, [str(a) for a in args[1:]])
        try:
            handshake = process.handshake(protocol)
            process.sync()
        except BaseException:
            process.kill()
            raise
        return cls(process, handshake)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.quit()

    def __del__(self) -> None:
        process = getattr(self, "_process", None)
        if process is not None and process.is_open:
            process.kill()

    @property
    def is_open(self) -> bool:
        """True until the engine is closed (by `quit`, or after a failure)."""
        return self._process.is_open

    def quit(self) -> None:
        """Sends `quit`, then kills what is left of the engine's process group."""
        self._process.quit()

    close = quit

    def _guard(self, call: Any, *args: Any) -> Any:
        """Runs a call on the process; a failed engine is killed before the error is raised.
        (Ctrl-C during a search sends `stop` and waits for the `bestmove`: the engine stays.)"""
        try:
            return call(*args)
        except EngineError:
            self._process.kill()
            raise

    def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options (`setoption`), checked against what the engine announced, then waits
        for `isready`. Raises ValueError for an unknown option or a bad value."""
        lines = []
        for name, value in options.items():
            option = self.options.get(name) or next(
                (o for k, o in self.options.items() if k.lower() == str(name).lower()), None
            )
            if option is None:
                raise ValueError(f"the engine has no option '{name}' (it has: {', '.join(self.options)})")
            text = _option_text(option, value)
            lines.append(f"setoption name {option.name} value {text}" if text != "" else f"setoption name {option.name}")
            self._sent[option.name.lower()] = text
        for line in lines:
            self._guard(self._process.send, line)
        self._guard(self._process.sync)

    def _set_position(self, state: State) -> None:
        """Gives the engine the game (UCI_Variant, rules) and the position of `state`."""
        wanted: Dict[str, str] = {}
        if "UCI_Variant" in self.options:
            wanted["UCI_Variant"] = state.variant
        for name, value in state.rule_options:
            if name in self.options:
                wanted[name] = value
        for name, value in wanted.items():
            if self._sent.get(name.lower()) != value:
                self._guard(self._process.send, f"setoption name {name} value {value}")
                self._sent[name.lower()] = value
        self._guard(self._process.send, f"position fen {state.fen}")

    def analyse(
        self,
        state: State,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> AnalysisResult:
        """Searches `state` (`depth` plies, `movetime` seconds, `nodes`: at least one) and
        returns the engine's last score, pv, nodes and depth with every `info` line. Raises
        EngineTimeout if no `bestmove` comes within `timeout` seconds (default: `movetime` +
        10 s, or an hour), EngineTerminated if the engine dies, EngineProtocolError if it
        answers garbage; the engine is then closed."""
        parts = ["go"]
        if depth is not None:
            parts += ["depth", str(_check_whole(depth, "depth", "plies", 1))]
        if movetime is not None:
            movetime = _check_seconds(movetime, "movetime")
            parts += ["movetime", str(max(1, round(movetime * 1000)))]
        if nodes is not None:
            parts += ["nodes", str(_check_whole(nodes, "nodes", "nodes", 1))]
        if len(parts) == 1:
            raise ValueError("give a limit: depth, movetime or nodes")
        if timeout is None:
            timeout = movetime + MARGIN if movetime is not None else DEFAULT_TIMEOUT
        timeout = _check_seconds(timeout, "timeout")
        self._set_position(state)
        move, lines, taken = self._guard(self._process.go, " ".join(parts), float(timeout))
        infos = [parse_info(line) for line in lines]
        scored = [i for i in infos if i["cp"] is not None or i["mate"] is not None]
        last = scored[-1] if scored else {}
        with_pv = [i for i in infos if i["pv"]]
        with_nodes = [i for i in infos if i["nodes"] is not None]
        with_depth = [i for i in infos if i["depth"] is not None]
        return AnalysisResult(
            best_move=move,
            value=in_units(last.get("cp"), value_unit(state.variant)),
            mate=last.get("mate"),
            pv=list(with_pv[-1]["pv"]) if with_pv else [],
            nodes=with_nodes[-1]["nodes"] if with_nodes else None,
            depth=with_depth[-1]["depth"] if with_depth else None,
            time=taken,
            infos=infos,
            lines=lines,
        )

    def play(
        self,
        state: State,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> PlayResult:
        """The engine's move in `state` (the limits as for `analyse`). The move is checked
        against the state's legal moves: an illegal one raises EngineProtocolError."""
        info = self.analyse(state, depth=depth, movetime=movetime, nodes=nodes, timeout=timeout)
        if info.best_move is not None and info.best_move not in state.legal_moves():
            self._process.kill()
            raise EngineProtocolError(f"the engine played '{info.best_move}', not a legal move here")
        return PlayResult(info.best_move, info)

    def __repr__(self) -> str:
        state = "open" if self.is_open else "closed"
        return f"<Engine {self.id.get('name')!r} ({self.protocol}, {state})>"


def _option_text(option: Option, value: Any) -> str:
    """The `value` of a `setoption` line, checked against the option's type."""
    if option.type == "button":
        if value not in (None, True, ""):
            raise ValueError(f"{option.name} is a button: give None")
        return ""
    if option.type == "check":
        if isinstance(value, bool):
            return "true" if value else "false"
        if str(value).lower() in ("true", "false"):
            return str(value).lower()
        raise ValueError(f"{option.name} is a check: give True or False, not {value!r}")
    if option.type == "spin":
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise ValueError(f"{option.name} is a number, not {value!r}") from None
        if isinstance(value, bool) or (option.min is not None and number < option.min) or (
            option.max is not None and number > option.max
        ):
            raise ValueError(f"{option.name} is between {option.min} and {option.max}, not {value!r}")
        return str(number)
    text = str(value)
    if "\n" in text or "\r" in text:
        raise ValueError(f"{option.name}: a value is one line")
    if option.type == "combo" and option.var and text not in option.var:
        match = next((v for v in option.var if v.lower() == text.lower()), None)
        if match is None:
            raise ValueError(f"{option.name} is one of {', '.join(option.var)}, not {text!r}")
        text = match
    return text
