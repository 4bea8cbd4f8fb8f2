"""puzzlekit.core is the engine: it draws nothing (no matplotlib), never
imports the book's code, and reads nothing outside the package."""
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import puzzlekit.core

CORE = Path(puzzlekit.core.__file__).resolve().parent
PACKAGE = CORE.parent


def test_importing_every_core_module_imports_neither_matplotlib_nor_the_book():
    code = ("import importlib, pkgutil, sys\n"
            "import puzzlekit.core as core\n"
            "names = [m.name for m in pkgutil.walk_packages(core.__path__, 'puzzlekit.core.')]\n"
            "for name in names:\n"
            "    importlib.import_module(name)\n"
            "loaded = [m for m in sys.modules if m.split('.')[0] == 'matplotlib'\n"
            "          or m.startswith('puzzlekit.book')]\n"
            "print(len(names), *loaded)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert int(out[0]) >= len(list(pkgutil.walk_packages(puzzlekit.core.__path__))) > 10
    assert out[1:] == [], f"importing puzzlekit.core loaded {out[1:]}"


def _reached(path: Path, source: str) -> list[Path]:
    """The folders a module's source names relative to its own file
    (``Path(__file__)`` followed by ``.parent`` or ``.parents[k]``)."""
    out = []
    for m in re.finditer(r"__file__\)(?:\.resolve\(\))?((?:\.parent(?!s))*)"
                         r"(?:\.parents\[(\d+)\])?", source):
        up = m.group(1).count(".parent") + (int(m.group(2)) + 1 if m.group(2) else 0)
        out.append(path.parents[up - 1] if up else path)
    return out


def test_no_core_module_reads_a_path_outside_the_package():
    seen = 0
    for path in CORE.rglob("*.py"):
        source = path.read_text()
        assert not re.search(r"[\"']benchmarks\b", source), f"{path} names benchmarks/"
        for folder in _reached(path, source):
            seen += 1
            assert folder == PACKAGE or PACKAGE in folder.parents, (path, folder)
    assert seen >= 2          # core._loop's kernel tag and the tables' code tag


def test_the_path_check_sees_a_path_that_leaves():
    fake = PACKAGE / "core" / "x.py"
    assert _reached(fake, "Path(__file__).resolve().parents[2]") == [PACKAGE.parent]
    assert _reached(fake, "Path(__file__).parent.parent") == [PACKAGE]
