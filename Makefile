# The front door. `make lessons` and `make test` work on a fresh machine with
# Python 3.11+ and make: both create .venv and install what they need.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# JupyterLab's extensions in the environment, and the live copy's kernel extension
LAB_EXT  := $(VENV)/share/jupyter/labextensions
LITE_EXT := $(VENV)/share/jupyter/lite-labextensions
# JupyterLab refuses to run as root unless told; containers often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lessons test lint typecheck unit bench match puzzles docs site catalogues clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev,lessons,docs]"
	@# The live copy's Pyodide kernel extension (JupyterLite's, for the browser) is moved
	@# out of JupyterLab's way: JupyterLab loads every extension it finds, disabled or
	@# not, and this one failed in its console on every start ("Shared module
	@# @jupyterlite/services doesn't exist"). The site's build finds it where it is moved
	@# to (docs_hooks/lite/wheels.py).
	@if [ -d $(LAB_EXT)/@jupyterlite ]; then \
		rm -rf $(LITE_EXT) && mkdir -p $(LITE_EXT) && mv $(LAB_EXT)/@jupyterlite $(LITE_EXT)/; \
	fi
	@touch $(STAMP)

# The solver compiled to C with mypyc (tools/compile_solver.py): the same values, about
# twice as fast, so the judge weighs more deals in the same time. Built again whenever
# its sources change; without a C compiler the package runs the plain Python (slower,
# fewer deals), as the live copy of the lessons does.
SOLVER   := hasenpfeffer_core/analysis
COMPILED := $(SOLVER)/compiled.json
$(COMPILED): $(STAMP) $(SOLVER)/solver.py $(SOLVER)/points_solver.py tools/compile_solver.py
	$(BIN)/python tools/compile_solver.py || echo "(running the plain Python solver)"

## make lessons: install everything and open JupyterLab at the first lesson (served from
## the repository's root, so that the lessons' links to the site's pages open)
lessons: $(STAMP) $(COMPILED)
	$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=. lessons/01-the-cards.ipynb

## make test: lint, type-check and run the whole test suite
test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict hasenpfeffer_core docs_hooks

unit: $(STAMP) $(COMPILED)
	$(BIN)/python -m pytest -n 2 --dist worksteal --durations=25

## make bench: the speed figures (not part of the tests)
bench: $(STAMP) $(COMPILED)
	$(BIN)/python bench/playouts.py
	$(BIN)/python bench/solver.py
	$(BIN)/python bench/widgets.py
	$(BIN)/python bench/progress.py
	$(BIN)/python bench/judge.py
	$(BIN)/python bench/lessons.py
	$(BIN)/python bench/page_weight.py

## make puzzles: the puzzle bank again (tools/make_puzzles.py: 900 hands, seed 2026)
puzzles: $(STAMP) $(COMPILED)
	$(BIN)/python tools/make_puzzles.py

## make match: a duplicate match between the computer players (bench/match.py)
match: $(STAMP) $(COMPILED)
	$(BIN)/python bench/match.py --deals 2000

## make docs: serve the site at http://127.0.0.1:8000 (live reload). Every build also
## makes the live copy of the lessons (JupyterLite on Pyodide, in live/; needs npm once
## to fetch Pyodide; downloads are cached in build/lite-cache/)
docs: $(STAMP) $(COMPILED)
	HP_SITE_URL=http://127.0.0.1:8000/ $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

## make site: build the site (English, Italian in it/, Thai in th/), live copy included,
## into public/ (as the Pages workflow does)
site: $(STAMP) $(COMPILED)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir public

## make catalogues: gather every translatable string into the template, merge it into the
## Italian and Thai catalogues (new strings arrive untranslated) and compile them
LOCALE := hasenpfeffer_core/locale
catalogues: $(STAMP)
	$(BIN)/python tools/catalogues.py $(LOCALE)/hasenpfeffer.pot
	for lang in it th; do \
		test -f $(LOCALE)/$$lang/LC_MESSAGES/hasenpfeffer.po || \
			$(BIN)/pybabel init --domain hasenpfeffer --input-file $(LOCALE)/hasenpfeffer.pot \
				--output-dir $(LOCALE) --locale $$lang --no-wrap; \
		$(BIN)/pybabel update --domain hasenpfeffer --input-file $(LOCALE)/hasenpfeffer.pot \
			--output-dir $(LOCALE) --locale $$lang --no-wrap --ignore-obsolete --no-fuzzy-matching; \
	done
	$(BIN)/pybabel compile --domain hasenpfeffer --directory $(LOCALE) --statistics

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
