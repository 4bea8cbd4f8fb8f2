"""Banks of shipped boards: load, save, verify.

A bank ships inside the package (``puzzlekit/banks/<genre>.json``, package
data read through :mod:`importlib.resources`, so an installed wheel has it;
the repository's ``banks/`` is a link to that folder).  It is a list of
entries::

    {"id": "numbrix-6x6-003", "size": [6, 6], "clues": {...puzzle JSON...},
     "answer": {...answer JSON...}, "grade": "link", "seed": 12345}

Verification re-proves every entry from scratch: the puzzle and answer parse,
the referee accepts the answer, the independent engine and the ladder's search
each find exactly one solution and it is the answer, the grade is the weakest
finishing level, and the genre's own extra checks pass.
"""
from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

from .genre import GenreSpec, grade as _grade, proof_count
from .progress import bar
from .referee import InputError

__all__ = ["BANKS_ENV", "BankMissing", "bank_path", "load", "save", "verify", "verify_entry"]

#: An environment variable naming another folder of ``<genre>.json`` banks.
BANKS_ENV = "PUZZLEKIT_BANKS"


class BankMissing(InputError):
    """A genre's bank is absent or holds no board: one line for the CLI
    (exit status 2), never an empty bank taken as a verified one."""


def bank_path(genre: str) -> Path:
    """Where the bank of ``genre`` lives: the package's ``banks`` folder, or
    the folder named by ``PUZZLEKIT_BANKS``."""
    root = os.environ.get(BANKS_ENV)
    if root:
        return Path(root) / f"{genre}.json"
    return Path(str(resources.files("puzzlekit").joinpath("banks", f"{genre}.json")))


def load(genre: str) -> list[dict]:
    """The shipped entries of ``genre``.

    Raises :class:`BankMissing` when the file is absent, unreadable or holds
    no board."""
    p = bank_path(genre)
    try:
        with open(p) as f:
            entries = json.load(f)
    except FileNotFoundError:
        raise BankMissing(f"no bank for {genre}: {p} is missing") from None
    except (OSError, ValueError) as exc:
        raise BankMissing(f"the bank of {genre} cannot be read ({p}): {exc}") from None
    if not isinstance(entries, list) or not entries:
        raise BankMissing(f"the bank of {genre} holds no board ({p})")
    return entries


def save(genre: str, entries: list[dict]) -> Path:
    """Write entries, one per line, so diffs stay readable."""
    p = bank_path(genre)
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p, "w") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(e, separators=(",", ":")) for e in entries))
        f.write("\n]\n")
    return p


def verify_entry(spec: GenreSpec, entry: dict) -> str | None:
    """None when the entry is re-proved; else a sentence saying what failed."""
    try:
        puzzle = spec.Puzzle.from_json(entry["clues"])
        answer = spec.Answer.from_json(entry["answer"])
    except (KeyError, ValueError) as exc:
        return f"does not parse: {exc}"
    broken = spec.check(puzzle, answer)
    if broken:
        return f"answer breaks {broken[0].rule}: {broken[0].message}"
    raw = spec.brute_count(puzzle, 2)
    if raw.unique is not True:
        return f"independent engine says {raw.status} ({raw.count} found, {raw.nodes} nodes)"
    sr = proof_count(spec, puzzle, limit=2)
    if sr.unique is not True:
        return f"ladder search says {sr.status}"
    if spec.decode(sr.solutions[0]).to_json() != answer.to_json():
        return "the unique solution is not the shipped answer"
    g = _grade(spec, puzzle)
    if g != entry.get("grade"):
        return f"graded {g}, shipped as {entry.get('grade')}"
    if spec.verify_extra is not None:
        msg = spec.verify_extra(entry, puzzle, answer)
        if msg:
            return msg
    return None


def verify(spec: GenreSpec, entries: list[dict] | None = None) -> dict:
    """Re-prove a bank; returns ``{"genre", "boards", "verified", "failures"}``."""
    entries = load(spec.name) if entries is None else entries
    failures = []
    for e in bar(entries, desc=f"verify {spec.name}"):
        msg = verify_entry(spec, e)
        if msg:
            failures.append({"id": e.get("id"), "reason": msg})
    return {"genre": spec.name, "boards": len(entries),
            "verified": len(entries) - len(failures), "failures": failures}
