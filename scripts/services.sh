#!/usr/bin/env bash
# Starts and stops the platform's own services as detached processes for local use.
#
#   services.sh start [service...]     start each that is not running (all by default); idempotent
#   services.sh restart <service...>   stop, then start
#   services.sh stop [service...]      SIGTERM, SIGKILL after 15 s (all by default, reverse order)
#   services.sh status [service...]    one line each; exit 0 only if all run
#   services.sh env                    the environment `start` gives the services, as shell exports
#
# Logs go to <state>/logs/<service>.log, pids to <state>/run/svc-<service>.pid, where <state> is
# PLATFORM_STATE_DIR (default .local): each state directory is a platform of its own.
# KAFKA_CONSUMER_GROUP_PREFIX gives each service the group <prefix><service> instead of its default.
# Each service serves Prometheus metrics on 127.0.0.1 at its own port (docs/observability.md):
# <SERVICE>_METRICS_PORT, default below; a second platform beside the first sets its own.
# The first unit, `sandbox`, is no service of the platform but the local sandbox payment providers
# (scripts/sandbox-providers.ts, docs/local-pay-flow.md) on the ports PAY_SANDBOX_<NAME>_PORT, by
# default PAY_SANDBOX_PORT_BASE (18100) onwards; the payment service and the gateway are given
# their addresses. With PAY_SANDBOX=off it is left out and they call the providers' own APIs.
#
# "Running" never rests on a pid answering `kill -0`: a killed service stays a zombie until init
# reaps it, a pid file can name a pid since reused by another process, and a process hit by
# SIGKILL still holds its ports while it exits. A service runs when a live process (not a zombie,
# not exiting, no SIGKILL pending) has this service's main.ts in its command line and this
# platform's PLATFORM_STATE_DIR in its environment; the pid file only says where to look first.
# A dying previous process is waited out before a new one starts, and one lock per state
# directory keeps two callers (up.sh, a supervisor) from starting two copies.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "${PLATFORM_STATE_DIR:-$root/.local}"
state="$(cd "${PLATFORM_STATE_DIR:-$root/.local}" && pwd)"
run="$state/run"
logs="$state/logs"
mkdir -p "$run" "$logs"
# Run on its own (not from up.sh), it still starts services with the project's Node.
if [ -x "$root/.tools/bin/node" ]; then PATH="$root/.tools/bin:$PATH"; fi

# Services in start order; stop goes in reverse.
SERVICES=(sandbox accounts pdf invoice recurring webhook payment gateway)

# The sandbox's ports, in the order of their offsets from PAY_SANDBOX_PORT_BASE (as in
# scripts/sandbox-providers.ts, which refuses to run if the URLs below are not where it listens).
SANDBOX_PORTS=(STRIPE STRIPE_MOCK STRIPE_MOCK_HTTPS MOLLIE MOLLIE_PAGES PAYPAL MIDTRANS XENDIT RAZORPAY)
# What the payment service and the gateway are given of the sandbox.
SANDBOX_VARS=(PAYMENT_STRIPE_BASE_URL PAYMENT_MOLLIE_BASE_URL PAYMENT_PAYPAL_BASE_URL PAYMENT_MIDTRANS_BASE_URL
  PAYMENT_XENDIT_BASE_URL PAYMENT_RAZORPAY_BASE_URL PAY_REDIRECT_SOURCES)

# Local metrics ports (the chart uses 9464 in every pod).
declare -A METRICS_PORTS=([accounts]=9464 [pdf]=9465 [invoice]=9466 [recurring]=9467 [webhook]=9468 [payment]=9469 [gateway]=9470)

log() { printf 'services: %s\n' "$*" >&2; }
sandbox_on() { [ "${PAY_SANDBOX:-on}" != off ]; }
# The script a unit runs: a service's main.ts, or the sandbox's.
main_of() {
  if [ "$1" = sandbox ]; then echo "$root/scripts/sandbox-providers.ts"; else echo "$root/services/$1/src/main.ts"; fi
}
die() { log "ERROR: $*"; exit 1; }

# ------------------------------------------------------------ environment ---

# The environment of the services: the stack's connection settings, this platform's keys, and the
# peers' addresses. Whatever the caller set already wins (a second platform's ports, databases).
ENV_VARS=(PLATFORM_STATE_DIR ADMIN_TOKEN WEBHOOK_SECRET_KEYS ACCOUNTS_SECRET_KEYS
  ACCOUNTS_ADDR ACCOUNTS_LISTEN_ADDR INVOICE_ADDR INVOICE_LISTEN_ADDR PDF_ADDR PDF_LISTEN_ADDR
  RECURRING_ADDR RECURRING_LISTEN_ADDR WEBHOOK_ADDR WEBHOOK_LISTEN_ADDR PAYMENT_ADDR PAYMENT_LISTEN_ADDR
  WEBHOOK_ALLOW_INSECURE_LOOPBACK GATEWAY_PORT GATEWAY_ADMIN_PORT PUBLIC_BASE_URL)
STACK_ENV="$root/.local/stack.env"

load_env() {
  [ -s "$STACK_ENV" ] || die "${STACK_ENV#"$root"/} is missing: start the stack (scripts/up.sh or deploy/local/stack.sh up)"
  local f
  for f in admin-token webhook-secret-keys accounts-secret-keys; do
    [ -s "$state/$f" ] || die "$state/$f is missing: run scripts/up.sh (with this PLATFORM_STATE_DIR) first"
  done
  set -a
  . "$STACK_ENV"
  PLATFORM_STATE_DIR="$state"
  ADMIN_TOKEN="$(cat "$state/admin-token")"
  WEBHOOK_SECRET_KEYS="$(cat "$state/webhook-secret-keys")"
  ACCOUNTS_SECRET_KEYS="$(cat "$state/accounts-secret-keys")"
  # Below Linux's ephemeral range (32768-60999): an outbound connection of this machine can hold a
  # port there when a service starts (once, 50052 did: EADDRINUSE). The chart keeps 50051-50056.
  ACCOUNTS_ADDR="${ACCOUNTS_ADDR:-127.0.0.1:15051}"
  ACCOUNTS_LISTEN_ADDR="$ACCOUNTS_ADDR"
  INVOICE_ADDR="${INVOICE_ADDR:-127.0.0.1:15052}"
  INVOICE_LISTEN_ADDR="$INVOICE_ADDR"
  PDF_ADDR="${PDF_ADDR:-127.0.0.1:15054}"
  PDF_LISTEN_ADDR="$PDF_ADDR"
  RECURRING_ADDR="${RECURRING_ADDR:-127.0.0.1:15053}"
  RECURRING_LISTEN_ADDR="$RECURRING_ADDR"
  WEBHOOK_ADDR="${WEBHOOK_ADDR:-127.0.0.1:15055}"
  WEBHOOK_LISTEN_ADDR="$WEBHOOK_ADDR"
  PAYMENT_ADDR="${PAYMENT_ADDR:-127.0.0.1:15056}"
  PAYMENT_LISTEN_ADDR="$PAYMENT_ADDR"
  # Local only: lets webhook endpoints be plain http:// receivers on 127.0.0.1 / ::1.
  WEBHOOK_ALLOW_INSECURE_LOOPBACK="${WEBHOOK_ALLOW_INSECURE_LOOPBACK:-true}"
  GATEWAY_PORT="${GATEWAY_PORT:-8080}"
  GATEWAY_ADMIN_PORT="${GATEWAY_ADMIN_PORT:-8081}"
  PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://127.0.0.1:$GATEWAY_PORT}"
  if sandbox_on; then
    local name var i=0 base="${PAY_SANDBOX_PORT_BASE:-18100}" loopback=http://127.0.0.1
    for name in "${SANDBOX_PORTS[@]}"; do
      var="PAY_SANDBOX_${name}_PORT"
      printf -v "$var" '%s' "${!var:-$((base + i))}"
      i=$((i + 1))
    done
    PAYMENT_STRIPE_BASE_URL="${PAYMENT_STRIPE_BASE_URL:-$loopback:$PAY_SANDBOX_STRIPE_PORT}"
    # Mollie's SDK speaks only HTTPS (a self-signed certificate; see start_one); its pages are plain HTTP.
    PAYMENT_MOLLIE_BASE_URL="${PAYMENT_MOLLIE_BASE_URL:-https://127.0.0.1:$PAY_SANDBOX_MOLLIE_PORT/v2/}"
    PAYMENT_PAYPAL_BASE_URL="${PAYMENT_PAYPAL_BASE_URL:-$loopback:$PAY_SANDBOX_PAYPAL_PORT}"
    PAYMENT_MIDTRANS_BASE_URL="${PAYMENT_MIDTRANS_BASE_URL:-$loopback:$PAY_SANDBOX_MIDTRANS_PORT}"
    PAYMENT_XENDIT_BASE_URL="${PAYMENT_XENDIT_BASE_URL:-$loopback:$PAY_SANDBOX_XENDIT_PORT}"
    PAYMENT_RAZORPAY_BASE_URL="${PAYMENT_RAZORPAY_BASE_URL:-$loopback:$PAY_SANDBOX_RAZORPAY_PORT}"
    # The public page's Pay form may send customers to the fakes' hosted pages (plain http on loopback).
    if [ -z "${PAY_REDIRECT_SOURCES:-}" ]; then
      PAY_REDIRECT_SOURCES=https:
      for name in STRIPE MOLLIE_PAGES PAYPAL MIDTRANS XENDIT RAZORPAY; do
        var="PAY_SANDBOX_${name}_PORT"
        PAY_REDIRECT_SOURCES+=" $loopback:${!var}"
      done
    fi
  fi
  set +a
}

print_env() {
  local v
  local extra=()
  if sandbox_on; then
    extra=("${SANDBOX_VARS[@]}")
    for v in "${SANDBOX_PORTS[@]}"; do extra+=("PAY_SANDBOX_${v}_PORT"); done
  fi
  for v in $(sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/\1/p' "$STACK_ENV") "${ENV_VARS[@]}" "${extra[@]}"; do
    printf 'export %s=%q\n' "$v" "${!v}"
  done
}

# ------------------------------------------------------ process identity ---

# Gone: no such process, or a zombie whose threads have all exited (it holds no port, no file).
gone() {
  local pid=$1 s fields threads
  # `read`, not $(<file): a file that cannot be opened there ends the script under set -e.
  { read -r s <"/proc/$pid/stat"; } 2>/dev/null || return 0
  read -r -a fields <<<"${s##*) }"
  case ${fields[0]} in
    Z | X)
      threads=$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null || true)
      [ "${threads:-0}" -le 1 ]
      ;;
    *) return 1 ;;
  esac
}

# Dying: exiting already (PF_EXITING in its flags), or a SIGKILL is pending, as right after `kill -9`.
dying() {
  local pid=$1 s fields k v
  { read -r s <"/proc/$pid/stat"; } 2>/dev/null || return 1
  read -r -a fields <<<"${s##*) }"
  if (( fields[6] & 0x4 )); then return 0; fi
  { while read -r k v; do
    case $k in SigPnd: | ShdPnd:) if (( 16#$v & 0x100 )); then return 0; fi ;; esac
  done <"/proc/$pid/status"; } 2>/dev/null || true
  return 1
}

# This platform's process of this service: main.ts as an argument and our state directory in its
# environment (every process up.sh ever started carries PLATFORM_STATE_DIR=<its state>).
ours() {
  local pid=$2 main arg found=1
  main="$(main_of "$1")"
  { while IFS= read -r -d '' arg; do
    if [ "$arg" = "$main" ]; then found=0; break; fi
  done <"/proc/$pid/cmdline"; } 2>/dev/null || true
  [ "$found" = 0 ] || return 1
  { while IFS= read -r -d '' arg; do
    if [ "$arg" = "PLATFORM_STATE_DIR=$state" ]; then return 0; fi
  done <"/proc/$pid/environ"; } 2>/dev/null || true
  return 1
}

live() { ! gone "$2" && ! dying "$2" && ours "$1" "$2"; }

pid_file_pid() {
  local pid
  pid="$(cat "$run/svc-$1.pid" 2>/dev/null || true)"
  if [[ $pid =~ ^[0-9]+$ ]]; then echo "$pid"; fi
}

# Every live process of the service, the pid file's first (one, unless something went wrong).
live_pids() {
  local name=$1 p pids=() known
  known="$(pid_file_pid "$name")"
  if [ -n "$known" ] && live "$name" "$known"; then pids+=("$known"); fi
  local main
  main="$(main_of "$name")"
  for p in $(pgrep -f -- "${main//./\\.}" || true); do
    [ "$p" = "$known" ] && continue
    if live "$name" "$p"; then pids+=("$p"); fi
  done
  if [ ${#pids[@]} -gt 0 ]; then echo "${pids[@]}"; fi
}

# The pid the service runs as (the pid file is corrected to name it), or fails.
running_pid() {
  local pids
  read -r -a pids <<<"$(live_pids "$1")"
  [ ${#pids[@]} -gt 0 ] || return 1
  if [ "$(pid_file_pid "$1")" != "${pids[0]}" ]; then echo "${pids[0]}" >"$run/svc-$1.pid"; fi
  echo "${pids[0]}"
}

# Waits until a pid is gone; fails after $2 seconds.
wait_gone() {
  local pid=$1 deadline=$((SECONDS + $2))
  until gone "$pid"; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.05
  done
}

# ---------------------------------------------------------------- commands ---

# True when every provider base URL the payment service is given is on 127.0.0.1 (the sandbox's).
only_loopback_providers() {
  local v
  for v in "${SANDBOX_VARS[@]}"; do
    [ "$v" = PAY_REDIRECT_SOURCES ] && continue
    [[ ${!v:-} =~ ^https?://127\.0\.0\.1: ]] || return 1
  done
}

start_one() {
  local name="$1" pid old
  if [ "$name" = sandbox ] && ! sandbox_on; then
    log "sandbox off (PAY_SANDBOX=off)"
    return 1
  fi
  if pid="$(running_pid "$name")"; then
    log "$name running (pid $pid)"
    return 1
  fi
  # The previous process, killed a moment ago, may still be exiting and holding its port.
  old="$(pid_file_pid "$name")"
  if [ -n "$old" ] && ! gone "$old" && { dying "$old" || ours "$name" "$old"; }; then
    wait_gone "$old" 30 || die "$name: its previous process $old is still exiting after 30 s"
  fi
  # A second platform on the same Kafka must not join the first one's groups and take its events.
  local group=()
  if [ -n "${KAFKA_CONSUMER_GROUP_PREFIX:-}" ]; then group=("KAFKA_CONSUMER_GROUP=$KAFKA_CONSUMER_GROUP_PREFIX$name"); fi
  local cmd=(node "$(main_of sandbox)")
  if [ "$name" != sandbox ]; then
    local port_var="${name^^}_METRICS_PORT"
    local metrics_port="${!port_var:-${METRICS_PORTS[$name]}}"
    cmd=(env "${group[@]}" OTEL_SERVICE_NAME="$name" OTEL_EXPORTER_PROMETHEUS_HOST=127.0.0.1
      OTEL_EXPORTER_PROMETHEUS_PORT="$metrics_port" node --max-semi-space-size=2
      --import "$root/services/common/src/telemetry/preload.ts" "$(main_of "$name")")
  fi
  # The sandbox's Mollie API has a self-signed certificate, and Mollie's SDK trusts only its own CA
  # bundle (NODE_EXTRA_CA_CERTS does not reach it): the payment service skips verification, as
  # test/support/platform.ts does for it, but only while every provider it calls is a loopback fake.
  if [ "$name" = payment ] && sandbox_on && only_loopback_providers; then
    cmd=(env NODE_TLS_REJECT_UNAUTHORIZED=0 "${cmd[@]}")
  fi
  # A small young generation: ~25 MiB less per service (docs/benchmarks.md, "Node flags"); the
  # telemetry preload loads before any module of the service (docs/observability.md). The
  # Dockerfile's ENTRYPOINT and test/support/platform.ts start services with the same flags.
  # Every descriptor but stdio is closed first (our lock among them); with no job control the
  # subshell is no group leader, so setsid, nohup and env exec in place: $! is node's own pid.
  (
    for fd in "/proc/$BASHPID/fd"/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    exec setsid nohup env PLATFORM_STATE_DIR="$state" "${cmd[@]}" </dev/null >>"$logs/$name.log" 2>&1
  ) &
  pid=$!
  echo "$pid" >"$run/svc-$name.pid"
  # Until node has replaced the shell, the pid would not pass as the service's: wait for it.
  for _ in $(seq 1 200); do
    ours "$name" "$pid" && break
    gone "$pid" && break
    sleep 0.025
  done
  log "$name started (pid $pid)"
}

stop_one() {
  local name="$1" pids=() pid old
  read -r -a pids <<<"$(live_pids "$name")"
  old="$(pid_file_pid "$name")"
  # A previous process still exiting is waited for, never signalled if it is not ours.
  if [ -n "$old" ] && ! gone "$old" && dying "$old"; then pids+=("$old"); fi
  if [ ${#pids[@]} -gt 0 ]; then
    for pid in "${pids[@]}"; do live "$name" "$pid" && kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
      if ! wait_gone "$pid" 15; then
        if ours "$name" "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
        wait_gone "$pid" 10 || log "$name: pid $pid is still exiting"
      fi
    done
    log "$name stopped (pid ${pids[*]})"
  fi
  rm -f "$run/svc-$name.pid"
}

# Serialises start, restart and stop of this platform: a supervisor and up.sh never start two copies.
take_lock() {
  exec 9>"$run/services.lock"
  flock -w 300 9 || die "timed out waiting for another services.sh of this platform"
}

# The services named, in start order whatever order they were named in, or all of them.
pick() {
  local s
  if [ $# -eq 0 ]; then
    echo "${SERVICES[@]}"
    return
  fi
  for s in "${SERVICES[@]}"; do
    if [[ " $* " == *" $s "* ]]; then printf '%s ' "$s"; fi
  done
  echo
}

cmd_start() {
  local s started=0 names
  read -r -a names <<<"$(pick "$@")"
  load_env
  take_lock
  for s in "${names[@]}"; do
    if start_one "$s"; then started=$((started + 1)); fi
  done
  [ "$started" -gt 0 ] || log "nothing started: ${names[*]} already running"
}

cmd_stop() {
  local names i
  read -r -a names <<<"$(pick "$@")"
  take_lock
  for ((i = ${#names[@]} - 1; i >= 0; i--)); do stop_one "${names[$i]}"; done
}

cmd_restart() {
  local names i s
  [ $# -gt 0 ] || usage
  read -r -a names <<<"$(pick "$@")"
  load_env
  take_lock
  for ((i = ${#names[@]} - 1; i >= 0; i--)); do stop_one "${names[$i]}"; done
  for s in "${names[@]}"; do start_one "$s" || true; done
}

cmd_status() {
  local s ok=0 names pid all
  read -r -a names <<<"$(pick "$@")"
  for s in "${names[@]}"; do
    if [ "$s" = sandbox ] && ! sandbox_on && ! running_pid sandbox >/dev/null; then
      echo "sandbox off (PAY_SANDBOX=off)"
    elif pid="$(running_pid "$s")"; then
      read -r -a all <<<"$(live_pids "$s")"
      echo "$s up (pid $pid)${all[1]:+, also ${all[*]:1}: more than one copy}"
    else
      echo "$s down"
      ok=1
    fi
  done
  return $ok
}

usage() {
  echo "usage: $0 start|stop|status [service...] | restart <service...> | env" >&2
  echo "services: ${SERVICES[*]}" >&2
  exit 2
}
for s in "${@:2}"; do
  [[ " ${SERVICES[*]} " == *" $s "* ]] || { log "unknown service '$s'"; usage; }
done

case "${1:-}" in
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  restart) shift; cmd_restart "$@" ;;
  status) shift; cmd_status "$@" ;;
  env) load_env; print_env ;;
  *) usage ;;
esac
