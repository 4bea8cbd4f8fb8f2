"""The API reference part of the book covers every public module."""
import pathlib
import re

import pytest

import puzzlekit

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ["core", "viz", "io", "book", *puzzlekit.built()]


@pytest.mark.parametrize("pkg", PACKAGES)
def test_every_public_module_has_its_automodule(pkg):
    page = ROOT / "book" / "api" / f"{pkg}.md"
    assert page.exists(), f"run: python scripts/api_pages.py {pkg}"
    documented = set(re.findall(r"\.\. automodule:: (\S+)\n   :members:", page.read_text()))
    modules = {"puzzlekit." + ".".join(p.relative_to(ROOT / "puzzlekit").with_suffix("").parts)
               for p in (ROOT / "puzzlekit" / pkg).rglob("*.py")
               if not any(part.startswith("_") for part in p.relative_to(ROOT).parts)}
    assert modules <= documented, f"missing: {sorted(modules - documented)}"


@pytest.mark.parametrize("pkg", PACKAGES)
def test_every_api_page_is_in_the_toc(pkg):
    assert f"file: book/api/{pkg}\n" in (ROOT / "_toc.yml").read_text()
