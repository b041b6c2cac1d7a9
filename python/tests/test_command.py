"""`pip install ./python` installs the `sente` command beside the package: the crate's own
command line, so that `Engine.popen(["sente"])`, `sente gui` and `sente match` work from the
environment."""

import os
import pathlib
import shutil
import subprocess
import sys

import sente
from sente.engine import Engine


def installed_command():
    """The `sente` script in this Python's environment (its scripts folder)."""
    folder = pathlib.Path(sys.executable).parent
    found = shutil.which("sente", path=str(folder))
    assert found, f"no sente command in {folder}: pip install ./python installs one"
    return found


def test_the_command_is_the_engine(monkeypatch):
    command = installed_command()
    # As a user of the environment has it: its scripts folder first on PATH.
    monkeypatch.setenv("PATH", os.pathsep.join([str(pathlib.Path(command).parent), os.environ.get("PATH", "")]))
    with Engine.popen(["sente"]) as engine:
        assert engine.id["name"].startswith("sente")
        engine.configure({"Algorithm": "alphabeta-plain"})
        info = engine.analyse(sente.State("tree"), depth=2)
        assert (info.nodes, info.value, info.best_move) == (11, 3, "1")


def test_the_command_has_every_subcommand(sente_bin):
    command = installed_command()
    version = subprocess.run([command, "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.strip() == f"sente {sente.__version__}"
    for sub in ["gui", "match", "solve", "play", "bench", "transcript"]:
        shown = subprocess.run([command, sub, "--help"], capture_output=True, text=True, timeout=60)
        assert shown.returncode == 0 and "Usage: sente " + sub in shown.stdout, (sub, shown.stderr)
    # A subcommand's work and exit code, as the cargo-built binary's.
    position = "6532566524355571\n"
    ours = subprocess.run([command, "solve", "connect4"], input=position, capture_output=True, text=True, timeout=600)
    theirs = subprocess.run([sente_bin, "solve", "connect4"], input=position, capture_output=True, text=True, timeout=600)
    assert ours.returncode == 0 and ours.stdout.split()[:2] == theirs.stdout.split()[:2] == ["6532566524355571", "13"]
    wrong = subprocess.run([command, "solve", "chess"], input="", capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 1 and wrong.stderr.startswith("sente: "), wrong.stderr
    unknown = subprocess.run([command, "frobnicate"], capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2 and "frobnicate" in unknown.stderr
