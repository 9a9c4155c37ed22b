"""``flixboard selftest [--board ...]``: LEDs, sensors, buttons and grooves, PASS/FAIL per item.

On the simulated board every item is automatic (the LED walk is checked against the recorded
frames, every hole's sensor through simulated hands). On a real board the same items are
interactive: watch the LED walk, watch the live sensor view while moving a Man, press each
button, and the grooves are read.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.holes import Layout, name
from hal.base import GROOVE_COUNT, HOLE_COUNT, PIXEL_COUNT, Backend, Button, Piece
from hal.registry import open_backend
from sim.board import SimBoard
from sim.clock import SimClock
from sim.view import render

WALK_COLOUR = (255, 255, 255)
BUTTON_TIMEOUT_S = 30.0
POLL_S = 0.05


@dataclass(frozen=True)
class Result:
    item: str
    passed: bool
    detail: str


# ------------------------------------------------------------------------ the simulated board


def sim_led_walk(board: SimBoard) -> Result:
    """Light each pixel alone; the recorded frames must show exactly that pixel."""
    wrong = []
    for pixel in range(PIXEL_COUNT):
        board.pixels.fill((0, 0, 0))
        board.pixels[pixel] = WALK_COLOUR
        board.pixels.show()
        frame = board.last_frame
        lit = [] if frame is None else [i for i, c in enumerate(frame.colors) if c != (0, 0, 0)]
        if lit != [pixel]:
            wrong.append(pixel)
    board.pixels.fill((0, 0, 0))
    board.pixels.show()
    return Result("LED walk", not wrong, f"{PIXEL_COUNT} pixels" + _list(" wrong: ", wrong))


def sim_sensors(board: SimBoard, layout: Layout) -> Result:
    """A hand seats and lifts a Man (and a Burocrat) in every hole; only that hole may change."""
    kinds = [Piece.MAN, Piece.BUROCRAT] if board.sensing == "analog" else [Piece.MAN]
    wrong = []
    for hole in range(HOLE_COUNT):
        for kind in kinds:
            board.place(hole, kind)
            seen = board.read().holes
            want = kind if board.sensing == "analog" else Piece.PRESENT
            others = [h for h, p in enumerate(seen) if p is not Piece.EMPTY and h != hole]
            board.lift(hole)
            if seen[hole] is not want or others or board.read().holes[hole] is not Piece.EMPTY:
                wrong.append(name(hole, layout))
                break
    return Result("sensors", not wrong, f"{HOLE_COUNT} holes" + _list(" wrong: ", wrong))


def sim_buttons(board: SimBoard) -> Result:
    """Press each button; each press must arrive once, in order."""
    board.take_presses()
    for button in Button:
        board.press(button)
    got = [p.button for p in board.take_presses()]
    ok = got == list(Button)
    return Result("buttons", ok, " ".join(b.value for b in got))


def sim_grooves(board: SimBoard, layout: Layout) -> Result:
    """Each panel seated in its groove; taking one out and back must show in the reading."""
    problems = []
    seated = board.read().grooves
    for groove in range(GROOVE_COUNT):
        if seated[groove] != layout.panels[groove]:
            problems.append(
                f"groove {groove + 1} reads {seated[groove] or 'nothing'}, "
                f"expected {layout.panels[groove]}"
            )
        if seated[groove] is None:
            continue
        letter = board.remove_panel(groove)
        if board.read().grooves[groove] is not None:
            problems.append(f"groove {groove + 1} still reads a panel")
        board.seat_panel(groove, letter)
        if board.read().grooves[groove] != letter:
            problems.append(f"groove {groove + 1} does not read {letter}")
    return Result("grooves", not problems, "; ".join(problems) or "R Y G B seated and sensed")


def run_sim(layout: Layout, brightness_cap: float) -> list[Result]:
    with SimBoard(clock=SimClock(), layout=layout, max_brightness=brightness_cap) as board:
        return [
            sim_led_walk(board),
            sim_sensors(board, layout),
            sim_buttons(board),
            sim_grooves(board, layout),
        ]


# ------------------------------------------------------------------------ a real board


def _ask(question: str, answer: Callable[[str], str]) -> bool:
    """A yes from the person at the board; no answer (input closed) counts as no."""
    try:
        reply = answer(f"{question} [y/n] ")
    except EOFError:
        print()
        return False
    return reply.strip().lower().startswith("y")


def real_led_walk(board: Backend, answer: Callable[[str], str]) -> Result:
    print("LED walk: each hole's LED, then the 8 status pixels, lights white in turn.")
    for pixel in range(PIXEL_COUNT):
        board.pixels.fill((0, 0, 0))
        board.pixels[pixel] = WALK_COLOUR
        board.pixels.show()
        time.sleep(0.1)
    board.pixels.fill((0, 0, 0))
    board.pixels.show()
    ok = _ask("Did every LED light, one at a time, in order?", answer)
    return Result("LED walk", ok, "confirmed" if ok else "not confirmed")


def real_sensors(board: Backend, layout: Layout, answer: Callable[[str], str]) -> Result:
    print("Live sensor view: put a Man into holes (and a Burocrat), watch them appear.")
    print("Press Ctrl+C when done.")
    try:
        while True:
            print("\x1b[H\x1b[2J" + render(board.read(), layout=layout, color=False))
            time.sleep(0.2)
    except KeyboardInterrupt:
        print()
    ok = _ask("Did each piece show in the right hole (o Man, x Burocrat)?", answer)
    return Result("sensors", ok, "confirmed" if ok else "not confirmed")


def _say(text: str) -> None:
    print(text, flush=True)


def real_buttons(board: Backend, say: Callable[[str], None] = _say) -> Result:
    board.take_presses()
    missing = []
    for button in Button:
        say(f"Press {button.value.upper()} (within {BUTTON_TIMEOUT_S:.0f} s) ...")
        deadline = time.monotonic() + BUTTON_TIMEOUT_S
        while time.monotonic() < deadline:
            if any(p.button is button for p in board.take_presses()):
                break
            time.sleep(POLL_S)
        else:
            missing.append(button.value)
    return Result("buttons", not missing, _list("no press from: ", missing) or "all four pressed")


def real_grooves(board: Backend, layout: Layout) -> Result:
    grooves = tuple(board.read().grooves)
    ok = grooves == tuple(layout.panels)
    detail = " ".join(g or "-" for g in grooves) + ("" if ok else f" (expected {layout.panels})")
    return Result("grooves", ok, detail)


def run_real(
    spec: str, layout: Layout, brightness_cap: float, answer: Callable[[str], str]
) -> list[Result]:
    with open_backend(spec, max_brightness=brightness_cap) as board:
        return [
            real_led_walk(board, answer),
            real_sensors(board, layout, answer),
            real_buttons(board),
            real_grooves(board, layout),
        ]


def _list(prefix: str, items: Sequence[object]) -> str:
    return f"{prefix}{', '.join(str(i) for i in items)}" if items else ""
