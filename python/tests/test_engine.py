"""sente.engine: driving an engine process, sente itself and broken ones."""

import sys
import textwrap
import time

import pytest

import sente
from sente.engine import Engine, EngineProtocolError, EngineTerminated, EngineTimeout


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
        assert (info.nodes, info.value, info.best_move, info.pv) == (11, 300, "1", ["1", "1"])
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


def test_ctrl_c_stops_the_engines_search(sente_bin):
    import os
    import signal
    import threading

    with Engine.popen([sente_bin]) as engine:
        engine.configure({"Algorithm": "minimax"})
        sent = []

        def interrupt():
            time.sleep(0.3)
            sent.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGINT)

        killer = threading.Thread(target=interrupt)
        killer.start()
        with pytest.raises(KeyboardInterrupt):
            engine.analyse(sente.State("connect4"), depth=40)
        caught = time.perf_counter()
        killer.join()
        # The engine was told to stop and answered; it is still there.
        assert caught - sent[0] < 0.5, caught - sent[0]
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
    with Engine.popen(fake_engine(tmp_path, "time.sleep(60)")) as engine:
        started = time.monotonic()
        with pytest.raises(EngineTimeout):
            engine.analyse(sente.State("connect4"), depth=3, timeout=0.3)
        assert time.monotonic() - started < 2


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
