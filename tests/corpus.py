"""The corpus of real puzzles (``benchmarks/real/corpus.py``), loaded once
for the tests that read it: ``from tests.corpus import corpus``."""
import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "corpus", Path(__file__).resolve().parents[1] / "benchmarks" / "real" / "corpus.py")
corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corpus)
