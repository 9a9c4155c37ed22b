#!/usr/bin/env bash
# Install the FLIX board controller as a service on a Raspberry Pi (Raspberry Pi OS or Debian).
#
#   sudo bash deploy/install.sh [--board serial|gpio] [--geometry flix|flip4|olix]
#   (default: serial, the Pico over USB, and flix, the spaceboard; a flat board needs gpio)
# Creates the unprivileged user "flixboard" (groups gpio, spi, dialout, audio), a virtualenv in
# /opt/flixboard with the project and its Pi extras, the settings /etc/flixboard/config.toml (kept
# if present), the board choice /etc/flixboard/environment, udev rules, and enables and starts
# flixboard.service. Run it again after an update: it upgrades in place and keeps the settings
# and, without --board or --geometry, the board and shape chosen before.
set -euo pipefail

board=
geometry=
prefix=/opt/flixboard
etc=/etc/flixboard
unit=/etc/systemd/system/flixboard.service
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf 'install: %s\n' "$*"; }
die() { printf 'install: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --board) board="${2:-}"; shift 2 ;;
    --board=*) board="${1#--board=}"; shift ;;
    --geometry) geometry="${2:-}"; shift 2 ;;
    --geometry=*) geometry="${1#--geometry=}"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument: $1 (usage: sudo bash deploy/install.sh [--board serial|gpio] [--geometry flix|flip4|olix])" ;;
  esac
done
# Without --board a re-run keeps the board of /etc/flixboard/environment (as it was edited).
board_spec=
if [ -z "$board" ]; then
  board_spec="$(sed -n 's/^FLIXBOARD_BOARD=//p' "$etc/environment" 2>/dev/null | tail -n 1 | tr -d "\"' " || true)"
  case "$board_spec" in
    gpio) board=gpio ;;
    serial*) board=serial ;;
    *) board=serial board_spec= ;;
  esac
fi
case "$board" in
  serial) board_spec="${board_spec:-serial:/dev/flixboard}" ;;
  gpio) board_spec=gpio ;;
  *) die "--board must be serial or gpio, not '$board'" ;;
esac
# The board's shape: the spaceboard, or a flat board read by a Pico set up for it (flixboard
# pico-setup) or wired to the Pi's GPIO (wiring/<shape>-pi.toml, or a wiring file's absolute path);
# without --geometry a re-run keeps the shape chosen before.
if [ -z "$geometry" ]; then
  geometry="$(sed -n 's/^FLIXBOARD_GEOMETRY=//p' "$etc/environment" 2>/dev/null | tail -n 1 | tr -d "\"' " || true)"
  geometry="${geometry:-flix}"
fi
case "$geometry" in
  flix | flip4 | olix) ;;
  /*.toml) [ "$board" = gpio ] || die "a wiring file ($geometry) is read by --board gpio: a Pico knows its own pins" ;;
  *) die "--geometry must be flix, flip4, olix or a wiring file's absolute path, not '$geometry'" ;;
esac
[ "$(id -u)" -eq 0 ] || die "needs root: sudo bash $0 --board $board"
[ -f "$src/pyproject.toml" ] || die "run it from the flixboard source tree ($src has no pyproject.toml)"

model="$(tr -d '\0' </proc/device-tree/model 2>/dev/null || true)"
pi5=false
case "$model" in *"Raspberry Pi 5"* | *"Compute Module 5"*) pi5=true ;; esac
say "board: $board_spec, $geometry; machine: ${model:-not a Raspberry Pi}"

say "system packages"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  python3 python3-venv python3-dev gcc swig espeak-ng

say "user flixboard in groups gpio, spi, dialout, audio"
for group in gpio spi dialout audio; do
  getent group "$group" >/dev/null || groupadd --system "$group"
done
if ! id flixboard >/dev/null 2>&1; then
  useradd --system --user-group --home-dir /var/lib/flixboard --no-create-home \
    --shell /usr/sbin/nologin flixboard
fi
usermod -a -G gpio,spi,dialout,audio flixboard

say "virtualenv $prefix with flixboard[pi]"
[ -x "$prefix/bin/python" ] || python3 -m venv "$prefix"
"$prefix/bin/pip" install -q --upgrade pip
"$prefix/bin/pip" install -q --upgrade "${src}[pi]"
# RPi.GPIO cannot detect edges on Linux 6.6 and later, nor run on a Pi 5: rpi-lgpio provides the
# same API on lgpio. The two own the same files, so rpi-lgpio is reinstalled after the removal.
if "$prefix/bin/pip" show -q RPi.GPIO >/dev/null 2>&1; then
  say "replacing RPi.GPIO with rpi-lgpio"
  "$prefix/bin/pip" uninstall -q -y RPi.GPIO
fi
"$prefix/bin/pip" install -q --upgrade lgpio
"$prefix/bin/pip" install -q --force-reinstall --no-deps rpi-lgpio
if $pi5; then
  say "Raspberry Pi 5: NeoPixels through Blinka's Pi 5 driver"
  "$prefix/bin/pip" uninstall -q -y rpi_ws281x || true
  "$prefix/bin/pip" install -q --upgrade adafruit-blinka-raspberry-pi5-neopixel
fi

say "settings in $etc"
# The settings page writes config.toml: a temporary file beside it renamed over it, so the
# folder and the file are the service group's to write (docs/configuration.md).
install -d -m 2775 -o root -g flixboard "$etc"
if [ ! -f "$etc/config.toml" ]; then
  install -m 0660 -o root -g flixboard "$src/controller/config.example.toml" "$etc/config.toml"
else
  say "keeping the existing $etc/config.toml"
  chgrp flixboard "$etc/config.toml"
  chmod g+rw,o-rwx "$etc/config.toml"
fi
printf '%s\nFLIXBOARD_BOARD=%s\n%s\nFLIXBOARD_GEOMETRY=%s\n' \
  '# The board the service opens: serial:/dev/flixboard (Pico over USB) or gpio.' "$board_spec" \
  '# Its shape: flix (the spaceboard), flip4 or olix (on gpio: wiring/<shape>-pi.toml).' \
  "$geometry" >"$etc/environment"
chmod 0644 "$etc/environment"

say "udev rules"
install -m 0644 "$src/wiring/udev/99-flixboard.rules" /etc/udev/rules.d/99-flixboard.rules
install -m 0644 "$src/deploy/udev/99-flixboard-gpio.rules" /etc/udev/rules.d/99-flixboard-gpio.rules
udevadm control --reload-rules
udevadm trigger

reboot_needed=false
if [ "$board" = gpio ] && ! $pi5; then
  config_txt=/boot/firmware/config.txt
  [ -f "$config_txt" ] || config_txt=/boot/config.txt
  # SPI0 drives the NeoPixels from GPIO10 (MOSI) and claims no chip-select, so GPIO7/8 stay free
  # for buttons. rpi_ws281x times the pixels with the SPI clock, which follows the core clock:
  # a Pi 3 (and Zero 2) needs it fixed at 250 MHz, a Pi 4 at 500 MHz.
  lines="dtparam=spi=on dtoverlay=spi0-0cs"
  case "$model" in
    *"Raspberry Pi 3"* | *"Zero 2"* | *"Compute Module 3"*) lines="$lines core_freq=250" ;;
    *"Raspberry Pi 4"* | *"Compute Module 4"*)
      lines="$lines core_freq=500 core_freq_min=500" ;;
  esac
  if [ -f "$config_txt" ]; then
    section_added=false
    for line in $lines; do
      if ! grep -qx "$line" "$config_txt"; then
        if ! $section_added; then  # the file may end inside a conditional section like [cm4]
          printf '\n[all]\n' >>"$config_txt"
          section_added=true
        fi
        say "adding '$line' to $config_txt (NeoPixels on SPI0 MOSI)"
        printf '%s\n' "$line" >>"$config_txt"
        reboot_needed=true
      fi
    done
  else
    say "no config.txt found: enable SPI by hand (see wiring/pi.toml), then reboot"
  fi
fi

say "service flixboard"
install -m 0644 "$src/deploy/flixboard.service" "$unit"
systemctl daemon-reload
systemctl enable flixboard.service
if $reboot_needed; then
  say "done: reboot now (sudo reboot); the service starts with the Pi"
else
  systemctl restart flixboard.service
  say "done: the service runs; its log: journalctl -u flixboard -f"
fi
