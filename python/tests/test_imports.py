"""The package's own modules (python/sente/*.py, read from the source tree) import each other
without a loop: every import counts, those under `if TYPE_CHECKING:` and inside functions
too. (tests/layers.rs checks the Rust glue, python/src.)"""

import ast
import pathlib
from typing import Dict, List, Optional, Tuple

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "sente"

# An edge: the module imported and the source line that imports it.
Edges = Dict[str, List[Tuple[str, str]]]


def within_package(node: ast.ImportFrom, name: str) -> Optional[str]:
    """What `from X import ...` names inside the package `name`: `"a.b"` for `from .a.b` or
    `from name.a.b`, `""` for `from .` or `from name`, None for anything outside it."""
    module = node.module or ""
    if node.level == 1:
        return module
    if node.level == 0 and (module == name or module.startswith(f"{name}.")):
        return module[len(name) + 1 :]
    return None


def package_imports(package: pathlib.Path) -> Edges:
    """For each module of `package` (`__init__` for the package itself), the modules of the
    same package it imports, with the line that does. A compiled module (`_sente`, known by
    its stub `_sente.pyi`) is a module too, one that imports none of the others."""
    modules = {path.stem for pattern in ("*.py", "*.pyi") for path in package.glob(pattern)}
    name = package.name
    edges: Edges = {}
    for path in sorted(package.glob("*.py")):
        source = path.read_text()
        found: List[Tuple[str, str]] = []
        for node in ast.walk(ast.parse(source, filename=str(path))):
            targets: List[str] = []
            if isinstance(node, ast.ImportFrom):
                within = within_package(node, name)
                if within:
                    targets.append(within.split(".")[0])
                elif within == "":
                    # `from . import x`: a module of the package, or a name of __init__.
                    targets += [a.name if a.name in modules else "__init__" for a in node.names]
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    if parts[0] == name:
                        targets.append(parts[1] if len(parts) > 1 else "__init__")
            line = (ast.get_source_segment(source, node) or "").splitlines()[:1]
            for target in targets:
                if target in modules and target != path.stem:
                    found.append((target, line[0] if line else ""))
        edges[path.stem] = found
    return edges


def find_loop(edges: Edges) -> Optional[List[str]]:
    """A loop among the modules (each module once, the first again at the end), if any."""
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    path: List[str] = []

    def visit(module: str) -> Optional[List[str]]:
        state[module] = 1
        path.append(module)
        for target, _ in edges.get(module, []):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state:
                loop = visit(target)
                if loop:
                    return loop
        path.pop()
        state[module] = 2
        return None

    for module in sorted(edges):
        if module not in state:
            loop = visit(module)
            if loop:
                return loop
    return None


def describe(loop: List[str], edges: Edges) -> str:
    steps = []
    for a, b in zip(loop, loop[1:]):
        line = next(text for target, text in edges[a] if target == b)
        steps.append(f"    {a}.py: {line}")
    return " -> ".join(loop) + "\n" + "\n".join(steps)


def test_the_package_has_no_import_loop():
    edges = package_imports(PACKAGE)
    assert "tree" in edges and "_svg" in edges, sorted(edges)
    loop = find_loop(edges)
    assert loop is None, "sente's modules import each other in a loop:\n" + describe(loop, edges)


def test_the_check_finds_a_loop(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""import pkg.b in a docstring is no import."""\nfrom .a import A\n'
    )
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\nA = 1\n"
    )
    (package / "b.py").write_text("def f():\n    from pkg import a\n    return a\n")
    (package / "c.py").write_text("import pkg.a\nfrom . import _ext\n")
    (package / "_ext.pyi").write_text("X: int\n")
    edges = package_imports(package)
    assert sorted(t for t, _ in edges["__init__"]) == ["a"]
    assert [t for t, _ in edges["c"]] == ["a", "_ext"]
    loop = find_loop(edges)
    assert loop == ["a", "b", "a"], loop
    text = describe(loop, edges)
    assert "a.py: from .b import B" in text and "b.py: from pkg import a" in text, text
    (package / "b.py").write_text("B = 2\n")
    assert find_loop(package_imports(package)) is None
