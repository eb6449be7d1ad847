#!/usr/bin/env bash
# Stops the services and the local stack started by scripts/up.sh. Data stays in .local/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/services.sh" stop
bash "$root/deploy/local/stack.sh" down
