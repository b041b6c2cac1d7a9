"""sente.State: every game, its rules, moves, errors, text and drawing."""

import copy
import xml.etree.ElementTree as ET

import pytest

import sente
from conftest import REPO, engine_lines

TEXTBOOK = "((3 12 8) (2 4 6) (14 5 2))"


def perft_reference():
    counts = {}
    for line in (REPO / "tests" / "data" / "perft" / "perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, *values = line.split()
            counts[name] = [int(v) for v in values]
    return counts


def test_every_variant_makes_a_state():
    assert {"connect4", "tictactoe", "tree", "rushhour", "rushhour-rocks", "babylon"} <= set(sente.variants())
    for name in sente.variants():
        s = sente.State(name)
        assert s.variant == name
        assert s.legal_moves(), name
        assert not s.is_over and s.result is None
        assert sente.State(name, fen=s.fen).fen == s.fen


def test_rules_as_keyword_arguments():
    s = sente.State("connect4", width=8, height=7)
    assert s.fen == "/".join(["........"] * 7) + " x"
    assert s.legal_moves() == [str(i) for i in range(1, 9)]
    assert s.rules == {"width": 8, "height": 7}
    assert s.rule_options == [("Connect4Width", "8"), ("Connect4Height", "7")]
    assert sente.State("connect4", height=5).rule_options == [("Connect4Width", "7"), ("Connect4Height", "5")]
    assert sente.State("babylon").rule_options == [("BabylonColours", "4"), ("BabylonTablets", "3")]
    assert sente.State("rushhour").rule_options == [("RushMetric", "steps")]
    assert sente.State("tictactoe").rule_options == []
    b = sente.State("babylon", colours=5, per_colour=4)
    assert b.fen.split()[:-1] == [c + "1" for c in "abcde" for _ in range(4)]
    t = sente.State("tree", fen=TEXTBOOK)
    assert t.legal_moves() == ["1", "2", "3"]
    r = sente.State("rushhour", metric="slides")
    assert "D-1" in r.legal_moves()
    rocks = sente.State("rushhour-rocks", max_turns=20)
    assert rocks.rules == {"max_turns": 20}


def test_a_rush_hour_database_line_is_a_fen():
    line = "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332"
    assert sente.State("rushhour", fen=line).fen == sente.State("rushhour", fen=line.split()[1]).fen


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: sente.State("chess"), "unknown variant 'chess'"),
        (lambda: sente.State("connect4", width=20), "Connect4Width"),
        (lambda: sente.State("connect4", width=12, height=12), "too large"),
        (lambda: sente.State("tictactoe", width=4), "not a rule of tictactoe"),
        (lambda: sente.State("connect4", colours=3), "not a rule of connect4"),
        (lambda: sente.State("babylon", colours=0), "BabylonColours"),
        (lambda: sente.State("connect4", width=True), "whole number"),
        (lambda: sente.State("tictactoe", fen="xxx/ooo/... x"), "bad tictactoe fen"),
        (lambda: sente.State("tree", fen="((1 2)"), "bad tree fen"),
        (lambda: sente.State("rushhour", fen="nonsense"), "bad rushhour fen"),
    ],
)
def test_bad_input_raises_value_error(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_play_undo_copy():
    s = sente.State("tictactoe")
    start = s.fen
    s.play("b2")
    assert s.turn == "p2" and s.moves == ["b2"]
    c = s.copy()
    c.play("a1")
    assert s.moves == ["b2"] and c.moves == ["b2", "a1"]
    assert copy.deepcopy(c) == c and c != s
    assert c.undo() == "a1"
    assert c == s
    assert s.undo() == "b2" and s.fen == start
    with pytest.raises(IndexError):
        s.undo()


def test_an_illegal_move_leaves_the_state_unchanged():
    s = sente.State("connect4")
    for _ in range(6):
        s.play("1")
    before = (s.fen, s.moves)
    for bad in ["1", "8", "", "x", "4 4"]:
        with pytest.raises(sente.IllegalMove) as caught:
            s.play(bad)
        assert isinstance(caught.value, ValueError)
        assert (s.fen, s.moves) == before
    with pytest.raises(sente.IllegalMove, match="column 1 is full"):
        s.play("1")


def test_results():
    x_wins = sente.State("tictactoe")
    for mv in ["a1", "b1", "a2", "b2", "a3"]:
        x_wins.play(mv)
    assert x_wins.is_over and x_wins.result == "1-0" and x_wins.legal_moves() == []
    with pytest.raises(sente.IllegalMove, match="over"):
        x_wins.play("c1")
    o_wins = sente.State("connect4")
    for mv in ["7", "1", "7", "2", "6", "3", "6", "4"]:
        o_wins.play(mv)
    assert o_wins.result == "0-1"
    draw = sente.State("tictactoe")
    for mv in ["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"]:
        draw.play(mv)
    assert draw.result == "1/2-1/2"
    tree = sente.State("tree", fen=TEXTBOOK)
    tree.play("1")
    tree.play("2")
    assert tree.is_over and tree.score == 1200 and tree.result == "1-0"


def test_str_is_what_d_prints(sente_bin):
    cases = [
        ("connect4", None, ["4", "4", "3"]),
        ("tictactoe", None, ["b2"]),
        ("tree", TEXTBOOK, ["2"]),
        ("rushhour", None, ["D-1"]),
        ("babylon", None, []),
        ("rushhour-rocks", None, []),
    ]
    for variant, fen, moves in cases:
        s = sente.State(variant, fen=fen)
        for mv in moves:
            s.play(mv)
        position = f"position fen {fen}" if fen else "position startpos"
        if moves:
            position += " moves " + " ".join(moves)
        printed = engine_lines(sente_bin, [f"setoption name UCI_Variant value {variant}", position, "d"])
        assert str(s).splitlines() == printed, variant


def test_perft_matches_the_reference():
    reference = perft_reference()
    for variant in ["tictactoe", "connect4"]:
        s = sente.State(variant)
        for depth, count in enumerate(reference[variant][:6], start=1):
            assert s.perft(depth) == count, (variant, depth)


def test_boards_are_svg():
    for variant in sente.variants():
        s = sente.State(variant, fen=TEXTBOOK if variant == "tree" else None)
        svg = s._repr_svg_()
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        assert len(list(root.iter())) > 5, variant
    c4 = sente.State("connect4")
    c4.play("4")
    svg = c4._repr_svg_()
    assert svg.count("#e5484d") == 1  # one red disc
