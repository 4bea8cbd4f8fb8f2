"""The figures of "Stostone in the browser with a five-rung solver" (SEN LLC,
puzzle #53 of a solver series) as the article prints them, each with the line
of the article it stands on.  Row keys are ours (they index our tables); the
texts are the article's.  A sample size appears only where the article prints
one, with its line."""
from __future__ import annotations

from ..core.tables.printed import Figure, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS",
           "CENSUS", "REACH", "ATTRIBUTION", "RUNG_ABLATION", "NO_PROBE",
           "READINGS", "FALLS", "UNCLUED", "CLUE_LANGUAGE", "NUMBERS_NEEDED", "ANSWERS",
           "ENGINES"]

SOURCE = "Stostone in the browser with a five-rung solver (SEN LLC, puzzle #53)"
#: Where the article is: its repository (line 23).
URL = "https://github.com/sen-ltd/stostone"
#: The article's section headings, as printed (lines 3-11).
SECTIONS = ("The counting half", "The corollary you can see",
            "Counting is necessary and is not sufficient",
            "The half that cannot open a board is the half you cannot do without",
            "The clue language, and what it cannot say", "What the answers look like",
            "Cross-checks")
#: The article's bank, per size: the attribution table prints its boards (lines 162-163).
BANK = {"6×6": (44, 162), "8×8": (33, 163)}
#: Line 150: "over the 77 shipped boards".
SHIPPED = (77, 150)


def of(text: str, line: int, count: int, n: int) -> Figure:
    """A count of boards printed in words ("31 of the 33", "three times"):
    an exact share of the ``n`` the article states."""
    return Figure(text, line, count=count).with_n(n)


CENSUS = printed(
    "board", ["`exact`", "`convex`", "`count`", "exact/count %"],
    {"2×n": (118, "2ⁿ", "2ⁿ", "2ⁿ", "100.0%"),
     "4×2": (119, "28", "36", "36", "77.8%"),
     "4×4": (120, "640", "1,296", "1,296", "49.4%"),
     "4×10": (121, "7,618,204", "60,466,176", "60,466,176", "12.6%"),
     "6×2": (122, "226", "376", "400", "56.5%"),
     "6×4": (123, "31,820", "133,760", "160,000", "19.9%"),
     "6×6": (124, "4,482,592", "47,582,864", "64,000,000", "7.0%"),
     "8×2": (125, "1,940", "4,248", "4,900", "39.6%"),
     "8×4": (126, "1,717,396", "15,963,452", "24,010,000", "7.2%")})

LEVELS = ("`col`", "`clue`", "`fit`", "`drop`", "`probe`")
REACH = printed(
    "size", list(LEVELS),
    {"6×6": (154, "0.0%", "37.9%", "75.4%", "78.5%", "100.0%"),
     "8×8": (155, "0.0%", "11.7%", "26.2%", "28.5%", "100.0%")},
    n=BANK)

ATTRIBUTION = printed(
    "size", ["boards", *LEVELS],
    {"6×6": (162, "44", "19.5%", "37.8%", "31.1%", "5.5%", "6.1%"),
     "8×8": (163, "33", "14.6%", "29.2%", "22.1%", "7.9%", "26.2%")},
    n=BANK)

# Lines 168-173: settled share, boards finished of the 77 and assumptions summed over them.
RUNG_ABLATION = printed(
    "variant", ["settled %", "finish without guessing", "assumptions"],
    {"all rungs": (169, "100.0%", "77/77", "0"),
     "− `col`": (170, "48.8%", "1/77", "350,027"),
     "− `clue`": (171, "98.6%", "75/77", "4"),
     "− `fit`": (172, "90.1%", "67/77", "47"),
     "− `drop`": (173, "76.1%", "36/77", "4,917")},
    n={row: SHIPPED for row in ("all rungs", "− `col`", "− `clue`", "− `fit`", "− `drop`")})

# Line 175: "593,084 assumptions without col, 14,306 without drop" (over the same boards).
NO_PROBE = printed(
    "variant", ["assumptions"],
    {"− `col`": (175, "593,084"), "− `drop`": (176, "14,306")},
    n={"− `col`": SHIPPED, "− `drop`": SHIPPED})

READINGS = printed(
    "size", ["`exact`", "`convex`", "`count`", "`none`"],
    {"6×6": (183, "44/44", "34/44", "34/44", "0/44"),
     "8×8": (184, "33/33", "2/33", "2/33", "0/33")})

# Lines 188-189: "At 8×8, 31 of the 33 lose uniqueness under both, with a median of 37 answers"
# (the median is over the 31 boards that fall).
FALLS = printed(
    "size", ["median answers", "boards that fall %"],
    {"8×8": (188, read("37", 189), of("31 of the 33", 188, 31, 33))},
    n={"8×8": (31, 188)})

# Lines 189-190: "On the shipped 6×6 region maps, counting alone admits 8,081 answers where the
# real rule admits 2,870: 35.5%" (the shipped 6×6 maps are the 44 of line 162).
UNCLUED = printed(
    "", ["`count` answers", "`exact` answers", "exact %"],
    {"6×6 maps": (190, read("8,081", 190), "2,870", "35.5%")},
    n={"6×6 maps": BANK["6×6"]})

CLUE_LANGUAGE = printed(
    "board", ["pinned by every number %", "median answers"],
    {"6×6 2": (202, "57.1%", "1"), "6×6 3": (203, "32.7%", "2"), "6×6 4": (204, "20.6%", "3"),
     "8×8 3": (205, "50.0%", "1.5"), "8×8 4": (206, "33.3%", "4")})

# Lines 216-217: "2.6 of 9.5 regions at 6×6, 5.3 of 11.5 at 8×8" (on its bank).
NUMBERS_NEEDED = printed(
    "size", ["numbers", "regions"],
    {"6×6": (216, "2.6", "9.5"), "8×8": (217, "5.3", "11.5")},
    n=BANK)

# Lines 235-236: the stones of the bank's answers; each statistic is over that many stones.
ANSWERS = printed(
    "size", ["stones", "mean stone", "mean fall", "never move %"],
    {"6×6": (235, "418", "1.89", "1.50", "21.5%"),
     "8×8": (236, "381", "2.77", "2.03", "17.1%")},
    n={"6×6": (418, 235), "8×8": (381, 236)})

# Lines 245-247: "Over 60 random 4×4 region maps they agree on all 503 answers"; lines 249-251:
# "Over 876 clue prefixes it never once claimed to finish a board with more than one answer;
# three times a board had exactly one answer and it still needed a guess."
ENGINES = printed(
    "", ["agree %", "maps", "probe finished a board with two answers",
         "unique, probe needed a guess %", "prefixes"],
    {"random 4×4 maps": (246, "all 503", read("60", 245), "—", "—", "—"),
     "clue prefixes": (249, "—", "—", "never", of("three times", 250, 3, 876), "876")},
    n={"clue prefixes": (876, 249)})
