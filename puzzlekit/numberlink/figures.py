"""What "Numberlink in the browser with a four-rung solver" (SEN LLC, puzzle
#54 of a solver series) prints in its tables and sentences: each figure's text
exactly as printed and the article line that holds it, under row keys of our
own tables.  Sample sizes are kept only where the article itself prints them
(the bucket sizes, "800 each", "2,488 comparisons", "36 / 40")."""
from __future__ import annotations

from ..core.tables.printed import Figure, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "PARITY", "SINGLE_PAIR", "TAUT_LOOSE", "BY_PAIRS",
           "REACH_RUNGS", "BRANCH_POINTS", "REACH_VS_CHAIN", "RULE3_OFF", "LEDGER", "ENGINES"]

SOURCE = "Numberlink in the browser with a four-rung solver (SEN LLC, puzzle #54)"
#: Where the article is: its repository (line 23).
URL = "https://github.com/sen-ltd/numberlink"
#: The article's section headings, as printed (lines 2-12).
SECTIONS = ("Rules", "The identity that only mentions the clues",
            "Necessary, and not sufficient. The witness is 2×3",
            "The convention turns out to be nearly all of the uniqueness",
            "Four rungs, and one of them never fires",
            "Dropping \"every cell is used\" changes almost nothing",
            "Generation: answer first, then repair", "Counting the grids themselves",
            "The bug that inverted a conclusion", "Two engines", "Takeaways")

# Lines 62-64: "every partition of the 3×4 and 4×4 grids — 102,749 of them, zero violations"
# and "extends it to 2×3, 3×3 and 3×5 for 137,789 in total" (no violation count printed).
PARITY = printed(
    "boards", ["partitions", "violations"],
    {"3×4 and 4×4": (63, "102,749", "zero"),
     "with 2×3, 3×3, 3×5": (64, "137,789", "—")})

SINGLE_PAIR = printed(
    "board", ["solvable", "no answer"],
    {"2×2": (85, "4", "0"), "2×3": (86, "8", "1"), "2×4": (87, "14", "2"),
     "2×5": (88, "22", "3"), "3×3": (89, "10", "0"), "3×4": (90, "29", "7"),
     "3×5": (91, "28", "0"), "4×4": (92, "64", "0")})

# Lines 106-107: "800 each", "0.0% unique", "72.8% unique"; the shares are read from their
# numbers, the sample size from "800 each".
TAUT_LOOSE = printed(
    "board", ["loose unique %", "taut unique %", "partitions sampled"],
    {"7×7": (106, "0.0%", "72.8%", "800 each"), "9×9": (107, "0.0%", "58.7%", "300 each")},
    n={"7×7": (800, 106), "9×9": (300, 107)})

# Lines 117-121: "0.1% of 1274" and the like: a share and its bucket's size.
_BUCKETS = {5: (117, "0.1%", 1274, "40.0%", 55), 6: (118, "0.0%", 1079, "54.8%", 301),
            7: (119, "0.4%", 571, "72.4%", 909), 8: (120, "0.9%", 229, "85.3%", 1153),
            9: (121, "1.3%", 77, "89.9%", 936)}
BY_PAIRS = printed(
    "pairs", ["unique %"],
    {**{f"{k}, loose": (line, loose) for k, (line, loose, _, _, _) in _BUCKETS.items()},
     **{f"{k}, taut": (line, taut) for k, (line, _, _, taut, _) in _BUCKETS.items()}},
    n={**{f"{k}, loose": (n, line) for k, (line, _, n, _, _) in _BUCKETS.items()},
       **{f"{k}, taut": (n, line) for k, (line, _, _, _, n) in _BUCKETS.items()}})

REACH_RUNGS = printed(
    "board", ["deg", "chain", "reach", "probe"],
    {"7×7": (148, "8.4%", "76.7%", "76.7%", "100%"),
     "9×9": (149, "4.5%", "53.6%", "53.6%", "100%")})

# Line 157: "one 7×7 board and all 36 9×9 boards hit a 300,000-branch cap, so the deg row is a
# lower bound."
BRANCH_POINTS = printed(
    "board", ["deg", "chain", "reach", "probe", "deg capped"],
    {"7×7": (154, "3,306,784 *", "172", "172", "0", read("one 7×7 board", 157)),
     "9×9": (155, "10,800,036 *", "2,827", "2,827", "0", read("all 36 9×9 boards", 157))})

# Lines 161-163: "Across 2,488 comparisons ... reach has never once reached a different
# conclusion than chain."
REACH_VS_CHAIN = printed(
    "comparison", ["different conclusion %", "comparisons"],
    {"chain vs reach": (163, "never", read("2,488", 161))},
    n={"chain vs reach": (2488, 161)})

RULE3_OFF = printed(
    "board", ["still unique %", "median routings"],
    {"7×7": (174, "36 / 40", "1"), "9×9": (175, "31 / 36", "1")})

# Lines 206-208, one row of counts a line; lines 210-214: the 2×n row "satisfies
# a(n) = 5a(n−1) − 2a(n−2) − 2a(n−3) + 2a(n−4) for every term computed" (fitted on four).
_LEDGER_LINES = {2: (206, "1, 6, 26, 118, 528, 2364, 10580, 47352, 211928, 948504, 4245120, "
                          "18999440"),
                 3: (207, "1, 26, 242, 3113, 34772, 412016, 4758383"),
                 4: (208, "2, 118, 3113, 99636, 2993923")}
_FIT = read("for every term computed", 214, means="yes")
LEDGER = printed(
    "grid", ["partitions", "recurrence"],
    {f"{h}×{n}": (line, text, _FIT if h == 2 and n >= 5 else "—")
     for h, (line, texts) in _LEDGER_LINES.items()
     for n, text in enumerate(texts.split(", "), 1)})

# Lines 251-252: "They agree on the answer count for 400 random boards on 3×3 through 4×4, and
# on which parity-impossible placements have no answer at all."
ENGINES = printed(
    "boards", ["agreed %"],
    {"random 3×3 to 4×4": (251, Figure("agree on the answer count for 400 random boards", 251,
                                       100.0, 0.0, 100.0, 100.0, 400, 400)),
     "parity-impossible placements": (252, Figure("parity-impossible placements have no "
                                                  "answer at all", 252, 100.0, 0.0, 100.0,
                                                  100.0))},
    n={"random 3×3 to 4×4": (400, 251)})
