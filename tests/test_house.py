"""The house rules of the code: what each package may import, and short modules.

``rules/`` is shared by the bots, the LAN host, the referee and the table, so it
must run on the standard library alone; the parts that run without a screen
(the rules, the bots, the host, the LAN) must not pull pygame in; and every
module stays short enough to read (500 lines at most).
"""
from __future__ import annotations

import ast
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "bots", "host", "net", "table", "sprites", "sounds", "benchmarks")


def modules(package: str) -> list[pathlib.Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imported_roots(path: pathlib.Path) -> set[str]:
    """The top-level names a module imports (absolute imports; relative ones stay inside)."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_the_rules_use_the_standard_library_alone():
    allowed = set(sys.stdlib_module_names) | {"rules", "__future__"}
    outside = {f"{p.relative_to(ROOT)}: {sorted(imported_roots(p) - allowed)}"
               for p in modules("rules") if imported_roots(p) - allowed}
    assert modules("rules") and not outside


@pytest.mark.parametrize("package", ["rules", "bots", "host", "net"])
def test_what_runs_without_a_screen_never_imports_pygame(package):
    found = [str(p.relative_to(ROOT)) for p in modules(package)
             if imported_roots(p) & {"pygame", "pygame_gui"}]
    assert modules(package) and not found


def test_the_house_checker_catches_an_outside_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import os\nfrom pygame import Rect\nfrom .card import X\n", encoding="utf-8")
    assert imported_roots(probe) == {"os", "pygame"}


def test_every_module_is_at_most_500_lines():
    long = {}
    for package in PACKAGES:
        for p in modules(package):
            n = len(p.read_text(encoding="utf-8").splitlines())
            if n > 500:
                long[str(p.relative_to(ROOT))] = n
    assert not long, f"split these modules: {long}"
