#!/usr/bin/env bash
# Local backing services for development and CI: Kafka (KRaft, single node),
# FerretDB (MongoDB wire protocol on SQLite), Redis and an SMTP sink, all on 127.0.0.1.
#
#   stack.sh up | down | status | install
#   stack.sh start|stop|kill <kafka|mongo|redis|smtp>
#
# Binaries and jars go to <repo>/.tools, data, logs and pids to <repo>/.local
# (both git-ignored). See deploy/local/README.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
ROOT="$(cd "$HERE/../.." && pwd -P)"
TOOLS="$ROOT/.tools"
LOCAL="$ROOT/.local"
RUN="$LOCAL/run"
LOGS="$LOCAL/logs"

COMPONENTS=(kafka mongo redis smtp)

KAFKA_ADDR=127.0.0.1:19092
KAFKA_CONTROLLER_ADDR=127.0.0.1:19093
KAFKA_LIBS="$TOOLS/kafka/libs"
KAFKA_DIR="$LOCAL/kafka"
KAFKA_DATA="$KAFKA_DIR/data"
# name:partitions, under the names the chart's setup Job reads (README, chart table), as many as
# the most replicas of a consumer group `up.sh --replicas` runs (6, the chart's default too;
# docs/scaling.md). Created when missing; a topic with fewer is given more (never fewer).
KAFKA_TOPICS=("invoice.lifecycle.v1:${KAFKA_INVOICE_LIFECYCLE_PARTITIONS:-6}" "workspace.v1:${KAFKA_WORKSPACE_PARTITIONS:-6}"
  "recurring.v1:${KAFKA_RECURRING_PARTITIONS:-6}")
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"

MONGO_ADDR=127.0.0.1:27117
FERRETDB_VERSION=v1.24.0
# Patches mongo_install applies to FerretDB's source, in name order (deploy/local/ferretdb/README.md).
FERRETDB_PATCHES=("$HERE"/ferretdb/*.patch)
# The version plus a digest of the patches: a binary built from other patches is rebuilt.
FERRETDB_BUILD="$FERRETDB_VERSION+$(cat "${FERRETDB_PATCHES[@]}" | sha256sum | cut -c1-16)"
FERRETDB_BIN="$TOOLS/go-bin/ferretdb"
FERRETDB_DIR="$LOCAL/ferretdb"
# The on-disk layout the patched build writes (typed index expressions, field types): data of an
# older layout is moved aside on start instead of being served slowly through unusable indexes.
FERRETDB_DATA_FORMAT=typed-indexes-1

REDIS_ADDR=127.0.0.1:16379
REDIS_DIR="$LOCAL/redis"

# SMTP sink (deploy/local/smtp-sink): SMTP in, messages kept in .local/smtp, shown over HTTP.
SMTP_ADDR=127.0.0.1:11025
SMTP_HTTP_ADDR=127.0.0.1:11080
SMTP_SINK_DIR="$HERE/smtp-sink"
SMTP_SINK_MAIN="$SMTP_SINK_DIR/src/main.ts"

# Seconds to wait for a freshly started server to answer. Kafka after a kill -9
# first waits out its own stale broker session (broker.session.timeout.ms).
declare -A READY_TIMEOUT=([kafka]=120 [mongo]=30 [redis]=15 [smtp]=20)
# Seconds between SIGTERM and SIGKILL.
declare -A STOP_TIMEOUT=([kafka]=30 [mongo]=10 [redis]=10 [smtp]=10)

# The system Python: a pyenv shim could pick a version named by a
# .python-version that is not installed. The probes need only the stdlib.
PYTHON="$(command -v /usr/bin/python3 || command -v python3 || true)"

log() { printf '%s\n' "stack: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---------------------------------------------------------------- helpers ---

# Prints the last lines of a log so a failure in CI is diagnosable from its output alone.
show_log_tail() {
  local file=$1 lines=${2:-40}
  [[ -s $file ]] || return 0
  printf '%s\n' "----- last $lines lines of ${file#"$ROOT"/} -----" >&2
  tail -n "$lines" "$file" >&2
  printf '%s\n' "-----" >&2
}

fail_component() {  # fail_component NAME MESSAGE
  log "ERROR: $1: $2"
  show_log_tail "$LOGS/$1.log"
  exit 1
}

local_url() {
  case $1 in
    kafka) echo "$KAFKA_ADDR" ;;
    mongo) echo "mongodb://$MONGO_ADDR" ;;
    redis) echo "redis://$REDIS_ADDR" ;;
    smtp) echo "smtp://$SMTP_ADDR" ;;
  esac
}

env_url() {
  case $1 in
    kafka) echo "${KAFKA_BROKERS:-}" ;;
    mongo) echo "${MONGODB_URI:-}" ;;
    redis) echo "${REDIS_URL:-}" ;;
    smtp) echo "${SMTP_URL:-}" ;;
  esac
}

# A component whose variable is already set is someone else's deployment. A value
# equal to our own address is not: that is just stack.env exported back into the
# environment, and treating it as external would stop `up` from starting anything.
is_external() {
  local v; v=$(env_url "$1")
  [[ -n $v && $v != "$(local_url "$1")" ]]
}

# For messages: an external URL without its password.
shown_url() { env_url "$1" | sed -E 's#//[^/@]*@#//***@#'; }

# host:port of an external URL, for a reachability check only.
external_hostport() {
  local v default_port
  v=$(env_url "$1")
  case $1 in kafka) default_port=9092 ;; mongo) default_port=27017 ;; redis) default_port=6379 ;;
    smtp) [[ $v == smtps://* ]] && default_port=465 || default_port=25 ;; esac
  v=${v%%,*}        # first broker / first host of a list
  v=${v#*://}       # scheme
  v=${v#*@}         # credentials
  v=${v%%[/?,]*}    # path, options, further hosts
  [[ $v == *:* ]] || v="$v:$default_port"
  echo "$v"
}

addr_of() {
  case $1 in kafka) echo "$KAFKA_ADDR" ;; mongo) echo "$MONGO_ADDR" ;; redis) echo "$REDIS_ADDR" ;; smtp) echo "$SMTP_ADDR" ;; esac
}

# Marker that must appear in /proc/PID/cmdline: the kind of server. ours() adds where it runs.
marker_of() {
  case $1 in kafka) echo "kafka.Kafka" ;; mongo) echo "$FERRETDB_BIN" ;; redis) echo "redis-server" ;; smtp) echo "$SMTP_SINK_MAIN" ;; esac
}

# The component's own process: its marker in the command line and its working directory in this
# checkout's .local (spawn starts every server there; redis moves into its --dir), so neither a
# recycled pid nor another redis-server or Kafka on this machine (a test's own) passes for ours.
ours() {  # ours NAME PID
  local cwd
  cmdline_of "$2" | grep -qF -- "$(marker_of "$1")" || return 1
  cwd=$(readlink "/proc/$2/cwd" 2>/dev/null) || return 1
  [[ $cwd == "$LOCAL" || $cwd == "$LOCAL"/* ]]
}

# Gone: no such process, or a zombie whose threads have all exited (no port, no file held). Init
# reaps an orphan's zombie only after a while, and until then its pid still answers `kill -0`.
gone() {  # gone PID
  local s fields threads
  { read -r s <"/proc/$1/stat"; } 2>/dev/null || return 0
  read -r -a fields <<<"${s##*) }"
  [[ ${fields[0]} == [ZX] ]] || return 1
  threads=$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null || true)
  (( ${threads:-0} <= 1 ))
}

# Dying: exiting already (PF_EXITING) or a SIGKILL pending, as right after a `kill -9`: its
# command line may still read as ours and its ports are still held until it is gone.
dying() {  # dying PID
  local s fields k v
  { read -r s <"/proc/$1/stat"; } 2>/dev/null || return 1
  read -r -a fields <<<"${s##*) }"
  (( fields[6] & 0x4 )) && return 0
  { while read -r k v; do
    [[ $k == SigPnd: || $k == ShdPnd: ]] && (( 16#$v & 0x100 )) && return 0
  done <"/proc/$1/status"; } 2>/dev/null || true
  return 1
}

wait_gone() {  # wait_gone PID SECONDS
  local deadline=$((SECONDS + $2))
  until gone "$1"; do
    (( SECONDS < deadline )) || return 1
    sleep 0.05
  done
}

pid_file_pid() {  # prints the pid the component's pid file names, if any
  local pid=''
  { read -r pid <"$RUN/$1.pid"; } 2>/dev/null || true
  [[ $pid =~ ^[0-9]+$ ]] && echo "$pid"
  return 0
}

# Real protocol round trip (ApiVersions, OP_MSG ping, PING), not just an open port.
probe() {  # probe KIND HOST:PORT
  if [[ $1 == smtp ]]; then smtp_probe "$2"; return; fi
  [[ -n $PYTHON ]] || die "python3 is needed for the health probes"
  "$PYTHON" "$HERE/probe.py" "$1" "$2" 2 2>/dev/null
}

# Prints the pid of the running component, or fails: a live process (not gone, not dying) that
# is ours. A zombie, a killed process still exiting, or a pid reused by anything else all fail.
pid_of() {
  local pid
  pid=$(pid_file_pid "$1")
  [[ -n $pid ]] && ! gone "$pid" && ! dying "$pid" && ours "$1" "$pid" || return 1
  echo "$pid"
}

# pid listening on a local port, if `ss` can tell.
listener_pid() {
  ss -Hltnp "sport = :${1##*:}" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true
}

cmdline_of() { tr '\0' ' ' 2>/dev/null <"/proc/$1/cmdline" || true; }

# Fails if something that is not ours holds one of the component's ports. If it
# is ours but the pid file was lost (e.g. .local/run wiped), the pid is adopted. A
# process still exiting (killed a moment ago) is waited out: its ports are free then.
claim_ports() {  # claim_ports NAME ADDR...
  local name=$1 addr lpid; shift
  for addr in "$@"; do
    probe tcp "$addr" || continue
    lpid=$(listener_pid "$addr")
    if [[ -n $lpid ]] && ! gone "$lpid" && dying "$lpid"; then
      log "$name: waiting for pid $lpid, still exiting, to let go of $addr"
      wait_gone "$lpid" "${STOP_TIMEOUT[$name]}" || die "$name: pid $lpid still holds $addr"
      probe tcp "$addr" || continue
      lpid=$(listener_pid "$addr")
    fi
    if [[ -n $lpid ]] && ! dying "$lpid" && ours "$name" "$lpid"; then
      echo "$lpid" >"$RUN/$name.pid"
      log "$name: adopted running pid $lpid (its pid file was missing)"
      return 0
    fi
    die "$name: $addr is already in use by ${lpid:+pid $lpid }$(cmdline_of "${lpid:-0}")(not started by stack.sh)"
  done
  return 1
}

# Starts a server fully detached: own session (no signal from the caller's
# terminal or process group reaches it), stdin from /dev/null, stdout+stderr to
# its log, and every other inherited descriptor closed -- in particular the
# caller's pipes and our lock -- so CI waiting for EOF on our stdout never hangs.
spawn() {  # spawn NAME CMD...
  local name=$1; shift
  local logfile="$LOGS/$name.log"
  # Keep one previous log, so a long-lived dev machine does not fill up.
  if [[ -f $logfile ]] && (( $(stat -c %s "$logfile") > 50 * 1024 * 1024 )); then
    mv -f "$logfile" "$logfile.1"
  fi
  printf '=== %s stack.sh: starting %s\n' "$(date -u +%FT%TZ)" "$name" >>"$logfile"
  (
    for fd in "/proc/$BASHPID/fd"/*; do
      fd=${fd##*/}
      if (( fd > 2 )); then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    cd "$LOCAL"
    # No job control in a script, so this subshell is not a group leader and
    # setsid execs in place: $! below is the server's own pid.
    exec setsid "$@" </dev/null >>"$logfile" 2>&1
  ) &
  local pid=$! deadline=$((SECONDS + 10))
  echo "$pid" >"$RUN/$name.pid"
  # Until the subshell has closed its descriptors and exec'd the server, its command line is this
  # script's, and wait_ready would take the pid for a server that already exited: wait for it.
  until ours "$name" "$pid" || gone "$pid" || (( SECONDS >= deadline )); do sleep 0.02; done
}

wait_ready() {  # wait_ready NAME
  local name=$1 deadline=$((SECONDS + READY_TIMEOUT[$1]))
  until probe "$name" "$(addr_of "$name")"; do
    pid_of "$name" >/dev/null || fail_component "$name" "the process exited during start-up"
    (( SECONDS < deadline )) || fail_component "$name" "did not answer on $(addr_of "$name") within ${READY_TIMEOUT[$name]}s"
    sleep 0.2
  done
}

apt_install() {
  local sudo=()
  (( EUID == 0 )) || sudo=(sudo)
  # Debian would otherwise start the packaged service on its default port.
  local guard=0
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee /usr/sbin/policy-rc.d >/dev/null
    "${sudo[@]}" chmod +x /usr/sbin/policy-rc.d
    guard=1
  fi
  local rc=0
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -q || rc=$?
  if (( rc == 0 )); then
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 \
      install -y -q --no-install-recommends "$@" || rc=$?
  fi
  if (( guard )); then "${sudo[@]}" rm -f /usr/sbin/policy-rc.d; fi
  return "$rc"
}

# ------------------------------------------------------------------ kafka ---

kafka_pom_hash() { sha256sum <"$HERE/kafka/pom.xml" | cut -d' ' -f1; }

kafka_installed() {
  [[ -f $TOOLS/kafka/.installed && $(<"$TOOLS/kafka/.installed") == "$(kafka_pom_hash)" ]]
}

kafka_install() {
  if ! command -v java >/dev/null || ! command -v mvn >/dev/null; then
    apt_install openjdk-17-jdk-headless maven
  fi
  local spec
  spec=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  (( ${spec%%.*} >= 17 )) || die "kafka: Kafka 4 needs Java 17+, found $spec"
  # Resolve into a scratch directory and swap it in, so an interrupted download
  # never leaves a half-filled classpath that looks installed.
  local tmp="$TOOLS/kafka/libs.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$TOOLS/kafka"
  mvn -B -q -f "$HERE/kafka/pom.xml" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$tmp"
  rm -rf "$KAFKA_LIBS"
  mv "$tmp" "$KAFKA_LIBS"
  kafka_pom_hash >"$TOOLS/kafka/.installed"
}

# Short-lived Kafka CLI tools: C1 only and serial GC start fastest on 2 cores.
kafka_tool() {
  java -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData \
    -Dlog4j2.configurationFile="$HERE/kafka/log4j2-tools.xml" \
    -cp "$KAFKA_LIBS/*" "$@"
}

kafka_start() {
  mkdir -p "$KAFKA_DATA"
  # Re-rendered on every start so edits to the template take effect.
  sed "s#@KAFKA_DATA_DIR@#$KAFKA_DATA#g" "$HERE/kafka/server.properties.tmpl" >"$KAFKA_DIR/server.properties"
  if [[ ! -f $KAFKA_DATA/meta.properties ]]; then
    local cluster_id=""
    if [[ -s $KAFKA_DIR/cluster.id ]]; then
      cluster_id=$(<"$KAFKA_DIR/cluster.id")
    fi
    # A Kafka Uuid is 16 random bytes in URL-safe base64 without padding, made here to save a JVM
    # start for `kafka-storage random-uuid`. Like Kafka's own, never one starting with '-': the
    # tool's argument parser takes that for an option and refuses `-t` (1 start in 64 failed so).
    while [[ -z $cluster_id || $cluster_id == -* ]]; do
      cluster_id=$(head -c16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')
    done
    echo "$cluster_id" >"$KAFKA_DIR/cluster.id"
    kafka_tool kafka.tools.StorageTool format --ignore-formatted \
      -t "$cluster_id" -c "$KAFKA_DIR/server.properties" \
      --feature eligible.leader.replicas.version=0 >>"$LOGS/kafka.log" 2>&1 \
      || fail_component kafka "formatting the KRaft storage failed"
    touch "$KAFKA_DIR/elr-off"
  fi
  # shellcheck disable=SC2086 # KAFKA_HEAP_OPTS is a list of JVM flags
  spawn kafka java $KAFKA_HEAP_OPTS -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:+ExitOnOutOfMemoryError -XX:-UsePerfData -Djava.awt.headless=true \
    -Dlog4j2.configurationFile="$HERE/kafka/log4j2.xml" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$KAFKA_DIR/server.properties"
}

# Eligible leader replicas (KIP-966, on by default since Kafka 4.1) make a single broker that
# restarts after kill -9 elect itself leader of every partition through an unclean election. The
# group coordinator of Kafka 4.3.1 can then load a __consumer_offsets partition out of sync with its
# log, and once in a chaos run it gave up on one ("Failed to load metadata ... must be greater
# than"): every consumer group on that partition stayed unable to join until the broker's next
# restart, and the webhook service delivered nothing for minutes. In 32 starts on this machine,
# every one that logged the out-of-sync reload had followed an unclean election; with the feature
# off a restart after kill -9 elects the broker from its ISR, cleanly. New storage is formatted
# without it (above); storage formatted before is downgraded once, here.
kafka_disable_elr() {
  [[ -f $KAFKA_DIR/elr-off ]] && return 0
  kafka_tool org.apache.kafka.tools.FeatureCommand --bootstrap-server "$KAFKA_ADDR" \
    downgrade --feature eligible.leader.replicas.version=0 >>"$LOGS/kafka.log" 2>&1 \
    || fail_component kafka "turning eligible leader replicas off failed"
  touch "$KAFKA_DIR/elr-off"
  log "kafka: eligible leader replicas turned off (clean elections after kill -9)"
}

# Topics are checked through their partition directories (the broker creates one
# per partition it leads) so that an `up` with everything present costs no JVM.
kafka_ensure_topics() {
  local spec name parts p missing=() pids=() i rc=0
  for spec in "${KAFKA_TOPICS[@]}"; do
    name=${spec%%:*} parts=${spec##*:}
    for ((p = 0; p < parts; p++)); do
      [[ -d $KAFKA_DATA/$name-$p ]] || { missing+=("$spec"); break; }
    done
  done
  (( ${#missing[@]} )) || return 0
  for spec in "${missing[@]}"; do
    name=${spec%%:*} parts=${spec##*:}
    if [[ -d $KAFKA_DATA/$name-0 ]]; then
      kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_ADDR" \
        --alter --topic "$name" --partitions "$parts" >"$LOGS/kafka-topic-$name.log" 2>&1 &
    else
      kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_ADDR" \
        --create --if-not-exists --topic "$name" --partitions "$parts" --replication-factor 1 \
        >"$LOGS/kafka-topic-$name.log" 2>&1 &
    fi
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    name=${missing[$i]%%:*}
    if wait "${pids[$i]}"; then
      log "kafka: topic $name ready (${missing[$i]##*:} partitions)"
    else
      rc=1
      log "ERROR: kafka: creating topic $name failed"
      show_log_tail "$LOGS/kafka-topic-$name.log" 20
    fi
    rm -f "$LOGS/kafka-topic-$name.log"
  done
  (( rc == 0 )) || fail_component kafka "topic creation failed"
}

# ------------------------------------------------------------------ mongo ---

mongo_installed() {
  [[ -x $FERRETDB_BIN ]] || return 1
  # A binary built before the _id-lookup patch (below) is rebuilt.
  [[ $(cat "$FERRETDB_BIN.build" 2>/dev/null) == "$FERRETDB_BUILD" ]] || return 1
  # Captured first: `| grep -q` may exit early and, under pipefail, fail the check.
  local out; out=$("$FERRETDB_BIN" --version 2>/dev/null) || return 1
  [[ $'\n'$out$'\n' == *$'\n'"version: $FERRETDB_VERSION"$'\n'* ]]
}

# Not `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.0`, for two reasons:
#  - go install asks the module proxy for the module's version list (deprecation
#    check) and this network's proxy answers 403 to that one request;
#  - a binary built with FerretDB as the main module panics at start unless
#    build/version/version.txt exists, and the module zip does not ship it.
# So: fetch the module zip with `go mod download`, copy the source, add
# version.txt, apply deploy/local/ferretdb/*.patch (each says why), and `go build` it.
mongo_install() {
  command -v go >/dev/null || die "mongo: Go is needed to build FerretDB (not found on PATH)"
  mkdir -p "$TOOLS/go-bin"
  local work src
  # Outside the repo, so `go mod download` can never touch a go.mod/go.sum of ours.
  work=$(mktemp -d "${TMPDIR:-/tmp}/ferretdb-build.XXXXXX")
  # shellcheck disable=SC2064 # expand now: runs in install_missing's subshell
  trap "rm -rf '$work'" EXIT
  src=$(cd "$work" && GOWORK=off GOFLAGS='' go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" \
        | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -d $src ]] || die "mongo: go mod download of FerretDB $FERRETDB_VERSION failed"
  cp -r "$src" "$work/src"
  chmod -R u+w "$work/src"
  echo "$FERRETDB_VERSION" >"$work/src/build/version/version.txt"
  local p
  for p in "${FERRETDB_PATCHES[@]}"; do
    # The ceiling keeps git from taking a repository around $work for the one to patch.
    (cd "$work/src" && GIT_CEILING_DIRECTORIES="$work" git apply --whitespace=nowarn "$p") || die "mongo: FerretDB patch $(basename "$p") did not apply"
  done
  # Pure-Go SQLite (modernc.org), so no cgo and no C toolchain needed.
  local build=(env CGO_ENABLED=0 GOWORK=off GOTOOLCHAIN=local GOFLAGS="-buildvcs=false -trimpath"
               go build -o "$work/ferretdb")
  # -s -w: no DWARF/symbol table, a shorter link on a 2-core machine.
  if ! (cd "$work/src" && "${build[@]}" -ldflags="-s -w" ./cmd/ferretdb); then
    # Newer Go linkers reject some dependencies' //go:linkname pulls.
    log "mongo: retrying the FerretDB build with -ldflags=-checklinkname=0"
    (cd "$work/src" && "${build[@]}" -ldflags="-s -w -checklinkname=0" ./cmd/ferretdb)
  fi
  mv -f "$work/ferretdb" "$FERRETDB_BIN"
  echo "$FERRETDB_BUILD" >"$FERRETDB_BIN.build"
}

mongo_start() {
  if [[ -n $(ls -A "$FERRETDB_DIR/data" 2>/dev/null) &&
        $(cat "$FERRETDB_DIR/data/.format" 2>/dev/null) != "$FERRETDB_DATA_FORMAT" ]]; then
    local aside
    aside="$FERRETDB_DIR/data.$(date +%Y%m%d%H%M%S).old"
    log "mongo: data written by an older FerretDB build moved to ${aside#"$ROOT"/}"
    mv "$FERRETDB_DIR/data" "$aside"
  fi
  mkdir -p "$FERRETDB_DIR/data" "$FERRETDB_DIR/state"
  echo "$FERRETDB_DATA_FORMAT" >"$FERRETDB_DIR/data/.format"
  # --debug-addr=- : its metrics/pprof HTTP listener would take port 8088.
  spawn mongo "$FERRETDB_BIN" --handler=sqlite --sqlite-url="file:$FERRETDB_DIR/data/" \
    --listen-addr="$MONGO_ADDR" --state-dir="$FERRETDB_DIR/state" --debug-addr=- \
    --telemetry=disable --log-format=text
}

# ------------------------------------------------------------------ redis ---

redis_installed() { command -v redis-server >/dev/null; }

redis_install() { apt_install redis-server; }

redis_start() {
  mkdir -p "$REDIS_DIR"
  # No persistence on purpose: it is a cache, and this keeps restarts instant.
  # Absolute path: redis reports (and re-execs on some commands) argv[0] relative to its cwd.
  spawn redis "$(command -v redis-server)" --port "${REDIS_ADDR##*:}" --bind "${REDIS_ADDR%:*}" \
    --dir "$REDIS_DIR" --save "" --appendonly no --daemonize no
}

# ------------------------------------------------------------------- smtp ---

# A Node program of this repo (deploy/local/smtp-sink), so installing it is the pnpm
# workspace install that scripts/up.sh and scripts/test.sh run before `stack.sh up`;
# this only repeats it when the sink's packages are missing (stack.sh run on its own).
smtp_installed() {
  [[ -x $TOOLS/bin/node && -d $SMTP_SINK_DIR/node_modules/smtp-server && -d $SMTP_SINK_DIR/node_modules/mailparser ]]
}

smtp_install() {
  (cd "$ROOT" && . scripts/bootstrap.sh && pnpm install --frozen-lockfile --reporter=silent)
}

smtp_start() {
  mkdir -p "$LOCAL/smtp"
  spawn smtp env SMTP_SINK_SMTP_ADDR="$SMTP_ADDR" SMTP_SINK_HTTP_ADDR="$SMTP_HTTP_ADDR" \
    SMTP_SINK_DIR="$LOCAL/smtp" "$TOOLS/bin/node" "$SMTP_SINK_MAIN"
}

# The SMTP greeting (220) on the mail port and a 200 from the HTTP API: both halves answer.
smtp_probe() {  # smtp_probe HOST:PORT
  local hp=$1 line=''
  if [[ $hp == "$SMTP_ADDR" ]]; then
    curl -sf -o /dev/null --max-time 2 "http://$SMTP_HTTP_ADDR/healthz" || return 1
  fi
  (
    exec 3<>"/dev/tcp/${hp%:*}/${hp##*:}" || exit 1
    IFS= read -r -t 2 line <&3 || exit 1
    printf 'QUIT\r\n' >&3 || true
    [[ $line == 220* ]]
  ) 2>/dev/null
}

# --------------------------------------------------------------- chromium ---

# The pdf service prints on Debian's Chromium (never a browser download), with
# fonts for Latin, Devanagari and Arabic (fonts-noto-core) and for Chinese and
# Japanese (fonts-noto-cjk); poppler-utils gives its tests pdftotext/pdftoppm.
CHROMIUM_PACKAGES=(chromium fonts-noto-core fonts-noto-cjk poppler-utils)

# Prints the packages of CHROMIUM_PACKAGES that are not installed.
chromium_missing() {
  local p st
  for p in "${CHROMIUM_PACKAGES[@]}"; do
    st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ $st == "install ok installed" ]] || echo "$p"
  done
}

# Idempotent: apt runs only when a package is missing.
ensure_chromium() {
  local missing t0=$SECONDS
  mapfile -t missing < <(chromium_missing)
  (( ${#missing[@]} )) || return 0
  log "chromium: installing ${missing[*]} (log: .local/logs/install-chromium.log)"
  if ! apt_install "${missing[@]}" >"$LOGS/install-chromium.log" 2>&1 </dev/null; then
    log "ERROR: chromium: install failed"
    show_log_tail "$LOGS/install-chromium.log" 40
    exit 1
  fi
  log "chromium: installed (took $((SECONDS - t0))s)"
}

# ------------------------------------------------------------- lifecycle ---

installed() { "${1}_installed"; }

# Installs every missing local component, all at once: the Go build is CPU
# bound, Maven and apt are network bound, so overlapping them shortens a cold `up`.
install_missing() {
  local c names=() pids=() i rc=0 t0=$SECONDS
  for c in "$@"; do
    is_external "$c" && continue
    installed "$c" && continue
    log "$c: installing (log: .local/logs/install-$c.log)"
    ( t=$SECONDS; "${c}_install"; echo "install took $((SECONDS - t))s" ) >"$LOGS/install-$c.log" 2>&1 </dev/null &
    names+=("$c") pids+=($!)
  done
  for i in "${!pids[@]}"; do
    c=${names[$i]}
    if wait "${pids[$i]}" && installed "$c"; then
      log "$c: installed ($(grep -o "install took [0-9]*s" "$LOGS/install-$c.log" | tail -n1))"
    else
      rc=1
      log "ERROR: $c: install failed"
      show_log_tail "$LOGS/install-$c.log" 40
    fi
  done
  (( rc == 0 )) || exit 1
  (( ${#names[@]} == 0 )) || log "install took $((SECONDS - t0))s"
}

is_running() { pid_of "$1" >/dev/null; }

# Starts a component that is not running (callers check is_running first).
start_component() {
  local c=$1 ports old
  # The previous process, killed a moment ago, may still be exiting (or a zombie whose threads
  # still run) and hold its ports and data directory: wait until it is gone. Never for a pid
  # that now belongs to something else.
  old=$(pid_file_pid "$c")
  if [[ -n $old ]] && ! gone "$old" && { dying "$old" || ours "$c" "$old"; }; then
    log "$c: waiting for its previous process $old to exit"
    wait_gone "$old" "${STOP_TIMEOUT[$c]}" || fail_component "$c" "its previous process $old did not exit"
  fi
  rm -f "$RUN/$c.pid"
  ports=("$(addr_of "$c")")
  [[ $c != kafka ]] || ports+=("$KAFKA_CONTROLLER_ADDR")
  [[ $c != smtp ]] || ports+=("$SMTP_HTTP_ADDR")
  if claim_ports "$c" "${ports[@]}"; then return 0; fi
  "${c}_start"
  log "$c: started (pid $(<"$RUN/$c.pid"), log: .local/logs/$c.log)"
}

stop_component() {
  local c=$1 pid
  if ! pid=$(pid_of "$c"); then
    # A process killed a moment ago is still let finish exiting, so that `start` finds its ports free.
    pid=$(pid_file_pid "$c")
    if [[ -n $pid ]] && ! gone "$pid" && dying "$pid"; then wait_gone "$pid" "${STOP_TIMEOUT[$c]}" || true; fi
    rm -f "$RUN/$c.pid"
    log "$c: not running"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  if ! wait_gone "$pid" "${STOP_TIMEOUT[$c]}"; then
    log "$c: still running ${STOP_TIMEOUT[$c]}s after SIGTERM, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    wait_gone "$pid" 10 || log "$c: pid $pid is still exiting"
  fi
  rm -f "$RUN/$c.pid"
  log "$c: stopped"
}

# Simulated crash: SIGKILL and nothing else. Data stays as the crash left it. Returns once the
# process is gone (its ports free), so a `start` right after starts a new one.
kill_component() {
  local c=$1 pid
  if ! pid=$(pid_of "$c"); then
    log "$c: not running"
    return 0
  fi
  kill -KILL "$pid"
  wait_gone "$pid" 10 || log "$c: pid $pid is still exiting"
  rm -f "$RUN/$c.pid"
  log "$c: killed (SIGKILL, pid $pid)"
}

status_line() {  # prints one line; returns non-zero if the component does not answer
  local c=$1 pid hp
  if is_external "$c"; then
    hp=$(external_hostport "$c")
    if probe tcp "$hp"; then
      printf '%-6s up        external %s (TCP reachable)\n' "$c" "$(shown_url "$c")"
    else
      printf '%-6s DOWN      external %s (%s unreachable)\n' "$c" "$(shown_url "$c")" "$hp"
      return 1
    fi
  elif pid=$(pid_of "$c"); then
    if probe "$c" "$(addr_of "$c")"; then
      printf '%-6s up        %s pid %s\n' "$c" "$(addr_of "$c")" "$pid"
    else
      printf '%-6s STARTING  %s pid %s (not answering yet)\n' "$c" "$(addr_of "$c")" "$pid"
      return 1
    fi
  else
    printf '%-6s DOWN      %s\n' "$c" "$(addr_of "$c")"
    return 1
  fi
}

write_env() {
  local tmp="$LOCAL/stack.env.tmp.$$" c
  {
    echo "KAFKA_BROKERS=${KAFKA_BROKERS:-$KAFKA_ADDR}"
    echo "MONGODB_URI=${MONGODB_URI:-$(local_url mongo)}"
    echo "REDIS_URL=${REDIS_URL:-$(local_url redis)}"
    echo "SMTP_URL=${SMTP_URL:-$(local_url smtp)}"
    if ! is_external smtp; then
      echo "SMTP_SINK_URL=http://$SMTP_HTTP_ADDR"
    elif [[ -n ${SMTP_SINK_URL:-} ]]; then
      echo "SMTP_SINK_URL=$SMTP_SINK_URL"
    fi
  } >"$tmp"
  if cmp -s "$tmp" "$LOCAL/stack.env"; then rm -f "$tmp"; else mv "$tmp" "$LOCAL/stack.env"; fi
}

# Serialises state-changing commands (two CI steps running `up` at once).
take_lock() {
  exec 9>"$RUN/stack.lock"
  flock -w 900 9 || die "timed out waiting for another stack.sh to finish"
}

# --------------------------------------------------------------- commands ---

cmd_up() {
  local c started=()
  take_lock
  install_missing "${COMPONENTS[@]}"
  ensure_chromium
  for c in "${COMPONENTS[@]}"; do
    if is_external "$c"; then
      log "$c: external ($(shown_url "$c")), not managed here"
    elif ! is_running "$c"; then
      start_component "$c"
      started+=("$c")
    fi
  done
  # Also waits on ones that were already running: they may still be starting.
  for c in "${COMPONENTS[@]}"; do
    is_external "$c" || wait_ready "$c"
  done
  is_external kafka || { kafka_ensure_topics; kafka_disable_elr; }
  write_env
  (( ${#started[@]} )) || log "everything was already running"
  log "ready; connection settings in .local/stack.env"
}

cmd_down() {
  local c
  take_lock
  for c in "${COMPONENTS[@]}"; do
    is_external "$c" || stop_component "$c"
  done
}

cmd_status() {
  local c rc=0
  for c in "${COMPONENTS[@]}"; do status_line "$c" || rc=1; done
  return "$rc"
}

cmd_start() {
  local c=$1
  if is_external "$c"; then log "$c: external ($(shown_url "$c")), not managed here"; return 0; fi
  take_lock
  install_missing "$c"
  if is_running "$c"; then log "$c: already running"; else start_component "$c"; fi
  wait_ready "$c"
  if [[ $c == kafka ]]; then kafka_ensure_topics; kafka_disable_elr; fi
  log "$c: ready on $(addr_of "$c")"
}

cmd_stop() {
  if is_external "$1"; then log "$1: external, not managed here"; return 0; fi
  take_lock
  stop_component "$1"
}

cmd_kill() {
  if is_external "$1"; then log "$1: external, not managed here"; return 0; fi
  kill_component "$1"
}

usage() {
  sed -n '2,9s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

main() {
  mkdir -p "$TOOLS" "$RUN" "$LOGS"
  local cmd=${1:-}
  case $cmd in
    up | down | status | install) [[ $# -eq 1 ]] || usage ;;
    start | stop | kill)
      [[ $# -eq 2 ]] || usage
      [[ " ${COMPONENTS[*]} " == *" $2 "* ]] || die "unknown component '$2' (expected: ${COMPONENTS[*]})"
      ;;
    *) usage ;;
  esac
  case $cmd in
    up) cmd_up ;;
    down) cmd_down ;;
    status) cmd_status ;;
    install) take_lock; install_missing "${COMPONENTS[@]}"; ensure_chromium ;;
    start) cmd_start "$2" ;;
    stop) cmd_stop "$2" ;;
    kill) cmd_kill "$2" ;;
  esac
}

main "$@"
