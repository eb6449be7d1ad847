#!/usr/bin/env bash
# Installs stripe-mock (Stripe's mock of its API, for the payment tests) into .tools/go-bin from the
# Go module proxy when missing or at another version (no binary downloads here), like ensure-helm.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version=v0.197.0
bin="$root/.tools/go-bin/stripe-mock"
stamp="$bin.version"
if [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then exit 0; fi
command -v go >/dev/null || { echo "ensure-stripe-mock: Go is needed to build stripe-mock (not found on PATH)" >&2; exit 1; }
echo "installing stripe-mock ${version} into .tools/go-bin (go install)" >&2
mkdir -p "$root/.tools/go-bin"
# A pinned version: @latest would ask the proxy for the module's version list.
GOBIN="$root/.tools/go-bin" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@${version}" >"$root/.tools/stripe-mock-install.log" 2>&1 \
  || { tail -n 20 "$root/.tools/stripe-mock-install.log" >&2; exit 1; }
echo "$version" >"$stamp"
