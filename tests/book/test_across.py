"""The closing chapter's measurements (puzzlekit.book.across)."""
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import puzzlekit
from puzzlekit.book import across, articles, results
from puzzlekit.core import banks, checks

CERTIFIED = [g for g in across.GENRES if puzzlekit.spec(g).certificate is not None]
REFUTING = [g for g in across.GENRES if puzzlekit.spec(g).refute is not None]


# ------------------------------------------------------------------ stored reports
def _report(genre, holds, scale="article"):
    art = __import__(puzzlekit.spec(genre).article, fromlist=["ARTICLE"]).ARTICLE
    return {"genre": genre, "scale": scale, "tables": [],
            "claims": [{"id": c, "holds": holds, "detail": f"stored {c}"} for c in art.claims],
            "wall_seconds": 1.0, "workers": 2}


def test_load_reports_keeps_only_well_formed_files(tmp_path):
    runs = tmp_path / "articles"
    runs.mkdir()
    (runs / "magnets.json").write_text(json.dumps(_report("magnets", True)))
    (runs / "kojun.json").write_text("{not json")
    (runs / "nanro.json").write_text(json.dumps(_report("magnets", True)))  # wrong genre
    (runs / "creek.json").write_text(json.dumps({"genre": "creek"}))        # no claims
    got = results.load_reports(tmp_path)
    assert list(got) == ["magnets"]
    assert got["magnets"]["wall_seconds"] == 1.0
    assert results.load_reports(tmp_path / "absent") == {}


def test_the_genres_are_the_registered_ones_in_chapter_order():
    """Every registered genre, in the order of the book's chapters (_toc.yml)."""
    toc = (Path(__file__).resolve().parents[2] / "_toc.yml").read_text()
    chapters = [g for g in (line.split("book/")[-1].strip() for line in toc.splitlines()
                            if "file: book/" in line) if g in puzzlekit.GENRES]
    assert across.GENRES == across.CHAPTERS == tuple(chapters)
    assert set(across.GENRES) == set(puzzlekit.GENRES)


def test_small_boards_are_drawn_at_a_size_the_genre_has():
    """Stostone's heights are even (GenreSpec.small_size): its small boards are 4 high."""
    small = across.small_boards("smoke", ["stostone"])
    assert set(small["size"].str.split("×").str[0]) == {"4"}
    assert puzzlekit.spec("numbrix").small_size is None


def test_takeaways_use_stored_verdicts_and_mark_the_rest(tmp_path):
    rep = _report("magnets", False)
    rep["claims"][0]["holds"] = None
    rep["claims"] = rep["claims"][:-1]          # one claim the report lacks
    tk = articles.takeaways({"magnets": rep}, "book", live=False, genres=("magnets", "kojun"))
    mag, koj = tk[tk["genre"] == "magnets"], tk[tk["genre"] == "kojun"]
    assert len(mag) == len(__import__("puzzlekit.magnets.article", fromlist=["A"]).ARTICLE.claims)
    assert mag["verdict"].iloc[0] == "not decided at this scale"
    assert (mag["verdict"].iloc[1:-1] == "does not hold").all()
    assert mag["verdict"].iloc[-1] == "not in the stored report"
    assert (mag["source"].iloc[:-1] == "stored article").all()
    assert (koj["verdict"] == "no stored report").all()
    counts = articles.verdict_counts(tk)
    assert counts.loc["kojun", "no stored report"] == len(koj)
    assert counts.loc["magnets"].sum() == len(mag)


def test_takeaways_fall_back_to_live_claims():
    tk = articles.takeaways({}, "smoke", genres=("kojun",))      # live by default at smoke
    art = __import__("puzzlekit.kojun.article", fromlist=["A"]).ARTICLE
    assert list(tk["claim"]) == list(art.claims)
    assert (tk["source"] == "live smoke").all()
    want = {True: "holds", False: "does not hold", None: "not decided at this scale"}
    assert list(tk["verdict"]) == [want[art.claim(c, "smoke").holds] for c in art.claims]


# ------------------------------------------------------------------ certificates
def _second_answer_board(genre, tries=600):
    """A random small board with two or more answers on which the
    certificate fires, with the raw engine's first answer."""
    sp = puzzlekit.spec(genre)
    for p, r in checks.small_boards(sp, 2022, tries):
        if r.count >= 2 and (alt := sp.certificate(p, r.solutions[0])) is not None:
            return sp, p, r.solutions[0], alt
    pytest.fail(f"{genre}: the certificate never fired in {tries} random boards")


@pytest.mark.parametrize("genre", CERTIFIED)
def test_certificate_returns_a_second_legal_answer(genre):
    sp, p, first, alt = _second_answer_board(genre)
    assert sp.check(p, alt) == []
    assert alt.to_json() != first.to_json()


@pytest.mark.parametrize("genre", CERTIFIED)
def test_certificate_finds_nothing_on_bank_boards(genre):
    sp = puzzlekit.spec(genre)
    for e in banks.load(genre)[::7]:
        assert sp.certificate(sp.Puzzle.from_json(e["clues"]),
                              sp.Answer.from_json(e["answer"])) is None, e["id"]


@pytest.mark.parametrize("genre", REFUTING)
def test_refutation_fires_only_on_boards_without_answers(genre):
    sp = puzzlekit.spec(genre)
    rng = np.random.default_rng(7)
    fired = 0
    for _ in range(200):
        p = sp.random_small(rng, int(rng.integers(3, 6)), int(rng.integers(3, 6)))
        if sp.refute(p):
            fired += 1
            assert sp.brute_count(p, 1).count == 0
    assert fired, f"{genre}: the no-answer certificate never fired"


def test_certificate_fields_are_filled_where_a_genre_has_one():
    assert set(CERTIFIED) == {"numbrix", "magnets", "kojun", "creek", "heteromino"}
    assert set(REFUTING) == {"numberlink", "sashigane", "country_road"}


# ------------------------------------------------------------------ clue counts
CLUE_BOARDS = [
    ("numbrix", {"rows": 2, "cols": 3, "grid": [[1, 0, 3], [0, 0, 0]]}, 2),
    ("magnets", {"h": 2, "w": 2, "dominoes": ["LR", "LR"], "plus_rows": [1, None],
                 "minus_rows": [1, 1], "plus_cols": [1, 1], "minus_cols": [None, 1]}, 6),
    ("creek", {"h": 2, "w": 2, "clues": [[1, None, 0], [None, 2, None], [None, None, None]]}, 3),
    ("nanro", {"size": [2, 2], "regions": [[0, 0], [1, 1]], "clues": [[0, 0, 2]],
               "marks": [[1, 1]], "hints": [], "blanks": [[1, 0]]}, 3),
    ("kojun", {"size": [2, 2], "regions": [[0, 0], [1, 1]], "givens": [[0, 0, 2]]}, 1),
    ("sashigane", {"size": [3, 3], "circles": [[0, 0, None]], "arrows": [[0, 2, "<"]]}, 2),
    ("numberlink", {"h": 2, "w": 3, "numbers": [[1, 2, 2], [1, 3, 3]]}, 6),
    ("heteromino", {"size": [3, 3], "black": [[1, 1]]}, 1),
    ("yajisan_kazusan", {"size": [3, 3], "clues": [[0, 0, "R", 1], [2, 2, "U", 5]]}, 2),
    ("statue_park", {"size": [3, 4], "bag": [["###"], ["#", "#"]], "black": [[0, 0], [2, 1]],
                     "white": [[2, 2]]}, 3),
]


@pytest.mark.parametrize("genre,obj,want", CLUE_BOARDS, ids=[c[0] for c in CLUE_BOARDS])
def test_clue_counter_on_hand_built_boards(genre, obj, want):
    sp = puzzlekit.spec(genre)
    assert sp.clues(sp.Puzzle.from_json(obj)) == want


def test_clue_density_covers_every_bank_board():
    d = across.clue_density()
    assert set(d["genre"]) == set(across.GENRES)
    for g in across.GENRES:
        assert (d["genre"] == g).sum() == len(banks.load(g))
    assert (d["clues"] >= 0).all()
    assert np.allclose(d["clues"], d["density"] * d["cells"])


# ------------------------------------------------------------------ samples and frames
def test_bank_sample_is_seeded_and_spread_over_sizes():
    a, b = across.bank_sample("kojun", "book"), across.bank_sample("kojun", "book")
    assert [e["id"] for e in a] == [e["id"] for e in b]
    assert len(a) == across.sample("bank", "book")
    sizes = {tuple(e["size"]) for e in a}
    assert sizes == {tuple(e["size"]) for e in banks.load("kojun")}
    assert len(across.bank_sample("magnets", "article")) == len(banks.load("magnets"))


@pytest.fixture(scope="module")
def smoke():
    reach = across.ladder_reach("smoke")
    small = across.small_boards("smoke")
    return reach, small


def test_every_frame_has_all_thirteen_genres(smoke):
    reach, small = smoke
    every = set(across.GENRES)
    gr = across.grades(reach)
    wk = across.work(gr, across.hand_ablation("smoke"))
    pu = across.probe_unique(small)
    cert = across.certificates(small)
    for df in (reach, across.shape(reach), gr, small):
        assert set(df["genre"]) == every
    for df in (wk, pu, cert):
        assert set(df.index) == every
    assert (gr["grade"] == gr["shipped"]).all()
    assert (pu["violations"] == 0).all()
    assert (cert[["false alarms", "refute false alarms"]].fillna(0) == 0).all().all()
    assert cert["explained %"].notna().sum() <= len(CERTIFIED)


def test_probe_unique_counts_bank_gaps(smoke):
    _, small = smoke
    pu = across.probe_unique(small)
    for g in across.GENRES:
        assert pu.loc[g, "bank gaps"] == sum(e["grade"] is None for e in banks.load(g))


def test_engines_stored_counts_agreement_and_capped_runs():
    def bank(board, statuses):
        return [{"board": board, "engine": e, "seconds": 0.1, "status": s}
                for e, s in zip(("ladder", "raw", "sat"), statuses)]
    res = {"when": "today", "genres": {
        "magnets": {"bank": bank("a", ["unique"] * 3) + bank("b", ["unique", "capped", "unique"]),
                    "bank summary": {"sat median": 3.0, "sat worst": 0.5}},
        "kojun": {"bank": bank("c", ["unique", "multiple", "unique"]),
                  "bank summary": {"sat median": 2.0, "sat worst": 2.0}}}}
    eng = across.engines_stored(res)
    assert list(eng.index) == ["magnets", "kojun"]           # chapter order
    assert eng.loc["magnets", "all agree"] == 1 and eng.loc["magnets", "capped runs"] == 1
    assert eng.loc["kojun", "all agree"] == 0
    assert eng.loc["magnets", "sat/ladder median"] == 3.0
    assert "numbrix" in eng.attrs["missing"] and "magnets" not in eng.attrs["missing"]
    assert across.engines_stored({}).attrs["missing"] == list(across.GENRES)


def test_article_figures_are_read_from_the_quoted_tables():
    art = __import__("puzzlekit.kojun.article", fromlist=["A"]).ARTICLE
    col = art.tables["swap"].article["explained by one swap %"]
    lo, hi = round(col.min(), 2), round(col.max(), 2)
    assert articles.article_figure("kojun", "swap", None, "explained by one swap %") == \
        f"{lo:g}–{hi:g}"
    assert articles.article_figure("kojun", "swap", "6×6", "explained by one swap %") == \
        f"{round(col.loc['6×6'], 2):g}"
    assert articles.article_figure("kojun", "swap", None, "no such column") == "—"
    for _, refs, _ in articles.CROSS:
        for g, table, row, column in refs:
            articles.article_figure(g, table, row, column)     # every reference resolves


def test_stored_frames_are_read_back_for_figures():
    rep = _report("kojun", True)
    rep["frames"] = {"swap": {"columns": ["explained by one swap %", "non-unique boards"],
                              "index": ["4×4", "6×6"], "data": [[95.0, 401], [99.14, 440]]}}
    reports = {"kojun": rep}
    f = articles.stored_frame(reports, "kojun", "swap")
    assert list(f.index) == ["4×4", "6×6"] and f.loc["6×6", "non-unique boards"] == 440
    assert articles.stored_figure(reports, "kojun", "swap", None, "explained by one swap %") \
        == "95–99.14"
    assert articles.stored_figure(reports, "kojun", "swap", "4×4",
                                  "explained by one swap %") == "95"
    assert articles.stored_frame(reports, "kojun", "givens") is None
    assert articles.stored_figure({}, "kojun", "swap", None, "x") == "no stored report"


def test_warm_measures_in_other_processes_and_gives_the_same_results():
    """The chapter's warm-up runs a genre's measurements in worker processes
    and keeps their frames; they equal the ones measured here.  With one
    worker it does nothing."""
    def clear():
        across._SMALL.clear()
        across._REACH.clear()
        across._ABLATION.clear()
    clear()
    assert across.warm(["numberlink"], "smoke", workers=1) == 0
    assert not across._SMALL and not across._REACH
    here = (across.small_boards("smoke", ["numberlink"]),
            across.ladder_reach("smoke", ["numberlink"]),
            across.hand_ablation("smoke", ["numberlink"]))
    clear()
    assert across.warm(["numberlink", "creek"], "smoke", workers=2) == 2
    k = across.sample("bank", "smoke")
    assert {("numberlink", k), ("creek", k)} <= set(across._REACH)
    there = (across.small_boards("smoke", ["numberlink"]),
             across.ladder_reach("smoke", ["numberlink"]),
             across.hand_ablation("smoke", ["numberlink"]))
    for a, b in zip(here, there):
        pd.testing.assert_frame_equal(a, b)
