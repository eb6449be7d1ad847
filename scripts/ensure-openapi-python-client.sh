#!/usr/bin/env bash
# Installs openapi-python-client (the Python client generator that test/contracts/api-clients.test.ts
# runs on /openapi.json, from PyPI) into a Python venv at .tools/openapi-python-client when missing or
# at another version, like ensure-schemathesis.sh. Prints nothing when it is already there.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version=0.29.1
venv="$root/.tools/openapi-python-client"
stamp="$venv/.version"
# Runs it, not only looks for it: a venv whose directory moved still has its files, but its
# scripts name the old path and no longer start.
if [ "$(cat "$stamp" 2>/dev/null)" = "$version" ] && "$venv/bin/openapi-python-client" --version >/dev/null 2>&1; then
  exit 0
fi
command -v python3 >/dev/null || { echo "ensure-openapi-python-client: python3 is needed (not found on PATH)" >&2; exit 1; }
log="$root/.tools/openapi-python-client-install.log"
mkdir -p "$root/.tools"
# A probe venv, thrown away: Debian's python3 without python3-venv fails here (no ensurepip).
probe="$(mktemp -d)"
if ! python3 -m venv "$probe/v" >/dev/null 2>&1; then
  echo "ensure-openapi-python-client: installing python3-venv (apt)" >&2
  sudo=()
  (( EUID == 0 )) || sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -q >"$log" 2>&1 &&
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 \
      install -y -q --no-install-recommends python3-venv >>"$log" 2>&1 ||
    { rm -rf "$probe"; tail -n 20 "$log" >&2; exit 1; }
fi
rm -rf "$probe"
echo "installing openapi-python-client ${version} into .tools/openapi-python-client (pip)" >&2
# A venv cannot be moved (its scripts name its path), so it is built in place; the version stamp,
# written last, is what says it is complete, and an interrupted install is redone from scratch.
rm -rf "$venv"
python3 -m venv "$venv" >"$log" 2>&1 &&
  "$venv/bin/pip" install -q --disable-pip-version-check "openapi-python-client==${version}" >>"$log" 2>&1 ||
  { tail -n 20 "$log" >&2; rm -rf "$venv"; exit 1; }
echo "$version" >"$stamp"
