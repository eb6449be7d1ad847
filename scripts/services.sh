#!/usr/bin/env bash
# Starts and stops the platform's own services as detached processes for local use, each as one
# or more replicas (docs/scaling.md).
#
#   services.sh start [service...]     start every copy that is not running (all by default); idempotent
#   services.sh scale <service|all> N  run N copies of the service (1-6, as many as the topics have partitions): start the missing, stop the extra
#   services.sh restart <service...>   stop, then start
#   services.sh stop [service...]      SIGTERM, SIGKILL after 15 s (every copy; all by default, reverse order)
#   services.sh status [service...]    one line per copy; exit 0 only if every copy runs
#   services.sh env                    the environment `start` gives the services, as shell exports
#
# Logs go to <state>/logs/<service>.log, pids to <state>/run/svc-<service>.pid (copy 2 and on:
# <service>-<n>.log, svc-<service>-<n>.pid), where <state> is PLATFORM_STATE_DIR (default .local):
# each state directory is a platform of its own. How many copies a service runs is kept in
# <state>/run/replicas (one `<service>=<n>` line each; 1 when absent), and every start, stop and
# scale writes <state>/replicas.json: each copy's service, replica number, pid, address and metrics URL.
#
# Replicas, as in the chart: copy n of a service listens on 127.0.0.n at the service's port
# (<SERVICE>_GRPC_PORT) and serves its metrics there too (<SERVICE>_METRICS_PORT); the services
# reach a peer at dns://127.0.0.1:<LOCAL_DNS_PORT>/<peer>.invoice-platform.internal:<port>, which
# the first unit, `dns` (scripts/local-dns.ts), answers with the copies whose gRPC health check
# says SERVING, as a headless Service answers with its ready pods; the clients balance their calls
# over those with round_robin. The gateways share GATEWAY_PORT and GATEWAY_ADMIN_PORT
# (SO_REUSEPORT) and serve metrics on 127.0.0.n.
# KAFKA_CONSUMER_GROUP_PREFIX gives each service the group <prefix><service> instead of its default.
# The unit `sandbox` is no service of the platform but the local sandbox payment providers
# (deploy/local/sandbox/sandbox-providers.ts, docs/local-pay-flow.md) on the ports PAY_SANDBOX_<NAME>_PORT, by
# default PAY_SANDBOX_PORT_BASE (18100) onwards; the payment service and the gateway are given
# their addresses. With PAY_SANDBOX=off it is left out and they call the providers' own APIs.
#
# "Running" never rests on a pid answering `kill -0`: a killed service stays a zombie until init
# reaps it, a pid file can name a pid since reused by another process, and a process hit by
# SIGKILL still holds its ports while it exits. A copy runs when a live process (not a zombie,
# not exiting, no SIGKILL pending) has this service's main.ts in its command line and this
# platform's PLATFORM_STATE_DIR and the copy's PLATFORM_REPLICA in its environment; the pid file
# only says where to look first. A dying previous process is waited out before a new one starts,
# and one lock per state directory keeps two callers (up.sh, a supervisor) from starting two copies.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "${PLATFORM_STATE_DIR:-$root/.local}"
state="$(cd "${PLATFORM_STATE_DIR:-$root/.local}" && pwd)"
run="$state/run"
logs="$state/logs"
mkdir -p "$run" "$logs"
# Run on its own (not from up.sh), it still starts services with the project's Node.
if [ -x "$root/.tools/bin/node" ]; then PATH="$root/.tools/bin:$PATH"; fi

# Units in start order; stop goes in reverse. The first two are the platform's local helpers, one
# copy each; the others are its services.
SERVICES=(dns sandbox accounts pdf invoice recurring webhook payment gateway)
HELPERS=(dns sandbox)
# Each service's gRPC port (every copy's, at its own 127.0.0.n): below Linux's ephemeral range
# (32768-60999), where an outbound connection of this machine can hold a port when a service starts
# (once, 50052 did: EADDRINUSE). The chart keeps 50051-50056.
declare -A GRPC_PORTS=([accounts]=15051 [invoice]=15052 [recurring]=15053 [pdf]=15054 [webhook]=15055 [payment]=15056)
DNS_ZONE=invoice-platform.internal
MAX_REPLICAS=6

# The sandbox's ports, in the order of their offsets from PAY_SANDBOX_PORT_BASE (as in
# deploy/local/sandbox/sandbox-providers.ts, which refuses to run if the URLs below are not where it listens).
SANDBOX_PORTS=(STRIPE STRIPE_MOCK STRIPE_MOCK_HTTPS MOLLIE MOLLIE_PAGES PAYPAL MIDTRANS XENDIT RAZORPAY)
# What the payment service and the gateway are given of the sandbox.
SANDBOX_VARS=(PAYMENT_STRIPE_BASE_URL PAYMENT_MOLLIE_BASE_URL PAYMENT_PAYPAL_BASE_URL PAYMENT_MIDTRANS_BASE_URL
  PAYMENT_XENDIT_BASE_URL PAYMENT_RAZORPAY_BASE_URL PAY_REDIRECT_SOURCES)

# Local metrics ports (the chart uses 9464 in every pod).
declare -A METRICS_PORTS=([accounts]=9464 [pdf]=9465 [invoice]=9466 [recurring]=9467 [webhook]=9468 [payment]=9469 [gateway]=9470)

log() { printf 'services: %s\n' "$*" >&2; }
sandbox_on() { [ "${PAY_SANDBOX:-on}" != off ]; }
is_helper() { [[ " ${HELPERS[*]} " == *" $1 "* ]]; }
# The script a unit runs: a service's main.ts, or a helper's.
main_of() {
  case $1 in
    sandbox) echo "$root/deploy/local/sandbox/sandbox-providers.ts" ;;
    dns) echo "$root/scripts/local-dns.ts" ;;
    *) echo "$root/services/$1/src/main.ts" ;;
  esac
}
# Copy n's files: copy 1 keeps the names of a platform without replicas.
suffix() { if [ "$1" -gt 1 ]; then echo "-$1"; fi; }
pid_path() { echo "$run/svc-$1$(suffix "$2").pid"; }
log_path() { echo "$logs/$1$(suffix "$2").log"; }
die() { log "ERROR: $*"; exit 1; }

# ------------------------------------------------------------ environment ---

# The environment of the services: the stack's connection settings, this platform's keys, and the
# peers' addresses. Whatever the caller set already wins (a second platform's ports, databases).
ENV_VARS=(PLATFORM_STATE_DIR ADMIN_TOKEN WEBHOOK_SECRET_KEYS ACCOUNTS_SECRET_KEYS LOCAL_DNS_PORT LOCAL_DNS_ZONE
  GRPC_NODE_USE_ALTERNATIVE_RESOLVER ACCOUNTS_ADDR ACCOUNTS_GRPC_PORT INVOICE_ADDR INVOICE_GRPC_PORT PDF_ADDR
  PDF_GRPC_PORT RECURRING_ADDR RECURRING_GRPC_PORT WEBHOOK_ADDR WEBHOOK_GRPC_PORT PAYMENT_ADDR PAYMENT_GRPC_PORT
  WEBHOOK_ALLOW_INSECURE_LOOPBACK GATEWAY_PORT GATEWAY_ADMIN_PORT GATEWAY_REUSE_PORT PUBLIC_BASE_URL)
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
  # Peers through the local DNS (scripts/local-dns.ts), which answers with their ready copies;
  # grpc-js asks a DNS server named in the target only with its alternative resolver.
  LOCAL_DNS_PORT="${LOCAL_DNS_PORT:-15353}"
  LOCAL_DNS_ZONE="$DNS_ZONE"
  GRPC_NODE_USE_ALTERNATIVE_RESOLVER=true
  local name var port
  for name in "${!GRPC_PORTS[@]}"; do
    var="${name^^}_GRPC_PORT"
    port="${!var:-${GRPC_PORTS[$name]}}"
    printf -v "$var" '%s' "$port"
    printf -v "${name^^}_ADDR" '%s' "dns://127.0.0.1:$LOCAL_DNS_PORT/$name.$DNS_ZONE:$port"
  done
  # Local only: lets webhook endpoints be plain http:// receivers on 127.0.0.1 / ::1.
  WEBHOOK_ALLOW_INSECURE_LOOPBACK="${WEBHOOK_ALLOW_INSECURE_LOOPBACK:-true}"
  GATEWAY_PORT="${GATEWAY_PORT:-8080}"
  GATEWAY_ADMIN_PORT="${GATEWAY_ADMIN_PORT:-8081}"
  # The gateway copies share both ports; the kernel spreads connections over them.
  GATEWAY_REUSE_PORT=true
  PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://127.0.0.1:$GATEWAY_PORT}"
  if sandbox_on; then
    local i=0 base="${PAY_SANDBOX_PORT_BASE:-18100}" loopback=http://127.0.0.1
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

# This platform's process of copy $3 of this service: main.ts as an argument, and our state
# directory and the copy's number in its environment (every process services.sh ever started
# carries PLATFORM_STATE_DIR=<its state>; one started before replicas has no PLATFORM_REPLICA and
# is copy 1).
ours() {
  local pid=$2 replica=${3:-1} main arg found=1 state_ok=1 replica_ok=1 seen_replica=1
  main="$(main_of "$1")"
  { while IFS= read -r -d '' arg; do
    if [ "$arg" = "$main" ]; then found=0; break; fi
  done <"/proc/$pid/cmdline"; } 2>/dev/null || true
  [ "$found" = 0 ] || return 1
  { while IFS= read -r -d '' arg; do
    case $arg in
      "PLATFORM_STATE_DIR=$state") state_ok=0 ;;
      PLATFORM_REPLICA=*)
        seen_replica=0
        [ "$arg" = "PLATFORM_REPLICA=$replica" ] && replica_ok=0
        ;;
    esac
  done <"/proc/$pid/environ"; } 2>/dev/null || true
  [ "$state_ok" = 0 ] || return 1
  [ "$replica_ok" = 0 ] || { [ "$seen_replica" = 1 ] && [ "$replica" = 1 ]; }
}

live() { ! gone "$2" && ! dying "$2" && ours "$1" "$2" "${3:-1}"; }

pid_file_pid() {
  local pid
  pid="$(cat "$(pid_path "$1" "${2:-1}")" 2>/dev/null || true)"
  if [[ $pid =~ ^[0-9]+$ ]]; then echo "$pid"; fi
}

# Every live process of copy $2 of the service, the pid file's first (one, unless something went wrong).
live_pids() {
  local name=$1 replica=${2:-1} p pids=() known
  known="$(pid_file_pid "$name" "$replica")"
  if [ -n "$known" ] && live "$name" "$known" "$replica"; then pids+=("$known"); fi
  local main
  main="$(main_of "$name")"
  for p in $(pgrep -f -- "${main//./\\.}" || true); do
    [ "$p" = "$known" ] && continue
    if live "$name" "$p" "$replica"; then pids+=("$p"); fi
  done
  if [ ${#pids[@]} -gt 0 ]; then echo "${pids[@]}"; fi
}

# The pid copy $2 runs as (the pid file is corrected to name it), or fails.
running_pid() {
  local pids
  read -r -a pids <<<"$(live_pids "$1" "${2:-1}")"
  [ ${#pids[@]} -gt 0 ] || return 1
  if [ "$(pid_file_pid "$1" "${2:-1}")" != "${pids[0]}" ]; then echo "${pids[0]}" >"$(pid_path "$1" "${2:-1}")"; fi
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

# ---------------------------------------------------------------- replicas ---

REPLICAS_FILE="$run/replicas"

# How many copies of the service run (its line in the replicas file; helpers always one).
replicas_of() {
  local n
  if is_helper "$1"; then echo 1; return; fi
  n="$(sed -n "s/^$1=\([0-9]*\)$/\1/p" "$REPLICAS_FILE" 2>/dev/null | tail -1)"
  echo "${n:-1}"
}

set_replicas() {
  local name=$1 n=$2 tmp="$REPLICAS_FILE.tmp"
  { grep -v "^$name=" "$REPLICAS_FILE" 2>/dev/null || true; echo "$name=$n"; } >"$tmp"
  mv -f "$tmp" "$REPLICAS_FILE"
}

# The copies of the service found running or named by a pid file, whatever the count says (a
# scale-down stops those above it).
known_replicas() {
  local name=$1 f n found=()
  for f in "$run/svc-$name.pid" "$run/svc-$name"-[0-9]*.pid; do
    [ -e "$f" ] || continue
    n="${f##*/svc-"$name"}"
    n="${n%.pid}"
    n="${n#-}"
    found+=("${n:-1}")
  done
  n="$(replicas_of "$name")"
  for ((i = 1; i <= n; i++)); do found+=("$i"); done
  printf '%s\n' "${found[@]}" | sort -n -u | tr '\n' ' '
}

# Where copy $2 of the service listens (gRPC; the gateway: its public port) and serves metrics.
address_of() {
  if [ "$1" = gateway ]; then echo "127.0.0.1:${GATEWAY_PORT:-8080}"; else
    local var="${1^^}_GRPC_PORT"
    echo "127.0.0.$2:${!var:-${GRPC_PORTS[$1]}}"
  fi
}
metrics_url_of() {
  local var="${1^^}_METRICS_PORT"
  echo "http://127.0.0.$2:${!var:-${METRICS_PORTS[$1]}}/metrics"
}

# <state>/replicas.json: every running copy of every service (scripts/local-dns.ts answers from it).
write_registry() {
  local name n pid first=1 tmp="$state/replicas.json.tmp"
  {
    printf '{\n  "dns": "127.0.0.1:%s",\n  "zone": "%s",\n  "replicas": [' "${LOCAL_DNS_PORT:-15353}" "$DNS_ZONE"
    for name in "${SERVICES[@]}"; do
      is_helper "$name" && continue
      for n in $(known_replicas "$name"); do
        pid="$(running_pid "$name" "$n")" || continue
        [ $first = 1 ] || printf ','
        first=0
        printf '\n    {"service": "%s", "replica": %d, "pid": %d, "address": "%s", "metrics_url": "%s"}' \
          "$name" "$n" "$pid" "$(address_of "$name" "$n")" "$(metrics_url_of "$name" "$n")"
      done
    done
    printf '\n  ]\n}\n'
  } >"$tmp"
  mv -f "$tmp" "$state/replicas.json"
}

# ---------------------------------------------------------------- commands ---

# True when every provider base URL the payment service is given is on loopback (the sandbox's):
# an http(s) URL whose host, as a URL parser reads it, is in 127.0.0.0/8 or is [::1]. Matching the
# text instead passed https://127.0.0.1:1@api.mollie.com, whose host is Mollie's. Userinfo and
# backslashes are refused outright, since parsers disagree on where such a URL's host is
# (test/contracts/services-loopback.test.ts).
only_loopback_providers() {
  local v urls=()
  for v in "${SANDBOX_VARS[@]}"; do
    [ "$v" = PAY_REDIRECT_SOURCES ] && continue
    urls+=("${!v:-}")
  done
  node -e '
    const loopback = (text) => {
      if (/[\\\s]/.test(text)) return false;
      let url;
      try { url = new URL(text); } catch { return false; }
      if (!["http:", "https:"].includes(url.protocol) || url.username || url.password) return false;
      return url.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
    };
    process.exit(process.argv.slice(1).every(loopback) ? 0 : 1);
  ' "${urls[@]}"
}

# The unit's name in log lines: the service, and the copy when there are several.
label() { if [ "$2" -gt 1 ] || [ "$(replicas_of "$1")" -gt 1 ]; then echo "$1#$2"; else echo "$1"; fi; }

start_one() {
  local name="$1" replica="${2:-1}" pid old pid_file
  pid_file="$(pid_path "$name" "$replica")"
  if [ "$name" = sandbox ] && ! sandbox_on; then
    log "sandbox off (PAY_SANDBOX=off)"
    return 1
  fi
  if pid="$(running_pid "$name" "$replica")"; then
    log "$(label "$name" "$replica") running (pid $pid)"
    return 1
  fi
  # The previous process, killed a moment ago, may still be exiting and holding its port.
  old="$(pid_file_pid "$name" "$replica")"
  if [ -n "$old" ] && ! gone "$old" && { dying "$old" || ours "$name" "$old" "$replica"; }; then
    wait_gone "$old" 30 || die "$(label "$name" "$replica"): its previous process $old is still exiting after 30 s"
  fi
  # A second platform on the same Kafka must not join the first one's groups and take its events.
  local group=()
  if [ -n "${KAFKA_CONSUMER_GROUP_PREFIX:-}" ]; then group=("KAFKA_CONSUMER_GROUP=$KAFKA_CONSUMER_GROUP_PREFIX$name"); fi
  local cmd=(node "$(main_of "$name")")
  if ! is_helper "$name"; then
    local port_var="${name^^}_METRICS_PORT"
    local metrics_port="${!port_var:-${METRICS_PORTS[$name]}}"
    local here=()
    # Copy n at 127.0.0.n: its gRPC port (the gateway shares its ports) and its metrics.
    if [ "$name" != gateway ]; then here=("${name^^}_LISTEN_ADDR=$(address_of "$name" "$replica")"); fi
    cmd=(env "${group[@]}" "${here[@]}" OTEL_SERVICE_NAME="$name" OTEL_EXPORTER_PROMETHEUS_HOST="127.0.0.$replica"
      OTEL_EXPORTER_PROMETHEUS_PORT="$metrics_port" node --max-semi-space-size=2
      --import "$root/services/common/src/telemetry/preload.ts" "$(main_of "$name")")
  fi
  # The sandbox's Mollie API has a self-signed certificate, and Mollie's SDK trusts only its own CA
  # bundle (NODE_EXTRA_CA_CERTS does not reach it): the payment service skips verification, as
  # test/support/platform.ts does for it, but only while every provider it calls is a loopback fake.
  if [ "$name" = payment ] && sandbox_on && only_loopback_providers; then
    cmd=(env NODE_TLS_REJECT_UNAUTHORIZED=0 "${cmd[@]}")
  fi
  # A small young generation: ~25 MiB less per service (docs/benchmarks/2026-11-22-memory.md); the
  # telemetry preload loads before any module of the service (docs/observability.md). The
  # Dockerfile's ENTRYPOINT and test/support/platform.ts start services with the same flags.
  # Every descriptor but stdio is closed first (our lock among them); with no job control the
  # subshell is no group leader, so setsid, nohup and env exec in place: $! is node's own pid.
  (
    for fd in "/proc/$BASHPID/fd"/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    exec setsid nohup env PLATFORM_STATE_DIR="$state" PLATFORM_REPLICA="$replica" "${cmd[@]}" </dev/null \
      >>"$(log_path "$name" "$replica")" 2>&1
  ) &
  pid=$!
  echo "$pid" >"$pid_file"
  # Until node has replaced the shell, the pid would not pass as the service's: wait for it.
  for _ in $(seq 1 200); do
    ours "$name" "$pid" "$replica" && break
    gone "$pid" && break
    sleep 0.025
  done
  log "$(label "$name" "$replica") started (pid $pid)"
}

stop_one() {
  local name="$1" replica="${2:-1}" pids=() pid old
  read -r -a pids <<<"$(live_pids "$name" "$replica")"
  old="$(pid_file_pid "$name" "$replica")"
  # A previous process still exiting is waited for, never signalled if it is not ours.
  if [ -n "$old" ] && ! gone "$old" && dying "$old"; then pids+=("$old"); fi
  if [ ${#pids[@]} -gt 0 ]; then
    for pid in "${pids[@]}"; do live "$name" "$pid" "$replica" && kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
      if ! wait_gone "$pid" 15; then
        if ours "$name" "$pid" "$replica"; then kill -KILL "$pid" 2>/dev/null || true; fi
        wait_gone "$pid" 10 || log "$(label "$name" "$replica"): pid $pid is still exiting"
      fi
    done
    log "$(label "$name" "$replica") stopped (pid ${pids[*]})"
  fi
  rm -f "$(pid_path "$name" "$replica")"
}

# Stops every copy of the service, the highest first.
stop_all() {
  local n
  for n in $(known_replicas "$1" | tr ' ' '\n' | sort -rn); do stop_one "$1" "$n"; done
}

# Before the gateways, every copy of the services they call is waited for (at most 90 s): a
# gateway resolving a peer while one of its copies still starts would send it nothing until its
# first connection ends (GRPC_MAX_CONNECTION_AGE_MS).
wait_discovery() {
  local deadline=$((SECONDS + 90))
  write_registry
  until node "$root/scripts/local-dns.ts" --check >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      log "not every copy of the services answers its health check yet; the gateway starts anyway"
      return 0
    fi
    sleep 0.5
  done
}

# Starts every copy of the service up to its count that is not running; true when one started.
start_all() {
  local n started=1
  if [ "$1" = gateway ] && [ -n "$(live_pids dns)" ] && ! running_pid gateway "$(replicas_of gateway)" >/dev/null; then
    wait_discovery
  fi
  for ((n = 1; n <= $(replicas_of "$1"); n++)); do
    if start_one "$1" "$n"; then started=0; fi
  done
  return $started
}

# Serialises start, restart, scale and stop of this platform: a supervisor and up.sh never start two copies.
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
    if start_all "$s"; then started=$((started + 1)); fi
  done
  write_registry
  [ "$started" -gt 0 ] || log "nothing started: ${names[*]} already running"
}

cmd_scale() {
  local target=$1 n=$2 names s i
  [[ $n =~ ^[1-9][0-9]*$ ]] && [ "$n" -le "$MAX_REPLICAS" ] || die "replicas: a number from 1 to $MAX_REPLICAS, not '$n'"
  if [ "$target" = all ]; then names=("${SERVICES[@]}"); else names=("$target"); fi
  load_env
  take_lock
  for s in "${names[@]}"; do
    is_helper "$s" && continue
    set_replicas "$s" "$n"
    for i in $(known_replicas "$s" | tr ' ' '\n' | sort -rn); do
      if [ "$i" -gt "$n" ]; then stop_one "$s" "$i"; fi
    done
  done
  for s in "${names[@]}"; do start_all "$s" || true; done
  write_registry
}

cmd_stop() {
  local names i
  read -r -a names <<<"$(pick "$@")"
  take_lock
  for ((i = ${#names[@]} - 1; i >= 0; i--)); do stop_all "${names[$i]}"; done
  write_registry
}

cmd_restart() {
  local names i s
  [ $# -gt 0 ] || usage
  read -r -a names <<<"$(pick "$@")"
  load_env
  take_lock
  for ((i = ${#names[@]} - 1; i >= 0; i--)); do stop_all "${names[$i]}"; done
  for s in "${names[@]}"; do start_all "$s" || true; done
  write_registry
}

cmd_status() {
  local s ok=0 names pid all n
  read -r -a names <<<"$(pick "$@")"
  for s in "${names[@]}"; do
    if [ "$s" = sandbox ] && ! sandbox_on && ! running_pid sandbox >/dev/null; then
      echo "sandbox off (PAY_SANDBOX=off)"
      continue
    fi
    for ((n = 1; n <= $(replicas_of "$s"); n++)); do
      if pid="$(running_pid "$s" "$n")"; then
        read -r -a all <<<"$(live_pids "$s" "$n")"
        echo "$(label "$s" "$n") up (pid $pid)${all[1]:+, also ${all[*]:1}: more than one copy}"
      else
        echo "$(label "$s" "$n") down"
        ok=1
      fi
    done
  done
  return $ok
}

usage() {
  echo "usage: $0 start|stop|status [service...] | restart <service...> | scale <service|all> <n> | env" >&2
  echo "services: ${SERVICES[*]}" >&2
  exit 2
}

case "${1:-}" in
  scale)
    [ $# -eq 3 ] || usage
    [[ " ${SERVICES[*]} all " == *" $2 "* ]] && ! is_helper "$2" || { log "cannot scale '$2'"; usage; }
    cmd_scale "$2" "$3"
    ;;
  start | stop | restart | status | env)
    for s in "${@:2}"; do
      [[ " ${SERVICES[*]} " == *" $s "* ]] || { log "unknown service '$s'"; usage; }
    done
    case $1 in
      start) shift; cmd_start "$@" ;;
      stop) shift; cmd_stop "$@" ;;
      restart) shift; cmd_restart "$@" ;;
      status) shift; cmd_status "$@" ;;
      env) load_env; print_env ;;
    esac
    ;;
  *) usage ;;
esac
