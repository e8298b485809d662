#!/usr/bin/env bash
# End-to-end tests: playwright-core drives Debian's Chromium through the gateway of the `test`
# profile (node scripts/launch.mjs up test), E2E_WORKERS test files at a time (default 2) in one
# Chromium for the run (e2e/support/browser-server.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tools.sh chromium
export E2E_BASE_URL=${E2E_BASE_URL:-http://localhost:18080}
export MAIL_SINK_URL=${MAIL_SINK_URL:-http://127.0.0.1:1080}
export DATABASE_URL=${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/platform_e2e}
exec node_modules/.bin/jest --selectProjects e2e --maxWorkers="${E2E_WORKERS:-2}" "$@"
