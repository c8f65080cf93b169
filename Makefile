# The two commands of the README: `make run` and `make test`. Both set up a fresh machine
# (a .venv made with the python3 on PATH) and reuse what an earlier run installed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# The suite's parallel workers (pytest-xdist): each has its own test database and Redis
# database. Many tests wait on real processes and a browser, so three outrun two cores' two.
# Worksteal: an idle worker takes half of a busy one's queue. (Slow tests first, handed out
# two at a time, was tried: three browsers and their servers at once time out.)
TEST_WORKERS ?= 3

.PHONY: run test setup lint format browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The app alone for `make run` (no test, browser or type-checking tools: measured here, 16.8 s
# of pip against 23.1 s with them, on a warm cache); the tools too for `make test`.
$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@ $(VENV)/.installed-app

setup: $(VENV)/.installed

run: $(VENV)/.installed-app
	PORT=$(PORT) $(BIN)/python manage.py serve

# Debian's Chromium for the browser tests, when this machine can install it (root + apt).
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
		&& (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
		|| echo "chromium is not installed: browser tests will be skipped"; }

test: setup browser
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_layers.py tests/test_types.py

format:
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
