"""Command line: ``python -m puzzlekit {list,solve,check,generate,bank,article,draw,step,warm}``.

Wherever a puzzle file is accepted, a puzz.link URL is too (for genres with a
puzz.link format), read as puzz.link reads it: a Sashigane URL under
puzz.link's rules unless it ends in ``/article``.

One dispatch table over the genre registry.  Bad input of any kind gets one
line on stderr and exit status 2; an unexpected internal error gets one line
(``error: <command>: internal error: <type>: <message>``) and exit status 3.

``solve`` and ``generate`` run their work in a forked worker process with a
deadline (``--timeout``) and a memory ceiling (``WORKER_MEMORY`` beyond
what the worker inherits): a numba kernel cannot be interrupted from Python,
but a process can be killed.  The worker compiles (or loads from numba's
cache) only the kernels its work reaches, and the deadline's clock stops
while it compiles, so the deadline is spent on the puzzle and not on a
first run's compiling (:mod:`puzzlekit._worker`); ``warm`` compiles every
genre's proof search and clause learner ahead.  ``solve`` reports
hitting the deadline, the
memory ceiling or a ``--max-nodes`` budget it was given as status ``capped``; ``generate``
reports them as a one-line error with exit status 2.  While a worker runs
past ``STATUS_AFTER`` seconds, a terminal sees its elapsed time on one
line of stderr, erased when it ends (never in a pipe or file, nor with
``PUZZLEKIT_PROGRESS=0``).  The worker is :mod:`puzzlekit._worker`.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys

from . import GENRES, _worker, spec as get_spec
from ._worker import (
    CliError,
    WorkerError,
    first_line as _first_line,
    plain as _plain,
    run_capped,
    warm as _warm,
)
from .core.referee import InputError, show, strict_size

__all__ = ["main"]

MAX_FILE = 32 << 20          # bytes read from one puzzle or answer file
SEED_MAX = 2 ** 63 - 1
COUNT_MAX = 1_000_000
NODES_MAX = 10 ** 9
TIMEOUT_MAX = 10 ** 6        # seconds


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        raise CliError(f"{self.prog}: {message}")


def _read_json(path: str):
    """The JSON value in ``path`` (at most :data:`MAX_FILE` bytes)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise CliError(f"no such file: {path}")
    except IsADirectoryError:
        raise CliError(f"is a directory, not a JSON file: {path}")
    except OSError as exc:
        raise CliError(f"{path}: {exc.strerror}")
    if len(data) > MAX_FILE:
        raise CliError(f"{path}: larger than {MAX_FILE >> 20} MB, too big for a puzzle file")
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise CliError(f"{path}: malformed JSON "
                       f"({exc.msg} at line {exc.lineno} column {exc.colno})")
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a UTF-8 text file")
    except RecursionError:
        raise CliError(f"{path}: JSON nested too deeply")
    except ValueError as exc:   # e.g. a number with thousands of digits
        raise CliError(f"{path}: unreadable JSON ({_first_line(exc)})")


def _bounded(value, flag: str, lo, hi):
    """``value`` if it lies in ``lo..hi``; else a one-line CliError."""
    if not lo <= value <= hi:
        raise CliError(f"{flag} must be between {lo} and {hi}, got {show(value)}")
    return value


def _timeout(value: float) -> float:
    """A positive, finite ``--timeout`` in seconds."""
    if not (math.isfinite(value) and 0 < value <= TIMEOUT_MAX):
        raise CliError(f"--timeout must be a number of seconds in (0, {TIMEOUT_MAX}], got {value}")
    return value


def _spec(name):
    try:
        return get_spec(name)
    except ValueError as exc:
        raise CliError(str(exc))


def _parse(cls, obj, what):
    try:
        return cls.from_json(obj)
    except (ValueError, TypeError, KeyError) as exc:
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise CliError(f"bad {what}: {msg}")


def _unwrap(sp, obj, key: str):
    """``obj[key]`` when ``obj`` is what ``generate --json`` prints (an
    object naming its genre, with the puzzle under ``clues`` and the answer
    under ``answer``); ``obj`` itself otherwise."""
    if isinstance(obj, dict) and "genre" in obj and isinstance(obj.get(key), dict):
        if obj["genre"] != sp.name:
            raise CliError(f"this file holds a {show(obj['genre'])} puzzle, not {sp.name}")
        return obj[key]
    return obj


def _puzzle(sp, where: str):
    """The puzzle in a JSON file, or in a puzz.link URL."""
    from .io.puzzlink import is_url
    if is_url(where):
        if sp.url_decode is None:
            raise CliError(f"{sp.name} has no puzz.link format" +
                           (f": {sp.url_note}" if sp.url_note else ""))
        try:
            return sp.url_decode(where)
        except ValueError as exc:
            raise CliError(f"bad URL: {_first_line(exc)}")
    return _parse(sp.Puzzle, _unwrap(sp, _read_json(where), "clues"), "puzzle")


def _url(sp, puzzle) -> str:
    """The puzz.link URL of a puzzle, or a one-line error for genres without one."""
    if sp.url_encode is None:
        raise CliError(f"{sp.name} has no puzz.link format" +
                       (f": {sp.url_note}" if sp.url_note else ""))
    return sp.url_encode(puzzle)


def _level(sp, level):
    try:
        return sp.ladder.level(level)
    except ValueError as exc:
        raise CliError(str(exc))


def _out(obj, as_json, text):
    if as_json:
        print(json.dumps(obj, default=_plain))
    else:
        print(text)


def cmd_list(args):
    rows = []
    from .core import banks
    for name in GENRES:
        try:
            sp = get_spec(name)
        except ValueError:
            rows.append({"genre": name, "built": False, "ladder": [], "bank": 0})
            continue
        try:
            size = len(banks.load(name))
        except banks.BankMissing:
            size = 0
        rows.append({"genre": name, "built": True, "ladder": list(sp.ladder.names),
                     "bank": size})
    _out(rows, args.json, "\n".join(_list_line(r) for r in rows))


def _list_line(row: dict) -> str:
    """One genre's line of ``list``: its ladder and its bank."""
    if not row["built"]:
        return f"{row['genre']:<16} not built yet"
    bank = f"bank {row['bank']} boards" if row["bank"] else "no bank"
    return f"{row['genre']:<16} ladder {' < '.join(row['ladder'])}; {bank}"


def _solve_report(sp, puzzle, lvl, count, max_nodes) -> dict:
    """The ``solve`` result as a JSON object (run in the worker)."""
    from .core.genre import solve
    if count is not None and lvl is None:
        from .core.proof import head_start
        head_start(sp, puzzle)             # after an install: compile on a second core too
    res = solve(sp, puzzle, lvl, count, max_nodes)
    obj = {"genre": sp.name, "level": res.level, "status": res.status, "grade": res.grade,
           "counters": dict(res.counters), "capped": bool(res.capped),
           "cap": "nodes" if res.capped else None}
    if count is not None:
        obj.update(count=res.count, nodes=res.nodes,
                   solutions=[sp.decode(s).to_json() for s in res.solutions])
    elif res.status == "solved":
        obj["answer"] = sp.decode(res.state).to_json()
    return obj


def _solve_text(obj, count, max_nodes, timeout) -> str:
    """The ``solve`` result in one line of words."""
    name = obj["genre"]
    if obj["cap"] == "timeout":
        return f"{name}: capped: stopped at the {timeout:g} s timeout with no result"
    if obj["cap"] == "memory":
        return f"{name}: capped: ran out of the {_worker.WORKER_MEMORY >> 20} MB memory ceiling"
    text = f"{name}: fixpoint at {obj['level']}: {obj['status']}; grade {obj['grade']}"
    if count is not None:
        text += (f"; solutions {obj['count']}{'+' if obj['capped'] else ''} "
                 f"(limit {count}, {obj['nodes']} nodes)")
    if obj["cap"] == "nodes":
        text += f"; capped at the --max-nodes budget of {max_nodes}"
    return text


def cmd_solve(args):
    sp = _spec(args.genre)
    puzzle = _puzzle(sp, args.file)
    count = None if args.count is None else _bounded(args.count, "--count", 1, COUNT_MAX)
    max_nodes = (None if args.max_nodes is None
                 else _bounded(args.max_nodes, "--max-nodes", 1, NODES_MAX))
    timeout = _timeout(args.timeout)
    lvl = _level(sp, args.level)
    how, obj = run_capped(lambda: _solve_report(sp, puzzle, None if args.level is None else lvl,
                                                count, max_nodes), timeout,
                          f"solve {sp.name}")
    if how != "ok":
        obj = {"genre": sp.name, "level": sp.ladder.names[lvl], "status": "capped",
               "grade": None, "counters": {}, "capped": True, "cap": how}
        if count is not None:
            obj.update(count=None, nodes=None, solutions=[])
    _out(obj, args.json, _solve_text(obj, count, max_nodes, timeout))


def cmd_check(args):
    sp = _spec(args.genre)
    puzzle = _puzzle(sp, args.puzzle)
    answer = _parse(sp.Answer, _unwrap(sp, _read_json(args.answer), "answer"), "answer")
    try:
        broken = sp.check(puzzle, answer)
    except ValueError as exc:
        raise CliError(f"answer does not fit the puzzle: {exc}")
    obj = {"genre": sp.name, "ok": not broken, "violations": [v.as_dict() for v in broken]}
    text = "ok" if not broken else "\n".join(f"{v.rule}: {v.message}" for v in broken)
    _out(obj, args.json, text)
    return 0 if not broken else 1


def _size(text: str, max_cells: int) -> tuple[int, int]:
    """``HxW`` as two positive integers whose product is at most ``max_cells``."""
    parts = text.lower().split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        h, w = (int(x) for x in parts)
    except ValueError:
        raise CliError(f"--size must look like 6x6, got {text[:40]!r}")
    try:
        return strict_size(h, w, max_cells, ("height", "width"))
    except InputError as exc:
        raise CliError(f"--size: {exc}")


def _generate_report(sp, h, w, seed, grade, url=False) -> dict:
    """The ``generate`` result as a JSON object (run in the worker)."""
    try:
        puzzle, answer = sp.generate(h, w, seed=seed, grade=grade)
    except ValueError as exc:
        raise CliError(_first_line(exc))
    from .core.genre import grade as grade_of
    obj = {"genre": sp.name, "size": [h, w], "seed": seed, "grade": grade_of(sp, puzzle),
           "clues": puzzle.to_json(), "answer": answer.to_json()}
    if url:
        obj["url"] = _url(sp, puzzle)
    return obj


def cmd_generate(args):
    sp = _spec(args.genre)
    h, w = _size(args.size, sp.max_cells)
    seed = None if args.seed is None else _bounded(args.seed, "--seed", 0, SEED_MAX)
    timeout = _timeout(args.timeout)
    grade = None if args.grade is None else sp.ladder.names[_level(sp, args.grade)]
    if args.url:
        _url_support(sp)
    # nothing is compiled here: the worker compiles what the generator
    # reaches, its deadline's clock stopped meanwhile, so a size the genre
    # cannot make is refused at once, even before the first compile
    how, obj = run_capped(lambda: _generate_report(sp, h, w, seed, grade, args.url), timeout,
                          f"generate {sp.name} {h}x{w}")
    if how == "timeout":
        raise CliError(f"generate timed out after {timeout:g} s "
                       "(a smaller --size or a larger --timeout may help)")
    if how == "memory":
        raise CliError(f"generate ran out of the {_worker.WORKER_MEMORY >> 20} MB memory ceiling")
    _out(obj, args.json, obj["url"] if args.url else json.dumps(obj, indent=1))


def _url_support(sp) -> None:
    if sp.url_encode is None:
        raise CliError(f"{sp.name} has no puzz.link format" +
                       (f": {sp.url_note}" if sp.url_note else ""))


def cmd_bank(args):
    sp = _spec(args.genre)
    from .core import banks
    if args.rebuild:
        if sp.rebuild_bank is None:
            raise CliError(f"{sp.name} has no bank builder")
        seed = None if args.seed is None else _bounded(args.seed, "--seed", 0, SEED_MAX)
        entries = sp.rebuild_bank(seed=seed)
        path = banks.save(sp.name, entries)
        print(f"wrote {len(entries)} boards to {path}", file=sys.stderr)
    if args.urls:
        _url_support(sp)
        rows = [{"id": e["id"], "grade": e.get("grade"),
                 "url": sp.url_encode(sp.Puzzle.from_json(e["clues"]))}
                for e in banks.load(sp.name)]
        _out(rows, args.json, "\n".join(r["url"] for r in rows))
        if not args.verify:
            return 0
    if not args.verify and not args.rebuild:
        raise CliError("bank needs --verify, --rebuild or --urls")
    if args.verify:
        rep = banks.verify(sp)
        text = (f"{sp.name}: {rep['verified']} of {rep['boards']} boards re-proved"
                + "".join(f"\n  {f['id']}: {f['reason']}" for f in rep["failures"]))
        _out(rep, args.json, text)
        return 0 if not rep["failures"] and rep["boards"] else 1
    return 0


def cmd_article(args):
    sp = _spec(args.genre)
    import importlib

    from .core import progress, scales
    try:
        scale = scales.check(args.scale) if args.scale else scales.current()
    except ValueError as exc:
        raise CliError(str(exc))
    if args.workers is not None or args.scheduler:
        if args.workers is not None and not 1 <= args.workers <= 64:
            raise CliError(f"--workers must be 1..64, got {args.workers}")
        from .core import parallel
        try:
            parallel.configure(workers=args.workers, scheduler=args.scheduler)
        except OSError as exc:
            raise CliError(f"could not reach the scheduler {args.scheduler}: {exc}")
    art = importlib.import_module(sp.article).ARTICLE
    rep = art.report(scale, progress=progress.bar)
    lines = [f"{sp.name} at scale {scale}"]
    lines += [f"  table {t['id']:<28} {t['kind']:<8} {t['status']:<8} expect {t['expect']}"
              + ("" if t["worst_z"] is None else f", worst |z| {t['worst_z']:g}")
              for t in rep["tables"]]
    lines += [f"  claim {c['id']:<28} {str(c['holds']):<8} {c['detail']}" for c in rep["claims"]]
    _out(rep, args.json, "\n".join(lines))


def _answer_of(sp, puzzle, max_nodes, timeout):
    """The puzzle's answer when the ladder's search finds exactly one."""
    def work():
        from .core.genre import proof_count
        r = proof_count(sp, puzzle, limit=2, max_nodes=max_nodes)
        return {"status": r.status, "answer": sp.decode(r.solutions[0]).to_json()
                if r.status == "unique" else None}
    how, obj = run_capped(work, timeout, f"solve {sp.name} to draw its answer")
    if how != "ok":
        raise CliError(f"could not solve the board to draw its answer ({how})")
    if obj["answer"] is None:
        raise CliError(f"the board has no unique answer to draw (search says {obj['status']})")
    return sp.Answer.from_json(obj["answer"])


def _output(path: str, kinds: tuple) -> str:
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext not in kinds:
        raise CliError(f"-o must end in {' or '.join('.' + k for k in kinds)}, got {path!r}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError(f"no such folder for -o: {folder}")
    return ext


def cmd_draw(args):
    sp = _spec(args.genre)
    puzzle = _puzzle(sp, args.file)
    _output(args.output, ("svg", "png"))
    answer = _answer_of(sp, puzzle, None, _timeout(args.timeout)) if args.answer else None
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = sp.draw(puzzle, answer)
    ax.figure.savefig(args.output, bbox_inches="tight")
    plt.close(ax.figure)
    print(f"wrote {args.output}", file=sys.stderr)


def cmd_step(args):
    sp = _spec(args.genre)
    puzzle = _puzzle(sp, args.file)
    _output(args.output, ("html",))
    timeout = _timeout(args.timeout)
    levels = None if args.level is None else [sp.ladder.names[_level(sp, args.level)]]

    def work():
        import matplotlib
        matplotlib.use("Agg")
        from .viz import stepper
        st = stepper.show(sp, puzzle, levels)
        return "<!doctype html><meta charset='utf-8'><title>" + sp.name + "</title>" + \
            st._repr_html_()
    how, page = run_capped(work, timeout, f"step {sp.name}")
    if how != "ok":
        raise CliError(f"step stopped: {how} (the fixpoints took too long)")
    with open(args.output, "w") as f:
        f.write(page)
    print(f"wrote {args.output}", file=sys.stderr)


def cmd_warm(args):
    import time

    from .core.progress import bar
    specs = [_spec(name) for name in (args.genres or list(GENRES))]
    for sp in bar(specs, desc="compiling", min_total=2):
        start = time.perf_counter()
        _warm(sp)
        print(f"{sp.name}: {time.perf_counter() - start:.1f} s", flush=True)


def _parser():
    p = _Parser(prog="puzzlekit", description="Solve, check, generate and measure pencil puzzles.",
                epilog="Bad input gets one line on stderr and exit status 2, an internal error "
                "one line and exit status 3; `check` exits 1 when the answer breaks a rule. "
                "COMMAND --help for each command's options; the book's command-line page "
                "(book/cli.md) has the file formats and each genre's board-size limits.")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser, required=True)
    s = sub.add_parser("list", help="genres and what each has")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("solve", help="fixpoint / search result, solution count, grade")
    s.add_argument("genre")
    s.add_argument("file", help="a puzzle JSON file or a puzz.link URL")
    s.add_argument("--level", help="ladder level of the fixpoint (default: the top); with "
                   "--count, the level run at every node of the count's search")
    s.add_argument("--count", type=int, help="count answers up to this many; without --level "
                   "the count is the uniqueness proof's search")
    s.add_argument("--max-nodes", type=int, default=None,
                   help="node budget of the count search (default: none, the count ends "
                   "with its answer or at --timeout)")
    s.add_argument("--timeout", type=float, default=60.0,
                   help="seconds before the run stops and reports capped (default 60)")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("check", help="the referee: ok, or the rules broken and where")
    s.add_argument("genre")
    s.add_argument("puzzle", help="a puzzle JSON file or a puzz.link URL")
    s.add_argument("answer", help="an answer JSON file (what generate --json prints will do)")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("generate", help="a new board")
    s.add_argument("genre")
    s.add_argument("--size", required=True,
                   help="HxW, e.g. 8x8: at most the genre's MAX_CELLS cells (1000 for "
                   "sashigane, 2500 or 10000 for the others; book/cli.md lists them)")
    s.add_argument("--seed", type=int, help="0 to 2**63-1; the same seed, the same board "
                   "(default: a random one)")
    s.add_argument("--grade", help="a rung name: the grade the board should have (how "
                   "closely depends on the genre's generator)")
    s.add_argument("--timeout", type=float, default=300.0,
                   help="seconds before generation gives up (default 300)")
    s.add_argument("--url", action="store_true", help="print the board as a puzz.link URL")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("bank", help="re-prove (or rebuild) the shipped bank")
    s.add_argument("genre")
    s.add_argument("--verify", action="store_true",
                   help="re-prove every shipped board: unique by two engines, graded honestly")
    s.add_argument("--rebuild", action="store_true",
                   help="generate the bank again from its seeds and write it")
    s.add_argument("--seed", type=int, help="with --rebuild: the base seed")
    s.add_argument("--urls", action="store_true", help="list the bank as puzz.link URLs")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("article", help="fidelity report against the article")
    s.add_argument("genre")
    s.add_argument("--scale", help="smoke, book or article (default: PUZZLEKIT_SCALE, "
                   "else book)")
    s.add_argument("--workers", type=int,
                   help="spread the measurements over N local Dask worker processes")
    s.add_argument("--scheduler", help="or over a running Dask scheduler (ADDRESS); "
                   "PUZZLEKIT_WORKERS / PUZZLEKIT_SCHEDULER set the same")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("draw", help="a picture of a board (file or URL)")
    s.add_argument("genre")
    s.add_argument("file", help="a puzzle JSON file or a puzz.link URL")
    s.add_argument("-o", "--output", required=True, help="board.svg or board.png")
    s.add_argument("--answer", action="store_true", help="draw the unique answer too")
    s.add_argument("--timeout", type=float, default=60.0,
                   help="seconds to find the answer (default 60)")
    s = sub.add_parser("step", help="an offline HTML rung stepper for a board (file or URL)")
    s.add_argument("genre")
    s.add_argument("file", help="a puzzle JSON file or a puzz.link URL")
    s.add_argument("-o", "--output", required=True, help="stepper.html")
    s.add_argument("--level", help="one level only (default: every level)")
    s.add_argument("--timeout", type=float, default=120.0,
                   help="seconds for the fixpoints (default 120)")
    s = sub.add_parser("warm", help="compile (or load from numba's cache) each genre's "
                       "proof search and clause learner ahead, so that no later command "
                       "compiles them; one line per genre with its seconds")
    s.add_argument("genres", nargs="*", metavar="GENRE", help="the genres (default: every one)")
    return p


COMMANDS = {"list": cmd_list, "solve": cmd_solve, "check": cmd_check,
            "generate": cmd_generate, "bank": cmd_bank, "article": cmd_article,
            "draw": cmd_draw, "step": cmd_step, "warm": cmd_warm}


def main(argv=None) -> int:
    cmd = "puzzlekit"
    try:
        args = _parser().parse_args(argv)
        cmd = args.cmd
        return COMMANDS[args.cmd](args) or 0
    except (CliError, InputError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into e.g. head: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback
        kind = exc.kind if isinstance(exc, WorkerError) else type(exc).__name__
        print(f"error: {cmd}: internal error: {kind}: {_first_line(exc)}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
