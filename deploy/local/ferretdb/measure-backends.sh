#!/usr/bin/env bash
# Measures the patched FerretDB build on each of its two usable backends, SQLite and PostgreSQL
# (Debian's, installed here if missing), with one workload (bench/datastore-backends.ts), each on
# a fresh data directory and its own port. Not part of the stack or the tests: it is how the
# backend was chosen (deploy/local/ferretdb/README.md records the figures). Run `stack.sh install`
# first so the patched binary exists.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
ROOT="$(cd "$HERE/../../.." && pwd -P)"
cd "$ROOT"
. scripts/bootstrap.sh
FERRETDB="$ROOT/.tools/go-bin/ferretdb"
[[ -x $FERRETDB ]] || { echo "run deploy/local/stack.sh install first" >&2; exit 1; }
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [[ -z $PG_BIN ]]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
work=$(mktemp -d /tmp/measure-backends.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -d $work/pg ]] && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

ferretdb() { # name port args...
  local name=$1 port=$2
  shift 2
  mkdir -p "$work/$name/state"
  "$FERRETDB" --listen-addr="127.0.0.1:$port" --state-dir="$work/$name/state" --debug-addr=- \
    --telemetry=disable --log-level=error "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 50); do python3 "$ROOT/deploy/local/probe.py" mongo "127.0.0.1:$port" 1 2>/dev/null && return; sleep 0.2; done
  echo "FerretDB ($name) did not start: $(tail -3 "$work/$name.log")" >&2
  exit 1
}

mkdir -p "$work/sqlite/data"
ferretdb sqlite 27301 --handler=sqlite --sqlite-url="file:$work/sqlite/data/"
echo "sqlite:     $(node bench/datastore-backends.ts mongodb://127.0.0.1:27301 "${pids[-1]}")"

mkdir -p "$work/pg" && chown postgres "$work/pg"
runuser -u postgres -- "$PG_BIN/initdb" -D "$work/pg" -U postgres --auth=trust >/dev/null
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$work/pg" -o "-p 25432 -k $work/pg -c listen_addresses=127.0.0.1" -l "$work/pg/server.log" start >/dev/null
"$PG_BIN/createdb" -h 127.0.0.1 -p 25432 -U postgres ferretdb
ferretdb postgresql 27302 --handler=postgresql --postgresql-url="postgres://postgres@127.0.0.1:25432/ferretdb"
pg_pids=$(pgrep -d, -f "postgres.*$work/pg|postgres: " || true)
echo "postgresql: $(node bench/datastore-backends.ts mongodb://127.0.0.1:27302 "${pids[-1]},$pg_pids")"
