"""The drawings Jupyter shows: boards with their coordinates, a finished game's winning line
and result, traced trees folded to a readable size, expectimax's line ending at chance."""

import re
import xml.etree.ElementTree as ET

import sente

TEXTBOOK = "((3 12 8) (2 4 6) (14 5 2))"
SVG = "{http://www.w3.org/2000/svg}"


def played(variant, moves):
    s = sente.State(variant)
    for mv in moves:
        s.play(mv)
    return s


def texts(svg, cls):
    return [t.text for t in ET.fromstring(svg).iter(SVG + "text") if t.get("class") == cls]


def win_lines(svg):
    return [e for e in ET.fromstring(svg).iter(SVG + "line") if e.get("class") == "win"]


def test_tic_tac_toe_names_its_rows_and_columns():
    svg = sente.State("tictactoe")._repr_svg_()
    assert sorted(texts(svg, "coord")) == ["1", "2", "3", "a", "b", "c"]
    assert texts(svg, "result") == [] and win_lines(svg) == []


def test_a_finished_tic_tac_toe_strikes_its_three_and_says_who_won():
    won = played("tictactoe", ["a3", "a2", "b3", "b2", "c3"])
    svg = won._repr_svg_()
    assert texts(svg, "result") == ["X wins (1-0)"]
    [line] = win_lines(svg)
    # The top row, a3 to c3: a horizontal line across the three cells.
    assert line.get("y1") == line.get("y2") and float(line.get("x2")) - float(line.get("x1")) == 200
    drawn = played("tictactoe", ["b2", "a1", "a3", "c1", "b1", "b3", "a2", "c2", "c3"])
    assert drawn.result == "1/2-1/2"
    svg = drawn._repr_svg_()
    assert texts(svg, "result") == ["Draw (1/2-1/2)"] and win_lines(svg) == []


def test_a_finished_connect_four_marks_the_four_and_the_result():
    won = played("connect4", "1212121")
    svg = won._repr_svg_()
    assert texts(svg, "result") == ["Red wins (1-0)"]
    [line] = win_lines(svg)
    # Column 1, four discs high: a vertical line three cells long.
    assert line.get("x1") == line.get("x2") and abs(float(line.get("y2")) - float(line.get("y1"))) == 3 * 64
    going = played("connect4", "121212")
    svg = going._repr_svg_()
    assert texts(svg, "result") == [] and win_lines(svg) == []
    # A diagonal four: red's 1, 2, 3, 4 from the bottom of columns 1 to 4.
    diagonal = played("connect4", "12234334474")
    svg = diagonal._repr_svg_()
    assert diagonal.result == "1-0" and texts(svg, "result") == ["Red wins (1-0)"]
    [line] = win_lines(svg)
    dx = float(line.get("x2")) - float(line.get("x1"))
    dy = float(line.get("y2")) - float(line.get("y1"))
    assert abs(dx) == abs(dy) == 3 * 64 and dx * dy < 0  # rising to the right


def test_a_large_traced_tree_is_drawn_readable_and_says_what_is_folded():
    result = sente.search(sente.State("tictactoe"), "minimax", depth=3, trace=True)
    tree = result.tree
    assert len(tree) == 1 + 9 + 72 + 504
    svg = tree._repr_svg_()
    root = ET.fromstring(svg)
    assert float(root.get("width")) <= 1400
    drawn = [g for g in root.iter(SVG + "title") if g.text.startswith("node ")]
    folded = [int(t.replace(",", "").lstrip("+")) for t in texts(svg, "folded")]
    # Every node is drawn or counted under a + mark, and the note says how many are hidden.
    assert folded and len(drawn) + sum(folded) == len(tree)
    [note] = texts(svg, "note")
    assert note.startswith(f"{len(drawn)} of {len(tree)} nodes drawn: {sum(folded)} are folded"), note
    # Asked for, the whole tree; or a given number of levels.
    whole = tree.svg(max_width=None)
    assert texts(whole, "note") == [] and texts(whole, "folded") == []
    assert sum(1 for t in ET.fromstring(whole).iter(SVG + "title") if t.text.startswith("node ")) == len(tree)
    one = tree.svg(levels=1)
    assert len(texts(one, "folded")) == 9 and sum(1 for t in ET.fromstring(one).iter(SVG + "title")
                                                  if t.text.startswith("node ")) == 10


def test_a_small_tree_is_drawn_whole():
    result = sente.search(sente.State("tree", fen=TEXTBOOK), "alphabeta-plain", depth=2, trace=True)
    svg = result.tree._repr_svg_()
    assert texts(svg, "note") == [] and texts(svg, "folded") == []


def test_expectimax_s_line_ends_at_the_chance_node():
    tree = sente.State("tree", fen=TEXTBOOK)
    result = sente.search(tree, "minimax", depth=2, opponent="random", trace=True)
    assert result.best_move == "1" and len(result.pv) == 2
    line = result.tree.principal_line()
    assert [result.tree.nodes[n]["kind"] for n in line] == ["chance"]
    svg = result.tree._repr_svg_()
    # One orange edge: root to the chance node of move 1, none below it.
    assert len(re.findall(r"stroke='#f59e0b' stroke-width='4'", svg)) == 1
    minimax = sente.search(tree, "minimax", depth=2, trace=True)
    assert len(minimax.tree.principal_line()) == 2
