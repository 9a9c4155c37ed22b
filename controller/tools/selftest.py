"""``flixboard selftest [--board ...] [--geometry ...]``: LEDs, sensors, buttons and grooves,
PASS/FAIL per item.

An analog board also checks its sensors' wires: every sensor must read what a connected one
can give (``hal.sensor_health``); a broken wire is named by its hole (its input reads 0 V).

On the simulated board every item is automatic (the LED walk is checked against the recorded
frames, every hole's sensor through simulated hands). On a real board the same items are
interactive: watch the LED walk, watch the live sensor view while moving a Man, press each
button, and the grooves are read. A flat board (Flip 4, Olix) has cells instead of holes and no
grooves: the same items but the grooves. Every item's name and detail is marked for the catalogs
(``N_``, ``why``); the questions and prompts are said in the language given.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from controller.i18n import DEFAULT_LANGUAGE, N_, Language, language
from engine.holes import Layout, Naming
from engine.phrase import why
from hal.base import FLIX_GEOMETRY, GROOVE_COUNT, Backend, BoardGeometry, Button, Piece
from hal.errors import UnsupportedFeature
from sim.board import SimBoard
from sim.clock import SimClock
from sim.view import render

WALK_COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
"""Each pixel of the LED walk lights red, then green, then blue: a pixel whose colour order is not
the chain's shows the wrong colour."""
BUTTON_TIMEOUT_S = 30.0
POLL_S = 0.05
"""How often a press is looked for."""
WALK_S = 0.1
"""How long each pixel of the LED walk stays lit."""
VIEW_S = 0.2
"""How often the live sensor view is drawn again."""


ENGLISH = language(DEFAULT_LANGUAGE)


@dataclass(frozen=True)
class Result:
    """One item's outcome: its name (a message id) and what was seen (a ``Phrase``)."""

    item: str
    passed: bool
    detail: str


# ------------------------------------------------------------------------ the simulated board


def sim_led_walk(board: SimBoard) -> Result:
    """Light each pixel alone in red, green and blue; the recorded frames must show exactly that
    pixel in that colour."""
    wrong = []
    count = board.geometry.pixel_count
    for pixel in range(count):
        for colour in WALK_COLOURS:
            board.pixels.fill((0, 0, 0))
            board.pixels[pixel] = colour
            board.pixels.show()
            frame = board.last_frame
            lit = [] if frame is None else [(i, c) for i, c in enumerate(frame.colors) if any(c)]
            if lit != [(pixel, colour)] and pixel not in wrong:
                wrong.append(pixel)
    board.pixels.fill((0, 0, 0))
    board.pixels.show()
    return Result(N_("LED walk"), not wrong, _wrong(why("{count} pixels", count=count), wrong))


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
    flat = board.geometry.flat
    where = why("{count} cells", count=cells) if flat else why("{count} holes", count=cells)
    return Result(N_("sensors"), not wrong, _wrong(where, wrong))


def sim_buttons(board: SimBoard) -> Result:
    """Press each button; each press must arrive once, in order."""
    board.take_presses()
    for button in Button:
        board.press(button)
    got = [p.button for p in board.take_presses()]
    ok = got == list(Button)
    return Result(N_("buttons"), ok, " ".join(b.value for b in got))


def sim_grooves(board: SimBoard, layout: Layout) -> Result:
    """Each panel seated in its groove; taking one out and back must show in the reading."""
    problems = []
    seated = board.read().grooves
    for groove in range(GROOVE_COUNT):
        if seated[groove] != layout.panels[groove]:
            problems.append(
                why(
                    "groove {groove} reads {panel}, expected {expected}",
                    groove=groove + 1,
                    panel=seated[groove] or why("nothing"),
                    expected=layout.panels[groove],
                )
            )
        if seated[groove] is None:
            continue
        letter = board.remove_panel(groove)
        if board.read().grooves[groove] is not None:
            problems.append(why("groove {groove} still reads a panel", groove=groove + 1))
        board.seat_panel(groove, letter)
        if board.read().grooves[groove] != letter:
            problems.append(
                why("groove {groove} does not read {panel}", groove=groove + 1, panel=letter)
            )
    detail = _joined(problems) if problems else why("R Y G B seated and sensed")
    return Result(N_("grooves"), not problems, detail)


def wires(board: Backend, naming: Naming) -> Result | None:
    """Every analog sensor reads what a connected one can give, checked on a fresh reading
    (none on a board whose sensors are switches, or that gives no raw fields)."""
    if board.sensing != "analog":
        return None
    try:
        fields = board.raw_fields()  # a fresh RAW frame: the serial backend checks it
    except UnsupportedFeature:
        return None
    faults = board.sensor_faults
    if not faults:
        detail = why("{count} sensors within a connected sensor's range", count=len(fields))
        return Result(N_("wires"), True, detail)
    return Result(N_("wires"), False, _joined([fault.words(naming) for fault in faults]))


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
        checked = wires(board, board.naming)
        return results if checked is None else [*results, checked]


# ------------------------------------------------------------------------ a real board


def _ask(question: str, answer: Callable[[str], str], lang: Language = ENGLISH) -> bool:
    """A yes from the person at the board (``y``, or the language's own letter: ``j``); no
    answer (input closed) counts as no."""
    choices = lang.gettext("[y/n]")
    try:
        reply = answer(f"{lang.gettext(question)} {choices} ")
    except EOFError:
        print()
        return False
    return reply.strip().lower()[:1] in {"y", choices[1:2].lower()}


def real_led_walk(board: Backend, answer: Callable[[str], str], lang: Language = ENGLISH) -> Result:
    walk = (
        N_("LED walk: each cell's LED, then the 8 status pixels, lights red, green, blue in turn.")
        if board.geometry.flat
        else N_(
            "LED walk: each hole's LED, then the 8 status pixels, lights red, green, blue in turn."
        )
    )
    print(lang.gettext(walk))
    for pixel in range(board.geometry.pixel_count):
        for colour in WALK_COLOURS:
            board.pixels.fill((0, 0, 0))
            board.pixels[pixel] = colour
            board.pixels.show()
            time.sleep(WALK_S)
    board.pixels.fill((0, 0, 0))
    board.pixels.show()
    ok = _ask(
        N_("Did every LED light red, then green, then blue, one at a time, in order?"),
        answer,
        lang,
    )
    return Result(N_("LED walk"), ok, _confirmed(ok))


def real_sensors(
    board: Backend, layout: Layout, answer: Callable[[str], str], lang: Language = ENGLISH
) -> Result:
    flat = board.geometry.flat
    if flat:
        print(lang.gettext("Live sensor view: put a piece on cells, watch them appear."))
    else:
        print(
            lang.gettext(
                "Live sensor view: put a Man into holes (and a Burocrat), watch them appear."
            )
        )
    print(lang.gettext("Press Ctrl+C when done."))
    try:
        while True:
            view = render(board.read(), layout=layout, color=False, words=lang.words)
            print("\x1b[H\x1b[2J" + view)
            time.sleep(VIEW_S)
    except KeyboardInterrupt:
        print()
    question = (
        N_("Did each piece show on the right cell?")
        if flat
        else N_("Did each piece show in the right hole (o Man, x Burocrat)?")
    )
    ok = _ask(question, answer, lang)
    return Result(N_("sensors"), ok, _confirmed(ok))


def _say(text: str) -> None:
    print(text, flush=True)


def real_buttons(board: Backend, say: Callable[[str], None] = _say) -> Result:
    board.take_presses()
    missing = []
    for button in Button:
        say(
            why(
                "Press {button} (within {seconds} s) ...",
                button=button.value.upper(),
                seconds=f"{BUTTON_TIMEOUT_S:.0f}",
            )
        )
        deadline = time.monotonic() + BUTTON_TIMEOUT_S
        while time.monotonic() < deadline:
            if any(p.button is button for p in board.take_presses()):
                break
            time.sleep(POLL_S)
        else:
            missing.append(button.value)
    detail = why("no press from: {buttons}", buttons=", ".join(missing)) if missing else None
    return Result(N_("buttons"), not missing, detail or why("all four pressed"))


def real_grooves(board: Backend, layout: Layout) -> Result:
    grooves = tuple(board.read().grooves)
    ok = grooves == tuple(layout.panels)
    seen = " ".join(g or "-" for g in grooves)
    detail = seen if ok else why("{seen} (expected {panels})", seen=seen, panels=layout.panels)
    return Result(N_("grooves"), ok, detail)


def run_real(
    board: Backend, layout: Layout, answer: Callable[[str], str], lang: Language = ENGLISH
) -> list[Result]:
    """Every item on an opened real ``board`` (closed afterwards), with a person's answers, its
    questions and prompts in ``lang``."""
    with board:
        results = [
            real_led_walk(board, answer, lang),
            real_sensors(board, layout, answer, lang),
            real_buttons(board, lambda line: _say(lang.words(line))),
        ]
        if not board.geometry.flat:
            results.append(real_grooves(board, layout))
        checked = wires(board, layout)
        return results if checked is None else [*results, checked]


def _wrong(seen: str, wrong: Sequence[object]) -> str:
    """What an item saw, and the places that were wrong, if any."""
    if not wrong:
        return seen
    return why("{seen} wrong: {places}", seen=seen, places=", ".join(str(i) for i in wrong))


def _joined(problems: Sequence[str]) -> str:
    """Several problems as one detail, each said on its own."""
    if len(problems) == 1:
        return problems[0]
    return why("{first}; {rest}", first=problems[0], rest=_joined(problems[1:]))


def _confirmed(ok: bool) -> str:
    return N_("confirmed") if ok else N_("not confirmed")
