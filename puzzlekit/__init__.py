"""puzzlekit: rung-ladder solvers, engines, generators and measurements for
thirteen pencil-puzzle genres.

Genres load lazily: ``puzzlekit.spec("magnets")`` imports
``puzzlekit.magnets`` on first use and returns its :class:`GenreSpec`.
"""
from __future__ import annotations

import importlib

__all__ = ["GENRES", "spec", "available", "built", "__version__"]
__version__ = "0.1.0"

GENRES = {name: f"puzzlekit.{name}" for name in (
    "heteromino", "sashigane", "numberlink", "stostone", "choco_banana",
    "yajisan_kazusan", "statue_park", "country_road", "creek", "numbrix",
    "kojun", "magnets", "nanro")}


def available(name: str) -> bool:
    """Whether the genre's package exists in this installation."""
    return importlib.util.find_spec(GENRES[name]) is not None


def spec(name: str):
    """The :class:`~puzzlekit.core.genre.GenreSpec` of a genre.

    Raises ValueError (one line) for an unknown or not yet built genre.
    """
    if name not in GENRES:
        raise ValueError(f"unknown genre {name!r}; genres: {', '.join(GENRES)}")
    if not available(name):
        raise ValueError(f"genre {name!r} is not built yet in this version of puzzlekit")
    mod = importlib.import_module(GENRES[name])
    if not hasattr(mod, "SPEC"):
        raise ValueError(f"genre {name!r} is not built yet in this version of puzzlekit")
    return mod.SPEC


def built() -> list[str]:
    """The genres whose package is built (has a ``SPEC``), in registry order."""
    out = []
    for name in GENRES:
        try:
            spec(name)
        except ValueError:
            continue
        out.append(name)
    return out
