"""The figures of "Yajisan-Kazusan: a clue is allowed to lie" (SEN LLC, puzzle
#51 of a solver series) as the article prints them, each with the line of the
article it stands on.  Row keys are ours (they index our tables); the texts
are the article's.  A sample size appears only where the article prints one,
with its line."""
from __future__ import annotations

from ..core.tables.printed import Figure, count, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS",
           "REACH", "LIAR_THEOREM", "DIALECTS_SPARSE", "DIALECTS_PACKED",
           "LIARS", "LIAR_DROPS", "MINIMUMS", "PROBE_UNIQUE", "ABLATION", "SECOND", "LEDGERS",
           "DENSITY", "LINE_DP", "ABLATION_SIZES"]

SOURCE = "Yajisan-Kazusan — a clue is allowed to lie (SEN LLC, solver series #51)"
#: Where the article is: its repository (line 25).
URL = "https://github.com/sen-ltd/yajisan-kazusan"
#: The article's section headings, as printed (lines 2-14).
SECTIONS = ("Rules", "The contrapositive is the engine", "A clue set always exists",
            "An all-liar clue set works exactly on maximal answers",
            "The honest dialect is the weaker one",
            "Four clues in ten are liars, and not one of them is spare",
            "`probe` and uniqueness agree exactly",
            "Ablation: the row that argues with the headline",
            "How far away is the second answer", "External ledgers", "The five rungs",
            "Generation")




REACH = printed(
    "size", ["boards", "adj %", "cap %", "ray %", "white %", "probe %"],
    {"6×6": (53, "40", "0.0%", "32.4%", "52.9%", "59.6%", "100.0%"),
     "8×8": (54, "40", "0.0%", "37.7%", "58.0%", "67.1%", "100.0%"),
     "10×10": (55, "30", "0.0%", "34.2%", "59.7%", "64.3%", "100.0%")},
    n={"6×6": (40, 53), "8×8": (40, 54), "10×10": (30, 55)})


def _liar_row(line: int, maximal: int, non_maximal: int):
    """One row of lines 108-116: 60 answers, the maximal ones (all unique)
    and the non-maximal ones; line 118: "none of the 339 non-maximal ones"
    is unique."""
    return (line, "60", count(str(maximal), line, number=maximal, of=60),
            count(str(maximal), line, number=maximal, of=maximal), str(non_maximal),
            read("none", 118))


_LIAR_ROWS = {(5, "0.18"): (108, 0, 60), (5, "0.24"): (109, 7, 53), (5, "packed"): (110, 60, 0),
              (6, "0.18"): (111, 0, 60), (6, "0.24"): (112, 10, 50), (6, "packed"): (113, 60, 0),
              (7, "0.18"): (114, 0, 60), (7, "0.24"): (115, 4, 56), (7, "packed"): (116, 60, 0)}
LIAR_THEOREM = printed(
    "size, density", ["answers", "maximal %", "of those, unique %", "non-maximal",
                      "non-maximal unique"],
    {f"{n}×{n} {d}": _liar_row(*row) for (n, d), row in _LIAR_ROWS.items()},
    n={f"{n}×{n} {d}": (60, row[0]) for (n, d), row in _LIAR_ROWS.items()})

_DIALECT = ["boards", "maximal %", "free-choice clues", "liar-only works %"]
DIALECTS_SPARSE = printed(
    "size", [*_DIALECT, "honest-only works %", "honest-only clues"],
    {"6×6": (125, "40", "0.0%", "11.9", "0.0%", "22.5%", "14.1"),
     "8×8": (126, "40", "0.0%", "21.1", "0.0%", "10.0%", "23.0")},
    n={"6×6": (40, 125), "8×8": (40, 126)})

DIALECTS_PACKED = printed(
    "size", [*_DIALECT, "liar-only clues", "honest-only works %", "honest-only clues"],
    {"6×6": (131, "40", "100%", "10.4", "100%", "10.4", "57.5%", "11.1"),
     "8×8": (132, "30", "100%", "17.5", "100%", "18.3", "16.7%", "18.6")},
    n={"6×6": (40, 131), "8×8": (30, 132)})

LIARS = printed(
    "size", ["boards", "clues", "exempt", "exempt share %", "unsayable", "share %",
             "exempt but accidentally true"],
    {"6×6": (148, "40", "478", "217", "45.4%", "90", "18.8%", "20"),
     "8×8": (149, "40", "842", "366", "43.5%", "184", "21.9%", "26"),
     "10×10": (150, "30", "931", "379", "40.7%", "206", "22.1%", "25")})

# Line 165: "961 liars removed one at a time, and not once did the board stay unique".
_NOT_ONCE = Figure("not once", 165, 0.0, 0.0, 0.0, 0.0)
LIAR_DROPS = printed(
    "size", ["exempt clues tried", "answers after the drop (median)", "max", "stayed unique"],
    {"6×6": (161, "217", "8", "200+", _NOT_ONCE),
     "8×8": (162, "366", "10", "200+", _NOT_ONCE),
     "10×10": (163, "378", "11", "200+", _NOT_ONCE)},
    n={"6×6": (217, 161), "8×8": (366, 162), "10×10": (378, 163)})


def _grades(line: int, boards: int, probe: int, white: int):
    """The grade histogram of lines 181-183 ("probe:35 white:5") as shares of
    the row's boards; a grade it does not list (ray) has none."""
    text = f"probe:{probe} white:{white}"
    return (count(f"probe:{probe}", line, number=probe, of=boards),
            count(f"white:{white}", line, number=white, of=boards),
            count(text, line, number=0, of=boards))


MINIMUMS = printed(
    "size", ["boards", "unique-min", "solve-min", "ratio", "graded probe %", "graded white %",
             "graded ray %"],
    {"6×6": (181, "40", "11.9", "11.9", "1.00", *_grades(181, 40, 35, 5)),
     "8×8": (182, "40", "21.1", "21.1", "1.00", *_grades(182, 40, 32, 8)),
     "10×10": (183, "30", "31.0", "31.0", "1.00", *_grades(183, 30, 26, 4))},
    n={"6×6": (40, 181), "8×8": (40, 182), "10×10": (30, 183)})

PROBE_UNIQUE = printed(
    "size", ["prefixes", "probe completes", "unique", "agree %", "probe not unique",
             "unique not probe"],
    {"6×6": (191, "358", "40", "40", "100.0%", "0", "0"),
     "8×8": (192, "360", "40", "40", "100.0%", "0", "0")},
    n={"6×6": (358, 191), "8×8": (360, 192)})

#: The bank's boards per size, as the reach table prints them (lines 53-55).
ABLATION_SIZES = {6: (40, 53), 8: (40, 54), 10: (30, 55)}
_ABLATION_ROWS = {  # size: first line, then per variant its five figures
    6: (203, [("1440", "0", "436", "0", "0"), ("127", "40", "3892", "2,387,173", "39"),
              ("1421", "1", "2040", "4", "0"), ("1339", "6", "2210", "28", "0"),
              ("1106", "37", "1652", "4854", "0"), ("858", "35", "0", "426", "0")]),
    8: (209, [("2560", "0", "800", "0", "0"), ("244", "40", "7358", "2,400,558", "40"),
              ("2492", "2", "3828", "10", "0"), ("2324", "8", "4110", "208", "0"),
              ("2072", "38", "2512", "23,674", "0"), ("1717", "32", "0", "2244", "0")]),
    10: (215, [("3000", "0", "840", "0", "0"), ("252", "30", "8476", "1,800,166", "30"),
               ("2957", "1", "4642", "2", "0"), ("2474", "20", "6510", "790", "0"),
               ("2661", "25", "2328", "22,448", "0"), ("1928", "26", "0", "7478", "0")])}
_VARIANTS = ("full", "−adj", "−cap", "−ray", "−white", "−probe")
ABLATION = printed(
    "size, variant", ["fixpoint bits", "boards moved", "probes", "search assumptions",
                      "over budget"],
    {f"{n}×{n} {v}": (first + i, *texts) for n, (first, rows) in _ABLATION_ROWS.items()
     for i, (v, texts) in enumerate(zip(_VARIANTS, rows))},
    n={f"{n}×{n} {v}": ABLATION_SIZES[n] for n in _ABLATION_ROWS for v in _VARIANTS})

SECOND = printed(
    "size", ["ambiguous boards", "cells moved (avg)", "≤2 %", "3–4 %", "≥5 %", "on a clue %"],
    {"6×6": (251, "40", "3.13", "45.0%", "37.5%", "17.5%", "40.8%"),
     "8×8": (252, "40", "5.53", "25.0%", "22.5%", "52.5%", "38.9%"),
     "10×10": (253, "30", "4.17", "43.3%", "23.3%", "33.3%", "31.2%")})

# Line 277: the transfer matrix "still answers for 7×7 (1,280,128,950)"; lines 280-281: "the
# n×n diagonal becomes 1, 5, 39, 562, / 20297" (split over two lines, so two rows here);
# line 287: "4 for every n ≥ 3 (1 for n=1, 3 for n=2)".
LEDGERS = printed(
    "grid", ["counts"],
    {"n×n, n=1..5": (270, read("2, 7, 63, 1234, 55447", 270, means="2, 7, 63, 1234, 55447")),
     "2×n, n=1..8": (271, read("3, 7, 17, 41, 99, 239, 577, 1393", 271,
                               means="3, 7, 17, 41, 99, 239, 577, 1393")),
     "3×n, n=1..7": (272, read("5, 17, 63, 227, 827, 2999, 10897", 272,
                               means="5, 17, 63, 227, 827, 2999, 10897")),
     "7×7, transfer matrix": (277, "1,280,128,950"),
     "connected n×n, n=1..4": (280, read("1, 5, 39, 562", 280, means="1, 5, 39, 562")),
     "connected 5×5": (281, "20297"),
     "connected 1×n, n=1..8": (287, read("4 for every n ≥ 3 (1 for n=1, 3 for n=2)", 287,
                                         means="1, 3, 4, 4, 4, 4, 4, 4"))})

DENSITY = printed(
    "density", ["avg shaded", "maximal %", "answers with no clues", "clues for uniqueness"],
    {"0.14": (338, "5.0", "0.0%", "1,646,096", "12.8"),
     "0.18": (339, "6.0", "0.0%", "1,646,096", "12.9"),
     "0.22": (340, "8.0", "0.0%", "1,646,096", "11.8"),
     "packed": (341, "10.3", "100%", "1,646,096", "10.3")})

# Lines 320-322: "the largest reachable total is ⌈L/2⌉; the tests check that for L = 0..10".
LINE_DP = printed(
    "L", ["DP maximum"],
    {L: (321, read("⌈L/2⌉", 321, means=str((L + 1) // 2))) for L in range(11)})
