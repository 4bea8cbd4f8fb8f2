"""The figures of "Country Road" (SEN LLC, 2026-08-29, puzzle #49 of a solver
series) as the article prints them, each with the line of the article it
stands on.  Row keys are ours (they index our tables); the texts are the
article's.  A sample size appears only where the article prints one, with its
line."""
from __future__ import annotations

from ..core.tables.printed import count, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "CONTRACTION", "REACH", "BANK", "ABLATION", "ORDER",
           "NUMBERED_UNIQUE", "CYCLES", "DIAL", "TRAP", "ERASURE", "ENGINES", "LEDGER", "PROBE"]

SOURCE = "Country Road (SEN LLC, puzzle #49 in the solver series)"
#: Where the article is: its repository (line 20).
URL = "https://github.com/sen-ltd/country-road"
#: The article's section headings, as printed (lines 2-9).
SECTIONS = ("The rules", "Contract the countries and this is a Hamiltonian cycle problem",
            "What each rung reaches", "Ablation: drop one rung from the full ladder",
            "And then the Hamiltonian cycle turns out to be the easy half",
            "The partition can be a wall, so don't start from one",
            "Three engines, and a number from outside the repository", "One debugging lesson")





# Line 44: "n×n cut into rows: cut vertex true, Hamiltonian false, solutions 0 (n = 4, 5, 6)";
# our cells say True and False.
_ROWS = (44, read("true", 44, means="True"), read("false", 44, means="False"), "0")
CONTRACTION = printed("partition", ["cut vertex", "hamiltonian", "solutions"],
                      {f"{n}×{n} rows": _ROWS for n in (4, 5, 6)})

# Lines 76-77: "macro completes 1.3% at 6×6 and 0.0% above it"; the boards per row are printed
# on lines 72-74.
REACH = printed(
    "board", ["region %", "once %", "loop %", "macro %", "probe %", "macro finishes %"],
    {"6×6": (72, "14.9%", "15.1%", "18.3%", "30.5%", "63.4%", read("1.3%", 76)),
     "8×8": (73, "18.1%", "18.2%", "20.5%", "33.4%", "77.8%", read("0.0%", 77)),
     "10×10": (74, "18.3%", "18.4%", "19.8%", "30.1%", "72.8%", read("0.0%", 77))},
    n={"6×6": (80, 72), "8×8": (80, 73), "10×10": (40, 74)})

# Lines 77-79: "the weakest grade it could find is loop at 6×6, macro at 8×8, probe at
# 10×10. No board at any size falls to region or once alone."
_NO_BOARD = count("No board at any size falls", 78, number=0)
BANK = printed(
    "size", ["weakest grade", "graded region %", "graded once %"],
    {"6×6": (78, "loop", _NO_BOARD, _NO_BOARD),
     "8×8": (78, "macro", _NO_BOARD, _NO_BOARD),
     "10×10": (78, "probe", _NO_BOARD, _NO_BOARD)})

# The probe column prints a sign ("+31.6%"); the figure kept is the number after it.  The
# boards per row are the totals of the boards-moved column ("40/40").
_ABLATION_ROWS = (("6×6, −region", 82, "889", "40/40", "31.6%"),
                  ("6×6, −once", 83, "71", "9/40", "9.4%"),
                  ("6×6, −loop", 84, "482", "36/40", "28.5%"),
                  ("6×6, −macro", 85, "607", "32/40", "39.2%"),
                  ("8×8, −region", 86, "1240", "30/30", "110.9%"),
                  ("8×8, −once", 87, "59", "10/30", "46.5%"),
                  ("8×8, −loop", 88, "458", "30/30", "116.8%"),
                  ("8×8, −macro", 89, "591", "25/30", "57.8%"))
ABLATION = printed(
    "size, drop", ["bits lost (total)", "boards moved %", "probe assumptions %"],
    {key: (line, *texts) for key, line, *texts in _ABLATION_ROWS},
    n={key: (40 if key.startswith("6×6") else 30, line)
       for key, line, *_ in _ABLATION_ROWS})

# The shares are of the ambiguous boards, the row's printed sample size.
ORDER = printed(
    "size", ["ambiguous boards", "same order %", "different order %"],
    {"6×6": (102, "51", "92.2%", "7.8%"), "8×8": (103, "34", "85.3%", "14.7%")},
    n={"6×6": (51, 102), "8×8": (34, 103)})

# Lines 106-108: "With every country numbered, only 18.0% of 6×6 boards and 10.0% of 8×8
# boards are unique."
NUMBERED_UNIQUE = printed("size", ["unique %"],
                          {"6×6": (107, "18.0%"), "8×8": (108, "10.0%")})

CYCLES = printed(
    "macro cycles", ["6×6 boards", "unique %"],
    {"exactly 1": (113, "28", "7.1%"), "2–4": (114, "45", "17.8%"),
     "5–16": (115, "26", "30.8%")},
    n={"exactly 1": (28, 113), "2–4": (45, 114), "5–16": (26, 115)})

DIAL = printed(
    "size, avg country", ["avg country", "unique %", "median macro cycles", "ladder reach %"],
    {"6×6, 2.5": (123, "2.5", "40.0%", "7", "41.6%"),
     "6×6, 3.5": (124, "3.5", "20.0%", "4", "33.3%"),
     "6×6, 4.5": (125, "4.5", "6.7%", "2", "27.7%"),
     "6×6, 6.0": (126, "6.0", "3.3%", "1", "21.3%"),
     "8×8, 2.5": (127, "2.5", "18.3%", "54", "34.6%"),
     "8×8, 6.0": (128, "6.0", "1.7%", "4", "22.7%")})

TRAP = printed(
    "size, countries", ["cut vertex %", "region graph Hamiltonian %", "board solvable %"],
    {"6×6, 4": (134, "13.3%", "86.7%", "83.3%"), "6×6, 6": (135, "11.7%", "88.3%", "74.2%"),
     "6×6, 8": (136, "4.2%", "95.8%", "84.2%"), "6×6, 12": (137, "0.0%", "100.0%", "90.0%")})

ERASURE = printed(
    "size", ["countries", "numbers kept (adversarial)", "numbers kept (random erasure)"],
    {"6×6": (152, "6.7", "2.9", "5.4"), "8×8": (153, "11.3", "4.7", "10.1")})

# Lines 158-159: "They agree on 60/60 boards."
ENGINES = printed("boards", ["three engines agree"], {"bank": (158, "60/60")})

# Lines 166-167: "2×2 singletons: 1  4×4: 6  6×6: 1072" and "2×m strips: 1, for every m
# from 3 to 8".
LEDGER = printed(
    "board", ["solutions"],
    {"2×2": (166, "1"), "4×4": (166, "6"), "6×6": (166, "1072"),
     **{f"2×{m}": (167, "1") for m in range(3, 9)}})

# Lines 169-170: "checked against brute force in both directions on 120 boards: 0
# finished-but-ambiguous, 0 unique-but-stalled."
PROBE = printed(
    "boards", ["finished but ambiguous %", "unique but stalled %"],
    {"pooled": (170, count("0 finished-but-ambiguous", 170, number=0),
                count("0 unique-but-stalled", 170, number=0))},
    n={"pooled": (120, 170)})
