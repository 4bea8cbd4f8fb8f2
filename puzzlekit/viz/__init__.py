"""Drawing primitives, plots and the rung stepper shared by every genre.

Submodules load on first use, so importing a genre does not import
matplotlib until something is drawn.
"""
import importlib

__all__ = ["board", "plots", "stepper", "style"]


def __getattr__(name):
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
