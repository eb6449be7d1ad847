#!/usr/bin/env bash
# Stops the services, the sandbox payment providers and the local stack started by scripts/up.sh.
# Data stays in .local/. A second platform (its own PLATFORM_STATE_DIR) shares the first one's
# stack: its down.sh stops only its own services and sandbox and leaves the stack running.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/services.sh" stop
mkdir -p "${PLATFORM_STATE_DIR:-$root/.local}"
if [ "$(cd "${PLATFORM_STATE_DIR:-$root/.local}" && pwd -P)" = "$(cd "$root/.local" && pwd -P)" ]; then
  bash "$root/deploy/local/stack.sh" down
else
  echo "down: the stack stays up for the platform in .local (stop it with deploy/local/stack.sh down)" >&2
fi
