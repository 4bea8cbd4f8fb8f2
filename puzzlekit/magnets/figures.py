"""The figures of "Magnets: a clue that can't see half the board, and a
generator that cannot dead-end" (sen-ltd, puzzle #45 of a solver series) as
the article prints them, each with the line of the article it stands on.  Row
keys are ours (they index our tables); the texts are the article's.  A sample
size appears only where the article prints one, with its line."""
from __future__ import annotations

from ..core.tables.printed import printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "FLUX", "HBIAS", "MAGNETISATION", "ABLATION",
           "ABLATION_ZEROS", "POLE_ALONE", "STRIPS", "AGREEMENT", "CERTIFICATE",
           "SINGLE_DOMINO", "PROBE_UNIQUE"]

SOURCE = ("Magnets: a clue that can't see half the board, and a generator that cannot "
          "dead-end (sen-ltd, puzzle #45)")
#: Where the article is: its repository (line 11).
URL = "https://github.com/sen-ltd/magnets"
#: The article's section headings, as printed (lines 13-144).
SECTIONS = ("The difference clue is blind to half the board",
            "Turn the tiling sideways and the same 32 numbers say nothing",
            "A generator that cannot dead-end", "Two incomparable rungs under one roof",
            "The √2 census", "Reading a second solution straight off the answer")

# Line 28: "the in-line dominoes drop out of that integral identically" (no exception).
FLUX = printed("lines", ["exceptions"],
               {"rows": (28, read("identically", 28, means="0")),
                "columns": (28, read("identically", 28, means="0"))})

HBIAS = printed(
    "hbias", ["crossing cells per row", "rows with difference 0 %", "pinned by flux %",
              "pinned by probe %", "exactly one answer %"],
    {0.0: (43, "8.00", "28.4%", "1.6%", "3.8%", "0.0%"),
     0.25: (44, "6.16", "33.0%", "10.8%", "71.7%", "23.8%"),
     0.5: (45, "4.51", "39.8%", "20.4%", "87.3%", "50.0%"),
     0.75: (46, "2.74", "46.6%", "15.7%", "80.1%", "35.0%"),
     1.0: (47, "0.00", "100.0%", "2.7%", "7.7%", "0.0%")})

MAGNETISATION = printed(
    "magnetise", ["mean magnetisation %", "count finishes %", "probe finishes %",
                  "exactly one answer %"],
    {0.0: (81, "0.0%", "100.0%", "100.0%", "100.0%"),
     0.4: (82, "36.6%", "8.3%", "41.7%", "41.7%"),
     0.8: (83, "65.7%", "0.0%", "56.7%", "56.7%"),
     1.0: (84, "75.7%", "0.0%", "50.0%", "50.0%")})

# Lines 109-113 print the moved fixpoints as "k of 20": 20 boards in every row.
ABLATION = printed(
    "10x10", ["finished %", "cells pinned %", "fixpoints moved %", "line assignments built",
              "probes"],
    {"full": (108, "40.0%", "80.5%", "—", "3,424", "215"),
     "−pole": (109, "40.0%", "80.5%", "0 of 20", "6,071", "215"),
     "−count": (110, "40.0%", "80.5%", "0 of 20", "3,491", "215"),
     "−flux": (111, "40.0%", "80.5%", "0 of 20", "3,548", "215"),
     "−gac": (112, "25.0%", "58.6%", "8 of 20", "0", "476"),
     "−probe": (113, "25.0%", "40.9%", "15 of 20", "327", "0")},
    n={"full": (20, 109), "−pole": (20, 109), "−count": (20, 110), "−flux": (20, 111),
       "−gac": (20, 112), "−probe": (20, 113)})

# Lines 115-116: "the fixpoint does not move by a single bit, on any board, at any size
# (6×6 and 8×8 show the same zeros)"; the 10×10 zeros are the ablation's "0 of 20".
_ANY_SIZE = read("on any board, at any size", 116, means="0")
ABLATION_ZEROS = printed(
    "", ["moved without pole", "moved without count", "moved without flux"],
    {"6x6": (116, _ANY_SIZE, _ANY_SIZE, _ANY_SIZE),
     "8x8": (116, _ANY_SIZE, _ANY_SIZE, _ANY_SIZE),
     "10x10": (109, "0 of 20", read("0 of 20", 110), read("0 of 20", 111))})

# Line 122: "pole alone finishes 0.0% of boards at every size."
POLE_ALONE = printed("", ["pole finishes %"],
                     {size: (122, "0.0%") for size in ("6x6", "8x8", "10x10")})

# Line 140; line 142: "All nine terms, horizontal and transposed."
_TERMS = ("3", "7", "17", "41", "99", "239", "577", "1,393", "3,363")
STRIPS = printed("", range(1, 10), {"engine": (140, *_TERMS), "transposed": (140, *_TERMS)})

# Line 131: "The two engines agreed on 462/462 solution counts across mixed clue regimes."
AGREEMENT = printed("", ["agree %"], {"counts": (131, "462/462")})

# Lines 156-159: the share explained is of the non-unique boards, whose count each row prints.
CERTIFICATE = printed(
    "n", ["non-unique boards", "explained by one pair %", "certificates on unique boards"],
    {"4x4": (157, "92", "34 (37.0%)", "0"), "6x6": (158, "83", "39 (47.0%)", "0"),
     "8x8": (159, "71", "29 (40.8%)", "0")},
    n={"4x4": (92, 157), "6x6": (83, 158), "8x8": (71, 159)})

# Line 146: "Under full clues, a single domino can never change state silently".
SINGLE_DOMINO = printed("", ["silent single-domino moves"], {"full clues": (146, "never")})

# Line 161: "probe ⇔ unique held on the whole stream: 680 boards, no exception in either
# direction."
PROBE_UNIQUE = printed(
    "", ["exceptions"],
    {"probe finishes, not unique": (161, read("no exception", 161, means="0")),
     "unique, probe stalls": (161, read("no exception", 161, means="0"))})
