"""Shared test options: ``--runslow`` enables tests marked slow.

A run gets one fresh folder for the articles' results
(:data:`puzzlekit.core.tables.RESULTS_ENV`), set before the workers start so
that they, the notebook kernels under nbval and the book built for the
browser tests all share it: each table is measured once per run, by this
run's code.  A folder already named in the environment is used as it is.
"""
import os
import shutil
import tempfile

import pytest

from puzzlekit.core.tables import RESULTS_ENV

_MADE = []


def pytest_configure(config):
    if RESULTS_ENV not in os.environ and not hasattr(config, "workerinput"):
        folder = tempfile.mkdtemp(prefix="pk-results-")
        os.environ[RESULTS_ENV] = folder
        _MADE.append(folder)


def pytest_unconfigure(config):
    while _MADE:
        shutil.rmtree(_MADE.pop(), ignore_errors=True)


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
