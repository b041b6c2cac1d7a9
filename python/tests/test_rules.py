"""Every rule option a game declares (in its Rust module) is a keyword argument of `State`,
with its default and its range, and reaches the engine options the state gives an engine."""

import re

import pytest

import sente

DECLARED = [(v, rule) for v in sente.variants() for rule in sente.rules(v)]


def test_the_games_declare_their_rules():
    names = {rule["option"] for _, rule in DECLARED}
    assert {"Connect4Width", "Connect4Height", "RushMetric", "RocksMaxTurns", "BabylonColours",
            "BabylonTablets", "NimHeaps", "NimMisere"} <= names
    with pytest.raises(ValueError, match="unknown variant 'chess'"):
        sente.rules("chess")


@pytest.mark.parametrize("variant, rule", DECLARED, ids=[r["option"] for _, r in DECLARED])
def test_each_rule_is_a_keyword_argument_with_its_default(variant, rule):
    default = rule["default"]
    value = default.split() if rule["type"] == "string" else default
    s = sente.State(variant, **{rule["keyword"]: value})
    expected = str(default).lower() if rule["type"] == "check" else str(default)
    assert dict(s.rule_options)[rule["option"]] == expected
    assert rule["help"]
    if rule["type"] == "spin":
        with pytest.raises(ValueError, match=rule["keyword"]):
            sente.State(variant, **{rule["keyword"]: rule["max"] + 1})
    if rule["type"] == "combo":
        assert default in rule["choices"]
        with pytest.raises(ValueError, match=rule["keyword"]):
            sente.State(variant, **{rule["keyword"]: "no-such-choice"})


def test_the_stub_lists_every_keyword_of_every_game():
    """The stub's `State.__new__` doc (what editors show) names each game's keywords."""
    import ast
    import pathlib

    stub = pathlib.Path(sente.__file__).with_name("_sente.pyi")
    tree = ast.parse(stub.read_text())
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State")
    init = next(n for n in state.body if isinstance(n, ast.FunctionDef) and n.name == "__new__")
    doc = ast.get_docstring(init) or ""
    lines = {line.strip().split(":")[0].lstrip("- "): line for line in doc.replace("\n  ", " ").splitlines()}
    for variant in sente.variants():
        keywords = [rule["keyword"] for rule in sente.rules(variant)]
        if keywords:
            assert variant in lines, f"{variant} not in the stub's list"
            for keyword in keywords:
                assert f"`{keyword}`" in lines[variant], (variant, keyword)


def test_the_stub_gives_each_spin_rule_the_runtimes_range():
    """The stub said Connect Four's height is 4-15 (the runtime takes 4-31): each spin rule's
    range, as `sente.rules` gives it, is the one the stub writes."""
    import ast
    import pathlib

    stub = pathlib.Path(sente.__file__).with_name("_sente.pyi")
    tree = ast.parse(stub.read_text())
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State")
    init = next(n for n in state.body if isinstance(n, ast.FunctionDef) and n.name == "__new__")
    doc = " ".join((ast.get_docstring(init) or "").split())
    for variant, rule in DECLARED:
        if rule["type"] == "spin":
            expected = rf"`{rule['keyword']}` \({rule['min']:,}-{rule['max']:,}[ )]"
            assert re.search(expected, doc), (variant, expected)
    assert "at most 128" in doc and "at most 64" not in doc
