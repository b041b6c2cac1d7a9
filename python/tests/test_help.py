"""help(): the variants with their notation and rules in help(sente.State); each result
dataclass's field docs in help() of its class."""

import dataclasses
import pydoc

import pytest

import sente
import sente.engine


def shown(thing):
    return pydoc.render_doc(thing, renderer=pydoc.plaintext)


def test_help_of_state_lists_every_variant_with_its_notation_and_rules():
    text = " ".join(shown(sente.State).replace("|", " ").split())
    for variant in sente.variants():
        assert f" {variant}: " in text, variant
    # Equality and hashing are of positions, not histories.
    assert "equal, and hash alike, when they are the same position" in text
    assert "their histories do not count" in text and "States pickle" in text
    # The notation of each, as the page's How to play says it.
    for example in ["'4453' is Red 4", "b2 is the centre", "'B+2' moves B", "'@30' is row 3",
                    "'d1a1' puts the green stack", "'2-3' takes 3 matches", "branch numbers"]:
        assert example in text, example
    # The rule keywords with their defaults, from the game's declarations.
    for variant in sente.variants():
        for rule in sente.rules(variant):
            assert f"{rule['keyword']}={rule['default']!r}" in text, (variant, rule)


@pytest.mark.parametrize("cls", [
    sente.SearchResult, sente.Solution, sente.SolveProgress, sente.RushHourPuzzle,
    sente.engine.AnalysisResult, sente.engine.PlayResult, sente.engine.Option,
])
def test_help_of_a_result_shows_each_field_s_doc(cls):
    text = " ".join(shown(cls).replace("|", " ").split())
    assert "Fields:" in text
    for field in dataclasses.fields(cls):
        assert f" {field.name} (" in text, field.name
    # One field's doc, word for word as written under it.
    first = dataclasses.fields(cls)[0].name
    after = text.split(f" {first} (", 1)[1].split("):", 1)
    assert len(after) == 2 and len(after[1].split()) >= 2, (first, after)


def test_the_docs_say_what_a_solve_costs():
    text = shown(sente.solve)
    assert "What it costs" in text and "progress=True" in text
