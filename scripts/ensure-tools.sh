#!/usr/bin/env bash
# The Debian packages the tests and benchmarks use, installed where missing, with one apt-get
# update for all of them:
#   pdf       poppler (pdftoppm, pdftotext) and tesseract OCR, for the reports' PDF test
#             (services/reports-ai/src/render/pdf.spec.ts), which renders a page and reads it back
#   chromium  Debian's Chromium for the end-to-end tests and benchmarks (no tool downloads its own)
#   nginx     the reverse proxy bench/gateway.mjs compares the gateway with
# Usage: ensure-tools.sh pdf chromium [nginx]
set -euo pipefail
packages=()
for tool in "$@"; do
  case "$tool" in
    pdf)
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null && command -v tesseract >/dev/null &&
        [ -n "$(tesseract --list-langs 2>/dev/null | grep -x eng)" ] ||
        packages+=(poppler-utils tesseract-ocr tesseract-ocr-eng)
      ;;
    chromium) [ -x /usr/bin/chromium ] || packages+=(chromium) ;;
    nginx) command -v nginx >/dev/null || packages+=(nginx-light) ;;
    *) echo "ensure-tools: unknown tool $tool (pdf, chromium, nginx)" >&2; exit 2 ;;
  esac
done
[ ${#packages[@]} -eq 0 ] && exit 0
echo "installing ${packages[*]} from Debian's packages" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
