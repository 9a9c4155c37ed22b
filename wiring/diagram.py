"""Draw ``wiring/diagram.svg`` from the pin map (``wiring/pico.toml``, ``wiring/leds.toml``).

``python -m wiring.diagram`` rewrites the SVG; ``--check`` fails if the committed one is stale
(``make wiring-diagram`` runs the first).
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

from engine.holes import name
from hal.pinmap import LedChain, PicoWiring, load_leds, load_pico

SVG_PATH = Path(__file__).with_name("diagram.svg")
WIDTH, HEIGHT = 1340, 740
CELL = 54
GRID_X, GRID_Y = 410, 120
PANEL_GAP = 16
FONT = "font-family='DejaVu Sans Mono, monospace'"


def _text(
    x: float, y: float, text: str, size: int = 12, anchor: str = "start", **style: str
) -> str:
    extra = "".join(f" {k.replace('_', '-')}='{v}'" for k, v in style.items())
    return (
        f"<text x='{x:g}' y='{y:g}' font-size='{size}' text-anchor='{anchor}' {FONT}{extra}>"
        f"{escape(text)}</text>"
    )


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "#333") -> str:
    return (
        f"<rect x='{x:g}' y='{y:g}' width='{w:g}' height='{h:g}' fill='{fill}' stroke='{stroke}'/>"
    )


def _cell_origin(hole: int) -> tuple[float, float]:
    panel, floor, section = hole >> 4, (hole >> 2) & 3, hole & 3
    x = GRID_X + panel * (4 * CELL + PANEL_GAP) + section * CELL
    y = GRID_Y + (3 - floor) * CELL  # floor IV at the top
    return x, y


def _pico(pico: PicoWiring, leds: LedChain) -> list[str]:
    rows = [f"GP{pin}  mux select S{i} (all)" for i, pin in enumerate(pico.select_pins)]
    rows += [f"GP{m.enable_pin}  /E of {m.name}" for m in pico.muxes if m.enable_pin >= 0]
    rows += [
        f"GP{pin}  ADC{adc} <- " + "+".join(m.name for m in pico.muxes if m.adc == adc)
        for adc, pin in enumerate(pico.adc_pins)
    ]
    rows += [f"GP{pin}  button {b.upper()} (to GND)" for b, pin in pico.buttons.items()]
    rows += [
        f"GP{pico.neopixel_pin}  NeoPixel DIN via 74AHCT125",
        f"GP{pico.status_led_pin}  on-board LED (heartbeat)",
    ]
    out = [_rect(20, 80, 360, 30 + 18 * len(rows), "#e8f4e8")]
    out.append(_text(30, 100, "Raspberry Pi Pico (RP2040)", 14, font_weight="bold"))
    out += [_text(30, 122 + 18 * i, row) for i, row in enumerate(rows)]
    y = 140 + 18 * len(rows)
    for m in pico.muxes:
        wired = [s for s in m.sensors if s >= 0]
        what = (
            f"holes {min(wired)}..{max(wired)} (panel {min(wired) // 16})"
            if max(wired) < 64
            else f"groove sensors {min(wired)}..{max(wired)}"
        )
        enable = f"/E GP{m.enable_pin}" if m.enable_pin >= 0 else "/E to GND"
        out.append(_rect(20, y, 360, 40, "#eef"))
        out.append(_text(30, y + 16, f"{m.name} 74HC4067 -> ADC{m.adc}, {enable}, group {m.group}"))
        out.append(_text(30, y + 32, f"  {what}", 11))
        y += 46
    power = (
        f"Power: {leds.budget_ma:.0f} mA LED budget, firmware cap"
        f" {leds.brightness_cap:.2f} at full white"
    )
    out.append(_text(20, y + 20, power, 12))
    out.append(_text(20, y + 38, f"5 V injected at chain positions {list(leds.injection)}", 12))
    return out


def _panels(pico: PicoWiring, leds: LedChain) -> list[str]:
    out: list[str] = []
    for panel in range(4):
        x, _ = _cell_origin(16 * panel + 12)
        out.append(
            _text(
                x + 2 * CELL,
                GRID_Y - 12,
                f"panel {'RYGB'[panel]} (groove {panel})",
                13,
                "middle",
                font_weight="bold",
            )
        )
    for hole in range(64):
        x, y = _cell_origin(hole)
        mux, channel = pico.channel_of(hole)
        out.append(_rect(x, y, CELL, CELL, "#fff"))
        out.append(_text(x + 4, y + 14, name(hole), 10, font_weight="bold"))
        out.append(_text(x + 4, y + 30, f"{pico.muxes[mux].name}.{channel}", 10, fill="#225"))
        out.append(_text(x + 4, y + 46, f"LED {leds.position_of(hole)}", 10, fill="#a30"))
    points = []
    for pixel in leds.chain[:64]:
        x, y = _cell_origin(pixel)
        points.append(f"{x + CELL / 2:g},{y + CELL - 4:g}")
    out.append(
        f"<polyline points='{' '.join(points)}' fill='none' stroke='#d40' stroke-width='1.5' "
        "stroke-dasharray='4 3'/>"
    )
    out.append(
        _text(
            GRID_X,
            GRID_Y + 4 * CELL + 24,
            "Each hole: name, multiplexer.channel of its Hall sensor, NeoPixel chain "
            "position; dashed: the chain's path (floor IV at the top)",
            11,
        )
    )
    return out


def _status_and_grooves(pico: PicoWiring, leds: LedChain) -> list[str]:
    y = GRID_Y + 4 * CELL + 60
    out = [_text(GRID_X, y, "Status pixels (front edge, left to right)", 13, font_weight="bold")]
    for i, pixel in enumerate(range(64, 72)):
        x = GRID_X + i * 70
        out.append(_rect(x, y + 10, 64, 40, "#fff"))
        out.append(_text(x + 4, y + 26, f"status {pixel - 64}", 11))
        out.append(_text(x + 4, y + 42, f"LED {leds.position_of(pixel)}", 11, fill="#a30"))
    y += 90
    out.append(
        _text(
            GRID_X,
            y,
            "Groove sensors (two per groove, under the panel's foot)",
            13,
            font_weight="bold",
        )
    )
    for groove in range(4):
        sensors = [64 + 2 * groove, 65 + 2 * groove]
        where = ", ".join(
            f"{side} {pico.muxes[m].name}.{c}"
            for side, (m, c) in zip(("left", "right"), map(pico.channel_of, sensors), strict=True)
        )
        out.append(_text(GRID_X, y + 20 + 18 * groove, f"groove {groove}: {where}", 12))
    code = "  ".join(
        f"{letter}={'/'.join('N' if pole > 0 else 'S' for pole in poles)}"
        for letter, poles in pico.groove_poles.items()
    )
    out.append(
        _text(GRID_X, y + 110, f"Panel colour by foot magnets (left/right pole): {code}", 12)
    )
    out.append(
        _text(
            GRID_X,
            y + 130,
            f"Hall sensors: {pico.on_counts}/{pico.off_counts} counts "
            "on/off; Man = north pole down, Burocrat = south pole down",
            12,
        )
    )
    return out


def render() -> str:
    """The SVG text (deterministic: the same pin map always gives the same bytes)."""
    pico, leds = load_pico(), load_leds()
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{HEIGHT}' "
        f"viewBox='0 0 {WIDTH} {HEIGHT}'>",
        _rect(0, 0, WIDTH, HEIGHT, "#fafafa", "none"),
        _text(
            20,
            40,
            "flixboard wiring: Pico, multiplexers, Hall sensors, NeoPixels",
            20,
            font_weight="bold",
        ),
        _text(
            20,
            62,
            "Generated from wiring/pico.toml and wiring/leds.toml by wiring/diagram.py",
            12,
            fill="#555",
        ),
        *_pico(pico, leds),
        *_panels(pico, leds),
        *_status_and_grooves(pico, leds),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="fail if the SVG is out of date")
    parser.add_argument("output", nargs="?", type=Path, default=SVG_PATH)
    args = parser.parse_args(argv)
    svg = render()
    if args.check:
        if not args.output.exists() or args.output.read_text() != svg:
            print(f"{args.output} is out of date: run make wiring-diagram", file=sys.stderr)
            return 1
        return 0
    args.output.write_text(svg)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
