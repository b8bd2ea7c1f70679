#!/usr/bin/env bash
# Browser tests drive Debian's Chromium. Install it when it is missing and we can.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian chromium for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-noto-core >/dev/null
  exit 0
fi
echo "Chromium not found at $CHROMIUM. Install Debian's 'chromium' package (or set CHROMIUM_PATH)." >&2
exit 1
