"""The runnable examples in core's docstrings are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import core

MODULES = sorted(m.name for m in pkgutil.walk_packages(core.__path__, "core."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_there_are_docstring_examples():
    assert sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES) >= 5
