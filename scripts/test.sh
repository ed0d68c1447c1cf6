#!/usr/bin/env bash
# Install everything the tests need into .venv, then run them all: lint, unit and scenario tests,
# the content check, and a fuzz run of every registered game sized to a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/ruff check ashur tests
.venv/bin/python -m pytest -n 2 -p no:cacheprovider
.venv/bin/ashur content check assyrian-wars
.venv/bin/ashur fuzz assyrian-wars --scenario all --games "${FUZZ_GAMES:-4}" --seed "${FUZZ_SEED:-1}" \
  --jobs 2 --every "${FUZZ_EVERY:-7}"
