"""Executes the course notebook (examples/course.ipynb) top to bottom with nbclient and
checks its key numbers against the course's and tests/data's. Run by tests/python.rs:
python run_notebook.py examples/course.ipynb"""

import json
import pathlib
import sys

import nbclient
import nbformat

REPO = pathlib.Path(__file__).resolve().parents[2]


def babylon_table():
    rows = []
    for line in (REPO / "tests" / "data" / "babylon" / "table.txt").read_text().splitlines():
        if line.startswith("C="):
            rows.append([int(w) for w in line.split()[1:]])
    return rows


def main(path):
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(pathlib.Path(path).parent)}})
    client.execute()
    printed = "".join(
        output.get("text", "")
        for cell in notebook.cells if cell.cell_type == "code"
        for output in cell.get("outputs", []) if output.get("output_type") == "stream"
    )
    line = next(l for l in printed.splitlines() if l.startswith("KEY_NUMBERS "))
    numbers = json.loads(line[len("KEY_NUMBERS "):])
    expected = {
        # The course's tree: 13 nodes for minimax, 11 and 2 pruned for alpha-beta, value 3.
        "textbook": [13, 11, 2, 300],
        # The course's count after a corner (59704 expanded + the root), alpha-beta's.
        "tictactoe_after_a3": [59705, 2788, 1768],
        # Every game of tic-tac-toe, and every position on the way: 549946 nodes.
        "tictactoe_empty_minimax": 549946,
        # tests/data/rushhour/course-puzzles.txt: 46 and 16 steps.
        "rushhour_lengths": [16, 46],
        "babylon": babylon_table(),
    }
    for key, want in expected.items():
        assert numbers[key] == want, f"{key}: the notebook found {numbers[key]}, expected {want}"
    score, columns = numbers["connect4_solve"]
    # tests/data/connect4/mid.txt: 5556526744252171625646276 scores -3.
    assert score == -3 == max(columns.values()), numbers["connect4_solve"]
    # tests/data/rushhour/rocks.txt values of the three rocks puzzles are all car wins.
    assert all(v is not None and v > 0 for v in numbers["rocks_exact"]), numbers["rocks_exact"]
    print("notebook ok:", ", ".join(sorted(numbers)))


if __name__ == "__main__":
    main(sys.argv[1])
