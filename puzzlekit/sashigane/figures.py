"""The figures of "Sashigane" (SEN LLC, 2026-09-04, puzzle #55 of a solver
series) as the article prints them, each with the line of the article it
stands on.  Row keys are ours (they index our tables); the texts are the
article's.  A sample size appears only where the article prints one, with its
line."""
from __future__ import annotations

from ..core.tables.printed import printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "LEDGER", "SQUARES", "FIT", "NUMBERED", "NUMBERED_RANDOM",
           "BARE", "DIAL", "BANK", "CLAUSES", "BRANCH"]

SOURCE = "Sashigane (SEN LLC, 2026-09-04), puzzle #55 of a solver series"
#: Where the article is: its repository (line 29).
URL = "https://github.com/sen-ltd/sashigane"
#: The article's section headings, as printed (lines 3-11).
SECTIONS = ("1. The blank board is not always solvable",
            "2. Print every number and the puzzle stops being one",
            "3. Take the numbers away and the arrow end starts to matter",
            "4. The arrow end is the only choice the setter has, and it is worth 2.6×",
            "5. The numbers really are nearly free",
            "6. Which clause is load-bearing — position beats direction ten to one",
            "7. The ladder, and how much of it never fires",
            "8. A size budget that needs no search at all",
            "9. The bug the second engine caught")

_BLANK = "—"
LEDGER = printed(
    "rows", range(2, 15),
    {"2×n": (59, "0", "2", "2", "2", "6", "10", "14", "26", "46", "74", "126", "218", "366"),
     "3×n": (60, "2", "0", "20", "64", "234", "664", "2220", "7476", "25882", *[_BLANK] * 4),
     "4×n": (61, "2", "20", "110", "752", "4522", "27380", "167078", *[_BLANK] * 6),
     "5×n": (62, "2", "64", "752", "7720", "84846", "908020", *[_BLANK] * 7),
     "6×n": (63, "6", "234", "4522", "84846", "1557970", *[_BLANK] * 8)})

# Line 72: "not the square diagonal 0, 0, 0, 110, 7720, 1557970".
SQUARES = printed("board", range(1, 7),
                  {"n×n": (72, "0", "0", "0", "110", "7720", "1557970")})

# Lines 83-85: "Over 136,576 fully clued circles drawn from every partition of 3×5, 4×4
# and 4×5, 80.3% had exactly one shape and 19.7% had two. Never three."
FIT = printed(
    "boards", ["circles", "one L %", "two L %", "three or more"],
    {"3×5, 4×4, 4×5": (84, read("136,576", 83), "80.3%", read("19.7%", 85), read("Never", 85))})

# Line 234: "A board with every number printed was unique in all 33,896 exhaustive cases".
NUMBERED = printed(
    "board", ["pairs", "unique %"],
    {"2×6": (91, "72", "100.0%"), "3×4": (92, "192", "100.0%"), "3×5": (93, "896", "100.0%"),
     "3×6": (94, "6,432", "100.0%"), "4×4": (95, "1,888", "100.0%"),
     "4×5": (96, "24,416", "100.0%"), "all": (98, "33,896", read("all 33,896", 234))})

# Lines 98-99: "plus a random search from 5×5 up to 10×10 that also found none".
NUMBERED_RANDOM = printed(
    "board", ["ambiguous %"],
    {f"{n}×{n}": (99, "none") for n in range(5, 11)})

# The last column prints "0 of 6": none of the 6 partitions of 2×6 is left unpinned by
# every arrow placement; the partitions counted are the "of" figure.
BARE = printed(
    "board", ["pairs", "unique %", "answers no mask pins", "answers"],
    {"2×6": (107, "72", "100.0%", "0 of 6", "6"),
     "3×4": (108, "192", "87.5%", "0 of 20", "20"),
     "3×5": (109, "896", "81.3%", "0 of 64", "64"),
     "3×6": (110, "6,432", "73.5%", "0 of 234", "234"),
     "4×4": (111, "1,888", "87.3%", "0 of 110", "110"),
     "4×5": (112, "24,416", "74.8%", "0 of 752", "752"),
     "4×6": (113, "284,000", "70.9%", "0 of 4,522", "4,522")})

# Lines 126-128 print "median 6", "median 9", "median 14" (the figure kept is the number);
# lines 130-131: "The first two columns are 1200, 1200 and 400 answers; the coin-flip column
# is eight independent masks per answer, so 9,600, 9,600 and 3,200 boards."  The answers
# are the row's sample size; the coin boards, eight to an answer, are not independent.
DIAL = printed(
    "board", ["pieces", "long arm %", "short arm %", "coin flip %", "answers", "coin boards"],
    {"6×6": (126, "6", "57.9%", "49.8%", "49.9%", read("1200", 130), read("9,600", 131)),
     "8×8": (127, "9", "41.8%", "44.8%", "30.4%", read("1200", 130), read("9,600", 131)),
     "12×12": (128, "14", "20.8%", "29.8%", "11.3%", read("400", 130), read("3,200", 131))},
    n={"6×6": (1200, 130), "8×8": (1200, 130), "12×12": (400, 130)})

# Lines 153-154: "8×8, 40 boards  median 9  0–2, median 0  22 of 40" (the figures kept are
# the board count, the median pieces, the median numbers left and the unique share).
BANK = printed(
    "bank", ["boards", "median pieces", "numbers median", "unique with no numbers"],
    {"8×8": (153, "40", "9", "0", "22 of 40"),
     "12×12": (154, "32", "17", "1", "10 of 32")},
    n={"8×8": (40, 153), "12×12": (32, 154)})

# Line 159: "Each clause switched off in turn, over all 72 shipped boards"; the branch
# points are summed over them.
CLAUSES = printed(
    "rule removed", ["boards losing uniqueness", "median answers then", "branch points"],
    {"nothing": (162, "0 / 72", "—", "0"),
     "the arrow points home": (163, "5 / 72", "2", "12"),
     "the arrow sits at an end": (164, "52 / 72", "6", "1,006"),
     "the circle sits on the bend": (165, "22 / 72", "2.5", "146"),
     "a number equals the piece size": (166, "40 / 72", "5", "386")})

# Lines 190-191: "* five 8×8 boards and every 12×12 board hit a 300,000-branch cap, so
# those two cells are lower bounds."  Lines 198-199: "fit alone ... settles 94.4% of an
# 8×8 by construction".
BRANCH = printed(
    "bank", ["fit", "cover", "area", "probe", "fit capped", "fit removes % of L's", "node cap"],
    {"8×8": (187, "4,053,280", "0", "0", "0", read("five", 190), read("94.4%", 198),
             read("300,000", 190)),
     "12×12": (188, "9,600,032", "0", "0", "0", read("every", 190), "—",
               read("300,000", 190))},
    n={"8×8": (40, 187), "12×12": (32, 188)})
