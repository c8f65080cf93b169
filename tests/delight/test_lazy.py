from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from delight.lazy import lazy_module, ready
from tests.support.processes import run_script


@pytest.fixture
def fresh_json_tool(monkeypatch):
    """A standard-library module no test imports, out of sys.modules for this test."""
    monkeypatch.delitem(sys.modules, "json.tool", raising=False)
    return "json.tool"


def test_a_lazy_module_runs_at_its_first_read_and_is_the_one_imported(fresh_json_tool):
    module = lazy_module(fresh_json_tool)

    assert sys.modules[fresh_json_tool] is module
    assert "main" not in object.__getattribute__(module, "__dict__")  # nothing ran yet
    assert callable(module.main)
    assert sys.modules[fresh_json_tool] is module


def test_an_imported_module_is_returned_as_it_is():
    assert lazy_module("json") is sys.modules["json"]


def test_a_missing_module_is_refused_at_once():
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        lazy_module("no_such_module_here")


def test_threads_that_race_to_the_first_use_get_one_run_module(fresh_json_tool):
    module = lazy_module(fresh_json_tool)
    start = threading.Barrier(8)

    def use(_: int) -> object:
        start.wait()
        ready(module)
        return module.main

    with ThreadPoolExecutor(max_workers=8) as pool:
        mains = list(pool.map(use, range(8)))

    assert len(mains) == 8
    assert len(set(mains)) == 1


@pytest.mark.slow
def test_a_process_on_the_offline_engine_never_runs_the_model_sdk_or_the_push_library(db):
    loaded = run_script(
        "import sys\n"
        "import delight.asgi, companion.conversations, nudges.services\n"
        "print(sorted(name for name in ('openai', 'openai._client', 'pywebpush', 'aiohttp')"
        # A lazy module read by anyone, this check too, is a module of its own class again.
        " if name in sys.modules and type(sys.modules[name]).__name__ != '_LazyModule'))"
    )
    assert loaded.strip() == "[]"
