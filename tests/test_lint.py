"""What ruff cannot say about our lint settings.

``.ci/run`` runs ``ruff check`` (configured in ``pyproject.toml``).  Ruff
honours any ``# noqa``; here a ``noqa`` that silences a one-statement-a-line
rule (E701, E702, E704) or a lambda assigned to a name (E731) must say why,
after " - ", and every ``noqa`` must name its codes.
"""
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINTED = ("puzzlekit", "tests", "benchmarks", "scripts")
NOQA = re.compile(r"#\s*noqa\b(?P<codes>:\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)?(?P<rest>.*)")
NEEDS_REASON = ("E701", "E702", "E704", "E731")


def _noqas():
    """Each noqa comment (comments only: tokenize, not text) with where it is."""
    for folder in LINTED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            with open(path, "rb") as f:
                for token in tokenize.tokenize(f.readline):
                    found = token.type == tokenize.COMMENT and NOQA.search(token.string)
                    if found:
                        yield f"{path.relative_to(ROOT)}:{token.start[0]}", found


def test_every_noqa_names_its_codes():
    bare = [where for where, found in _noqas() if not found["codes"]]
    assert not bare, f"a bare noqa silences every rule: {bare}"


def test_a_noqa_on_statement_layout_gives_its_reason():
    silent = [where for where, found in _noqas()
              if any(code in found["codes"] for code in NEEDS_REASON)
              and not re.match(r"\s*[-—]\s*\w", found["rest"])]
    assert not silent, f"noqa on E7 layout rules without a reason: {silent}"
