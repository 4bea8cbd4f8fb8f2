"""What the studies that race engines to answers share: their command line
and boards, and the per-engine summary and stored file."""
import json
import time
from pathlib import Path

import numpy as np


def sweep_study(doc: str, spec, density: str, size: int, boards: int, argv=None,
                switches: dict | None = None):
    """``(args, boards)`` for a study of the Performance sweep's boards: the
    command line (``--size``, ``--boards``, ``--time-limit``, defaults
    ``size``, ``boards`` and 10 s, and one on/off flag per ``switches``
    entry, ``{"--flag": "its help"}``), and ``core.perf.sweep_boards`` of
    that size and ``density``, the proof (its clause learner too) compiled on
    the first outside the timings (``core.perf.warm_proof``)."""
    import argparse

    from puzzlekit.core import perf
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--size", type=int, default=size)
    ap.add_argument("--boards", type=int, default=boards)
    ap.add_argument("--time-limit", type=float, default=10.0)
    for flag, text in (switches or {}).items():
        ap.add_argument(flag, action="store_true", help=text)
    a = ap.parse_args(argv)
    out = perf.sweep_boards(spec, a.size, density, a.boards)
    perf.warm_proof(spec, out[0][1])
    return a, out


def summarise_and_store(rows: list, out: Path, done, what: str, **meta) -> None:
    """Print, per engine of ``rows`` (dicts with ``engine`` and ``seconds``),
    on how many boards ``done(row)`` holds and the median seconds; then
    write ``rows`` with the date and ``meta`` to ``out`` as JSON."""
    print(f"\nper engine: boards {what}, median seconds (the limit where none)")
    for eng in dict.fromkeys(r["engine"] for r in rows):
        sub = [r for r in rows if r["engine"] == eng]
        print(f"  {eng:40s} {sum(bool(done(r)) for r in sub)}/{len(sub)}  "
              f"{np.median([r['seconds'] for r in sub]):7.2f} s")
    out.write_text(json.dumps({"when": time.strftime("%Y-%m-%d"), **meta, "rows": rows},
                              indent=0))
    print(f"wrote {out}")
