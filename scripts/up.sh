#!/usr/bin/env bash
# Brings the whole platform up locally: runtime, dependencies, the stack (Kafka, FerretDB, Redis),
# the sandbox payment providers, the services, and a demo workspace with an API key, the sandbox
# providers connected to it. Idempotent: a second run reuses all of it.
#
#   up.sh [--replicas N]   N copies of each service, the gateway included (1-6; docs/scaling.md).
#                          Without it, the platform keeps the count it has (1 on a new platform).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
replicas=""
while [ $# -gt 0 ]; do
  case $1 in
    --replicas) replicas="${2:-}"; shift 2 || { echo "up.sh: --replicas needs a number" >&2; exit 2; } ;;
    --replicas=*) replicas="${1#*=}"; shift ;;
    *) echo "usage: $0 [--replicas N]" >&2; exit 2 ;;
  esac
done
if [ -n "$replicas" ] && ! [[ $replicas =~ ^[1-6]$ ]]; then
  echo "up.sh: --replicas takes a number from 1 to 6, not '$replicas'" >&2
  exit 2
fi
. scripts/bootstrap.sh
pnpm install --frozen-lockfile --reporter=silent
bash deploy/local/stack.sh up

# This platform's own files (admin token, key ring, demo key, pids, logs). Another directory, with
# other ports, databases and consumer groups, runs a second platform beside the first.
mkdir -p "${PLATFORM_STATE_DIR:-.local}"
state="$(cd "${PLATFORM_STATE_DIR:-.local}" && pwd)"
shown_state="${state#"$root"/}"
[ -s "$state/admin-token" ] || (umask 077; node -e "process.stdout.write(require('crypto').randomBytes(24).toString('hex'))" > "$state/admin-token")
# Seals webhook signing secrets at rest; kept, since the stored secrets open only with it.
[ -s "$state/webhook-secret-keys" ] || (umask 077; node -e "process.stdout.write('local1:' + require('crypto').randomBytes(32).toString('base64'))" > "$state/webhook-secret-keys")
# Seals payment gateway credentials at rest (accounts); kept for the same reason.
[ -s "$state/accounts-secret-keys" ] || (umask 077; node -e "process.stdout.write('local1:' + require('crypto').randomBytes(32).toString('base64'))" > "$state/accounts-secret-keys")
# The services' environment (the stack's settings, these keys, the peers' addresses and ports) is
# services.sh's, so that `services.sh start|restart <service>` alone starts a service the same way.
export PLATFORM_STATE_DIR="$state"
platform_env="$(bash scripts/services.sh env)"
eval "$platform_env"
# The sandbox payment providers (services.sh's first unit; docs/local-pay-flow.md) need stripe-mock.
sandbox=on
[ "${PAY_SANDBOX:-on}" != off ] || sandbox=off
[ "$sandbox" = off ] || bash scripts/ensure-stripe-mock.sh
# Starts only what is not running (a killed service's zombie or a reused pid does not count): the
# local DNS and the sandbox first, then the services, each as many copies as the platform runs.
if [ -n "$replicas" ]; then
  bash scripts/services.sh scale all "$replicas"
fi
bash scripts/services.sh start
# A payment service or gateway started before the sandbox existed, or for other sandbox ports,
# does not send anyone to it: those are restarted, once.
if [ "$sandbox" = on ]; then
  stale=()
  for pair in payment:PAYMENT_STRIPE_BASE_URL gateway:PAY_REDIRECT_SOURCES; do
    svc="${pair%%:*}" var="${pair#*:}"
    for pid_file in "$state/run/svc-$svc.pid" "$state/run/svc-$svc"-[0-9]*.pid; do
      pid="$(cat "$pid_file" 2>/dev/null || true)"
      if [ -n "$pid" ] && ! tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qxF "$var=${!var}"; then
        echo "up: $svc (pid $pid) runs without the sandbox's $var; restarting it" >&2
        stale+=("$svc")
        break
      fi
    done
  done
  if [ ${#stale[@]} -gt 0 ]; then bash scripts/services.sh restart "${stale[@]}"; fi
fi

base="http://127.0.0.1:$GATEWAY_PORT"
admin="http://127.0.0.1:$GATEWAY_ADMIN_PORT"
# /readyz only means Redis and accounts answer (docs/health.md); the admin report says when every
# service and Kafka answer too; the local DNS, when it answers with every copy of every service.
all_up() {
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = 200 ] &&
    curl -s -H "Authorization: Bearer $ADMIN_TOKEN" "$admin/admin/health" | grep -q '"down":\[\]' &&
    node scripts/local-dns.ts --check >/dev/null 2>&1
}
# A wall-clock deadline, not a count of tries: each try's curls and DNS check take longer on a busy
# machine. UP_READY_TIMEOUT_S (default 180) bounds it.
deadline=$((SECONDS + ${UP_READY_TIMEOUT_S:-180}))
until all_up; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "The platform did not become ready within ${UP_READY_TIMEOUT_S:-180} s; see $shown_state/logs/" >&2
    curl -s -H "Authorization: Bearer $ADMIN_TOKEN" "$admin/admin/health" >&2 || true
    echo >&2
    # What each service last warned about, so that a failure on a machine whose logs are gone
    # (a CI clone) still says why.
    for log in "$state"/logs/*.log; do
      lines="$(grep -E '"level":"(warn|error|fatal)"' "$log" | tail -n 5 || true)"
      [ -z "$lines" ] || printf '%s, last warnings:\n%s\n' "${log##*/}" "$lines" >&2
    done
    exit 1
  fi
  sleep 0.2
done

# A service that refused its configuration or could not start has exited by now.
if ! bash scripts/services.sh status >/dev/null; then
  echo "A service is not running; see its log in $shown_state/logs/:" >&2
  bash scripts/services.sh status >&2 || true
  exit 1
fi

# Reuse the demo key while it still authenticates; otherwise make a fresh demo workspace and key. The
# demo workspace is a test workspace (docs/payments.md "Test mode"): the sandbox providers' payments
# mark its invoices paid.
demo_key="$(cat "$state/demo-key" 2>/dev/null || true)"
if [ -z "$demo_key" ] || [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $demo_key" "$base/api/invoices/external/templates")" = 403 ]; then
  ws="$(node services/gateway/src/cli/main.ts --url "$admin" --json workspace create --name "Demo workspace" --plan business --tz UTC --test-mode | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))')"
  demo_key="$(node services/gateway/src/cli/main.ts --url "$admin" --json key create "$ws" --name demo | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).raw_key))')"
  (umask 077; printf '%s' "$demo_key" > "$state/demo-key"; printf '%s' "$ws" > "$state/demo-workspace")
fi
# The sandbox providers, connected to the demo workspace in sandbox mode with the credentials the
# fakes accept (which the sandbox writes once it listens, and keeps across its restarts); connected
# again only when one is missing from the workspace or the credentials changed.
if [ "$sandbox" = on ] && [ -s "$state/demo-workspace" ]; then
  demo_ws="$(cat "$state/demo-workspace")"
  sandbox_file="$state/sandbox-providers.json"
  # Prints JS expression $1 of the sandbox's file `f` (and provider `p`, $2).
  sandbox_json() { node -e 'try{const f=require(process.argv[1]),p=process.argv[3];console.log(eval(process.argv[2]))}catch{}' "$sandbox_file" "$@"; }
  for _ in $(seq 1 150); do
    [ "$(sandbox_json f.pid)" = "$(cat "$state/run/svc-sandbox.pid" 2>/dev/null)" ] && break
    sleep 0.2
  done
  if [ "$(sandbox_json f.pid)" != "$(cat "$state/run/svc-sandbox.pid" 2>/dev/null)" ]; then
    echo "The sandbox payment providers did not start; see $shown_state/logs/sandbox.log" >&2
    exit 1
  fi
  stamp="$demo_ws $(sandbox_json 'JSON.stringify(Object.entries(f.providers).map(([n,v])=>[n,v.credentials]))' | sha256sum | cut -c1-16)"
  connected="$(node services/gateway/src/cli/main.ts --url "$admin" --json gateway list "$demo_ws" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).gateways.filter(g=>g.mode==="sandbox").map(g=>g.provider).sort().join(" ")))')"
  # A demo workspace made before test workspaces existed is marked one once.
  if [ "$(node services/gateway/src/cli/main.ts --url "$admin" --json workspace get "$demo_ws" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).test_mode===true))')" != true ]; then
    node services/gateway/src/cli/main.ts --url "$admin" workspace set-test-mode "$demo_ws" on >/dev/null
  fi
  if [ "$connected" != "midtrans mollie paypal razorpay stripe xendit" ] || [ "$(cat "$state/sandbox-connected" 2>/dev/null)" != "$stamp" ]; then
    for provider in stripe mollie paypal midtrans xendit razorpay; do
      # On stdin, not the command line, which other users can see.
      sandbox_json 'JSON.stringify(f.providers[p].credentials)' "$provider" |
        node services/gateway/src/cli/main.ts --url "$admin" gateway connect "$demo_ws" "$provider" --mode sandbox --credentials - >/dev/null
    done
    printf '%s' "$stamp" > "$state/sandbox-connected"
  fi
fi
# Keep the demo workspace able to generate: top its credit pool back up when it runs dry.
demo_ws="$(cat "$state/demo-workspace" 2>/dev/null || true)"
if [ -n "$demo_ws" ]; then
  left="$(node services/gateway/src/cli/main.ts --url "$admin" --json credits get "$demo_ws" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const c=JSON.parse(s);console.log(c.unlimited?"unlimited":(c.credits_remaining??0))})')"
  [ "$left" = 0 ] && node services/gateway/src/cli/main.ts --url "$admin" credits set "$demo_ws" 100 >/dev/null
fi

pay_line=""
if [ "$sandbox" = on ]; then
  pay_line="
  Pay flow:   sandbox providers (stripe-mock, fakes) connected to the demo workspace: generate with \"payment_gateway\":\"stripe\", open $base/p/invoice/<id>, click Pay (docs/local-pay-flow.md)"
fi
cat <<MSG

Invoice platform is up.
  Replicas:   $(sed -n 's/^gateway=//p' "$state/run/replicas" 2>/dev/null | tail -1 | grep . || echo 1) of each service ($shown_state/replicas.json: every copy's pid, address and metrics)
  API:        $base   (OpenAPI: $base/openapi.json)
  API docs:   $base/docs   (events: $base/asyncapi.json)
  Admin API:  $admin  (token in $shown_state/admin-token; CLI: ADMIN_TOKEN=\$(cat $shown_state/admin-token) pnpm admin --help)
  Demo key:   $demo_key$pay_line

  curl -H "Authorization: Bearer $demo_key" $base/api/invoices/external/templates
  curl -H "Authorization: Bearer $demo_key" -H 'Content-Type: application/json' \\
       -d '{"customer_name":"PT Maju","items":[{"description":"Design","quantity":2,"price":150000}]}' \\
       $base/api/invoices/generate-external

Logs in $shown_state/logs/. Stop everything with: pnpm down
MSG
