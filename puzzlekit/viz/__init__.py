"""Drawing primitives, plots and the rung stepper shared by every genre."""
from . import board, plots, stepper  # noqa: F401

__all__ = ["board", "plots", "stepper"]
