# Every target first creates or refreshes .venv, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench bench-scale soak lint clean venv

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
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
	$(BIN)/ruff check domain projections api replays tests bench cli.py bootstrap.py
	$(BIN)/mypy --strict domain replays
	$(BIN)/mypy api projections cli.py bootstrap.py

clean:
	rm -rf $(VENV) var
