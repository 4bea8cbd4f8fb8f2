"""The figures of "Creek" (SEN LLC, puzzle #48 of a solver series) as the
article prints them, each with the line of the article it stands on.  Row
keys are ours (they index our tables); the texts are the article's.  A sample
size appears only where the article prints one, with its line."""
from __future__ import annotations

from ..core.tables.printed import Figure, count, printed, read

__all__ = ["SOURCE", "URL", "SECTIONS", "FULL", "ERASURE", "RING", "KERNEL", "CERTIFICATE",
           "ABLATION", "REACH", "LINPAIR", "DENSITY", "SHAPE", "INK", "LEDGERS", "ENGINES",
           "PROBE_UNIQUE", "per_board"]

SOURCE = "Creek (SEN LLC, puzzle #48 of the solver series)"
#: Where the article is: its repository (line 20).
URL = "https://github.com/sen-ltd/creek"
#: The article's section headings, as it lists them (lines 2-9).
SECTIONS = ("This puzzle has a closed form",
            "The ink on the edge of the paper is the ink you can throw away",
            "The kernel is enormous and almost entirely illegal", "The rule ladder",
            "The dials on the answer's side", "The generator cannot dead-end",
            "The census, checked against formulas rather than against itself", "In short")
SIZES = ("6×6", "8×8", "10×10")




def per_board(text: str, line: int, boards: int) -> Figure:
    """A total over ``boards`` boards (both printed) as a mean per board; the
    total is an exact count, so its unit is one board's share of one."""
    total = float(text.replace(",", ""))
    mean = total / boards
    return Figure(text, line, mean, 1.0 / boards, mean, mean, boards)


# Lines 36-39: "Measured on 600 random fully clued answers at each of 6×6, 8×8 and 10×10: the
# closed form reproduces the answer 100% of the time, the board is unique 100% of the time,
# and count ... finishes 100% of them."
FULL = printed(
    "board", ["closed form %", "unique %", "count finishes %"],
    {size: (37, "100%", read("100%", 38), read("100%", 39)) for size in SIZES},
    n={size: (600, 36) for size in SIZES})

ERASURE = printed(
    "numbers kept (of 81)", ["unique %", "finished by count %", "finished by the ladder %"],
    {81: (46, "100.0%", "100.0%", "100.0%"), 73: (47, "99.2%", "98.5%", "99.2%"),
     65: (48, "89.0%", "82.7%", "89.0%"), 57: (49, "56.5%", "42.3%", "56.5%"),
     49: (50, "19.5%", "10.0%", "19.5%"), 41: (51, "2.3%", "0.5%", "2.3%")})

RING = printed(
    "board", ["ring: unique %", "ring: dof left", "interior: unique %", "interior: dof left"],
    {"6×6 (24 numbers)": (59, "92.5%", "11.00", "0.0%", "15.00"),
     "8×8 (32 numbers)": (60, "97.2%", "15.00", "0.0%", "19.00"),
     "10×10 (40 numbers)": (61, "99.7%", "19.00", "1.0%", "23.03")})

# Lines 90-92.  The flip kinds are printed as counts ("row 23, col 15, cross 1") with no
# total, so they are not among the figures compared.
KERNEL = printed(
    "board", ["kernel dimension", "±1 patterns", "still unique %", "has a legal flip %"],
    {"6×6": (90, "11", "2,048", "93.2%", "6.5%"),
     "8×8": (91, "15", "32,768", "98.2%", "1.8%"),
     "10×10": (92, "19", "524,288", "100.0%", "0.0%")})

# Lines 94-98: "It explains 98.1% of ambiguous border-erased boards at 6×6 (107 of them) and
# 100% at 8×8 (30), with zero false positives on unique boards.  On randomly erased boards
# ... it explains 0.3% and 0.1%."
CERTIFICATE = printed(
    "boards", ["explained %", "false positives"],
    {"border-erased 6×6": (95, "98.1%", read("zero", 96)),
     "border-erased 8×8": (96, read("100%", 95), "zero"),
     "randomly erased 6×6": (98, "0.3%", "—"),
     "randomly erased 8×8": (98, "0.1%", "—")},
    n={"border-erased 6×6": (107, 95), "border-erased 8×8": (30, 96)})

# Lines 108-116: "on 120 random boards per size"; a row prints the boards each size
# completes as "full→without the rung", and the fixpoints moved as counts of 120.
_COMPLETED = {"−count": (112, ("61→61", "29→29", "7→7")),
              "−linear": (113, ("61→61", "29→29", "7→7")),
              "−pair": (114, ("61→61", "29→29", "7→7")),
              "−connect": (115, ("61→42", "29→16", "7→5"))}
_MOVED = {"−count": ("0/120", "0/120", "1/120"), "−linear": ("0/120", "0/120", "0/120"),
          "−pair": ("0/120", "0/120", "0/120"), "−connect": ("37/120", "52/120", "64/120")}
ABLATION = printed(
    "dropped", [f"moved {s} %" for s in SIZES] + [f"completed {s} %" for s in SIZES],
    {"full": (112, "—", "—", "—",
              *[count(t, 112, number=int(t.split("→")[0])) for t in _COMPLETED["−count"][1]]),
     **{row: (line, *_MOVED[row], *[count(t, line, number=int(t.split("→")[1])) for t in texts])
        for row, (line, texts) in _COMPLETED.items()}},
    n={row: (120, 109) for row in ("full", *_COMPLETED)})

# Lines 123-125: "count 34.2% → linear 35.0% → pair 35.0% → connect 45.0% → probe 50.8% at
# 6×6".
REACH = printed(
    "board", ["count %", "+linear %", "+pair %", "+connect %", "+probe %"],
    {"6×6": (124, "34.2%", "35.0%", "35.0%", "45.0%", "50.8%")})

# Lines 130-139: totals "On 9,000 random boards" (bits as a mean per board), and "that
# happens 1.7% of the time" on thinned boards.
LINPAIR = printed(
    "boards", ["bits only linear finds", "bits only pair finds", "fixpoints differ %",
               "one finishes, the other not %", "graded pair %"],
    {"sweep": (132, per_board("756", 132, 9000), per_board("1,947", 133, 9000),
               count("742", 134), count("0", 135), "—"),
     "thinned boards": (139, "—", "—", "—", "—", "1.7%")},
    n={"sweep": (9000, 130)})

# Lines 145-149: the minimal numbers are printed "32 of 81": a count of numbers, not a share.
DENSITY = printed(
    "shaded", ["unique %", "adversarially minimal numbers"],
    {"20%": (146, "8.7%", "32"), "40%": (147, "13.3%", "29"), "60%": (148, "24.7%", "22"),
     "70%": (149, "42.7%", "18")})

SHAPE = printed(
    "growth", ["shoreline (edges)", "0s printed %", "4s printed %", "unique %"],
    {"blob (t=1)": (155, "26.5", "35.6%", "10.3%", "25.3%"),
     "t=2": (156, "40.4", "25.1%", "6.6%", "16.7%"),
     "t=4": (157, "51.2", "18.2%", "4.0%", "15.3%"),
     "tendrils (t=8)": (158, "55.9", "15.3%", "3.1%", "14.7%")})

# Lines 165-167: "A locally minimal clue set needs 16 / 29 / 43 numbers at 6×6 / 8×8 / 10×10 —
# about 35% of the lattice, remarkably flat across sizes.  Random disclosure needs 2.0× as
# many."  One share and one ratio for every size.
INK = printed(
    "board", ["locally minimal numbers", "share of corners %", "random disclosure ×"],
    {size: (166, count, "about 35%", read("2.0", 167))
     for size, count in zip(SIZES, ("16", "29", "43"))})

# Lines 175-179.  Line 178 prints boards → distinct clue fields; line 179 the kernel
# dimension confirmed "at eight shapes".
LEDGERS = printed(
    "ledger", ["values"],
    {"1×m, m = 1..8 (enumerated)": (175, "2, 4, 7, 11, 16, 22, 29, 37"),
     "2×m, m = 1..10 (enumerated)": (176, "4, 14, 41, 109, 276, 682, 1665, 4041, 9780, 23638"),
     "2×m, m = 11..13 (transfer matrix)": (176, "57097, 137877, 332900"),
     "n×n, n = 1..4 (enumerated)": (177, "2, 14, 219, 11507"),
     "n×n, n = 1..4 (connected sets + 1)": (177, "2, 14, 219, 11507"),
     "distinct full clue fields, 3×3 / 4×3 / 4×4": (
         178, read("512 → 512, 4,096 → 4,096, 65,536 → 65,536", 178,
                   means="512, 4096, 65536")),
     "kernel dim = w + h − 1": (179, read("confirmed by row reduction at eight shapes", 179,
                                          means="8 of 8"))})

# Line 181: "300 small boards × five rule levels, 100% agreement".
ENGINES = printed(
    "level", ["agreed %"],
    {level: (181, "100%") for level in ("count", "linear", "pair", "connect", "probe")},
    n={level: (300, 181) for level in ("count", "linear", "pair", "connect", "probe")})

# Lines 185-187: "on 9,000 boards ... probe finishes a board if and only if the board is
# unique — 0 exceptions in either direction."
PROBE_UNIQUE = printed(
    "boards", ["probe finishes, not unique", "unique, probe stalls %"],
    {"sweep": (187, "0", count("0", 187))},
    n={"sweep": (9000, 185)})
