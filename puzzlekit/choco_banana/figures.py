"""What "Choco Banana in the browser with five rule sets inside" (SEN LLC,
puzzle #52 of a solver series) prints: each figure's text as printed, with the
article line holding it, under the row keys of our tables.  A count of boards
("50/68"; "19" in the dialect row, whose 38 boards are printed beside it) is
compared as a share of that printed sample; no other sample size is assumed."""
from __future__ import annotations

from ..core.tables.printed import count, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "count", "ATTRIBUTION", "REACH", "RUNG_ABLATION",
           "RULE_ABLATION", "NUMBER_SAYS", "SELF_NAMING", "BANK_CLUES", "TIES", "DIALECTS",
           "PROBE_UNIQUE", "MINIMALITY", "LEDGERS", "ENGINES"]

SOURCE = "Choco Banana in the browser with five rule sets inside (SEN LLC, puzzle #52)"
#: Where the article is: its repository (line 22).
URL = "https://github.com/sen-ltd/choco-banana"
#: The article's section headings, as printed (lines 2-12).
SECTIONS = ("Rules", "The two directions are not equivalent as inference",
            "A number is a factorisation, not a quantity", "Some answers no clue set can pin down",
            "Both clue dialects are incomplete", "`probe` is sound here, but not complete",
            "External ledgers", "Three engines", "The five rungs", "Generation", "Try it")




ATTRIBUTION = printed(
    "size", ["`value`", "`rect`", "`size`", "`anti`", "`probe`", "boards"],
    {"6x6": (51, "19.8%", "5.5%", "62.6%", "4.2%", "7.9%", "38"),
     "8x8": (52, "15.3%", "3.5%", "67.4%", "4.5%", "9.2%", "30")})

# Line 237: "Cumulatively on 6×6 they settle 19.8% → 34.4% → 69.7% → 79.8% → 100%."
REACH = printed("size", ["value", "+rect", "+size", "+anti", "+probe"],
                {"6x6": (237, "19.8%", "34.4%", "69.7%", "79.8%", "100%")})

RUNG_ABLATION = printed(
    "variant", ["settled %", "finishes with no guessing %"],
    {"all rungs": (59, "100.0%", "68/68"), "− `value`": (60, "86.7%", "50/68"),
     "− `rect`": (61, "97.2%", "54/68"), "− `anti`": (62, "89.8%", "36/68"),
     "− `size`": (63, "23.5%", "8/68")})

# Lines 94-95: "... the median board picking up 2 and 4.5 answers respectively."
RULE_ABLATION = printed(
    "size", ["full rules", "without \"banana ≠ rectangle\"", "without \"chocolate = rectangle\"",
             "median answers without \"banana ≠ rectangle\""],
    {"6x6": (91, "38/38", "12/38", "21/38", read("2", 95)),
     "8x8": (92, "30/30", "12/30", "9/30", read("4.5", 95))})

NUMBER_SAYS = printed(
    "v", ["6×6", "8×8", "10×10"],
    {"1, 2": (118, "chocolate", "chocolate", "chocolate"),
     "7": (119, "banana", "either", "either"),
     "11, 13": (120, "banana", "banana", "banana"),
     "14": (121, "banana", "either", "either")})

# Lines 123-125: "21 of 36 on a 6×6 board (58.3%), 37 of 64 on an 8×8 (57.8%), 61 of 100 on
# a 10×10 (61.0%)".
SELF_NAMING = printed(
    "board", ["self-naming", "sizes", "%"],
    {"6×6": (124, read("21", 123), "36", "58.3%"),
     "8×8": (124, "37", "64", "57.8%"),
     "10×10": (124, "61", "100", read("61.0%", 125))})

# Lines 125-127: "On the shipped 6×6 boards, 271 of the 388 clues (69.8%) are of that kind —
# 195 of them because they are a 1 or a 2, 76 because they are off the times table."
BANK_CLUES = printed(
    "size", ["clues", "self-naming", "%", "1 or 2", "off the table"],
    {"6x6": (125, "388", "271", "69.8%", read("195", 126), read("76", 126))})

TIES = printed(
    "board", ["answers", "distinct size maps", "answers in a tied group", "biggest tie"],
    {"2×2 … 3×3": (156, "5 … 121", "all distinct", count("0 (0.0%)", 156), "1"),
     "3×4": (157, "599", "596", count("4 (0.7%)", 157), "4"),
     "3×5": (158, "3057", "3055", count("4 (0.1%)", 158), "2"),
     "4×4": (159, "4835", "4831", count("8 (0.2%)", 159), "2"),
     "4×5": (160, "40899", "40875", count("48 (0.1%)", 160), "2")})

# Line 171: one cell "6.0 / 7.0 / 8.0" holds the three medians, in the order of the columns.
DIALECTS = printed(
    "size", ["unrestricted", "forcing only", "silent only", "price unrestricted (median)",
             "price forcing (median)", "price silent (median)", "boards"],
    {"6x6": (171, count("38", 171), count("19", 171), count("15", 171), "6.0", "7.0", "8.0",
             "38")},
    n={"6x6": (38, 171)})

# Lines 181-184, one figure a line.
PROBE_UNIQUE = printed(
    "", ["clue prefixes tested", "agreement %", "unique but probe stalls %",
         "probe finishes but the board is not unique"],
    {"prefixes": (181, "581", read("525 (90.4%)", 182), count("56", 183), read("0", 184))},
    n={"prefixes": (581, 181)})

# Lines 192-194: "removing any one of the 518 uniqueness clues, one at a time, left 0 of them
# still unique, and the median board grew to 26 answers"; lines 248-249: "The median 6×6 board
# needs 6 clues to be unique and 11 to be guess-free; at 8×8 it is 10 and 16.5."
MINIMALITY = printed(
    "size", ["clues", "still unique after removing one", "median answers, one clue removed",
             "median clues (unique)", "median clues (guess-free)"],
    {"6x6": (248, "—", "—", "—", "6", "11"),
     "8x8": (249, "—", "—", "—", "10", "16.5"),
     "6x6 and 8x8": (193, "518", "0", read("26", 194), "—", "—")})

LEDGERS = printed(
    "grid", ["legal grids"],
    {"n×n": (199, "1, 5, 121, 4835, 584931"),
     "1×n": (200, "1, 1, 1, 1, 1, 1, 1, 1"),
     "2×n": (201, "1, 5, 19, 57, 171, 509, 1505, 4441, 13105, 38689"),
     "3×n": (202, "1, 19, 121, 599, 3057, 15525, 78781, 399575")})

# Line 217: "67/67 on the shipped boards for solver vs cell enumerator, 100/100 on random
# clued boards small enough for all three."
ENGINES = printed("", ["agree %"], {"shipped boards": (217, "67/67"),
                                    "random small boards": (217, "100/100")})
