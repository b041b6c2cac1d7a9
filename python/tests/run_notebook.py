"""Executes the course notebook (examples/course.ipynb) top to bottom with nbclient and
checks its key numbers (the `key_numbers` its cells fill, read from the kernel: the notebook
prints nothing for the tests) against the course's and tests/data's. Run by tests/python.rs:
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


def key_numbers(path):
    """Runs the notebook top to bottom and reads its `key_numbers` from the kernel, by one more
    cell run after the last (in memory only: the notebook file is left as it is)."""
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(pathlib.Path(path).parent)}})
    reader = nbformat.v4.new_code_cell("import json as _json\nprint(_json.dumps(key_numbers))")
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
        notebook.cells.append(reader)
        client.execute_cell(reader, len(notebook.cells) - 1)
    printed = "".join(o.get("text", "") for o in reader.outputs if o.get("output_type") == "stream")
    return json.loads(printed)


def check_clean(path):
    """The notebook as committed: no outputs kept, no cell printing numbers for the tests, no
    folder of one machine."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        assert not cell.get("outputs"), f"outputs kept in: {cell.source[:60]!r}"
        assert "KEY_NUMBERS" not in cell.source, "a cell prints the tests' numbers"
        for root in ("/home/", "/work/", "/Users/", "/root/", "C:\\"):
            assert root not in cell.source, f"a machine's folder ({root}) in: {cell.source[:60]!r}"


def main(path):
    check_clean(path)
    numbers = key_numbers(path)
    expected = {
        # The course's tree: 13 nodes for minimax, 11 and 2 pruned for alpha-beta, value 3.
        "textbook": [13, 11, 2, 3],
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
    # The paragraph under the rocks table: the expectimax car players pick minimax's moves.
    assert numbers["rocks_differs"] == 0, numbers["rocks_differs"]
    # tests/data/rushhour/rocks.txt values of the three rocks puzzles are all car wins.
    assert all(v is not None and v > 0 for v in numbers["rocks_exact"]), numbers["rocks_exact"]
    print("notebook ok:", ", ".join(sorted(numbers)))


if __name__ == "__main__":
    main(sys.argv[1])
