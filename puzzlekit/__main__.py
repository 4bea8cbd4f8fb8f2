"""Command line: ``python -m puzzlekit {list,solve,check,generate,bank,article}``.

One dispatch table over the genre registry.  Bad input of any kind gets one
line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import GENRES, spec as get_spec

__all__ = ["main"]


class CliError(Exception):
    """A one-line error for the user; exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        raise CliError(f"{self.prog}: {message}")


def _read_json(path: str):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        raise CliError(f"no such file: {path}")
    except IsADirectoryError:
        raise CliError(f"is a directory, not a JSON file: {path}")
    except json.JSONDecodeError as exc:
        raise CliError(f"{path}: malformed JSON ({exc.msg} at line {exc.lineno} column {exc.colno})")
    except OSError as exc:
        raise CliError(f"{path}: {exc.strerror}")


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


def _level(sp, level):
    try:
        return sp.ladder.level(level)
    except ValueError as exc:
        raise CliError(str(exc))


def _out(obj, as_json, text):
    if as_json:
        print(json.dumps(obj))
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
        rows.append({"genre": name, "built": True, "ladder": list(sp.ladder.names),
                     "bank": len(banks.load(name))})
    text = "\n".join(f"{r['genre']:<16} " + ("ladder " + " < ".join(r["ladder"])
                                             + f"; bank {r['bank']} boards" if r["built"]
                                             else "not built yet") for r in rows)
    _out(rows, args.json, text)


def cmd_solve(args):
    sp = _spec(args.genre)
    puzzle = _parse(sp.Puzzle, _read_json(args.file), "puzzle")
    if args.count is not None and args.count < 1:
        raise CliError("--count must be at least 1")
    lvl = _level(sp, args.level)
    from .core.genre import solve
    res = solve(sp, puzzle, lvl, args.count)
    obj = {"genre": sp.name, "level": res.level, "status": res.status, "grade": res.grade,
           "counters": dict(res.counters)}
    if args.count is not None:
        obj.update(count=res.count, capped=res.capped, nodes=res.nodes,
                   solutions=[sp.decode(s).to_json() for s in res.solutions])
    elif res.status == "solved":
        obj["answer"] = sp.decode(res.state).to_json()
    text = f"{sp.name}: fixpoint at {res.level}: {res.status}; grade {res.grade}"
    if args.count is not None:
        text += f"; solutions {res.count}{'+' if res.capped else ''} (limit {args.count}, {res.nodes} nodes)"
    _out(obj, args.json, text)


def cmd_check(args):
    sp = _spec(args.genre)
    puzzle = _parse(sp.Puzzle, _read_json(args.puzzle), "puzzle")
    answer = _parse(sp.Answer, _read_json(args.answer), "answer")
    try:
        broken = sp.check(puzzle, answer)
    except ValueError as exc:
        raise CliError(f"answer does not fit the puzzle: {exc}")
    obj = {"genre": sp.name, "ok": not broken, "violations": [v.as_dict() for v in broken]}
    text = "ok" if not broken else "\n".join(f"{v.rule}: {v.message}" for v in broken)
    _out(obj, args.json, text)
    return 0 if not broken else 1


def cmd_generate(args):
    sp = _spec(args.genre)
    try:
        h, w = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        raise CliError(f"--size must look like 6x6, got {args.size!r}")
    if h < 1 or w < 1:
        raise CliError(f"--size must be positive, got {args.size}")
    grade = None if args.grade is None else sp.ladder.names[_level(sp, args.grade)]
    try:
        puzzle, answer = sp.generate(h, w, seed=args.seed, grade=grade)
    except ValueError as exc:
        raise CliError(str(exc).splitlines()[0])
    from .core.genre import grade as grade_of
    g = grade_of(sp, puzzle)
    obj = {"genre": sp.name, "size": [h, w], "seed": args.seed, "grade": g,
           "clues": puzzle.to_json(), "answer": answer.to_json()}
    _out(obj, args.json, json.dumps(obj, indent=1))


def cmd_bank(args):
    sp = _spec(args.genre)
    from .core import banks
    if args.rebuild:
        if sp.rebuild_bank is None:
            raise CliError(f"{sp.name} has no bank builder")
        entries = sp.rebuild_bank(seed=args.seed)
        path = banks.save(sp.name, entries)
        print(f"wrote {len(entries)} boards to {path}", file=sys.stderr)
    if not args.verify and not args.rebuild:
        raise CliError("bank needs --verify or --rebuild")
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
    from .core import scales, progress
    try:
        scale = scales.check(args.scale) if args.scale else scales.current()
    except ValueError as exc:
        raise CliError(str(exc))
    art = importlib.import_module(sp.article).ARTICLE
    rep = art.report(scale, progress=progress.bar)
    lines = [f"{sp.name} at scale {scale}"]
    lines += [f"  table {t['id']:<28} {t['kind']:<8} {t['status']}" for t in rep["tables"]]
    lines += [f"  claim {c['id']:<28} {str(c['holds']):<8} {c['detail']}" for c in rep["claims"]]
    _out(rep, args.json, "\n".join(lines))


def _parser():
    p = _Parser(prog="puzzlekit", description="Solve, check, generate and measure pencil puzzles.")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser, required=True)
    s = sub.add_parser("list", help="genres and what each has")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("solve", help="fixpoint / search result, solution count, grade")
    s.add_argument("genre"); s.add_argument("file")
    s.add_argument("--level"); s.add_argument("--count", type=int)
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("check", help="the referee")
    s.add_argument("genre"); s.add_argument("puzzle"); s.add_argument("answer")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("generate", help="a new board")
    s.add_argument("genre"); s.add_argument("--size", required=True)
    s.add_argument("--seed", type=int); s.add_argument("--grade")
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("bank", help="re-prove (or rebuild) the shipped bank")
    s.add_argument("genre"); s.add_argument("--verify", action="store_true")
    s.add_argument("--rebuild", action="store_true"); s.add_argument("--seed", type=int)
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("article", help="fidelity report against the article")
    s.add_argument("genre"); s.add_argument("--scale")
    s.add_argument("--json", action="store_true")
    return p


COMMANDS = {"list": cmd_list, "solve": cmd_solve, "check": cmd_check,
            "generate": cmd_generate, "bank": cmd_bank, "article": cmd_article}


def main(argv=None) -> int:
    try:
        args = _parser().parse_args(argv)
        return COMMANDS[args.cmd](args) or 0
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into e.g. head: stop quietly
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
