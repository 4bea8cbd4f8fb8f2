"""The one loader of stored results: the benchmark runs and the article-scale
runs the book quotes.

Stored results live in the repository's ``benchmarks/results/`` (written by
the scripts in ``benchmarks/``: ``engines.json``, ``lift.json``,
``parallel.json``, the studies' files, and ``articles/<genre>.json``); they
are not part of the installed package.  :func:`folder` finds them: the folder
named by the environment variable :data:`STORED_ENV`, else the source
checkout's ``benchmarks/results`` when there is one.  Without either,
every loader raises :class:`StoredResultsMissing`, one line naming what is
missing and how to point at it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import puzzlekit

__all__ = ["STORED_ENV", "StoredResultsMissing", "folder", "load", "article_run",
           "load_reports"]

#: The environment variable naming the folder of stored results.
STORED_ENV = "PUZZLEKIT_STORED"

#: The stored results of a source checkout: ``benchmarks/results`` beside the package.
CHECKOUT = Path(__file__).resolve().parents[2] / "benchmarks" / "results"


class StoredResultsMissing(FileNotFoundError):
    """The folder of stored results is not there (an installed package has
    none): the message says where it was looked for and how to name one."""


def folder() -> Path:
    """The folder of stored results: ``$PUZZLEKIT_STORED``, else the source
    checkout's ``benchmarks/results``.

    Raises :class:`StoredResultsMissing` when that folder does not exist.
    """
    named = os.environ.get(STORED_ENV)
    where = Path(named) if named else CHECKOUT
    if not where.is_dir():
        said = f"{STORED_ENV}={named}" if named else f"no {STORED_ENV} set, and {where}"
        raise StoredResultsMissing(
            f"stored results not found ({said} is not a folder): set {STORED_ENV} to a copy "
            f"of the repository's benchmarks/results")
    return where


def _read(path: Path) -> dict:
    """One stored JSON file, or {} when the run was never stored."""
    return json.loads(path.read_text()) if path.exists() else {}


def load(name: str = "engines", root=None) -> dict:
    """A stored benchmark run, ``<name>.json`` of the stored results (``root``,
    default :func:`folder`), or {} when that run was never stored:
    ``engines`` (``benchmarks/bench_engines.py``), ``lift``
    (``benchmarks/studies/lift.py``), ``parallel``
    (``benchmarks/bench_parallel.py``) or a study's file
    (``magnets_dense``, ``numberlink_learning`` ...: ``benchmarks/studies/``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "lift.json").write_text('{"kojun": []}')
    ...     load("lift", d), load("engines", d)
    ({'kojun': []}, {})
    """
    return _read(Path(root or folder()) / f"{name}.json")


def article_run(genre: str, root=None) -> dict:
    """A genre's stored article-scale run, ``articles/<genre>.json`` of the
    stored results (``root``, default :func:`folder`;
    ``benchmarks/run_articles.py`` writes them): the fidelity report with
    every table's seconds and frame, the wall time, the workers, the
    machine's load, the date and the commit; {} when never stored."""
    return _read(Path(root or folder()) / "articles" / f"{genre}.json")


def load_reports(root=None, genres=None) -> dict:
    """The stored article runs of ``genres`` (default: every registered
    genre) that read as reports (:func:`article_run`): each the
    ``python -m puzzlekit article GENRE --json`` object of its genre, with
    ``wall_seconds`` and ``workers`` where the run recorded them, by genre.
    A genre without a readable, well-formed report is left out."""
    root = Path(root) if root else folder()
    out = {}
    for g in puzzlekit.GENRES if genres is None else genres:
        try:
            rep = article_run(g, root)
        except (OSError, ValueError):
            continue
        if isinstance(rep, dict) and rep.get("genre") == g and isinstance(rep.get("claims"), list):
            out[g] = rep
    return out
