#!/usr/bin/env bash
# The whole test suite: static checks, unit, integration and end-to-end tests against the real
# stack, then the crash tests (which kill stack processes, so they run alone, last).
# Starts the local stack when it is not running and stops what it started on exit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. scripts/bootstrap.sh
pnpm install --frozen-lockfile --reporter=silent

echo "== static checks"
pnpm exec tsc -p tsconfig.json --noEmit
pnpm exec eslint --max-warnings 0 .

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

echo "== unit, integration and end-to-end tests"
pnpm exec ava 'services/*/test/unit/**/*.test.ts' 'services/*/test/integration/**/*.test.ts' 'test/e2e/**/*.test.ts'

echo "== crash and restart tests"
pnpm exec ava --serial 'test/resilience/**/*.test.ts'
