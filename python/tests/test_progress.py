"""sente.solve(progress=...): a long solve tells how far it is, to a function or as a bar."""

import sys

import pytest

import sente

# A Connect Four position 16 moves in (tests/data/connect4/mid.txt): the side to move wins
# with score 13.
MOVES, SCORE = "6532566524355571", 13


def connect4(moves):
    s = sente.State("connect4")
    for mv in moves:
        s.play(mv)
    return s


def after(state, move):
    child = state.copy()
    child.play(move)
    return child


def test_connect4_reports_each_narrowing_and_step():
    s = connect4(MOVES)
    seen = []
    solution = sente.solve(s, progress=seen.append)
    assert solution.score == SCORE
    # One step for the position, one for each column that does not end the game.
    open_columns = [c for c in s.legal_moves() if not after(s, c).is_over]
    assert {p.steps for p in seen} == {1 + len(open_columns)}
    assert all(isinstance(p, sente.SolveProgress) for p in seen)
    assert [p.step for p in seen] == sorted(p.step for p in seen)
    assert seen[0].step == 0 and seen[0].doing == "the position"
    # Every bound reported holds: the position's around its score, a column's around the
    # column's score (from the side to move of the state solved).
    for p in seen[:-1]:
        if p.lower is None:
            continue
        exact = SCORE if p.doing == "the position" else solution.columns[p.doing.split()[1]]
        assert p.lower <= exact <= p.upper, p
    assert {p.doing for p in seen[:-1]} == {"the position"} | {f"column {c}" for c in open_columns}
    last = seen[-1]
    assert (last.step, last.doing, last.lower, last.upper) == (last.steps, None, SCORE, SCORE)
    assert last.nodes == solution.nodes and str(last).startswith(f"{last.steps}/{last.steps} steps: done, score 13")
    # The nodes of the whole solve, the columns' included (it said 0 when the position's
    # score came from the shipped table): the last report of each step, summed here.
    last_of_step = {}
    for p in seen[:-1]:
        last_of_step[p.doing] = p.nodes
    assert solution.nodes == sum(last_of_step.values()) > 0


def test_a_callback_that_raises_stops_the_solve():
    class Enough(Exception):
        pass

    def stop(p):
        raise Enough(p.doing)

    with pytest.raises(Enough, match="the position"):
        sente.solve(connect4(MOVES), progress=stop)
    with pytest.raises(TypeError, match="progress is True"):
        sente.solve(connect4(MOVES), progress="yes")


def test_the_other_games_report_their_start_and_end():
    seen = []
    solution = sente.solve(sente.State("tictactoe"), progress=seen.append)
    assert [(p.step, p.steps, p.doing) for p in seen] == [(0, 1, "the position"), (1, 1, None)]
    assert seen[-1].nodes == solution.nodes


def test_progress_true_draws_a_bar(capsys):
    pytest.importorskip("tqdm")
    bar = sente.progress.ProgressBar()
    assert bar.uses_tqdm
    solution = sente.solve(connect4(MOVES), progress=True)
    assert solution.score == SCORE
    err = capsys.readouterr().err
    # tqdm's bar, at its end: every step done.
    assert "solving: 100%" in err and "done, score 13, " in err, err
    # Before the first bound no count of 0 nodes (it said "the position 0 nodes"), and the
    # end counts the whole solve (it said "done 13 0 nodes").
    assert "the position, searching" in err and "the position, 0 nodes" not in err, err
    assert f"done, score 13, {solution.nodes:,} nodes" in err and solution.nodes > 0, err


def test_without_tqdm_the_bar_is_a_line_per_step(capsys, monkeypatch):
    # tqdm not installed: none of its modules imports (the bar takes tqdm.std's or
    # tqdm.notebook's class itself, not tqdm.auto's guess).
    for module in ("tqdm", "tqdm.auto", "tqdm.std", "tqdm.notebook"):
        monkeypatch.setitem(sys.modules, module, None)
    assert not sente.progress.ProgressBar().uses_tqdm
    assert sente.solve(connect4(MOVES), progress=True).score == SCORE
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("solving: 0/") and "the position, searching" in lines[0], lines
    assert lines[-1].endswith(" s") and ": done, score 13" in lines[-1], lines


def test_solution_nodes_count_the_columns_solves_too():
    # Connect Four 5x4 where the side to move wins at once in column 1: the position takes no
    # search (it said Solution.nodes 0), each other column a search of its own.
    s = sente.State("connect4", width=5, height=4)
    for mv in "121315":
        s.play(mv)
    seen = []
    solution = sente.solve(s, progress=seen.append, threads=1)
    assert solution.columns["1"] == (20 + 1 - 6) // 2
    last_of_step = {}
    for p in seen[:-1]:
        last_of_step[p.doing] = p.nodes
    assert last_of_step.get("the position", 0) == 0
    assert solution.nodes == sum(last_of_step.values()) > 0 and seen[-1].nodes == solution.nodes


def test_a_notebook_without_ipywidgets_gets_a_text_bar_and_no_warning(tmp_path):
    pytest.importorskip("tqdm")
    pytest.importorskip("IPython")
    import subprocess

    # A Jupyter kernel as tqdm.auto sees one (IPython's app config), ipywidgets missing.
    script = tmp_path / "kernel.py"
    script.write_text(
        "import sys\n"
        "sys.modules['ipywidgets'] = None\n"
        "import IPython\n"
        "class Kernel:\n"
        "    config = {'IPKernelApp': {}}\n"
        "IPython.get_ipython = lambda: Kernel()\n"
        "import sente\n"
        "s = sente.State('connect4', width=5, height=4)\n"
        "print(sente.progress._in_jupyter_kernel(), sente.progress.ProgressBar()._tqdm.__module__)\n"
        "solution = sente.solve(s, progress=True)\n"
        "print(solution.score, solution.nodes)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    kernel, module, score, nodes = done.stdout.split()
    assert (kernel, module) == ("True", "tqdm.std")
    assert "TqdmWarning" not in done.stderr and "IProgress" not in done.stderr, done.stderr
    assert "the position, searching" in done.stderr and "the position, 0 nodes" not in done.stderr
    assert int(nodes) > 0 and f"done, score {score}, {int(nodes):,} nodes" in done.stderr, done.stderr
