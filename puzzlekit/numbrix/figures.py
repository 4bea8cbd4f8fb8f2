"""The figures of "Numbrix: one number colours the whole board, and the ruler
rung that provably pays nothing" (SEN LLC, puzzle #47 of a solver series) as
the article prints them, each with the line of the article it stands on.  Row
keys are ours (they index our tables); the texts are the article's.  A sample
size appears only where the article prints one, with its line."""
from __future__ import annotations

from ..core.tables.printed import count, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "COLOUR", "RULER", "STACK", "ABLATION", "INK", "INK_PROBE",
           "PIN_WALL", "CERTIFICATE", "FALSE_ALARMS", "BACKBITE", "PATHS", "CYCLES", "LADDER2",
           "PROBE_UNIQUE"]

SOURCE = ("Numbrix: one number colours the whole board, and the ruler rung "
          "that provably pays nothing (SEN LLC, puzzle #47)")
#: Where the article is: its repository (line 16).
URL = "https://github.com/sen-ltd/numbrix"
#: The article's section headings, as printed (lines 18-217).
SECTIONS = ("One number colours the whole board", "The ruler rung that pays nothing",
            "What survives the argument is distinctness",
            "One load-bearing rung, three accelerators", "Ink, spent well and spent badly",
            "Reading a second answer off the answer",
            "Sampling an answer without ever searching for one", "The external ledger",
            "probe ⇔ unique")




COLOUR = printed(
    "board", ["after pin %", "after link %", "cells pinned %"],
    {"8×8, 0 printed": (30, "100.0%", "100.0%", "0.0%"),
     "8×8, 1 printed": (31, "96.9%", "43.0%", "1.6%"),
     "8×8, 2 printed": (32, "93.9%", "36.9%", "3.3%"),
     "8×8, 4 printed": (33, "88.0%", "27.7%", "6.8%"),
     "8×8, 8 printed": (34, "76.8%", "13.5%", "17.5%"),
     "10×10, 1 printed": (35, "98.0%", "44.4%", "1.0%"),
     "10×10, 8 printed": (36, "84.7%", "19.5%", "9.8%")})

# Line 76: "After the chain it deletes nothing at all."; line 236: "The ruler rung deletes
# 0 bits after link (160 boards)".
RULER = printed(
    "board", ["bits after pin alone", "pinned by pin+ruler %", "pinned by pin+link %",
              "bits ruler deletes after link"],
    {"4×4": (70, "2,851", "55.8%", "57.3%", read("0", 236)),
     "6×6": (71, "20,904", "63.3%", "64.9%", read("0", 236)),
     "8×8": (72, "75,417", "56.4%", "57.8%", read("0", 236)),
     "10×10": (73, "196,219", "59.4%", "61.2%", read("0", 236))},
    n={"4×4": (40, 70), "6×6": (40, 71), "8×8": (40, 72), "10×10": (40, 73)})

STACK = printed(
    "board, reveal", ["pin", "+link", "+block", "+edge", "+probe"],
    {"8×8, 20%": (90, "20.9%", "43.3%", "47.5%", "53.5%", "74.7%"),
     "8×8, 30%": (91, "30.7%", "71.9%", "74.5%", "84.6%", "88.8%"),
     "8×8, 40%": (92, "40.6%", "86.6%", "87.4%", "94.1%", "96.9%"),
     "10×10, 20%": (93, "21.0%", "47.0%", "50.7%", "61.5%", "77.8%"),
     "10×10, 30%": (94, "31.5%", "78.8%", "80.2%", "88.6%", "93.4%"),
     "10×10, 40%": (95, "41.4%", "90.6%", "91.3%", "97.3%", "97.9%")})

# Lines 104-108 print the moved boards as "k / 12": 12 boards in every row.
ABLATION = printed(
    "10×10, variant", ["cells pinned %", "boards whose fixpoint moved %", "pin scans",
                       "link scans", "edge runs", "probes"],
    {"full": (103, "84.9%", "—", "496,439", "471,796", "4,484", "1,763"),
     "−pin": (104, "84.9%", "0 / 12", "0", "556,574", "5,250", "1,763"),
     "−link": (105, "37.3%", "12 / 12", "26,300", "0", "263", "72"),
     "−block": (106, "84.9%", "1 / 12", "714,182", "687,840", "6,726", "2,015"),
     "−edge": (107, "84.9%", "1 / 12", "703,965", "660,469", "0", "2,520"),
     "−probe": (108, "74.3%", "9 / 12", "11,300", "11,300", "113", "0")},
    n={"full": (12, 104), "−pin": (12, 104), "−link": (12, 105), "−block": (12, 106),
       "−edge": (12, 107), "−probe": (12, 108)})

INK = printed(
    "board", ["adversarial edge level", "as % of cells", "random reveal until unique (median) %",
              "ratio"],
    {"4×4": (126, "3", "18.8%", "31%", "1.7×"),
     "6×6": (127, "6", "16.7%", "22%", "1.3×"),
     "8×8": (128, "10", "15.6%", "30%", "1.9×"),
     "10×10": (129, "15", "15.0%", "49%", "3.3×")})

# Lines 132-133: "Give the probe the same job and 10×10 drops to 12 numbers."
INK_PROBE = printed("board", ["adversarial probe level"], {"10×10": (133, "12")})

# Lines 138-139: "Measured: 15 of 16 numbers on a 4×4 and 35 of 36 on a 6×6, every single
# time."
PIN_WALL = printed(
    "board", ["numbers needed (fewest)", "numbers needed (most)", "cells"],
    {"4×4": (138, "15", "15", "16"), "6×6": (139, "35", "35", "36")})

CERTIFICATE = printed(
    "board", ["ambiguous boards", "explained by one reversal %"],
    {"4×4": (152, "60", "83.3%"), "6×6": (153, "60", "70.0%"), "8×8": (154, "60", "63.3%"),
     "10×10": (155, "60", "58.3%")},
    n={"4×4": (60, 152), "6×6": (60, 153), "8×8": (60, 154), "10×10": (60, 155)})

FALSE_ALARMS = printed(
    "board", ["false alarms"],
    {"4×4": (152, "0 of 35"), "6×6": (153, "0 of 24"), "8×8": (154, "0 of 3"),
     "10×10": (155, "—")})

# Line 182: "distinct answers in 200 draws" (200 draws per row).
BACKBITE = printed(
    "moves per cell", ["accepted %", "turns in the answer", "distinct answers in 200 draws"],
    {0: (183, "—", "18.0", "1"), 1: (184, "69.8%", "33.1", "200"),
     4: (185, "71.7%", "50.9", "200"), 16: (186, "71.8%", "55.9", "200"),
     60: (187, "72.0%", "55.4", "200")},
    n={m: (200, 182) for m in (0, 1, 4, 16, 60)})

PATHS = printed(
    "board", ["directed Hamiltonian paths"],
    {"3×3": (201, "40"), "4×4": (202, "552"), "5×5": (203, "8,648"), "6×6": (204, "458,696")})

# Line 209: "3×3, 5×5	0	0 — theorem: a cycle alternates colours".
CYCLES = printed(
    "board", ["Hamiltonian cycles"],
    {"3×3": (209, "0"), "4×4": (207, "6"), "5×5": (209, "0"), "6×6": (208, "1,072")})

# Lines 214-215: "m² − m + 2 undirected Hamiltonian paths.  The engine ... produced 4, 8,
# 14, 22, 32, 44, 58 for m = 2…8."
LADDER2 = printed(
    "m", ["undirected paths", "m² − m + 2"],
    {m: (215, text, text) for m, text in zip(range(2, 9), ("4", "8", "14", "22", "32", "44",
                                                          "58"))})

# Lines 223-227 print counts of the 40 boards of each row; line 221: "with zero
# disagreements".
PROBE_UNIQUE = printed(
    "board", ["boards", "probe finishes & unique %", "probe stalls & ambiguous %",
              "disagreements"],
    {size: (line, "40", count(unique, line, of=40), count(stalls, line, of=40), read("zero", 221))
     for size, line, unique, stalls in (("4×4", 224, "21", "19"), ("6×6", 225, "16", "24"),
                                        ("8×8", 226, "7", "33"), ("10×10", 227, "6", "34"))},
    n={size: (40, line) for size, line in (("4×4", 224), ("6×6", 225), ("8×8", 226),
                                           ("10×10", 227))})
