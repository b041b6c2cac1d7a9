"""The type stubs (`sente/_sente.pyi`, the typed Python modules) match the runtime: mypy's
stubtest finds nothing (skipped without mypy; python/requirements-dev.txt pins it)."""

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("mypy")


#: The package's folder (python/): its pyproject.toml's `[tool.mypy]` and the allowlist.
PYTHON = pathlib.Path(__file__).resolve().parent.parent


def test_stubtest_finds_nothing():
    # Every module of the package, the optional ones (openspiel, envs) included when their
    # libraries are installed. The allowlist names what stubtest cannot check, and why.
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "sente",
         "--mypy-config-file", str(PYTHON / "pyproject.toml"),
         "--allowlist", str(PYTHON / "stubtest-allowlist.txt")],
        capture_output=True, text=True, timeout=1800,
    )
    assert done.returncode == 0, done.stdout + done.stderr
