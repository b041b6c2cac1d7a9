"""The optional dependencies: without them, sente.envs and sente.openspiel say what to install
(the rest of the package needs only numpy)."""

import importlib
import sys

import pytest

import sente


@pytest.mark.parametrize(
    "module,missing,advice",
    [
        ("sente.envs", "pettingzoo", "pip install pettingzoo gymnasium"),
        ("sente.envs", "gymnasium", "pip install pettingzoo gymnasium"),
        ("sente.openspiel", "pyspiel", "pip install open_spiel"),
    ],
)
def test_a_missing_library_is_named_with_how_to_install_it(monkeypatch, module, missing, advice):
    for name in list(sys.modules):
        if name == module or name.startswith(module + "."):
            monkeypatch.delitem(sys.modules, name)
    # None in sys.modules makes `import missing` fail as if it were not installed.
    monkeypatch.setitem(sys.modules, missing, None)
    with pytest.raises(ImportError, match=advice):
        importlib.import_module(module)
    # The package itself goes on working.
    state = sente.State("connect4")
    state.apply_action(3)
    assert state.moves == ["4"]
