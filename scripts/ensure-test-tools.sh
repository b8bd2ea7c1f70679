#!/usr/bin/env bash
# The tests need two Debian tools: Chromium (browser tests, PDFs) and xmllint (the e-invoice tests
# check our XML canonicalization against libxml2's, an implementation independent of ours).
# Installs what is missing when we can.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium fonts-noto-core)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
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
