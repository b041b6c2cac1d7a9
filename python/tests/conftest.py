"""Shared fixtures: the sente binary the Python results are checked against."""

import os
import pathlib
import shutil
import signal
import subprocess
from typing import List

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def sente_binary() -> str:
    """The engine binary: $SENTE_BIN (set by tests/python.rs), else the release build."""
    path = os.environ.get("SENTE_BIN") or str(REPO / "target" / "release" / "sente")
    if not os.path.exists(path):
        found = shutil.which("sente")
        if found is None:
            pytest.skip(f"no sente binary at {path} (build it with cargo build --release)")
        path = found
    return path


@pytest.fixture(scope="session")
def sente_bin() -> str:
    return sente_binary()


@pytest.fixture
def ctrl_c():
    """Ctrl-C (SIGINT) raises KeyboardInterrupt during the test, as in an interactive Python,
    however the tests were started: a background job of a non-interactive shell inherits
    SIGINT ignored, and Python then installs no handler of its own."""
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if previous is not None:
        signal.signal(signal.SIGINT, previous)


def engine_lines(binary: str, commands: List[str], timeout: float = 60) -> List[str]:
    """What the engine prints for `commands` (then end of input)."""
    out = subprocess.run(
        [binary], input="\n".join(commands) + "\n", capture_output=True, text=True, timeout=timeout
    )
    return out.stdout.splitlines()
