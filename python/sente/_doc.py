"""What `help()` shows: the variants with their notation and rules in `help(sente.State)`, and
each result dataclass's field docs (the string under each field) in its class's own doc."""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from typing import Any, Dict, List, Type, TypeVar

T = TypeVar("T")


def with_field_docs(cls: Type[T]) -> Type[T]:
    """Adds to `cls.__doc__` a `Fields` section: each field's name, type and the docstring
    written under it in the source (Python keeps those strings nowhere `help()` looks). A class
    whose source cannot be read keeps its doc."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return cls
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: List[str] = []
    for field, after in zip(body, body[1:] + [None]):
        if not (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)):
            continue
        doc = ""
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
            doc = " ".join(inspect.cleandoc(after.value.value).split())
        kind = ast.unparse(field.annotation)
        docs.append(f"{field.target.id} ({kind}): {doc}" if doc else f"{field.target.id} ({kind})")
    if docs:
        lines = "\n".join(textwrap.fill(d, 88, initial_indent="    ", subsequent_indent="        ") for d in docs)
        cls.__doc__ = f"{inspect.cleandoc(cls.__doc__ or '')}\n\nFields:\n{lines}\n"
    return cls


def variants_help(variants: List[str], rules: Any) -> str:
    """Each variant in words: its game, how its moves are written (the `NOTATION` of its board
    module in `sente.boards`) and its rule keywords with their defaults (`rules(variant)`)."""
    out = ["Variants: State(variant, fen=None, **rules), the variant one of:"]
    for variant in variants:
        try:
            module: Any = importlib.import_module(f".boards.{variant.replace('-', '_')}", __package__)
        except ModuleNotFoundError:
            module = None
        name = getattr(module, "NAME", variant)
        notation = getattr(module, "NOTATION", "")
        declared: List[Dict[str, Any]] = rules(variant)
        keywords = ", ".join(f"{r['keyword']}={r['default']!r}" for r in declared)
        text = f"{variant}: {name}. {notation}"
        if keywords:
            text += f" Rules: {keywords}."
        out.append(textwrap.fill(text, 88, initial_indent="  ", subsequent_indent="      "))
    return "\n".join(out)
