"""One rendering for every table a chapter shows: the compared tables and
any plain frame or series."""
import re

import numpy as np
import pandas as pd
from IPython.core.interactiveshell import InteractiveShell

from puzzlekit.core.measure import Summary
from puzzlekit.core.tables import Table, compare
from puzzlekit.core.tables.printed import printed
from puzzlekit.core.tables.render import comparison_html, frame_html
from puzzlekit.viz import style

ART = printed("board", ["unique %", "pinned by `order` %", "count"],
              {"6x6": (10, "50.0%", "12.5%", "3"), "8x8": (11, "10.0%", "—", "7")})


def _cells(html):
    return re.findall(r"<td[^>]*>(.*?)</td>", html)


def test_a_compared_table_reads():
    s = Summary("board")
    s.share("6x6", "unique %", [1] * 60 + [0] * 40)
    s.share("8x8", "unique %", [1] * 10 + [0] * 90)
    s.mean("6x6", "pinned by `order` %", [12.0] * 100)     # no spread, unequal: infinite z
    s.mean("8x8", "pinned by `order` %", [float("nan")] * 100)
    s.mean("6x6", "count", [3.0] * 100)
    s.mean("8x8", "count", [7.0] * 100)
    t = Table("tid", "sec", "Title with `code`", ART, None, kind="measured",
              kinds={"count": "exact"}, source="An article (SEN LLC)",
              url="https://github.com/sen-ltd/x", note="why `order` differs")
    cmp = compare(t, s.frame(), "smoke")
    out = comparison_html(cmp)
    assert out.startswith('<div class="pk-table"') and 'id="table-tid"' in out
    for bad in ("NaN", "nan", "∞", "inf", "999", "`", "5.0<", "3.0<"):
        assert bad not in out, bad
    assert "<code>order</code>" in out and "<code>code</code>" in out
    cells = _cells(out)
    assert any(c.startswith("60.0 ") and "±" in c for c in cells)   # ours ± its error, apart
    assert "50.0%" in cells and "12.5%" in cells                     # the article beside ours
    assert "exact, unequal" in cells                                  # not an infinite z
    assert "—" in cells                                               # no figure
    assert ">3<" in out and ">7<" in out                              # counts as integers
    assert "on 100 boards per row" in out                             # n beside the status
    for word in ("match", "close", "differs", "no figure"):            # the legend
        assert word in out.split('class="pk-legend"')[1]
    assert '<a href="https://github.com/sen-ltd/x">An article (SEN LLC)</a>' in out
    assert "article: article" not in out.lower()


def test_a_plain_frame_reads():
    df = pd.DataFrame({"count": [5.0, 1234567.0, np.nan], "share": [0.123456, 12.5, 99.0],
                       "`rung`": ["a", "`b` rung", "c"]}, index=pd.Index(["x", "y", "z"], name="n"))
    out = frame_html(df)
    assert 'class="pk-table"' in out and "NaN" not in out and "dtype" not in out
    cells = _cells(out)
    assert "5" in cells and "1,234,567" in cells and "—" in cells
    assert "0.123" in cells and "12.5" in cells and "99.0" in cells   # a column of fractions
    assert "<code>rung</code>" in out and "<code>b</code> rung" in out and "`" not in out
    long = pd.Series(range(300), name="answers")
    out = frame_html(long)
    assert out.count("<tr") == 301 and "dtype" not in out and "…" not in out and "..." not in out


def test_times_and_ratios_carry_units():
    df = pd.DataFrame({"ladder": [0.0123, 2.5], "sat / ladder": [4.0, 12.34]}, index=["a", "b"])
    df.attrs["units"] = {"ladder": "s", "sat / ladder": "×"}
    cells = _cells(frame_html(df.round(4)))
    assert cells == ["12.3 ms", "4.00×", "2.50 s", "12.3×"]


def test_use_registers_the_frame_rendering_with_ipython():
    shell = InteractiveShell.instance()
    assert style.tables(shell)
    s = pd.Series([1.0, 2.0], name="answers")
    data, _ = shell.display_formatter.format(s)
    assert 'class="pk-table"' in data["text/html"] and "dtype" not in data["text/html"]
    styler = pd.DataFrame({"a": [1]}).style
    data, _ = shell.display_formatter.format(styler)
    assert "pk-table" not in data.get("text/html", "")


def test_the_sample_size_stands_beside_the_status_when_rows_differ():
    s = Summary("board")
    s.share("6x6", "unique %", [1] * 6 + [0] * 4)
    s.share("8x8", "unique %", [1] * 3 + [0] * 27)
    t = Table("u", "sec", "T", ART, None)
    out = comparison_html(compare(t, s.frame(), "smoke"))
    assert "boards (ours)" in out and "second column" in out
    assert ">10<" in out and ">30<" in out
