#!/usr/bin/env bash
# The whole test suite: static checks, unit, integration and end-to-end tests against the real
# stack, the fairness tests and the API fuzzing (schemathesis, and the routes without a key), the
# replicas tests, then the crash tests and the two-minute chaos run on two copies of every service
# (which kill stack processes, so they run alone, last).
# Starts the local stack when it is not running and stops what it started on exit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. scripts/bootstrap.sh
pnpm install --frozen-lockfile --reporter=silent

echo "== static checks"
bash scripts/ensure-helm.sh
bash scripts/ensure-kubeconform.sh
bash scripts/ensure-stripe-mock.sh
bash scripts/ensure-schemathesis.sh
bash scripts/ensure-openapi-python-client.sh
bash scripts/install-mustang.sh
pnpm exec tsc -p tsconfig.json --noEmit
pnpm exec eslint --max-warnings 0 .
pnpm exec prettier --check . >/dev/null || { echo "prettier: run pnpm format" >&2; pnpm exec prettier --check .; exit 1; }

if bash deploy/local/stack.sh status >/dev/null 2>&1; then
  echo "== using the running local stack"
else
  echo "== starting the local stack"
  trap 'bash deploy/local/stack.sh down >/dev/null 2>&1 || true' EXIT
  bash deploy/local/stack.sh up
fi
set -a
. .local/stack.env
set +a

mkdir -p .local/logs
passed=0
failed=0
status=0
# Runs ava, keeping its output, and adds its counts to the totals printed at the end.
run_ava() {
  local out=".local/logs/ava-$1.log"
  shift
  pnpm exec ava "$@" 2>&1 | tee "$out" || status=1
  # ava prints "N tests passed" only when nothing failed; its ✔ lines are there either way.
  passed=$((passed + $(grep -c '^ *✔' "$out" || true)))
  # A failed hook is no failed test to ava, and the tests it kept from running are only "remaining":
  # both count as failures here, so the closing line never reads "0 failed" on a failing run.
  failed=$((failed + $(awk '/^ +[0-9]+ (tests? failed|hooks? failed|uncaught exceptions?|unhandled rejections?)/ { n += $1 }
    /^ +✘ [0-9]+ tests? remaining/ { n += $2 } END { print n + 0 }' "$out")))
}

echo "== MongoDB guarantees of the datastore at MONGODB_URI (alone: one test times indexed queries)"
run_ava datastore --serial 'test/datastore/**/*.test.ts'

echo "== unit, integration and end-to-end tests"
run_ava main 'services/*/test/unit/**/*.test.ts' 'services/*/test/integration/**/*.test.ts' 'test/e2e/**/*.test.ts' 'test/charts/**/*.test.ts' 'test/contracts/**/*.test.ts'

echo "== fairness between workspaces (alone: they time one workspace's requests beside another's load)"
run_ava fairness --serial 'test/fairness/**/*.test.ts'

echo "== API fuzzing: schemathesis on every operation of /openapi.json, and every route without a key (alone: they load the gateway)"
run_ava fuzz --timeout=10m 'test/fuzz/**/*.test.ts'

echo "== replicas: two copies of every service, on the local platform (up.sh --replicas 2) and on a test platform (alone: they time how soon a killed copy's work moves and a new copy gets calls)"
run_ava replicas --serial --timeout=30m 'test/replicas/**/*.test.ts'

echo "== crash and restart tests"
run_ava resilience --serial 'test/resilience/**/*.test.ts'

echo "== chaos: two minutes of random faults under load, then every promise reconciled (alone: it kills the stack)"
run_ava chaos --timeout=30m 'test/chaos/**/*.test.ts'

# CI keeps only the tail of what the suite prints: repeat each failure here, where the tail shows it.
for log in .local/logs/ava-{datastore,main,fairness,fuzz,replicas,resilience,chaos}.log; do
  [ -f "$log" ] && grep -q '✘' "$log" || continue
  echo
  echo "== failures in $log"
  grep '✘' "$log" | head -20
  # ava writes each failure's details between its first and last separator line.
  awk '/^  ─$/ { n++ } n == 1' "$log" | head -150
done

echo
echo "tests: $passed passed, $failed failed"
exit $status
