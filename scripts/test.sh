#!/usr/bin/env bash
# Install everything the tests need into .venv, then run them all: lint, unit and scenario tests, the
# content check, the fuzzer over every scenario (with the default options, with long games and secret
# diplomacy, without the optional rules and with two players, and sampled over more games), and whole games
# between eager bots. The server tests run a real PostgreSQL too: Debian's postgresql package is installed
# when its initdb is missing (the tests make a throwaway cluster as a non-root user), and the browser tests
# drive Debian's chromium through Playwright for Python (installed here too; playwright's own browser
# download does not work on these machines).
set -euo pipefail
cd "$(dirname "$0")/.."
APT=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || APT+=(postgresql)
command -v chromium >/dev/null 2>&1 || APT+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] || APT+=(fonts-noto-cjk)  # the Japanese interface's glyphs
if [ "${#APT[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${APT[@]}" >/dev/null
fi
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/ruff check ashur tests scripts
.venv/bin/ashur content check assyrian-wars
.venv/bin/ashur content check assyria
fuzz() { .venv/bin/ashur fuzz assyrian-wars --scenario all --jobs 2 "$@"; }
fuzz --games "${FUZZ_GAMES:-4}" --seed 1 --every 5
fuzz --games 4 --seed 5 --every 5
fuzz --games 10 --seed 6 --every 20 --sample 20
fuzz --games 2 --seed 2 --every 9 -o sudden_end=false -o secret_diplomacy=true
fuzz --games 2 --seed 3 --every 9 -o players=2 -o special_abilities=false -o fog_of_war=false \
  -o reduced_leaders=false -o elimination=true
for scenario in campaign rise_and_fall two_rivers; do
  .venv/bin/ashur simulate assyrian-wars --scenario "$scenario" --games 2 --seed 4 --bots eager --jobs 2 \
    -o sudden_end=false
done
# Assyria: the fuzzer over its three set-ups (4, 3 and 2 players), and whole games between heuristic bots.
.venv/bin/ashur fuzz assyria --games 6 --seed 1 --jobs 2
.venv/bin/ashur simulate assyria --games 20 --seed 4 --bots heuristic --jobs 2
# The unit and scenario tests come last so that their closing line ends the output.
.venv/bin/python -m pytest -n 2 -p no:cacheprovider
