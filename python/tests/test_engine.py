"""sente.engine: driving an engine process, sente itself and broken ones."""

import os
import re
import sys
import textwrap
import time

import pytest

import sente
from sente.engine import Engine, EngineProtocolError, EngineTerminated, EngineTimeout

#: Seconds a test waits for what it expects before it calls the engine stuck: a hang guard,
#: never a bound on how fast the machine is (how soon Ctrl-C is honoured is measured by
#: scripts/python_bench.py --only-interrupts).
HANG_GUARD = 120.0


def fake_engine(tmp_path, body):
    """A Python script speaking just enough UCI, then doing `body` at `go`."""
    script = tmp_path / "engine.py"
    script.write_text(
        textwrap.dedent(
            """
            import sys, time
            for line in sys.stdin:
                word = line.split()[0] if line.split() else ""
                if word in ("uci", "ugi"):
                    print("id name fake"); print("option name Hash type spin default 1 min 1 max 8")
                    print(word + "ok", flush=True)
                elif word == "isready":
                    print("readyok", flush=True)
                elif word == "go":
            """
        )
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + "\n    elif word == 'quit':\n        break\n"
    )
    return [sys.executable, str(script)]


def test_sente_as_an_engine(sente_bin):
    with Engine.popen([sente_bin]) as engine:
        assert engine.protocol == "ugi" and engine.id["name"].startswith("sente")
        assert {"Hash", "UCI_Variant", "Algorithm"} <= set(engine.options)
        assert "babylon" in engine.options["UCI_Variant"].var
        engine.configure({"Hash": 8, "Algorithm": "alphabeta-plain"})
        tree = sente.State("tree", fen="((3 12 8) (2 4 6) (14 5 2))")
        info = engine.analyse(tree, depth=4)
        # The tree's own 3, as sente.search gives it; the engine's line said cp 300.
        assert (info.nodes, info.value, info.best_move, info.pv) == (11, 3, "1", ["1", "1"])
        assert info.infos[-1]["cp"] == 300 and sente.search(tree, "alphabeta-plain", depth=4).value == 3
        engine.configure({"Algorithm": "alphabeta"})
        s = sente.State("connect4", width=8, height=7)
        s.play("4")
        info = engine.analyse(s, depth=6)
        direct = sente.search(s, depth=6)
        assert (info.nodes, info.value, info.pv) == (direct.nodes, direct.value, direct.pv)
        assert info.infos[-1]["depth"] == 6
        # Back to the standard board: the engine's rules follow each state.
        standard = sente.State("connect4")
        assert engine.analyse(standard, depth=5).nodes == sente.search(standard, depth=5).nodes
        played = engine.play(s, movetime=0.05)
        assert played.move in s.legal_moves()
        babylon = sente.State("babylon", colours=3, per_colour=2)
        assert engine.play(babylon, depth=3).move in babylon.legal_moves()
    assert not engine.is_open


def cpu_ticks(pid):
    """The CPU time process `pid` has used (user and system), in clock ticks (Linux's /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads an engine's CPU time in /proc")
def test_ctrl_c_stops_the_engines_search(sente_bin, ctrl_c):
    import signal
    import threading

    with Engine.popen([sente_bin]) as engine:
        engine.configure({"Algorithm": "minimax"})
        pid = engine._process.pid
        # Ctrl-C once the engine is searching: once it has used 0.2 s of CPU more than idle,
        # which nothing but the search does (a depth-40 minimax, with no end of its own).
        busy = cpu_ticks(pid) + os.sysconf("SC_CLK_TCK") // 5
        searching = []
        over = threading.Event()

        def interrupt():
            hang_guard = time.monotonic() + HANG_GUARD
            while cpu_ticks(pid) < busy and not over.is_set() and time.monotonic() < hang_guard:
                time.sleep(0.01)
            searching.append(cpu_ticks(pid) >= busy)
            if searching[0]:
                os.kill(os.getpid(), signal.SIGINT)

        killer = threading.Thread(target=interrupt)
        killer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                engine.analyse(sente.State("connect4"), depth=40, timeout=HANG_GUARD)
        finally:
            over.set()
            killer.join()
        assert searching == [True], "the engine never searched"
        # The engine was told to stop and answered; it is still there.
        assert engine.is_open
        assert engine.analyse(sente.State("tictactoe"), depth=2).best_move is not None


def test_configure_checks_options(sente_bin):
    with Engine.popen([sente_bin]) as engine:
        with pytest.raises(ValueError, match="no option 'Bogus'"):
            engine.configure({"Bogus": 1})
        with pytest.raises(ValueError, match="Hash is between"):
            engine.configure({"Hash": 0})
        with pytest.raises(ValueError, match="Algorithm is one of"):
            engine.configure({"Algorithm": "random"})
        with pytest.raises(ValueError, match="give a limit"):
            engine.analyse(sente.State("connect4"))
        # The limits are checked before anything is sent.
        with pytest.raises(ValueError, match="depth is a whole number of plies at least 1, not -1"):
            engine.analyse(sente.State("connect4"), depth=-1)
        with pytest.raises(ValueError, match="movetime is a number of seconds above 0 .*not 0"):
            engine.play(sente.State("connect4"), movetime=0)
        with pytest.raises(ValueError, match="nodes is a whole number of nodes at least 1, not 0"):
            engine.analyse(sente.State("connect4"), nodes=0)
        with pytest.raises(ValueError, match="timeout is a number of seconds above 0 .*not -2"):
            engine.analyse(sente.State("connect4"), depth=2, timeout=-2)
        assert engine.analyse(sente.State("tictactoe"), depth=2).best_move is not None


def test_an_engine_that_cannot_start():
    with pytest.raises(EngineTerminated, match="cannot start"):
        Engine.popen(["/nonexistent/engine"])


def test_an_engine_that_dies(tmp_path):
    with Engine.popen(fake_engine(tmp_path, "sys.exit(3)")) as engine:
        with pytest.raises(EngineTerminated, match="exited"):
            engine.analyse(sente.State("connect4"), depth=3)
        assert not engine.is_open
        with pytest.raises(sente.engine.EngineError, match="closed"):
            engine.analyse(sente.State("connect4"), depth=3)


def test_an_engine_that_answers_garbage(tmp_path):
    with Engine.popen(fake_engine(tmp_path, "print('hello there', flush=True)")) as engine:
        with pytest.raises(EngineProtocolError, match="hello there"):
            engine.analyse(sente.State("connect4"), depth=3)


def test_an_engine_that_plays_an_illegal_move(tmp_path):
    with Engine.popen(fake_engine(tmp_path, "print('bestmove 9', flush=True)")) as engine:
        with pytest.raises(EngineProtocolError, match="'9', not a legal move"):
            engine.play(sente.State("connect4"), depth=3)


def test_an_engine_that_never_answers(tmp_path):
    # It answers only after the hang guard: the 0.3 s timeout must end the wait first (were
    # the timeout ignored, the answer would come and nothing would be raised).
    body = f"time.sleep({HANG_GUARD}); print('bestmove 4', flush=True)"
    with Engine.popen(fake_engine(tmp_path, body)) as engine:
        with pytest.raises(EngineTimeout):
            engine.analyse(sente.State("connect4"), depth=3, timeout=0.3)


def test_uci_only_engines(tmp_path):
    with Engine.popen(fake_engine(tmp_path, "print('info depth 1 score cp 5 nodes 7 pv 4'); print('bestmove 4', flush=True)"), protocol="uci") as engine:
        assert engine.protocol == "uci" and engine.id["name"] == "fake"
        info = engine.analyse(sente.State("connect4"), depth=1)
        assert (info.best_move, info.value, info.nodes, info.pv) == ("4", 5, 7, ["4"])


def test_parse_info_is_the_crates():
    info = sente.engine.parse_info("info depth 7 seldepth 9 score mate -3 upperbound nodes 1234 time 5 pv 4 4 3")
    assert (info["depth"], info["mate"], info["cp"], info["bound"], info["nodes"], info["pv"]) == (
        7, -3, None, "upperbound", 1234, ["4", "4", "3"])
    assert sente.engine.parse_info("info string hello world")["string"] == "hello world"


def test_a_bare_command_is_found_beside_python_before_path(tmp_path, monkeypatch):
    # A venv that is not activated: its scripts (the `sente` command) sit beside its Python,
    # not on PATH.
    scripts = tmp_path / "venv-bin"
    scripts.mkdir()
    engine_script = scripts / "someengine"
    engine_script.write_text(f"#!{sys.executable}\n" + open(fake_engine(tmp_path, "print('bestmove 4', flush=True)")[-1]).read())
    engine_script.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(scripts / "python"))
    monkeypatch.setenv("PATH", os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if p != str(scripts)))
    with Engine.popen(["someengine"], protocol="uci") as engine:
        assert engine.id["name"] == "fake"
    with pytest.raises(EngineTerminated, match=rf"cannot start 'nosuchengine': not found beside Python \({re.escape(str(scripts))}\) nor on PATH"):
        Engine.popen("nosuchengine")
