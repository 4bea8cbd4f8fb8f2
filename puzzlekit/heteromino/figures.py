"""The figures of "Heteromino" (SEN LLC, puzzle #56 of a solver series) as the
article prints them, each with the line of the article it stands on.  Row keys
are ours (they index our tables); the texts are the article's.  A sample size
appears only where the article prints one, with its line."""
from __future__ import annotations

from ..core.tables.printed import printed, read
from .census import LEDGER

__all__ = ["SOURCE", "URL", "SECTIONS", "WALL", "CENSUS", "FEWEST", "RANDOM", "WALKER", "BRANCH",
           "REACH", "CANDIDATES", "ABLATION", "SHAPES_BANK", "SHAPES_BLANK", "MOVES",
           "LEDGER_TABLE", "BANK_LINES"]

SOURCE = "Heteromino (SEN LLC, solver series #56)"
#: Where the article is: its repository (line 28).
URL = "https://github.com/sen-ltd/heteromino"
#: The article's section headings, as printed (lines 3-10).
SECTIONS = ("For the first time in this series, the clue is not a written thing",
            "1. The blank board — one-row strips are almost all dead",
            "2. Two rows, and the answer is a power of two",
            "3. Clue space is thin — and small enough to enumerate",
            "4. A setter cannot scatter clues",
            "5. The main result — the ladder is flat, then falls off a cliff",
            "6. Dropping each half of the rule", "7. Two things I expected and did not get")

# Lines 55-58: "boards with at least one such pair 65 / 72 (90.3%)", "total pairs 263",
# "total pieces 1,968", "median / max per board 3 / 11".
WALL = printed(
    "bank", ["boards", "with a pair %", "pairs", "pieces", "median per board"],
    {"shipped boards": (55, "72", read("65 / 72", 55), read("263", 56), read("1,968", 57),
                        read("3", 58))},
    n={"shipped boards": (72, 55)})

CENSUS = printed(
    "board", ["clue sets", "no answer %", "many answers %", "exactly one %"],
    {"3×4, k=3": (119, "220", "37.3%", "20.0%", "42.7%"),
     "3×4, k=6": (120, "924", "79.7%", "1.6%", "18.7%"),
     "3×5, k=3": (121, "455", "34.3%", "42.9%", "22.9%"),
     "3×6, k=3": (122, "816", "28.2%", "54.2%", "17.6%"),
     "3×6, k=9": (123, "48,620", "91.8%", "1.1%", "7.1%"),
     "4×5, k=2": (124, "190", "2.1%", "90.5%", "7.4%"),
     "4×5, k=5": (125, "15,504", "57.9%", "20.0%", "22.1%"),
     "4×6, k=6": (126, "134,596", "65.6%", "18.8%", "15.6%"),
     "4×6, k=9": (127, "1,307,504", "89.5%", "3.3%", "7.2%"),
     "5×6, k=3": (128, "4,060", "4.6%", "93.5%", "1.9%"),
     "5×6, k=6": (129, "593,775", "48.2%", "40.1%", "11.7%"),
     "6×6, k=3": (130, "7,140", "2.6%", "97.0%", "0.3%"),
     "6×6, k=6": (131, "1,947,792", "33.7%", "58.7%", "7.6%")})

FEWEST = printed(
    "board", ["cells", "sparsest unique clue set", "density %"],
    {"3×4": (150, "12", "3", "25.0%"), "3×5": (151, "15", "3", "20.0%"),
     "4×4": (152, "16", "4", "25.0%"), "3×6": (153, "18", "3", "16.7%"),
     "4×5": (154, "20", "2", "10.0%"), "4×6": (155, "24", "3", "12.5%"),
     "5×5": (156, "25", "4", "16.0%"), "5×6": (157, "30", "3", "10.0%"),
     "6×6": (158, "36", "3", "8.3%")})

# Line 174: "On 12×12: 17 legal clue counts × 300 draws = 5,100 boards, and not one of them had
# exactly one answer" (the rate there is over all 5,100).
RANDOM = printed(
    "board", ["samples per clue count", "best clue count", "unique rate there %"],
    {"6×6": (169, "4,000", "9", "8.1%"), "8×8": (170, "1,500", "13", "1.5%"),
     "10×10": (171, "600", "22", "0.7%"), "12×12": (172, "300", "—", "0%")},
    n={"6×6": (4000, 169), "8×8": (1500, 170), "10×10": (600, 171), "12×12": (5100, 174)})

WALKER = printed(
    "board", ["sparsest clue set reached", "density %"],
    {"6×6": (202, "3", "8.3%"), "8×8": (203, "7", "10.9%"), "10×10": (204, "13", "13.0%"),
     "12×12": (205, "24", "16.7%")})

#: The bank's boards per size, as the branch table prints them (lines 213-214).
BANK_LINES = {"8×8": (40, 213), "12×12": (32, 214)}
BRANCH = printed(
    "bank", ["fit", "region", "hetero", "probe"],
    {"8×8": (213, "7,046", "6,547", "6,537", "0"),
     "12×12": (214, "103,060", "78,098", "77,459", "39")},
    n=BANK_LINES)

REACH = printed(
    "bank", ["fit %", "region %", "hetero %", "probe %"],
    {"8×8": (226, "2.1%", "2.1%", "2.1%", "100%"),
     "12×12": (227, "3.9%", "3.9%", "4.2%", "88.1%")},
    n=BANK_LINES)

# Line 232: "Each open cell begins with 9.5 candidate pieces on average".
CANDIDATES = read("9.5", 232)

# Lines 249-251: "0 / 72", "72 / 72" boards that stop being unique, then the count of those
# left with no answer; the counts are compared, out of the 72 boards the rows print.
ABLATION = printed(
    "rule set", ["stop being unique", "left with no answer"],
    {"nothing removed": (249, "0", "0"),
     "no same-shape rule": (250, "72", "0"),
     "rotations merged (LITS)": (251, "72", "72")},
    n={"nothing removed": (72, 249), "no same-shape rule": (72, 250),
       "rotations merged (LITS)": (72, 251)})

_SHAPES = ["I— %", "I| %", "┌ %", "┐ %", "└ %", "┘ %", "bars %"]
# Line 57: "total pieces 1,968", the pieces the shipped answers' shares are over.
SHAPES_BANK = printed(
    "tilings", _SHAPES,
    {"shipped answers": (265, "16.1%", "15.5%", "16.5%", "16.5%", "17.7%", "17.7%", "31.6%")},
    n={"shipped answers": (1968, 57)})

SHAPES_BLANK = printed(
    "tilings", _SHAPES,
    {"every tiling of a blank 6×6": (266, "14.9%", "14.9%", "17.5%", "17.5%", "17.5%", "17.5%",
                                     "29.9%"),
     "every tiling of a blank 2×12": (267, "0%", "0%", "25%", "25%", "25%", "25%", "0%")})

MOVES = printed(
    "board", ["single-clue moves tried", "still exactly one answer %", "no answer at all %"],
    {"8×8": (281, "1,440", "6.2%", "30.8%"), "12×12": (282, "3,888", "3.4%", "41.0%")},
    n={"8×8": (1440, 281), "12×12": (3888, 282)})

# Lines 68-74: the ledger grid, one line per number of rows h (line 67 + h).  The starred 6×12
# and 7×12 cells are lower bounds, not counts: left out here (the bounds claim reads them).
LEDGER_TABLE = printed(
    "board", ["tilings"],
    {f"{h}×{n}": (67 + h, str(count)) for (h, n), count in LEDGER.items()})
