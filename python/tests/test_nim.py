"""Nim from Python: the heaps and misère play as keyword arguments, moves, the drawing, and
the exact value by search and by the game's theory (the nim-sum)."""

import xml.etree.ElementTree as ET
from functools import reduce

import pytest

import sente


def test_heaps_and_misere_are_keyword_arguments():
    s = sente.State("nim")
    assert s.fen == "3/4/5 1"
    assert s.rule_options == [("NimHeaps", "3 4 5"), ("NimMisere", "false")]
    t = sente.State("nim", heaps=[1, 2, 3], misere=True)
    assert t.fen == "1/2/3 1"
    assert t.rules == {"heaps": "1 2 3", "misere": "true"}
    assert t.rule_options == [("NimHeaps", "1 2 3"), ("NimMisere", "true")]
    assert sente.State("nim", heaps=(7,)).legal_moves() == [f"1-{k}" for k in range(1, 8)]


@pytest.mark.parametrize(
    "rules, message",
    [
        ({"heaps": [3, 0, 5]}, "heap 2 is '0'"),
        ({"heaps": [100]}, "1 to 99 matches"),
        ({"heaps": list(range(1, 14))}, "at most 12"),
        ({"heaps": []}, "NimHeaps' needs a value"),
        ({"misere": "maybe"}, "true or false"),
        ({"width": 7}, "its rules are heaps, misere"),
    ],
)
def test_bad_rules_say_what_is_wrong(rules, message):
    with pytest.raises(ValueError, match=message):
        sente.State("nim", **rules)


def test_moves_and_the_end():
    s = sente.State("nim", heaps=[1, 2])
    with pytest.raises(sente.IllegalMove, match="heap 2 has 2 matches"):
        s.play("2-3")
    assert s.fen == "1/2 1"
    s.play("2-2")
    s.play("1-1")
    assert s.is_over and s.result == "0-1"
    misere = sente.State("nim", heaps=[1, 2], misere=True)
    misere.play("2-2")
    misere.play("1-1")
    assert misere.result == "1-0"


def test_perft_matches_the_independent_counts():
    s = sente.State("nim")
    assert [s.perft(d) for d in range(1, 6)] == [12, 113, 810, 4338, 17496]


def test_the_solution_keeps_the_nim_sum_at_zero():
    for heaps in ([3, 4, 5], [2, 5, 7, 1], [6, 6, 1]):
        s = sente.State("nim", heaps=heaps)
        solution = sente.solve(s)
        nim_sum = reduce(lambda a, b: a ^ b, heaps)
        assert (solution.mate is not None and solution.mate > 0) == (nim_sum != 0), heaps
        if nim_sum:
            s.play(solution.best_move)
            after = [int(h) for h in s.fen.split()[0].split("/")]
            assert reduce(lambda a, b: a ^ b, after) == 0, (heaps, solution.best_move)


def test_the_board_draws_every_match():
    s = sente.State("nim", heaps=[2, 17])
    svg = ET.fromstring(s._repr_svg_())
    assert svg.get("aria-label") == "Nim heaps"
    sticks = [e for e in svg.iter() if e.tag.endswith("circle")]
    assert len(sticks) == 19
