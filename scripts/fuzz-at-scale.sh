#!/usr/bin/env bash
# Fuzz many games in chunks (issue 12: 10,000 games across the three scenarios and the option sets CI
# uses). Each chunk is one `ashur fuzz --json` run; its summary line is appended to fuzz-at-scale.jsonl, so
# a run stopped part way is resumed by calling the script again (finished chunks are skipped).
#   scripts/fuzz-at-scale.sh [CHUNKS] [GAMES_PER_SCENARIO_PER_CHUNK]
# Chunk k uses the seed FUZZ_SEED_BASE + k (default 1000): another base gives other games. FUZZ_JOBS sets
# the processes (default 2).
# Checks: every step (no exception, no dead end, step limit, slow decisions) and, sampled every
# FUZZ_EVERY steps (default 20), determinism, undo, JSON round trip, invariants, views, the view and log
# leak checks; replay determinism at each end.
set -euo pipefail
cd "$(dirname "$0")/.."
chunks="${1:-100}"
games="${2:-34}"
out="${FUZZ_SCALE_OUT:-fuzz-at-scale.jsonl}"
every="${FUZZ_EVERY:-20}"
configs=(
  ""
  "-o sudden_end=false -o secret_diplomacy=true"
  "-o players=2 -o special_abilities=false -o fog_of_war=false -o reduced_leaders=false -o elimination=true"
)
for ((chunk = 0; chunk < chunks; chunk++)); do
  seed=$((${FUZZ_SEED_BASE:-1000} + chunk))
  if [[ -f "$out" ]] && grep -q "\"chunk\": $chunk," "$out"; then
    continue
  fi
  config="${configs[$((chunk % ${#configs[@]}))]}"
  # shellcheck disable=SC2086
  summary=$(.venv/bin/ashur fuzz assyrian-wars --scenario all --jobs "${FUZZ_JOBS:-2}" --games "$games" --seed "$seed" \
    --every "$every" --sample "$every" --json $config 2>/dev/null || true)
  printf '{"chunk": %d, "seed": %d, "options": "%s", "result": %s}\n' "$chunk" "$seed" "$config" \
    "${summary:-null}" >> "$out"
done
