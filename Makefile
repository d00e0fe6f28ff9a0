# Every target first creates or refreshes .venv, so a fresh clone needs nothing else.
# The interpreter: PYTHON if given (PYTHON=python3.12, or a path), else the newest of
# python3.14 ... python3.11 that runs, else python3 if it is one of those versions.
SUPPORTS := import sys; sys.exit(not (3, 11) <= sys.version_info[:2] <= (3, 14))
ifndef PYTHON
PYTHON := $(firstword $(foreach candidate,python3.14 python3.13 python3.12 python3.11 python3,\
	$(shell $(candidate) -c '$(SUPPORTS)' >/dev/null 2>&1 && echo $(candidate))))
endif
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# A .venv made by another interpreter (another version of Python, or one since removed) is
# made again: otherwise it would be reused, and fail, whatever PYTHON says.
ifneq ($(shell test -x $(BIN)/python && $(BIN)/python --version 2>&1),$(shell $(PYTHON) --version 2>&1))
REBUILD := rebuild
endif

.PHONY: run test bench bench-scale soak lint clean venv rebuild

venv: $(STAMP)

rebuild:

$(STAMP): pyproject.toml $(REBUILD)
	@test -n "$(PYTHON)" || { echo "make: no supported Python (3.11 to 3.14) found; install" \
	    "one, or name it: make PYTHON=/path/to/python3.12 ..." >&2; exit 1; }
	@$(PYTHON) -c '$(SUPPORTS)' || { echo "make: $(PYTHON) is $$($(PYTHON) --version 2>&1);" \
	    "gamehall supports Python 3.11 to 3.14: name one, e.g. make PYTHON=python3.12 ..." >&2; exit 1; }
	@if [ -d $(VENV) ] && [ "$(REBUILD)" ]; then echo "$(VENV) was made by" \
	    "$$($(BIN)/python --version 2>&1 | head -1), not $$($(PYTHON) --version): making it again"; \
	    rm -rf $(VENV); fi
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,fast]' || { echo "make: gunicorn's C HTTP parser" \
	    "(gunicorn_h1c) did not build here: gamehall serves with gunicorn's Python parser"; \
	    $(BIN)/pip install --quiet -e '.[dev]'; }
	touch $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000

run: $(STAMP)
	$(BIN)/gamehall serve --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest

# Every section, or those named (SECTIONS="http layers"); SECTIONS=melee, run only when named,
# plays the 400 seat-rotated Thrones melee games of the balance table (python -m bench.melee).
bench: $(STAMP)
	$(BIN)/python -m bench $(SECTIONS)

# The API at scale on PostgreSQL: 10,000 stored games, 200 played at once over HTTP
# (GAMEHALL_BENCH_POSTGRES=postgresql://user@host:port/db; SCALE_GAMES, SCALE_ACTIVE,
# SCALE_SECONDS).
bench-scale: $(STAMP)
	$(BIN)/python -m bench.scale

# Games under load while workers and the whole server are killed with SIGKILL; then every
# game verified and every acknowledged move looked for (SOAK_GAMES, SOAK_SECONDS).
soak: $(STAMP)
	$(BIN)/python -m bench.soak

# mypy is strict on the rules and the replays (pure code that anyone may run to verify), and
# checks the rest with the project's defaults.
lint: $(STAMP)
	$(BIN)/ruff check domain projections api replays research examples tests bench cli.py bootstrap.py
	$(BIN)/mypy --strict domain replays
	$(BIN)/mypy api projections research examples cli.py bootstrap.py

clean:
	rm -rf $(VENV) var
