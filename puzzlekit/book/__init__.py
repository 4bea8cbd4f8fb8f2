"""The book's own code: the front door's gallery (:mod:`~puzzlekit.book.gallery`),
what every genre chapter shares (its summary box's status strip, a puzzle beside
its answer: :mod:`~puzzlekit.book.chapter`), the closing chapter's measurements
(:mod:`~puzzlekit.book.across`), the Performance page's prose, plots and
tables (:mod:`~puzzlekit.book.performance`), and the one loader of the stored
results they quote (:mod:`~puzzlekit.book.results`).  The engine
(:mod:`puzzlekit.core`) never imports it.
"""
import importlib

__all__ = ["across", "articles", "chapter", "gallery", "performance", "results"]


def __getattr__(name):
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
