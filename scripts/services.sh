#!/usr/bin/env bash
# Starts a throwaway PostgreSQL and Redis on loopback for the database and scale-out suites,
# installing them (and nginx, which the deployment test runs itself) from Debian when missing. Prints the env lines to use; `stop` ends them.
set -euo pipefail
# IDARA_SERVICES_DIR, PG_PORT and REDIS_PORT let a second checkout run its own beside the first.
ROOT="${IDARA_SERVICES_DIR:-/tmp/idara-services}"
# Below Linux's ephemeral range (32768-60999): a port in it can be taken for a moment by any
# outgoing connection, and PostgreSQL once failed to start because the browser tests' had it.
PG_PORT="${PG_PORT:-25432}"
REDIS_PORT="${REDIS_PORT:-26379}"

install_if_missing() {
  local need=()
  ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || need+=(postgresql)
  command -v redis-server >/dev/null || need+=(redis-server)
  [ -x /usr/sbin/nginx ] || need+=(nginx)
  if [ ${#need[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq "${need[@]}" >&2
    # The package starts a system nginx on port 80; the tests run their own.
    if [ -f /run/nginx.pid ]; then /usr/sbin/nginx -s stop >&2 2>/dev/null || true; fi
  fi
}

start() {
  install_if_missing
  stop # a server left by an earlier run is ended first; every run starts clean
  local pgbin
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  mkdir -p "$ROOT"
  chown postgres "$ROOT" 2>/dev/null || true
  if [ ! -f "$ROOT/pg/PG_VERSION" ]; then
    su postgres -c "$pgbin/initdb -D $ROOT/pg -A trust -U postgres -E UTF8 --locale=C.UTF-8" >"$ROOT/initdb.log" 2>&1
  fi
  su postgres -c "$pgbin/pg_ctl -D $ROOT/pg -o '-p $PG_PORT -k $ROOT -c listen_addresses=127.0.0.1 -c fsync=on' -l $ROOT/pg.log -w start" >&2
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no --pidfile "$ROOT/redis.pid" >&2
  echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
}

stop() {
  local pgbin
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -n "$pgbin" ] && [ -f "$ROOT/pg/postmaster.pid" ]; then
    su postgres -c "$pgbin/pg_ctl -D $ROOT/pg -m fast -w stop" >&2 || true
  fi
  if [ -f "$ROOT/redis.pid" ]; then
    kill "$(cat "$ROOT/redis.pid")" 2>/dev/null || true
    rm -f "$ROOT/redis.pid"
  fi
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
