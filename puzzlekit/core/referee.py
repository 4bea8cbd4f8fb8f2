"""What a referee reports: the rules an answer breaks, and where."""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Violation", "InputError"]


@dataclass(frozen=True)
class Violation:
    """One broken rule: its id (as the genre's ``RULES`` names it), the cells
    (or lines, dominoes ...) involved, and a sentence."""

    rule: str
    where: tuple
    message: str

    def as_dict(self) -> dict:
        return {"rule": self.rule, "where": [list(w) if isinstance(w, tuple) else w
                                             for w in self.where],
                "message": self.message}


class InputError(ValueError):
    """Malformed puzzle or answer input; its message is one line for the CLI."""
