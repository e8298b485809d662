#!/usr/bin/env bash
# Debian's Chromium for the end-to-end tests and benchmarks; no tool downloads its own browser.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
echo "installing chromium from Debian's packages" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
