#!/usr/bin/env bash
# Starts and stops the platform's own services as detached processes for local use.
# Logs go to <state>/logs/<service>.log, pids to <state>/run/svc-<service>.pid, where <state> is
# PLATFORM_STATE_DIR (default .local): each state directory is a platform of its own.
# KAFKA_CONSUMER_GROUP_PREFIX gives each service the group <prefix><service> instead of its default.
# Each service serves Prometheus metrics on 127.0.0.1 at its own port (docs/observability.md):
# <SERVICE>_METRICS_PORT, default below; a second platform beside the first sets its own.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
state="${PLATFORM_STATE_DIR:-$root/.local}"
run="$state/run"
logs="$state/logs"
mkdir -p "$run" "$logs"

# Services in start order; stop goes in reverse.
SERVICES=(accounts pdf invoice recurring webhook payment gateway)

# Local metrics ports (the chart uses 9464 in every pod).
declare -A METRICS_PORTS=([accounts]=9464 [pdf]=9465 [invoice]=9466 [recurring]=9467 [webhook]=9468 [payment]=9469 [gateway]=9470)

pid_of() { cat "$run/svc-$1.pid" 2>/dev/null || true; }
alive() { local pid; pid="$(pid_of "$1")"; [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }

start_one() {
  local name="$1"
  if alive "$name"; then return 0; fi
  # A second platform on the same Kafka must not join the first one's groups and take its events.
  local group=()
  if [ -n "${KAFKA_CONSUMER_GROUP_PREFIX:-}" ]; then group=("KAFKA_CONSUMER_GROUP=$KAFKA_CONSUMER_GROUP_PREFIX$name"); fi
  local port_var="${name^^}_METRICS_PORT"
  local metrics_port="${!port_var:-${METRICS_PORTS[$name]}}"
  # A small young generation: ~25 MiB less per service (docs/benchmarks.md, "Node flags"); the
  # telemetry preload loads before any module of the service (docs/observability.md). The
  # Dockerfile's ENTRYPOINT and test/support/platform.ts start services with the same flags.
  setsid nohup env "${group[@]}" OTEL_SERVICE_NAME="$name" OTEL_EXPORTER_PROMETHEUS_HOST=127.0.0.1 \
    OTEL_EXPORTER_PROMETHEUS_PORT="$metrics_port" \
    node --max-semi-space-size=2 --import "$root/services/common/src/telemetry/preload.ts" \
    "$root/services/$name/src/main.ts" </dev/null >>"$logs/$name.log" 2>&1 &
  echo $! >"$run/svc-$name.pid"
}

stop_one() {
  local name="$1" pid
  pid="$(pid_of "$name")"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$run/svc-$name.pid"
}

case "${1:-}" in
  start) for s in "${SERVICES[@]}"; do start_one "$s"; done ;;
  stop) for ((i=${#SERVICES[@]}-1; i>=0; i--)); do stop_one "${SERVICES[$i]}"; done ;;
  status)
    ok=0
    for s in "${SERVICES[@]}"; do
      if alive "$s"; then echo "$s up (pid $(pid_of "$s"))"; else echo "$s down"; ok=1; fi
    done
    exit $ok ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
