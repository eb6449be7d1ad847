#!/usr/bin/env bash
# Installs Helm into .tools/go-bin from the Go module proxy when missing (no binary downloads here).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version=v3.16.4
bin="$root/.tools/go-bin/helm"
if [ -x "$bin" ] && "$bin" version --short 2>/dev/null | grep -q "^${version}"; then exit 0; fi
echo "installing helm ${version} into .tools/go-bin (go install)" >&2
mkdir -p "$root/.tools/go-bin"
GOBIN="$root/.tools/go-bin" GOFLAGS=-mod=mod go install "helm.sh/helm/v3/cmd/helm@${version}" >"$root/.tools/helm-install.log" 2>&1 \
  || { tail -n 20 "$root/.tools/helm-install.log" >&2; exit 1; }
