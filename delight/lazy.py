"""A module that runs at its first use, not at import.

The OpenAI SDK costs about a second and a half of every process's start (web, worker, each
script), and only the model path touches it: with the offline engine it never runs."""

from __future__ import annotations

import importlib.util
import sys
import threading
from types import ModuleType

# Python 3.11's LazyLoader is not thread-safe on a module's first read (fixed in 3.13).
_FIRST_READ = threading.Lock()


def lazy_module(name: str) -> ModuleType:
    """The module `name`, to be run when one of its attributes is first read.

    1. A module already imported is returned as it is.
    2. Otherwise find its spec (which runs nothing), wrap the spec's loader in the standard
       library's LazyLoader and make the module from it.
    3. Register it in sys.modules before "running" it (LazyLoader only arms it), so a later
       `import name` anywhere gets this same module.
    Where threads may race to the first use, read it through `ready`.
    """
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


def ready(module: ModuleType) -> None:
    """Run `module` now if it is waiting to (one thread at a time: see _FIRST_READ)."""
    with _FIRST_READ:
        getattr(module, "__name__")  # noqa: B009 - the read is what runs a lazy module
