#!/usr/bin/env bash
# `make test`: installs and builds what is missing, then every tier of tests, each on both cores:
#   unit          jest's unit project (specs beside the code)
#   integration   jest's integration project, INTEGRATION_WORKERS workers (default 4), each with its
#                 own database, Redis database and prefixes (test-support/integration-env.ts)
#   web           vitest; the e2e stack starts in the background meanwhile
#   e2e           jest's e2e project against that stack, E2E_WORKERS workers (default 2), one Chromium
# Ends with the seconds each phase took and the closing line `tests: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.local/test-results
rm -rf "$results" && mkdir -p "$results"
jest=node_modules/.bin/jest
phases="$results/phases.tsv"
status=0

# Runs a phase and notes its seconds; a failed phase fails `make test` but the later ones still run.
phase() {
  local name=$1 started ended rc
  shift
  started=$(date +%s%N)
  "$@"
  rc=$?
  ended=$(date +%s%N)
  printf '%s\t%s\t%s\n' "$name" "$(((ended - started) / 1000000))" "$rc" >>"$phases"
  [ "$rc" -eq 0 ] || status=1
  return "$rc"
}
# Set-up phases: nothing after them can run without them.
setup() { phase "$@" || { node scripts/test-summary.mjs "$results"; exit 1; }; }

setup install make --no-print-directory install
setup tools bash scripts/ensure-tools.sh pdf chromium
setup build make --no-print-directory build
setup infra make --no-print-directory infra

phase unit "$jest" --selectProjects unit --maxWorkers=2 --json --outputFile="$results/unit.json"
# The integration tests send mail to the shared sink; nothing else of the e2e stack.
setup mail-sink node scripts/launch.mjs up test --only mail-sink
phase integration "$jest" --selectProjects integration --maxWorkers="${INTEGRATION_WORKERS:-4}" \
  --json --outputFile="$results/integration.json"

node scripts/launch.mjs up test >"$results/stack.log" 2>&1 &
stack=$!
phase web npm run test -w web -- --reporter=default --reporter=json --outputFile.json="../$results/web.json"
if phase stack wait "$stack"; then
  phase e2e bash scripts/e2e.sh --json --outputFile="$results/e2e.json"
else
  cat "$results/stack.log" >&2
fi
phase down node scripts/launch.mjs down test >/dev/null

node scripts/test-summary.mjs "$results" || status=1
exit "$status"
