"""The figures of "Statue Park in the browser with five rule sets inside"
(SEN LLC, puzzle #50 of a solver series) as the article prints them, each with
the line of the article it stands on.  Row keys are ours (they index our
tables); the texts are the article's.  A sample size appears only where the
article prints one, with its line."""
from __future__ import annotations

from ..core.tables.printed import Figure, printed, read
from .census import LEDGER_ROWS

__all__ = ["SOURCE", "URL", "SECTIONS", "NON_RULE", "PRICE", "REACH", "SOLVE_MIN", "ABLATION",
           "AMBIGUITY", "PARK", "ENGINES", "LEDGERS", "PROBE_UNIQUE"]

SOURCE = "Statue Park in the browser with five rule sets inside (SEN LLC, puzzle #50)"
#: Where the article is: its repository (line 21).
URL = "https://github.com/sen-ltd/statue-park"
#: The article's section headings, as printed (lines 3-10).
SECTIONS = ("The most famous rule is not a rule",
            "Theorem: black circles alone always suffice, and so do white circles alone",
            "Measurement: white circles cost about 60% more", "Five rungs",
            "Ambiguity is not one piece sliding over",
            "How much is the park rule actually worth?",
            "The generator never guesses at a bank", "Soundness")


def boards(text: str, line: int) -> Figure:
    """A count of boards as printed ("35", "probe:26", "six"): the row's
    printed sample size makes it an exact share."""
    words = {"four": 4, "six": 6}
    count = words.get(text) or int(text.rsplit(":", 1)[-1])
    return Figure(text, line, count=count)


NON_RULE = printed(
    "bag", ["shadings", "labelled", "ratio"],
    {"2× the same tetromino": (50, "48", "96", "2 = 2!"),
     "3× the same tetromino": (51, "16", "96", "6 = 3!"),
     "one A + two B": (52, "152", "304", "2 = 2!")})

PRICE = printed(
    "size", ["n", "mixed", "black-only", "white-only", "black share of mixed %",
             "shaded share of board %"],
    {"6x6": (78, "40", "6.0", "5.1", "8.1", "55.2%", "36.2%"),
     "8x8": (79, "23", "13.0", "11.3", "18.6", "63.0%", "34.7%")},
    n={"6x6": (40, 78), "8x8": (23, 79)})

LEVELS = ("clue", "place", "fit", "white", "probe")
# Lines 110-111: the last column prints, per level, how many of the n boards it completes
# ("clue:0 place:0 fit:0 white:0 probe:26").
REACH = printed(
    "size", [f"{lv} %" for lv in LEVELS] + [f"{lv} finishes %" for lv in LEVELS],
    {"6x6": (110, "16.7%", "18.8%", "25.3%", "29.1%", "74.0%",
             *[boards(f"{lv}:{k}", 110) for lv, k in zip(LEVELS, (0, 0, 0, 0, 26))]),
     "8x8": (111, "20.5%", "22.6%", "25.7%", "29.2%", "48.9%",
             *[boards(f"{lv}:{k}", 111) for lv, k in zip(LEVELS, (0, 0, 0, 0, 5))])},
    n={"6x6": (40, 110), "8x8": (24, 111)})

SOLVE_MIN = printed(
    "size", ["unique-min", "solve-min", "ratio"],
    {"6x6": (119, "6.0", "6.5", "1.08"), "8x8": (120, "13.1", "14.3", "1.09")},
    n={"6x6": (40, 119), "8x8": (24, 120)})

# Lines 127-137: totals over the boards of the table above (line 125: "Same boards"), whose
# sample sizes lines 119-120 print; "boards moved" counts boards.
_ABLATION_ROWS = {
    "6x6": ((128, "1440", "0", "3098", "0"), (129, "1426", "1", "3385", "2"),
            (130, "736", "35", "5461", "2136"), (131, "834", "25", "6368", "122"),
            (132, "629", "36", "4289", "1002")),
    "8x8": ((133, "1536", "0", "4274", "0"), (134, "1404", "6", "4543", "28"),
            (135, "845", "24", "6122", "23790"), (136, "807", "21", "7804", "254"),
            (137, "528", "24", "4741", "5700"))}
VARIANTS = ("full", "−count", "−place", "−fit", "−white")
ABLATION = printed(
    "variant", ["fixpoint bits", "boards moved", "probe assumptions", "search assumptions"],
    {f"{size} {variant}": (line, bits, boards(moved, line), probes, search)
     for size, rows in _ABLATION_ROWS.items()
     for variant, (line, bits, moved, probes, search) in zip(VARIANTS, rows)},
    n={f"{size} {variant}": (n, line) for size, n, line in (("6x6", 40, 119), ("8x8", 24, 120))
       for variant in VARIANTS})

AMBIGUITY = printed(
    "size", ["ambiguous", "one piece moved %", "two %", "three or more %", "avg pieces moved"],
    {"6x6": (149, "40", "17.5%", "42.5%", "40.0%", "2.23"),
     "8x8": (150, "24", "16.7%", "25.0%", "58.3%", "3.13")},
    n={"6x6": (40, 149), "8x8": (24, 150)})

# Lines 164-167: answers summed over the 30 bags of each row.
PARK = printed(
    "config", ["boards", "with park", "without park", "killed %"],
    {"6x6 2x size4/5": (164, "30", "833", "1399", "40.4%"),
     "6x6 3x size4": (165, "30", "5730", "15149", "62.2%"),
     "6x6 3x size5": (166, "30", "704", "4431", "84.1%"),
     "7x7 3x size5": (167, "30", "18744", "57546", "67.4%")},
    n={row: (30, line) for row, line in (("6x6 2x size4/5", 164), ("6x6 3x size4", 165),
                                         ("6x6 3x size5", 166), ("7x7 3x size5", 167))})

# Line 183: "Solution counts agree on 80 clue sets at 6×6, zero disagreements — and the
# count does not change across the rungs of the ladder either."
ENGINES = printed(
    "engines", ["clue sets", "disagreements", "count across the rungs"],
    {"6x6 clue sets": (183, "80", "zero",
                       read("the count does not change across the rungs", 183,
                            means="unchanged"))})

# Line 184: the A006506 totals "2, 7, 63, 1234, 55447"; line 185: the strip's "1, 2, 1 (for
# m ≥ 3), 0 for k = 0,1,2,3".
LEDGERS = printed(
    "ledger", ["answers"],
    {row: (line, text) for row, line, text in zip(
        LEDGER_ROWS, [184] * 5 + [185] * 4, ["2", "7", "63", "1234", "55447", "1", "2", "1", "0"])})

# Line 186: "Sweeping 300 clue prefixes at 6×6 and 364 at 8×8: zero boards where probe
# finished but the answer was not unique. ... six and four boards are unique without probe
# seeing it — for 98.0% and 98.9% agreement."
PROBE_UNIQUE = printed(
    "size", ["prefixes", "finished but not unique", "unique but not finished %", "agreement %"],
    {"6x6": (186, "300", "zero", boards("six", 186), "98.0%"),
     "8x8": (186, "364", "zero", boards("four", 186), "98.9%")},
    n={"6x6": (300, 186), "8x8": (364, 186)})
