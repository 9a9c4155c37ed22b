"""``flixboard selftest [--board ...] [--geometry ...]``: LEDs, sensors, buttons and grooves,
PASS/FAIL per item.

On the simulated board every item is automatic (the LED walk is checked against the recorded
frames, every hole's sensor through simulated hands). On a real board the same items are
interactive: watch the LED walk, watch the live sensor view while moving a Man, press each
button, and the grooves are read. A flat board (Flip 4, Olix) has cells instead of holes and no
grooves: the same items but the grooves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.holes import Layout
from hal.base import FLIX_GEOMETRY, GROOVE_COUNT, Backend, BoardGeometry, Button, Piece
from sim.board import SimBoard
from sim.clock import SimClock
from sim.view import render

WALK_COLOUR = (255, 255, 255)
BUTTON_TIMEOUT_S = 30.0
POLL_S = 0.05
"""How often a press is looked for."""
WALK_S = 0.1
"""How long each pixel of the LED walk stays lit."""
VIEW_S = 0.2
"""How often the live sensor view is drawn again."""


@dataclass(frozen=True)
class Result:
    item: str
    passed: bool
    detail: str


# ------------------------------------------------------------------------ the simulated board


def sim_led_walk(board: SimBoard) -> Result:
    """Light each pixel alone; the recorded frames must show exactly that pixel."""
    wrong = []
    count = board.geometry.pixel_count
    for pixel in range(count):
        board.pixels.fill((0, 0, 0))
        board.pixels[pixel] = WALK_COLOUR
        board.pixels.show()
        frame = board.last_frame
        lit = [] if frame is None else [i for i, c in enumerate(frame.colors) if c != (0, 0, 0)]
        if lit != [pixel]:
            wrong.append(pixel)
    board.pixels.fill((0, 0, 0))
    board.pixels.show()
    return Result("LED walk", not wrong, f"{count} pixels" + _list(" wrong: ", wrong))


def sim_sensors(board: SimBoard) -> Result:
    """A hand seats and lifts a Man (and a Burocrat) in every hole; only that hole may change."""
    kinds = [Piece.MAN, Piece.BUROCRAT] if board.sensing == "analog" else [Piece.MAN]
    wrong = []
    cells = board.geometry.cells
    for hole in range(cells):
        for kind in kinds:
            board.place(hole, kind)
            seen = board.read().holes
            want = kind if board.sensing == "analog" else Piece.PRESENT
            others = [h for h, p in enumerate(seen) if p is not Piece.EMPTY and h != hole]
            board.lift(hole)
            if seen[hole] is not want or others or board.read().holes[hole] is not Piece.EMPTY:
                wrong.append(board.naming.name(hole))
                break
    where = f"{cells} cells" if board.geometry.flat else f"{cells} holes"
    return Result("sensors", not wrong, where + _list(" wrong: ", wrong))


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


def run_sim(
    layout: Layout, brightness_cap: float, geometry: BoardGeometry = FLIX_GEOMETRY
) -> list[Result]:
    """Every item on a simulated board of ``geometry``."""
    with SimBoard(
        clock=SimClock(),
        layout=layout,
        max_brightness=brightness_cap,
        geometry=geometry,
        sensing="presence" if geometry.flat else "analog",
    ) as board:
        results = [sim_led_walk(board), sim_sensors(board), sim_buttons(board)]
        if not geometry.flat:
            results.append(sim_grooves(board, layout))
        return results


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
    where = "cell" if board.geometry.flat else "hole"
    print(f"LED walk: each {where}'s LED, then the 8 status pixels, lights white in turn.")
    for pixel in range(board.geometry.pixel_count):
        board.pixels.fill((0, 0, 0))
        board.pixels[pixel] = WALK_COLOUR
        board.pixels.show()
        time.sleep(WALK_S)
    board.pixels.fill((0, 0, 0))
    board.pixels.show()
    ok = _ask("Did every LED light, one at a time, in order?", answer)
    return Result("LED walk", ok, "confirmed" if ok else "not confirmed")


def real_sensors(board: Backend, layout: Layout, answer: Callable[[str], str]) -> Result:
    flat = board.geometry.flat
    if flat:
        print("Live sensor view: put a piece on cells, watch them appear.")
    else:
        print("Live sensor view: put a Man into holes (and a Burocrat), watch them appear.")
    print("Press Ctrl+C when done.")
    try:
        while True:
            print("\x1b[H\x1b[2J" + render(board.read(), layout=layout, color=False))
            time.sleep(VIEW_S)
    except KeyboardInterrupt:
        print()
    question = (
        "Did each piece show on the right cell?"
        if flat
        else "Did each piece show in the right hole (o Man, x Burocrat)?"
    )
    ok = _ask(question, answer)
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


def run_real(board: Backend, layout: Layout, answer: Callable[[str], str]) -> list[Result]:
    """Every item on an opened real ``board`` (closed afterwards), with a person's answers."""
    with board:
        results = [
            real_led_walk(board, answer),
            real_sensors(board, layout, answer),
            real_buttons(board),
        ]
        if not board.geometry.flat:
            results.append(real_grooves(board, layout))
        return results


def _list(prefix: str, items: Sequence[object]) -> str:
    return f"{prefix}{', '.join(str(i) for i in items)}" if items else ""
