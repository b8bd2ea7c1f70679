#!/usr/bin/env bash
# The tests need three Debian tools: Chromium (browser tests, PDFs), xmllint (the e-invoice tests
# check our XML canonicalization against libxml2's, an implementation independent of ours) and
# poppler's pdftotext (the PDF tests read our PDFs' text back as viewers and search tools do).
# Installs what is missing when we can.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium fonts-noto-core)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} for the tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing for the tests: ${missing[*]} (Debian packages; or set CHROMIUM_PATH)." >&2
exit 1
