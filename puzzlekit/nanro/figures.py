"""The figures of "Nanro: the digit you never choose, and a clue that is two
facts" (puzzle #43 of a solver series) as the article prints them, each with
the line of the article it stands on.  Row keys are ours (they index our
tables); the texts are the article's.  A sample size appears only where the
article prints one, with its line."""
from __future__ import annotations

from ..core.tables.printed import Figure, count, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "HALVES", "BUDGET", "BUDGET_SHARE", "PROBE_THIRD",
           "MINIMISED", "ADVERSARIAL", "STREAM", "CLASH_GAIN", "CLASH_COST", "ABLATION", "DIAL",
           "PROBE_UNIQUE", "GAPS", "ENGINES", "FIXTURE", "TINY"]

SOURCE = "Nanro: the digit you never choose, and a clue that is two facts"
#: Where the article is: its repository (line 13).
URL = "https://github.com/sen-ltd/nanro"
#: The article's section headings, as printed (lines 15, 38, 74, 98, 131, 155, 175).
SECTIONS = ("You never choose a digit — you count it",
            "A clue is two facts, and one of them is nearly worthless",
            "The setter does not own the clue budget — the answer does",
            "Ablation and the incremental ladder disagree, with the opposite sign",
            "A partition into single cells is not hard, it is illegal",
            "probe ⇔ unique broke once in 2,400 boards",
            "Generation, bank, tests")




# Lines 71-72: "Thin the clues to q = 0.8 and the shape repeats — 8×8 goes 24.0% full, 0.0%
# position-only, 0.0% value-only."
HALVES = printed(
    "board", ["full clue %", "position only %", "value only %"],
    {"5×5, q=1": (54, "100.0%", "36.0%", "1.5%"),
     "6×6, q=1": (55, "100.0%", "17.5%", "0.5%"),
     "8×8, q=1": (56, "100.0%", "8.7%", "0.0%"),
     "10×10, q=1": (57, "100.0%", "3.0%", "0.0%"),
     "8×8, q=0.8": (71, "24.0%", "0.0%", read("0.0%", 72))})

BUDGET = printed(
    "board", ["regions", "numbered cells", "share of the board %", "2×2 ceiling %",
              "share probe needs revealed %"],
    {"6×6": (81, "11.7", "21.3", "59.2%", "75.0%", "34.3%"),
     "8×8": (82, "20.7", "38.0", "59.3%", "75.0%", "32.1%"),
     "10×10": (83, "32.2", "58.3", "58.3%", "75.0%", "32.4%")})

# Lines 85-86: "Legal answers number 58–59% of the board (the no-2×2 rule caps that at 75%),
# and the ladder wants about a third of them printed."
BUDGET_SHARE = read("58–59%", 85)
PROBE_THIRD = Figure("about a third", 86, 100 / 3, 1.0, 100 / 3, 100 / 3, approx=True)

MINIMISED = printed(
    "board", ["numbered cells", "count", "block", "clash", "reach", "probe"],
    {"6×6": (90, "21", "17", "14", "14", "9", "8"),
     "8×8": (91, "38", "32", "25", "24", "16", "13"),
     "10×10": (92, "59", "49", "38", "37", "24", "19")})

# Lines 94-96: "19 adversarially chosen clues make a 10×10 unique; 19 random ones did it on 0 of
# 30 boards — same story at 6×6 (7 clues) and 8×8 (12)."  The same story at 6×6 and 8×8 is
# the same 0 of 30.
ADVERSARIAL = printed(
    "board", ["clues", "adversarial unique %", "random unique %"],
    {"6×6": (96, "7", read("same story at 6×6", 95, means="unique"), read("0 of 30", 95)),
     "8×8": (96, "12", read("and 8×8 (12)", 96, means="unique"), read("0 of 30", 95)),
     "10×10": (94, "19", read("10×10 unique", 95, means="unique"),
               read("0 of 30", 95))})

STREAM = printed(
    "board", ["count %", "+block %", "+clash %", "+reach %", "+probe %", "unique %"],
    {"6×6, q=0.8": (105, "3.6%", "12.0%", "12.8%", "32.4%", "40.8%", "40.8%"),
     "6×6, q=0.9": (106, "24.8%", "38.0%", "41.6%", "58.4%", "65.6%", "65.6%"),
     "8×8, q=0.9": (107, "6.0%", "14.0%", "16.5%", "37.5%", "45.5%", "45.5%"),
     "10×10, q=0.9": (108, "0.7%", "6.0%", "7.3%", "21.3%", "24.7%", "24.7%")})

# Lines 110 and 120: "clash is a passenger: +2.5 points at 8×8 (q = 0.9)" and "−clash costs
# 19.3 points at 8×8".
CLASH_GAIN, CLASH_COST = read("+2.5", 110), read("19.3", 120)

ABLATION = printed(
    "board", ["full %", "−count %", "−block %", "−clash %", "−reach %"],
    {"6×6": (116, "64.0%", "0.5%", "49.5%", "52.0%", "44.5%"),
     "8×8": (117, "69.3%", "0.0%", "53.3%", "50.0%", "40.0%"),
     "10×10": (118, "54.0%", "0.0%", "37.0%", "36.0%", "24.0%")})

# Line 133: the dial runs at n = 8, q = 0.9.  Each row prints the partitions it tried (120),
# and "with a legal answer" as a count of them.
_DIAL_ROWS = {"1–1": (136, "0", ["—"] * 6), "1–2": (137, "0", ["—"] * 6),
              "2–2": (138, "120", ["29.4", "64.9%", "6.7%", "45.8%", "80.0%", "80.0%"]),
              "2–3": (139, "120", ["24.0", "61.3%", "9.2%", "36.7%", "54.2%", "54.2%"]),
              "2–4": (140, "120", ["20.8", "58.9%", "7.5%", "25.8%", "38.3%", "38.3%"]),
              "3–5": (141, "120", ["14.6", "54.6%", "4.2%", "31.7%", "40.0%", "40.0%"]),
              "4–7": (142, "120", ["10.4", "52.1%", "6.7%", "20.8%", "27.5%", "27.5%"])}
DIAL = printed(
    "region sizes", ["partitions tried", "with a legal answer %", "regions", "numbered %",
                     "count %", "+reach %", "+probe %", "unique %"],
    {key: (line, "120", count(legal, line), *rest)
     for key, (line, legal, rest) in _DIAL_ROWS.items()},
    n={key: (120, line) for key, (line, _, _) in _DIAL_ROWS.items()})

# Lines 157-159: "(⇒ is a theorem from soundness; ⇐ is measured).  Nanro held it on 2,399 of
# 2,400 boards and broke it on one".
PROBE_UNIQUE = printed(
    "boards", ["held %", "violations"],
    {"pooled stream": (159, "2,399 of 2,400",
                       read("⇒ is a theorem from soundness", 158, means="0"))})

# Lines 168-169: "Its verdict on the gap board: exactly 1 solution, 5,029 nodes, no cap — the
# propagating search agrees."
GAPS = printed(
    "board", ["raw solutions", "raw capped", "ladder search solutions"],
    {"gap boards": (168, "1", read("no cap", 168, means="0"),
                    read("propagating search agrees", 169, means="1"))})

# Line 171: "the two engines agreed on 614/614 board–engine pairs".
ENGINES = printed("engines", ["agreed %"], {"raw vs ladder": (171, "614/614")})

# Lines 188-189: "a hand fixture (5×5, nine regions, six clues, unique, needs reach)".
FIXTURE = printed(
    "board", ["regions", "clues", "raw engine solutions", "ladder search solutions", "grade"],
    {"5×5 hand fixture": (188, read("nine regions", 188, means="9"),
                          read("six clues", 188, means="6"), read("unique", 188, means="1"),
                          read("unique", 188, means="1"), read("reach", 189))})

# Lines 189-190: "the four legal boards of a 2×2 grid counted by hand and matched against both
# engines".
TINY = printed(
    "board", ["legal boards by hand", "raw engine", "ladder search"],
    {"2×2 grid, two dominoes": (189, read("the four legal boards", 189, means="4"),
                                read("against both engines", 190, means="4"),
                                read("against both engines", 190, means="4"))})
