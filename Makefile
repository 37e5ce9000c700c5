# MASIS Desktop: `make run` and `make test` set up whatever is missing (venv, packages, models), then act.
# Both are idempotent; the second time they only verify and go.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The install stamp changes whenever the declared dependencies change, so edits re-install automatically.
DEPS_HASH := $(shell cat pyproject.toml constraints.txt 2>/dev/null | sha256sum | cut -c1-12)
STAMP := $(VENV)/.installed-$(DEPS_HASH)
PYTEST_ARGS ?=

.PHONY: setup models run test lint fast-test e2e bench eval-data dist dist-check clean help llama-server

help:
	@echo "make run        set up, fetch + verify models, open the app on the sample workspace"
	@echo "make test       set up, fetch + verify models, lint, run the whole test suite"
	@echo "make lint       ruff, mypy, import-linter (core stays Qt-free)"
	@echo "make bench      run every benchmark in bench/ and write docs/BENCHMARKS.md"
	@echo "make eval-data  download the public evaluation data (dev-only) and build its splits under artifacts/"
	@echo "make dist       build the PyInstaller bundle and the .deb; make dist-check installs and tests it"
	@echo "make llama-server  build llama.cpp's server for this CPU (docs/SERVING.md); prints its path"

LLAMA_VERSION := $(shell sed -n 's/.*"llama-cpp-python==\([^"]*\)".*/\1/p' pyproject.toml)

$(STAMP): pyproject.toml constraints.txt packaging/llama_wheel.sh packaging/llama_cpu_args.sh
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade "pip>=24"
	# llama-cpp-python compiles llama.cpp the first time (~6-11 min on 2 cores) for this CPU, never with its AMX
	# kernels (they crash); the wheel is cached per CPU-flag set, see packaging/llama_wheel.sh.
	wheels=$$(sh packaging/llama_wheel.sh $(BIN)/python $(LLAMA_VERSION)) && \
	$(BIN)/python -m pip install --disable-pip-version-check --no-deps --force-reinstall \
		"$$wheels"/llama_cpp_python-$(LLAMA_VERSION)-*.whl && \
	$(BIN)/python -m pip install --disable-pip-version-check --find-links "$$wheels" -c constraints.txt -e '.[dev]'
	@rm -f $(VENV)/.installed-*
	@touch $@

setup: $(STAMP)

models: setup
	$(BIN)/masis models fetch

run: models
	$(BIN)/masis-desktop --sample

lint: setup
	$(BIN)/ruff check masis_desktop tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

test: models
	$(MAKE) --no-print-directory lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

fast-test: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -m "not e2e and not slow" $(PYTEST_ARGS)

e2e: models
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -m e2e $(PYTEST_ARGS)

bench: models
	$(BIN)/python bench/run_all.py

# llama.cpp's own OpenAI-compatible server, from the llama.cpp llama-cpp-python vendors (cached; ~10 min once).
llama-server: setup
	@sh packaging/llama_server.sh $(BIN)/python $(LLAMA_VERSION)

# Dev-only data-fetch scripts (network): each downloads, verifies and builds its genre's splits under artifacts/.
EVAL_DATA_SCRIPTS := bench/eval_data/fetch_halueval.py
EVAL_DATA_SCRIPTS += bench/eval_data/fetch_docs.py bench/eval_data/fetch_licenses.py
eval-data: setup
	@for script in $(EVAL_DATA_SCRIPTS); do $(BIN)/python $$script || exit 1; done

dist: models
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt "pyinstaller==6.22.3" "pyinstaller-hooks-contrib==2026.9"
	bash packaging/build_deb.sh

dist-check: dist
	bash packaging/dist_check.sh

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache artifacts
