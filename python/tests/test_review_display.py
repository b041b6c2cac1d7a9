"""sente.review's display: its one-line repr, its HTML for Jupyter (the marked moves' table and
the graph as inline SVG), its progress= (a function, a bar, the bar without tqdm), the moves in
words beside their notation, and a game tree's note of whose values it gives."""

import re
import sys

import pytest

import sente

MOVES = "a1 b2 a2 a3 c1 b1 c2".split()


def reviewed(variant="tictactoe", moves=MOVES, fen=None, **kw):
    s = sente.State(variant, fen=fen) if fen else sente.State(variant)
    for m in moves:
        s.play(m)
    return sente.review(s, **kw)


def test_repr_is_a_line_with_each_sides_accuracy_and_counts():
    r = reviewed()
    text = repr(r)
    assert "\n" not in text and text.startswith("<Review tictactoe, 7 moves")
    for side in r.sides:
        accuracy = f"{side.accuracy:.1f} %"
        assert f"{side.side} {accuracy} {side.inaccuracies}?! {side.mistakes}? {side.blunders}??" in text
    # c2 is X's one blunder.
    assert "p1" in text and " 1??" in text


def test_html_has_a_row_per_marked_move_and_the_graph():
    r = reviewed()
    html = r._repr_html_()
    marked = [m for m in r.moves if m.marked]
    assert marked and marked[-1].move == "c2" and marked[-1].cls == "blunder"
    rows = re.findall(r"<tbody>(.*)</tbody>", html)[0].count("<tr>")
    assert rows == len(marked)
    assert "c2??" in html and "blunder" in html
    assert marked[-1].why is not None
    assert marked[-1].why.text.replace("—", "—") in html
    svg = re.findall(r"<svg.*?</svg>", html)
    assert len(svg) == 1
    # A point per move, coloured as the GUI colours a blunder.
    assert svg[0].count("<circle") == len(r.moves)
    assert "#db3031" in svg[0]


def test_progress_is_told_each_move_from_the_last():
    seen = []
    r = reviewed(progress=seen.append)
    assert [p.ply for p in seen] == list(range(len(MOVES), 0, -1))
    assert [p.step for p in seen] == list(range(1, len(MOVES) + 1))
    assert all(p.steps == len(MOVES) for p in seen)
    by_ply = {p.ply: (p.move, p.cls) for p in seen}
    assert by_ply == {m.ply: (m.move, m.cls) for m in r.moves}
    assert seen[-1].doing is None and seen[0].doing == f"move {len(MOVES)}"
    with pytest.raises(TypeError, match="progress is True"):
        reviewed(progress="yes")

    class Enough(Exception):
        pass

    def stop(p):
        raise Enough(p.move)

    with pytest.raises(Enough):
        reviewed(progress=stop)


def test_progress_true_without_tqdm_is_a_line_per_move(capsys, monkeypatch):
    for module in ("tqdm", "tqdm.auto", "tqdm.std", "tqdm.notebook"):
        monkeypatch.setitem(sys.modules, module, None)
    reviewed(progress=True)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "reviewing: 1/7 moves: move 7 c2: blunder", lines
    assert len(lines) == 7 and lines[-1].startswith("reviewing: 7/7 moves: move 1 a1"), lines


def test_progress_true_draws_a_bar(capsys):
    pytest.importorskip("tqdm")
    reviewed(progress=True)
    err = capsys.readouterr().err
    assert "reviewing: 100%" in err, err


def test_moves_in_words_beside_the_notation():
    nim = reviewed("nim", ["2-3", "1-3"])
    assert nim.moves[0].words == "takes 3 from heap 2"
    assert nim.moves[0].move_text == "2-3 (takes 3 from heap 2)"
    # The mark stays on the move: `1. p1 2-3?? (takes 3 from heap 2): blunder — ...`.
    assert str(nim.moves[0]).startswith(f"1. p1 2-3{nim.moves[0].mark} (takes 3 from heap 2): ")
    car = reviewed("rushhour", ["A+1"], fen="....B.....BC.AA.BC.D.....D.....DEEE.")
    assert car.moves[0].words == "car A one square right"
    assert f"A+1{car.moves[0].mark} (car A one square right)" in str(car.moves[0])
    # Tic-tac-toe's notation says it already.
    assert reviewed().moves[0].words is None


def test_a_game_trees_review_says_whose_values_it_gives():
    s = sente.State("tree")
    s.play(s.legal_moves()[0])
    r = sente.review(s)
    assert "tree's units" in repr(r) and "side to move" in r.values_note
    assert r.values_note in r._repr_html_().replace("&#x27;", "'")
    assert reviewed().values_note == ""
