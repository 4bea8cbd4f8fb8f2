"""The article's tables: its figures (quoted, with attribution) beside ours.

Source: SEN LLC, "Numbrix: one number colours the whole board, and the ruler
rung that provably pays nothing" (the figures below are the article's).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from ..core import scales
from ..core.grid import Grid
from ..core.tables import Article, Claim, Table, frame
from . import census as cen
from .brute import brute_count
from .certify import reversal, single_cell_proof
from .generate import adversarial, backbite, random_answer, reveal_until_unique, snake, turns
from .ladder import LADDER, LINK_LADDER, RULER_LADDER, initial_state
from .model import Answer, Puzzle, is_answer

__all__ = ["ARTICLE", "SOURCE", "answers", "board"]

SOURCE = ("article: Numbrix: one number colours the whole board, and the ruler rung "
          "that provably pays nothing (SEN LLC)")
SEED = 1
SIZES = (4, 6, 8, 10)
RUNGS = list(LADDER.names)


_df = frame


def _lab(k):
    return f"{k}×{k}"


@lru_cache(maxsize=None)
def answers(size: int, count: int, tag: str) -> tuple:
    """``count`` backbite answers of a ``size`` board for stream ``tag``."""
    rng = np.random.default_rng([SEED, size, sum(map(ord, tag))])
    return tuple(random_answer(size, size, rng) for _ in range(count))


def board(ans: Answer, cells) -> Puzzle:
    h, w = ans.grid.shape
    return Puzzle.from_cells(h, w, ans.grid.ravel(), cells)


def _reveal(ans, frac, rng):
    n = ans.grid.size
    return board(ans, rng.permutation(n)[:int(round(frac * n))])


def _pinned(state):
    return 100.0 * float((state.cand.sum(axis=1) == 1).mean())


# ------------------------------------------------------------ 1. colour
COLOUR_ROWS = [(8, 0), (8, 1), (8, 2), (8, 4), (8, 8), (10, 1), (10, 8)]


def colour(scale):
    N = scales.pick(scale, smoke=3, book=60, article=200)
    rows, idx = [], []
    for size, k in COLOUR_ROWS:
        rng = np.random.default_rng([SEED, size, k])
        acc = np.zeros(3)
        for a in answers(size, N, "colour"):
            p = board(a, rng.permutation(size * size)[:k])
            s = initial_state(p)
            LADDER.fixpoint(s, "pin")
            after_pin = s.bits.mean()
            LADDER.fixpoint(s, "link")
            acc += [100 * after_pin, 100 * s.bits.mean(), _pinned(s)]
        rows.append(acc / N)
        idx.append(f"{_lab(size)}, {k} printed")
    df = _df(rows, idx, ["after pin %", "after link %", "cells pinned %"], "board")
    df.attrs["n"] = N
    return df


def _parity(scale):
    N = scales.pick(scale, smoke=5, book=60, article=200)
    odd = even = bad_colour = bad_ends = 0
    for size in (3, 4, 5, 6, 7, 8, 10):
        col = Grid(size, size).colour
        for a in answers(size, N, "parity"):
            path = a.path()
            par = (np.arange(len(path)) % 2) ^ col[path[0]]
            bad_colour += int((col[path] != par).any())
            same = col[path[0]] == col[path[-1]]
            if size % 2:
                odd += 1
                bad_ends += int(not same)
            else:
                even += 1
                bad_ends += int(same)
    return odd, even, bad_colour, bad_ends


# ------------------------------------------------------------ 2. ruler, 9. probe <=> unique
@lru_cache(maxsize=None)
def _stream30(scale):
    N = scales.pick(scale, smoke=3, book=40, article=40)
    out = {}
    for size in SIZES:
        rng = np.random.default_rng([SEED, size, 30])
        out[size] = [_reveal(a, 0.30, rng) for a in answers(size, N, "thirty")]
    return out


def ruler(scale):
    rows, idx = [], []
    for size, boards in _stream30(scale).items():
        bits = 0
        pr = pl = 0.0
        after = 0
        for p in boards:
            s = initial_state(p)
            LADDER.fixpoint(s, "pin")
            bits += int(s.bits.sum())
            t = initial_state(p)
            RULER_LADDER.fixpoint(t)
            pr += _pinned(t)
            u = initial_state(p)
            res = LINK_LADDER.fixpoint(u)
            pl += _pinned(u)
            after += int((res.attribution == LINK_LADDER.level("ruler")).sum())
        m = len(boards)
        rows.append([bits, pr / m, pl / m, after])
        idx.append(_lab(size))
    df = _df(rows, idx, ["bits after pin alone", "pinned by pin+ruler %",
                         "pinned by pin+link %", "bits ruler deletes after link"], "board")
    df.attrs["n"] = len(boards)
    return df


@lru_cache(maxsize=None)
def _probe_unique(scale):
    rows = {}
    for size, boards in _stream30(scale).items():
        fu = sa = dis = 0
        for p in boards:
            uniq = brute_count(p, 2) == 1
            done = LADDER.fixpoint(initial_state(p), "probe").solved
            fu += done and uniq
            sa += (not done) and (not uniq)
            dis += done != uniq
        rows[size] = (len(boards), fu, sa, dis)
    return rows


def probe_unique(scale):
    r = _probe_unique(scale)
    df = _df([list(v) for v in r.values()], [_lab(k) for k in r],
             ["boards", "probe finishes & unique", "probe stalls & ambiguous", "disagreements"], "board")
    df.attrs["n"] = r[4][0]
    return df


# ------------------------------------------------------------ 3. stack
STACK_ROWS = [(8, 20), (8, 30), (8, 40), (10, 20), (10, 30), (10, 40)]


def stack(scale):
    N = scales.pick(scale, smoke=1, book=10, article=40)
    rows, idx = [], []
    for size, pct in STACK_ROWS:
        rng = np.random.default_rng([SEED, size, pct])
        acc = np.zeros(len(RUNGS))
        for a in answers(size, N, f"stack{pct}"):
            p = _reveal(a, pct / 100, rng)
            acc += [_pinned(_fix(p, lvl)) for lvl in RUNGS]
        rows.append(acc / N)
        idx.append(f"{_lab(size)}, {pct}%")
    df = _df(rows, idx, [f"{r} %" for r in RUNGS], "board, reveal")
    df.attrs["n"] = N
    return df


def _fix(p, lvl, without=()):
    s = initial_state(p)
    LADDER.fixpoint(s, lvl, without)
    return s


# ------------------------------------------------------------ 4. ablation
ABL_COLS = ["cells pinned %", "fixpoints moved", "pin scans", "link scans", "edge runs", "probes"]


def ablation(scale):
    N = scales.pick(scale, smoke=1, book=6, article=12)
    rng = np.random.default_rng([SEED, 10, 25])
    boards = [_reveal(a, 0.25, rng) for a in answers(10, N, "ablation")]
    rows, idx = [], []
    full = None
    for var in ["full"] + [f"−{r}" for r in RUNGS] + ["−link −probe"]:
        without = () if var == "full" else tuple(v[1:] for v in var.split())
        pinned, moved, cnt = 0.0, 0, dict.fromkeys(["pin scans", "link scans", "edge runs", "probes"], 0)
        finals = []
        for p in boards:
            s = initial_state(p)
            res = LADDER.fixpoint(s, "probe", without)
            pinned += _pinned(s)
            finals.append(s.bits.copy())
            for k in cnt:
                cnt[k] += res.counters.get(k, 0)
        if full is None:
            full = finals
            mv = "—"
        else:
            mv = f"{sum(not np.array_equal(a, b) for a, b in zip(full, finals))} / {N}"
        rows.append([pinned / N, mv, *cnt.values()])
        idx.append(var)
    df = _df(rows, idx, ABL_COLS, "10×10, variant")
    df.attrs["n"] = N
    return df


# ------------------------------------------------------------ 5. ink
@lru_cache(maxsize=None)
def _ink(scale):
    N = scales.pick(scale, smoke=2, book=20, article=40)
    out = {}
    for size in SIZES:
        rng = np.random.default_rng([SEED, size, 5])
        adv, rnd = [], []
        for a in answers(size, N, "ink"):
            adv.append(len(adversarial(a, "edge", rng)))
            rnd.append(reveal_until_unique(a, rng)[0])
        out[size] = (np.array(adv), np.array(rnd))
    return out


def ink(scale):
    rows, idx = [], []
    for size, (adv, rnd) in _ink(scale).items():
        n = size * size
        a, r = float(np.median(adv)), 100 * float(np.median(rnd)) / n
        rows.append([a, 100 * a / n, r, r / (100 * a / n)])
        idx.append(_lab(size))
    df = _df(rows, idx, ["adversarial edge level", "as % of cells",
                         "random reveal until unique (median) %", "ratio"], "board")
    df.attrs["n"] = len(adv)
    return df


def ink_probe(scale):
    N = scales.pick(scale, smoke=1, book=2, article=12)
    rng = np.random.default_rng([SEED, 10, 55])
    k = [len(adversarial(a, "probe", rng, reveal_level="edge")) for a in answers(10, N, "ink")]
    df = _df([[float(np.median(k)), 100 * float(np.median(k)) / 100]], ["10×10"],
             ["adversarial probe level", "as % of cells"], "board")
    df.attrs["n"] = N
    return df


@lru_cache(maxsize=None)
def _pin_wall(scale):
    N = scales.pick(scale, smoke=3, book=20, article=40)
    out = {}
    for size in (4, 6):
        rng = np.random.default_rng([SEED, size, 1])
        out[size] = [len(adversarial(a, "pin", rng)) for a in answers(size, N, "ink")]
    return out


def pin_wall(scale):
    r = _pin_wall(scale)
    return _df([[min(v), max(v), k * k] for k, v in r.items()], [_lab(k) for k in r],
               ["numbers needed (fewest)", "numbers needed (most)", "cells"], "board")


# ------------------------------------------------------------ 6. certificate
@lru_cache(maxsize=None)
def _cert(scale):
    target = scales.pick(scale, smoke=3, book=30, article=60)
    out = {}
    for size in SIZES:
        rng = np.random.default_rng([SEED, size, 6])
        amb = expl = uniq = false = bad = 0
        while amb < target:
            a = random_answer(size, size, rng)
            p = _reveal(a, 0.20, rng)
            second = reversal(p, a)
            bad += second is not None and (is_answer(second.grid, size, size) is False
                                           or second.to_json() == a.to_json())
            if brute_count(p, 2) == 1:
                uniq += 1
                false += second is not None
            else:
                amb += 1
                expl += second is not None
        out[size] = (amb, expl, uniq, false, bad)
    return out


def certificate(scale):
    r = _cert(scale)
    df = _df([[100 * e / a, a, u] for a, e, u, f, _ in r.values()], [_lab(k) for k in r],
             ["explained by one reversal %", "ambiguous boards (ours)", "unique boards (ours)"], "board")
    df.attrs["n"] = {_lab(k): v[0] for k, v in r.items()}
    return df


def false_alarms(scale):
    r = _cert(scale)
    return _df([[f + b, u] for a, e, u, f, b in r.values()], [_lab(k) for k in r],
               ["false alarms", "unique boards checked (ours)"], "board")


# ------------------------------------------------------------ 7. backbite
@lru_cache(maxsize=None)
def _backbite(scale):
    draws = 200
    out = {}
    for mpc in (0, 1, 4, 16, 60):
        rng = np.random.default_rng([SEED, 7, mpc])
        acc = tot = 0
        tn, seen, legal = [], set(), True
        for _ in range(draws):
            p, k = backbite(snake(10, 10), 10, 10, mpc * 100, rng)
            acc += k
            tot += mpc * 100
            tn.append(turns(p, 10))
            seen.add(p.tobytes())
            legal &= is_answer(Answer.from_path(10, 10, p).grid, 10, 10)
        out[mpc] = (100 * acc / tot if tot else np.nan, float(np.mean(tn)), len(seen), legal)
    return out


def backbite_table(scale):
    r = _backbite(scale)
    df = _df([list(v[:3]) for v in r.values()], list(r),
             ["accepted %", "turns in the answer", "distinct answers in 200 draws"], "moves per cell")
    df.attrs["n"] = 200
    return df


# ------------------------------------------------------------ 8. ledgers
def paths(scale):
    return _df([[cen.directed_paths(k, k)] for k in (3, 4, 5, 6)], [_lab(k) for k in (3, 4, 5, 6)],
               ["directed Hamiltonian paths"], "board")


def cycles(scale):
    return _df([[cen.cycles(k, k)] for k in (3, 4, 5, 6)], [_lab(k) for k in (3, 4, 5, 6)],
               ["Hamiltonian cycles"], "board")


def ladder2(scale):
    ms = range(2, 9)
    return _df([[cen.ladder_paths(m), cen.ladder_closed_form(m)] for m in ms], list(ms),
               ["undirected paths", "m² − m + 2"], "m")



# ------------------------------------------------------------ the article's figures
def _art(rows, index, columns, name):
    return _df(rows, index, columns, name)


_A = {
    "colour": _art([[100.0, 100.0, 0.0], [96.9, 43.0, 1.6], [93.9, 36.9, 3.3], [88.0, 27.7, 6.8],
                    [76.8, 13.5, 17.5], [98.0, 44.4, 1.0], [84.7, 19.5, 9.8]],
                   [f"{_lab(s)}, {k} printed" for s, k in COLOUR_ROWS],
                   ["after pin %", "after link %", "cells pinned %"], "board"),
    "ruler": _art([[2851, 55.8, 57.3, 0], [20904, 63.3, 64.9, 0], [75417, 56.4, 57.8, 0],
                   [196219, 59.4, 61.2, 0]], [_lab(k) for k in SIZES],
                  ["bits after pin alone", "pinned by pin+ruler %", "pinned by pin+link %",
                   "bits ruler deletes after link"], "board"),
    "stack": _art([[20.9, 43.3, 47.5, 53.5, 74.7], [30.7, 71.9, 74.5, 84.6, 88.8],
                   [40.6, 86.6, 87.4, 94.1, 96.9], [21.0, 47.0, 50.7, 61.5, 77.8],
                   [31.5, 78.8, 80.2, 88.6, 93.4], [41.4, 90.6, 91.3, 97.3, 97.9]],
                  [f"{_lab(s)}, {p}%" for s, p in STACK_ROWS], [f"{r} %" for r in RUNGS],
                  "board, reveal"),
    "ablation": _art([[84.9, "—", 496439, 471796, 4484, 1763], [84.9, "0 / 12", 0, 556574, 5250, 1763],
                      [37.3, "12 / 12", 26300, 0, 263, 72], [84.9, "1 / 12", 714182, 687840, 6726, 2015],
                      [84.9, "1 / 12", 703965, 660469, 0, 2520], [74.3, "9 / 12", 11300, 11300, 113, 0]],
                     ["full"] + [f"−{r}" for r in RUNGS], ABL_COLS, "10×10, variant"),
    "ink": _art([[3, 18.8, 31.0, 1.7], [6, 16.7, 22.0, 1.3], [10, 15.6, 30.0, 1.9], [15, 15.0, 49.0, 3.3]],
                [_lab(k) for k in SIZES], ["adversarial edge level", "as % of cells",
                                           "random reveal until unique (median) %", "ratio"], "board"),
    "ink_probe": _art([[12, 12.0]], ["10×10"], ["adversarial probe level", "as % of cells"], "board"),
    "pin_wall": _art([[15, 15, 16], [35, 35, 36]], ["4×4", "6×6"],
                     ["numbers needed (fewest)", "numbers needed (most)", "cells"], "board"),
    "certificate": _art([[83.3], [70.0], [63.3], [58.3]], [_lab(k) for k in SIZES],
                        ["explained by one reversal %"], "board"),
    "false_alarms": _art([[0], [0], [0]], [_lab(k) for k in SIZES[:3]], ["false alarms"], "board"),
    "backbite": _art([[np.nan, 18.0, 1], [69.8, 33.1, 200], [71.7, 50.9, 200], [71.8, 55.9, 200],
                      [72.0, 55.4, 200]], [0, 1, 4, 16, 60],
                     ["accepted %", "turns in the answer", "distinct answers in 200 draws"], "moves per cell"),
    "paths": _art([[40], [552], [8648], [458696]], [_lab(k) for k in (3, 4, 5, 6)],
                  ["directed Hamiltonian paths"], "board"),
    "cycles": _art([[0], [6], [0], [1072]], [_lab(k) for k in (3, 4, 5, 6)], ["Hamiltonian cycles"], "board"),
    "ladder2": _art([[v, v] for v in (4, 8, 14, 22, 32, 44, 58)], list(range(2, 9)),
                    ["undirected paths", "m² − m + 2"], "m"),
    "probe_unique": _art([[40, 21, 19, 0], [40, 16, 24, 0], [40, 7, 33, 0], [40, 6, 34, 0]],
                         [_lab(k) for k in SIZES],
                         ["boards", "probe finishes & unique", "probe stalls & ambiguous", "disagreements"],
                         "board"),
}

_N = {
    "colour": "The article does not say how many answers it sampled; compared with the default tolerance.",
    "ruler": "Our boards: random answers with 30% of the numbers revealed at random; the article does "
             "not say how its 160 boards were clued, so the bits and pinned shares are not like for "
             "like. The last column is a theorem: ruler deletes nothing after link.",
    "stack": "Random reveals of the stated share; the article does not give its sample size.",
    "ablation": "Ours: 10×10 boards with 25% revealed at random. Work counters are in each "
                "implementation's own units (our pin and link scans count cells per call).",
    "ink": "Medians over our sample.",
    "ink_probe": "The reveal phase runs at edge (cheaper), the take-back at probe.",
    "pin_wall": "A theorem, so an exact table: pin pins a cell only when printed or the last one left.",
    "false_alarms": "A theorem (a reversal that fires is a second answer), so an exact table. The "
                    "article checked 35, 24 and 3 unique boards and had none on 10×10.",
    "certificate": "The article used 60 ambiguous boards per size. Ours: random answers with 20% revealed at random, drawn until the stated number "
                   "of ambiguous boards; the unique boards met on the way are the false-alarm check.",
    "backbite": "200 draws from the snake at every scale.",
    "probe_unique": "The same 30%-reveal boards as the ruler table.",
}

TABLES = [
    Table("colour", "One number colours the whole board", "Surviving cell×number pairs on random answers",
          "sampled", _A["colour"], colour, None, _N["colour"], SOURCE),
    Table("ruler", "The ruler rung that pays nothing", "Ruler against link", "sampled",
          _A["ruler"], ruler, 40, _N["ruler"], SOURCE),
    Table("stack", "What survives the argument is distinctness", "Stacking rungs from the bottom (cells pinned)",
          "sampled", _A["stack"], stack, None, _N["stack"], SOURCE),
    Table("ablation", "One load-bearing rung, three accelerators", "Ablation on 10×10", "sampled",
          _A["ablation"], ablation, 12, _N["ablation"], SOURCE),
    Table("ink", "Ink, spent well and spent badly", "Adversarial against random ink", "sampled",
          _A["ink"], ink, None, _N["ink"], SOURCE),
    Table("ink_probe", "Ink, spent well and spent badly", "Adversarial ink at the probe level",
          "sampled", _A["ink_probe"], ink_probe, None, _N["ink_probe"], SOURCE),
    Table("pin_wall", "Ink, spent well and spent badly", "The pin wall", "exact",
          _A["pin_wall"], pin_wall, None, _N["pin_wall"], SOURCE),
    Table("certificate", "Reading a second answer off the answer", "The reversal certificate",
          "sampled", _A["certificate"], certificate, 60, _N["certificate"], SOURCE),
    Table("false_alarms", "Reading a second answer off the answer", "False alarms on unique boards",
          "exact", _A["false_alarms"], false_alarms, None, _N["false_alarms"], SOURCE),
    Table("backbite", "Sampling an answer without ever searching for one", "Backbite on 10×10",
          "sampled", _A["backbite"], backbite_table, 200, _N["backbite"], SOURCE),
    Table("paths", "The external ledger", "Directed Hamiltonian paths (OEIS A096969)", "exact",
          _A["paths"], paths, None, "", SOURCE + "; OEIS A096969"),
    Table("cycles", "The external ledger", "Hamiltonian cycles (OEIS A003763)", "exact",
          _A["cycles"], cycles, None, "", SOURCE + "; OEIS A003763"),
    Table("ladder2", "The external ledger", "Hamiltonian paths of the 2×m ladder", "exact",
          _A["ladder2"], ladder2, None, "", SOURCE),
    Table("probe_unique", "probe ⇔ unique", "Probe completion against uniqueness", "sampled",
          _A["probe_unique"], probe_unique, 40, _N["probe_unique"], SOURCE),
]



# ------------------------------------------------------------ claims
def _c_parity_colour(scale):
    odd, even, bc, be = _parity(scale)
    return bc == 0, f"value parity matched cell colour on {odd + even - bc} of {odd + even} answers"


def _c_parity_ends(scale):
    odd, even, bc, be = _parity(scale)
    return be == 0, f"{odd} odd and {even} even boards, {be} exceptions"


def _c_chessboard_once(scale):
    t = ARTICLE.measure("colour", scale)["after link %"]
    first = t.iloc[0] - t.iloc[1]
    rest = t.iloc[1] - t.iloc[4]
    return first > rest, (f"8×8: the first number leaves {t.iloc[1]:.1f}% of pairs "
                          f"(−{first:.1f} points), the next seven only −{rest:.1f} more")


def _c_ruler(scale):
    t = ARTICLE.measure("ruler", scale)
    k = int(t["bits ruler deletes after link"].sum())
    gap = (t["pinned by pin+link %"] - t["pinned by pin+ruler %"])
    return k == 0, f"ruler deleted {k} bits after link; link pins {gap.min():.1f}–{gap.max():.1f} points more"


def _c_link_reach(scale):
    t = ARTICLE.measure("ablation", scale)["cells pinned %"]
    drop = t.iloc[0] - t
    ok = drop.idxmax() == "−link" and all(abs(drop[v]) < 1.0 for v in ("−pin", "−block", "−edge"))
    return ok, f"full {t.iloc[0]:.1f}%, without link {t['−link']:.1f}%, without probe {t['−probe']:.1f}%"


def _c_pin_wall(scale):
    r = _pin_wall(scale)
    ok = all(set(v) == {k * k - 1} for k, v in r.items())
    return ok, "; ".join(f"{_lab(k)}: {min(v)}–{max(v)} numbers over {len(v)} boards" for k, v in r.items())


def _c_ink(scale):
    t = ARTICLE.measure("ink", scale)
    ok = bool((t["as % of cells"] < t["random reveal until unique (median) %"]).all())
    return ok, "adversarial share " + ", ".join(f"{i} {v:.1f}%" for i, v in t["as % of cells"].items())


def _c_cert(scale):
    r = _cert(scale)
    bad = sum(v[3] + v[4] for v in r.values())
    return bad == 0, (f"{sum(v[2] for v in r.values())} unique boards, {bad} false alarms; every "
                      f"certificate a legal second answer")


def _c_single(scale):
    a, tried, legal = single_cell_proof(4, 4)
    return legal == 0, f"{a} answers × 16 cells × 15 numbers = {tried:,} changes, {legal} legal"


def _c_backbite(scale):
    r = _backbite(scale)
    return all(v[3] for v in r.values()) and r[16][2] == 200, (
        f"every draw a Hamiltonian path; distinct answers at 16 moves per cell: {r[16][2]} of 200")


def _c_probe(scale):
    r = _probe_unique(scale)
    d = sum(v[3] for v in r.values())
    return d == 0, f"{sum(v[0] for v in r.values())} boards, {d} disagreements"


def _c_engines(scale):
    from ..core.genre import ladder_count
    from . import SPEC
    n = bad = 0
    for size in (4, 6):
        for p in _stream30(scale)[size]:
            n += 1
            bad += ladder_count(SPEC, p, limit=3, level="edge").count != min(brute_count(p, 3), 3)
    return bad == 0, f"{n} boards, {bad} count disagreements"


def _c_ledgers(scale):
    ok = all(cen.directed_paths(k, k) == cen.A096969[k] for k in (3, 4, 5, 6)) and \
        cen.cycles(4, 4) == 6 and cen.cycles(6, 6) == 1072
    return ok, "A096969 and A003763 reproduced"


CLAIMS = [
    Claim("parity_colour", "One number colours the whole board", "value parity ≡ cell colour", _c_parity_colour, True),
    Claim("parity_ends", "One number colours the whole board",
          "odd boards: ends on one colour; even boards: opposite colours", _c_parity_ends, True),
    Claim("chessboard_once", "One number colours the whole board",
          "the first printed number does more than the next seven", _c_chessboard_once),
    Claim("ruler_redundant", "The ruler rung that pays nothing", "ruler deletes nothing after link", _c_ruler, True),
    Claim("link_carries_reach", "One load-bearing rung, three accelerators",
          "only link carries reach", _c_link_reach),
    Claim("pin_wall", "Ink, spent well and spent badly", "pin needs n−1 numbers", _c_pin_wall, True),
    Claim("adversarial_ink", "Ink, spent well and spent badly",
          "adversarial ink beats random reveal at every size", _c_ink),
    Claim("certificate_sound", "Reading a second answer off the answer",
          "no false alarms", _c_cert, True),
    Claim("single_cell", "Reading a second answer off the answer",
          "a single cell never changes alone (4×4, exhaustive)", _c_single, True),
    Claim("backbite", "Sampling an answer without ever searching for one",
          "backbite always yields a path; 16 moves per cell give 200 distinct answers", _c_backbite),
    Claim("engines_agree", "The external ledger", "ladder search and raw engine agree", _c_engines, True),
    Claim("ledgers", "The external ledger", "published sequences reproduced", _c_ledgers, True),
    Claim("probe_iff_unique", "probe ⇔ unique", "probe finishes exactly on unique boards", _c_probe),
]

ARTICLE = Article("numbrix", SOURCE, TABLES, CLAIMS)
