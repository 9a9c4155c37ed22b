#!/usr/bin/env bash
# Install the system packages the test suite needs, only those that are missing.
# Needs root (or sudo) the first time; later runs find everything and do nothing.
# --uf2-toolchain: also the compilers that `make firmware-uf2` needs (not the tests, not CI).
set -euo pipefail

missing=()
if [ "${1:-}" = "--uf2-toolchain" ]; then
  command -v arm-none-eabi-gcc >/dev/null 2>&1 || missing+=(gcc-arm-none-eabi)
  [ -f /usr/lib/arm-none-eabi/include/stdio.h ] || missing+=(libnewlib-arm-none-eabi)
  [ -d /usr/lib/arm-none-eabi/include/c++ ] || missing+=(libstdc++-arm-none-eabi-newlib)
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  command -v g++ >/dev/null 2>&1 || missing+=(g++)
  command -v make >/dev/null 2>&1 || missing+=(make)
fi
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
[ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null 2>&1 || missing+=(mosquitto)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
# The Qubic prover's C core (prover/, `make prover`), which its tests build.
command -v gcc >/dev/null 2>&1 || missing+=(gcc)

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

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# The RP2040 emulator that runs firmware/dist/flixboard-pico.uf2 in the tests (pinned by its lock).
pico_dir="$root/tests/firmware/pico"
if [ ! -d "$pico_dir/node_modules/rp2040js" ] \
  || [ "$pico_dir/package-lock.json" -nt "$pico_dir/node_modules/.package-lock.json" ]; then
  echo "setup-system: installing the RP2040 emulator (npm ci in tests/firmware/pico)"
  npm ci --prefix "$pico_dir" --no-audit --no-fund --loglevel=error
fi

# MicroPython's WebAssembly port, run by Node in the firmware tests (pinned by its lock file).
wasm_dir="$root/tests/firmware/node"
if [ ! -d "$wasm_dir/node_modules/@micropython/micropython-webassembly-pyscript" ] \
  || [ "$wasm_dir/package-lock.json" -nt "$wasm_dir/node_modules/.package-lock.json" ]; then
  echo "setup-system: installing MicroPython's WebAssembly port (npm ci in tests/firmware/node)"
  npm ci --prefix "$wasm_dir" --no-audit --no-fund --loglevel=error
fi

# ESLint for the page's modules (tests/web/test_web_lint.py) and axe-core, the accessibility
# checker the page tests inject into Chromium (pinned by its lock file).
lint_dir="$root/tests/web/node"
if [ ! -x "$lint_dir/node_modules/.bin/eslint" ] \
  || [ ! -f "$lint_dir/node_modules/axe-core/axe.min.js" ] \
  || [ "$lint_dir/package-lock.json" -nt "$lint_dir/node_modules/.package-lock.json" ]; then
  echo "setup-system: installing ESLint and axe-core (npm ci in tests/web/node)"
  npm ci --prefix "$lint_dir" --no-audit --no-fund --loglevel=error
fi

# netlistsvg, which draws the boards' schematics (make schematics; pinned by its lock file).
schematics_dir="$root/tests/hardware/node"
if [ ! -x "$schematics_dir/node_modules/.bin/netlistsvg" ] \
  || [ "$schematics_dir/package-lock.json" -nt "$schematics_dir/node_modules/.package-lock.json" ]; then
  echo "setup-system: installing netlistsvg (npm ci in tests/hardware/node)"
  npm ci --prefix "$schematics_dir" --no-audit --no-fund --loglevel=error
fi
