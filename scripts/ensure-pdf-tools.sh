#!/usr/bin/env bash
# Debian's poppler (pdftoppm, pdftotext) and tesseract OCR for the reports' PDF test
# (services/reports-ai/src/render/pdf.spec.ts), which renders a page and reads it back.
set -euo pipefail
command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null && command -v tesseract >/dev/null &&
  [ -n "$(tesseract --list-langs 2>/dev/null | grep -x eng)" ] && exit 0
echo "installing poppler-utils and tesseract-ocr from Debian's packages" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils tesseract-ocr tesseract-ocr-eng >/dev/null
