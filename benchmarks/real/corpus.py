"""The corpus of real puzzles: boards made by people, each with its source.

    python benchmarks/real/corpus.py record GENRE [GENRE ...] [--again] [--raw-timeout 20]
    python benchmarks/real/corpus.py list [GENRE ...]

Our banks and sweeps are boards our own generators made and our own ladder
graded; these are not.  ``benchmarks/real/<genre>.json`` holds one genre's
puzzles::

    {"genre": "nanro", "puzzles": [ENTRY, ...]}

An entry is written by hand (or by a script that read a public source) with

``id``
    unique within the corpus, ``<genre>-<word>-<n>`` by convention;
``url``
    the puzz.link URL as it was published (or ``clues``, the board in our
    JSON form, for a genre puzz.link does not have);
``source``
    who published it, in words (a puzzle collection, a solver's or an
    editor's test suite, an archive's example list);
``link``
    where it was read: a repository file at a commit, or a page;
``answer`` (optional, as ``published``)
    an answer printed with it, in our JSON form, when the source gives one;

and ``record`` adds what three engines find, each in a worker of its own with
a deadline: ``size`` (``HxW``), ``count`` (answers, up to 2), ``engines`` (the
ladder's uniqueness proof, the raw engine and the CP-SAT model, each
``unique``, ``multiple``, ``none`` or ``capped``), ``nodes`` (the ladder's)
and ``answer`` (the ladder's, which the referee accepts and which must equal
CP-SAT's; a published answer must equal it too).  Engines that disagree stop
the recording with the puzzle's id: that is a bug to find, not a row to
store.  Timing is :mod:`benchmarks.bench_real`'s job, not this file's.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import puzzlekit  # noqa: E402
from puzzlekit._worker import run_capped  # noqa: E402

#: Keys an entry may carry; ``record`` writes the last five.
KEYS = ("id", "url", "clues", "source", "link", "note", "published",
        "size", "count", "engines", "nodes", "answer")
#: Every entry names where it came from.
REQUIRED = ("id", "source", "link")


def path(genre: str) -> Path:
    """The corpus file of ``genre``."""
    return HERE / f"{genre}.json"


def genres() -> list[str]:
    """The genres with a corpus file, in the package's order."""
    return [g for g in puzzlekit.GENRES if path(g).exists()]


def load(genre: str) -> list[dict]:
    """The entries of ``genre``'s corpus (an empty list without a file)."""
    if not path(genre).exists():
        return []
    data = json.loads(path(genre).read_text())
    if data.get("genre") != genre:
        raise ValueError(f"{path(genre)} names genre {data.get('genre')!r}")
    return data["puzzles"]


def save(genre: str, entries: list[dict]) -> None:
    """Write ``genre``'s corpus, one entry a line, keys in order."""
    lines = [json.dumps({k: e[k] for k in KEYS if k in e}, ensure_ascii=False,
                        separators=(",", ":")) for e in entries]
    body = ",\n  ".join(lines)
    path(genre).write_text(f'{{"genre": "{genre}", "puzzles": [\n  {body}\n]}}\n')


def puzzle(spec, entry: dict):
    """The board of an entry: its URL read as puzz.link reads it, or its
    ``clues`` in our JSON form."""
    if "url" in entry:
        return spec.url_decode(entry["url"])
    return spec.Puzzle.from_json(entry["clues"])


def size_of(p) -> str:
    """``HxW`` of a board."""
    return f"{p.h}x{p.w}"


def _ladder(spec, p, seconds):
    from puzzlekit.core.proof import proof_count
    r = proof_count(spec, p, 2, max_nodes=None, time_limit=seconds)
    return {"status": r.status, "nodes": r.nodes,
            "answers": [spec.decode(s).to_json() for s in r.solutions]}


def _raw(spec, p):
    r = spec.brute_count(p, 2)
    return {"status": r.status}


def _sat(spec, p, seconds):
    r = spec.sat_count(p, 2, seconds)
    return {"status": r.status, "answers": [a.to_json() for a in r.solutions]}


def _run(work, seconds, what):
    how, out = run_capped(work, seconds, what)
    return out if how == "ok" else {"status": "capped", "answers": []}


def record_one(spec, entry: dict, raw_timeout: float, timeout: float) -> dict:
    """``entry`` with ``size``, ``count``, ``engines``, ``nodes`` and
    ``answer`` filled in; ValueError when the engines (or a published
    answer) disagree."""
    p = puzzle(spec, entry)
    name = entry["id"]
    lad = _run(lambda: _ladder(spec, p, timeout), timeout + 30, f"{name} ladder")
    raw = _run(lambda: _raw(spec, p), raw_timeout, f"{name} raw")
    sat = (_run(lambda: _sat(spec, p, timeout), timeout + 30, f"{name} CP-SAT")
           if spec.sat_count is not None else {"status": "capped", "answers": []})
    statuses = {"ladder": lad["status"], "raw": raw["status"], "sat": sat["status"]}
    done = {s for s in statuses.values() if s != "capped"}
    if len(done) > 1:
        raise ValueError(f"{name}: the engines disagree: {statuses}")
    if not done:
        raise ValueError(f"{name}: no engine finished within the time allowed: {statuses}")
    out = dict(entry, size=size_of(p), engines=statuses, nodes=lad.get("nodes"))
    status = done.pop()
    out["count"] = {"none": 0, "unique": 1, "multiple": 2}[status]
    answer = (lad["answers"] or sat["answers"] or [None])[0]
    if status == "unique":
        if lad["answers"] and sat["answers"] and lad["answers"][0] != sat["answers"][0]:
            raise ValueError(f"{name}: the ladder's answer differs from CP-SAT's")
        if entry.get("published") is not None and entry["published"] != answer:
            raise ValueError(f"{name}: the published answer differs from ours")
        broken = spec.check(p, spec.Answer.from_json(answer))
        if broken:
            raise ValueError(f"{name}: the referee rejects the answer: {broken[0].message}")
        out["answer"] = answer
    else:
        out.pop("answer", None)
    return out


def record(genre: str, again: bool = False, raw_timeout: float = 20.0,
           timeout: float = 120.0) -> list[dict]:
    """Record every entry of ``genre``'s corpus not recorded yet (all with
    ``again``), saving after each; duplicate boards and ids are refused."""
    from puzzlekit.core.progress import bar
    spec = puzzlekit.spec(genre)
    entries = load(genre)
    seen, ids = {}, set()
    for e in entries:
        missing = [k for k in REQUIRED if not e.get(k)]
        if missing or ("url" in e) == ("clues" in e):
            raise ValueError(f"{e.get('id')}: needs {', '.join(missing) or 'url or clues'}")
        if e["id"] in ids:
            raise ValueError(f"{e['id']}: id used twice")
        ids.add(e["id"])
        key = json.dumps(puzzle(spec, e).to_json(), sort_keys=True)
        if key in seen:
            raise ValueError(f"{e['id']}: the same board as {seen[key]}")
        seen[key] = e["id"]
    for i, e in enumerate(bar(entries, desc=f"{genre} corpus")):
        if again or "engines" not in e:
            entries[i] = record_one(spec, e, raw_timeout, timeout)
            save(genre, entries)
    return entries


def _list(genre: str) -> None:
    for e in load(genre):
        eng = e.get("engines", {})
        print(f"{e['id']:28s} {e.get('size', '?'):>7s} count {e.get('count', '?')} "
              f"{' '.join(f'{k}={v}' for k, v in eng.items())}  {e['source']}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help="solve the entries not recorded yet with three engines")
    r.add_argument("genres", nargs="+")
    r.add_argument("--again", action="store_true", help="record every entry again")
    r.add_argument("--raw-timeout", type=float, default=20.0,
                   help="seconds the raw engine gets per puzzle (it is often exponential)")
    r.add_argument("--timeout", type=float, default=120.0,
                   help="seconds the ladder and CP-SAT get per puzzle")
    s = sub.add_parser("list", help="print the recorded entries")
    s.add_argument("genres", nargs="*")
    a = ap.parse_args(argv)
    if a.cmd == "record":
        for g in a.genres:
            record(g, a.again, a.raw_timeout, a.timeout)
    else:
        for g in a.genres or genres():
            _list(g)
    return 0


if __name__ == "__main__":
    sys.exit(main())
