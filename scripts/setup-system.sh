#!/usr/bin/env bash
# Install the system packages the test suite needs, only those that are missing.
# Needs root (or sudo) the first time; later runs find everything and do nothing.
set -euo pipefail

missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
[ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null 2>&1 || missing+=(mosquitto)

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup-system: installing ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    sudo=""
  elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "setup-system: need root to install: ${missing[*]}" >&2
    exit 1
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# MicroPython's WebAssembly port, run by Node in the firmware tests (pinned by its lock file).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wasm_dir="$root/tests/firmware/node"
if [ ! -d "$wasm_dir/node_modules/@micropython/micropython-webassembly-pyscript" ] \
  || [ "$wasm_dir/package-lock.json" -nt "$wasm_dir/node_modules/.package-lock.json" ]; then
  echo "setup-system: installing MicroPython's WebAssembly port (npm ci in tests/firmware/node)"
  npm ci --prefix "$wasm_dir" --no-audit --no-fund --loglevel=error
fi
