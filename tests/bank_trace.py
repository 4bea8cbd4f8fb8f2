"""A fingerprint of what the engines do on every bank board.

For each board: the uniqueness proof's count, status and nodes (and the
answer it finds), the generic ``solve``'s count and nodes, the grade, and
the independent engine's count, cap and nodes.  ``tests/data/bank_trace.json``
holds one SHA-256 per genre of these records, taken when the engines were
last changed on purpose; ``test_bank_trace`` recomputes them, so a refactor
that changes a search's path on any board fails it.  After a deliberate
change to a search, regenerate with ``python -m tests.bank_trace --write``.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).with_name("data") / "bank_trace.json"


def records(genre: str) -> list[dict]:
    """One record per bank board of ``genre`` (see the module docstring)."""
    from puzzlekit import spec as spec_for
    from puzzlekit.core import banks
    from puzzlekit.core.genre import grade, proof_count, solve

    spec = spec_for(genre)
    out = []
    for entry in banks.load(genre):
        puzzle = spec.Puzzle.from_json(entry["clues"])
        proof = proof_count(spec, puzzle, limit=2)
        solved = solve(spec, puzzle, count=2)
        raw = spec.brute_count(puzzle, 2)
        answers = [spec.decode(s).to_json() for s in proof.solutions]
        out.append({"id": entry["id"],
                    "proof": [proof.count, proof.status, proof.nodes, answers],
                    "solve": [solved.status, solved.count, solved.nodes],
                    "grade": grade(spec, puzzle),
                    "raw": [raw.count, bool(raw.capped), int(raw.nodes)]})
    return out


def digest(genre: str) -> str:
    text = json.dumps(records(genre), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


if __name__ == "__main__":
    from puzzlekit import GENRES
    if "--write" in sys.argv:
        GOLDEN.parent.mkdir(exist_ok=True)
        table = {g: digest(g) for g in GENRES}
        GOLDEN.write_text(json.dumps(table, indent=1) + "\n")
        print(f"wrote {GOLDEN}")
    else:
        for g in sys.argv[1:] or GENRES:
            print(g, digest(g))
