"""The figures of "Kojun: the first clue is drawn, not written" (SEN LLC,
puzzle #46 of a solver series) as the article prints them, each with the line
of the article it stands on.  Row keys are ours (they index our tables); the
texts are the article's.  A sample size appears only where the article prints
one, with its line."""
from __future__ import annotations

from ..core.tables.printed import printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "PARTITION", "GRANULARITY", "VERTICALITY", "GIVENS",
           "ABLATION", "BANK", "CENSUS", "ENGINES", "SWAP", "PROBE_UNIQUE"]

SOURCE = "Kojun — the first clue is drawn, not written (SEN LLC, puzzle #46)"
#: Where the article is: its repository (line 20).
URL = "https://github.com/sen-ltd/kojun"
#: The article's section headings, as printed (lines 2-8).
SECTIONS = ("The first clue is drawn, not written", "Regions that cannot coexist",
            "The verticality dial ends in a second wall", "Random givens are nearly worthless",
            "One roof over the ladder", "The multinomial census",
            "A second solution read straight off the answer")

PARTITION = printed(
    "n", ["`neigh`", "`once`", "`order`", "`region`", "probe"],
    {"6×6": (38, "1.6%", "1.7%", "9.3%", "9.3%", "9.9%"),
     "10×10": (39, "1.6%", "1.6%", "11.1%", "11.1%", "11.5%")})

GRANULARITY = printed(
    "8×8, region sizes", ["admits a board %", "mean region size", "pinned by shape (`order`) %"],
    {"1–1": (55, "0.0%", "1.00", "—"),
     "2–3": (56, "0.0%", "2.40", "—"),
     "2–5": (57, "2.5%", "3.26", "56.3%"),
     "3–6": (58, "28.8%", "4.00", "24.2%"),
     "4–7": (59, "51.3%", "4.70", "11.4%"),
     "5–9": (60, "75.0%", "5.91", "7.0%")})

VERTICALITY = printed(
    "8×8, vbias", ["admits a board %", "cells in column regions %",
                   "pinned by shape (`order`) %", "median givens, `region` finish (6×6)"],
    {"0.00 (flat)": (70, "98.8%", "0.7%", "0.9%", "18"),
     "0.50": (71, "60.0%", "6.9%", "10.8%", "12"),
     "0.75": (72, "25.0%", "24.5%", "25.2%", "9"),
     "1.00 (tall)": (73, "0.0%", "74.6%", "—", "3")})

# Lines 86-90: "Revealing 30% of all cells at random leaves 6×6 boards unique 0.0% of the
# time (50% reveals: 6%; at 8×8 even 50% gives 0%) ... a median of 12 givens" (the
# adversarial median's board size is not printed; the sentence is about 6×6 boards).
GIVENS = printed(
    "n", ["unique at 30% revealed %", "unique at 50% revealed %", "adversarial givens (median)"],
    {"6×6": (87, "0.0%", "6%", read("12", 90)),
     "8×8": (88, "—", "0%", "—")})

ABLATION = printed(
    "10×10, variant", ["cells pinned %", "fixpoints moved %", "region assignments", "probes"],
    {"full": (108, "12.7%", "—", "8,196", "706"),
     "−neigh": (109, "12.7%", "0 of 20", "11,129", "706"),
     "−once": (110, "12.7%", "0 of 20", "9,914", "706"),
     "−order": (111, "12.7%", "0 of 20", "9,413", "706"),
     "−region": (112, "12.7%", "0 of 20", "975", "706"),
     "−probe": (113, "11.7%", "18 of 20", "975", "0")})

# Lines 122-123: "The shipped bank (80 boards) fills all five grades at every size"
# (the article names no sizes: ours are 4×4 to 10×10).
BANK = printed(
    "size", ["neigh", "once", "order", "region", "probe"],
    {size: (123, *[read("fills all five grades at every size", 123, means="filled")] * 5)
     for size in ("4×4", "6×6", "8×8", "10×10")})

# Lines 141-142: "1×5 = 120, 3×2 = 20, 4×2 = 70, 3×3 = 1,680, 2×5 = 113,400 — and k×1 = 1".
CENSUS = printed(
    "rectangle (rows × columns)", ["raw engine fillings", "(pq)!/(p!)^q"],
    {"1×5": (141, "120", "120"), "3×2": (141, "20", "20"), "4×2": (141, "70", "70"),
     "3×3": (141, "1,680", "1,680"), "2×5": (141, "113,400", "113,400"),
     "k×1": (142, "1", "1")})

# Line 131: "It agreed with the propagating search on 482/482 solution counts."
ENGINES = printed("engines", ["agreed %"], {"raw vs search": (131, "482/482")})

# Lines 150-153, and line 167: "with zero false alarms".
SWAP = printed(
    "n", ["explained by one swap %", "false alarms on unique boards"],
    {"4×4": (151, "291 (98.3%)", read("zero", 167)),
     "6×6": (152, "200 (100.0%)", read("zero", 167)),
     "8×8": (153, "240 (100.0%)", read("zero", 167))},
    n={"4×4": (296, 151), "6×6": (200, 152), "8×8": (240, 153)})

# Line 159: "the probe ladder agreed with true uniqueness on all 680 stream boards, in both
# directions."
PROBE_UNIQUE = printed("boards", ["held %"], {"stream": (159, "all 680")})
