"""The LED writer: layers, only changed frames, at most 60 frames a second, no pending line."""

from __future__ import annotations

from controller.config import Config
from controller.core import scene
from controller.leds import LedRenderer, compose, holes_layer, scale
from controller.tools.sim_run import SimRun
from engine.holes import parse
from hal.base import HOLE_COUNT, PixelStrip


class RecordingStrip(PixelStrip):
    """A strip whose wire is a list: the last wire."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[tuple[tuple[int, int, int], ...], float]] = []

    def _transmit(self, colors: tuple[tuple[int, int, int], ...], brightness: float) -> None:
        self.sent.append((colors, brightness))


def frame_with(pixel: int) -> tuple[tuple[int, int, int], ...]:
    return compose([{pixel: (255, 255, 255)}])


def test_layers_paint_in_order() -> None:
    frame = compose([{0: (1, 1, 1), 1: (2, 2, 2)}, {1: (3, 3, 3)}])
    assert frame[0] == (1, 1, 1) and frame[1] == (3, 3, 3) and frame[2] == (0, 0, 0)
    assert len(frame) == 72
    assert holes_layer(0b101, (9, 9, 9)) == {0: (9, 9, 9), 2: (9, 9, 9)}
    assert scale((200, 100, 0), 0.5) == (100, 50, 0)


def test_only_changed_frames_are_sent() -> None:
    strip = RecordingStrip()
    renderer = LedRenderer(strip, brightness_cap=0.5)
    assert renderer.submit(frame_with(1), 0.0)
    assert not renderer.submit(frame_with(1), 1.0)
    assert not renderer.submit(frame_with(1), 2.0)
    assert len(strip.sent) == 1
    assert renderer.submit(frame_with(2), 3.0)
    assert len(strip.sent) == 2


def test_at_most_sixty_frames_a_second() -> None:
    strip = RecordingStrip()
    renderer = LedRenderer(strip, brightness_cap=1.0)
    t = 0.0
    for i in range(600):  # a new frame wanted every millisecond for 0.6 s
        renderer.submit(frame_with(i % 72), t)
        due = renderer.next_deadline()
        if due is not None and due <= t:
            renderer.flush(t)
        t += 0.001
    assert len(strip.sent) <= 0.6 * 60 + 1
    assert renderer.next_deadline() is not None
    renderer.flush(renderer.next_deadline() or 0.0)
    assert strip.sent[-1][0] == frame_with(599 % 72)  # the newest held frame wins


def test_brightness_cap_applies() -> None:
    strip = RecordingStrip()
    LedRenderer(strip, brightness_cap=0.3).submit(frame_with(0), 0.0)
    assert strip.sent[0][1] == 0.3
    strip.brightness = 1.0
    assert strip.brightness == 0.3


def lucky_to_pending_line() -> SimRun:
    """Red completes R-I-* and does not call."""
    run = SimRun(Config(), seed=1)
    for i, (red, blue) in enumerate(zip("SHDC", ("S", "H", "D", None), strict=True)):
        run.controller.set_next_faces(f"red/I/{['spades', 'hearts', 'diamonds', 'clubs'][i]}")
        run.board.press("roll")
        run.board.place(f"R-I-{red}")
        run.settle()
        if blue:
            run.controller.set_next_faces(f"blue/IV/{['spades', 'hearts', 'diamonds'][i]}")
            run.board.press("roll")
            run.board.place(f"B-IV-{blue}")
            run.settle()
    return run


def test_pending_line_never_lit() -> None:
    run = lucky_to_pending_line()
    assert run.controller.game.pending_count() == 1
    completed = run.clock.now()
    run.advance(4.0)  # the call window closes: still pending
    line = [parse(f"R-I-{s}") for s in "SHDC"]
    frames = run.board.frames_during(completed, run.clock.now())
    assert frames
    # Only the last move is marked, as after every placement: dim white, never a line colour.
    last = parse("R-I-C")
    for frame in frames:
        assert not any(frame.color(h) != (0, 0, 0) for h in line if h != last)
        assert frame.color(last) in ((0, 0, 0), scene.LAST_MOVE)
    now = scene.frame(run.controller, run.clock.now())[:HOLE_COUNT]
    assert all(v == (0, 0, 0) for hole, v in enumerate(now) if hole != last)


def test_called_line_lit_in_team_colour() -> None:
    run = lucky_to_pending_line()
    run.board.press("flix", 0)
    run.advance(Config().leds.win_animation_s + 0.5)
    red = Config().leds.team_colours[0]
    frame = run.board.last_frame
    assert frame is not None
    for s in "SHDC":
        assert frame.color(parse(f"R-I-{s}")) == red


def test_allowed_holes_lit_in_mover_colour_and_status_shows_mover() -> None:
    run = SimRun(Config(), seed=1)
    run.controller.set_next_faces("yellow/II/win")
    run.board.press("roll")
    run.advance(0.1)
    lit = run.board.lit_holes()
    assert lit == {parse(f"Y-II-{s}") for s in "SHDC"}
    frame = run.board.last_frame
    assert frame is not None
    assert frame.status[0] == Config().leds.team_colours[0]
    assert frame.status[1] == scale(Config().leds.team_colours[1], 0.15)


def test_wrong_hole_blinks_until_fixed() -> None:
    run = SimRun(Config(), seed=1)
    run.controller.set_next_faces("yellow/II/hearts")
    run.board.press("roll")
    run.board.place("R-I-S")
    run.advance(2.0)
    now = run.clock.now()
    assert run.board.blinking_holes(now - 1.5, now) == {parse("R-I-S")}
    run.board.lift("R-I-S")
    run.advance(1.0)
    now = run.clock.now()
    assert run.board.blinking_holes(now - 0.7, now) == frozenset()
    assert run.board.lit_holes() == {parse("Y-II-H")}


def test_call_window_sweeps_the_status_pixels_and_the_last_move_stays_marked() -> None:
    """After every placement the eight status pixels are a bar that loses a pixel per eighth
    of the call window; the placed hole stays dim white until the next placement."""
    run = SimRun(Config(), seed=1)
    run.controller.set_next_faces("yellow/II/hearts")
    run.board.press("roll")
    run.board.place("Y-II-H")
    run.settle()
    placed = parse("Y-II-H")
    start = run.clock.now()
    window = run.controller.game.options.call_window
    lit_counts = []
    for eighth in range(9):
        frame = scene.frame(run.controller, start + eighth * window / 8 + 0.01)
        status = frame[HOLE_COUNT:]
        lit_counts.append(sum(colour == scene.SWEEP for colour in status))
        assert frame[placed] == scene.LAST_MOVE
    assert lit_counts == [8, 7, 6, 5, 4, 3, 2, 1, 0]
    due = scene.next_change(run.controller, start + 0.01)
    assert due is not None and start < due <= start + window / 8 + 0.01
    after = scene.frame(run.controller, start + window + 1.0)[HOLE_COUNT:]
    assert scene.SWEEP not in after  # the seat pixels are back: the window has closed


def test_a_colour_is_dimmed_or_brightened_and_clipped() -> None:
    """controller/leds.py `scale`: "``color`` dimmed (or brightened, clipped) by
    ``factor``" — each channel on its own, never above 255."""
    assert scale((200, 150, 10), 2.0) == (255, 255, 20)
    assert scale((10, 20, 30), 0.5) == (5, 10, 15)


def test_a_frame_too_soon_is_held_until_its_deadline_then_sent_once() -> None:
    """controller/leds.py: "no two within ``1 / max_fps`` seconds. A frame that arrives too
    soon after the last one is held and sent at ``next_deadline()``"."""
    strip = RecordingStrip()
    renderer = LedRenderer(strip, brightness_cap=1.0, max_fps=4.0)  # 0.25 s apart
    assert renderer.submit(frame_with(1), 10.0) and renderer.frames_sent == 1
    assert not renderer.flush(10.5)  # nothing held: nothing to send
    assert not renderer.submit(frame_with(2), 10.1)  # too soon: held
    assert renderer.next_deadline() == 10.25
    assert not renderer.flush(10.2) and len(strip.sent) == 1
    assert renderer.flush(10.25) and strip.sent[-1][0] == frame_with(2)
    assert renderer.frames_sent == 2 and renderer.next_deadline() is None
    assert not renderer.submit(frame_with(3), 10.3)  # the flush started a new interval
    assert renderer.submit(frame_with(4), 10.5)  # exactly one interval after the flush
    assert renderer.frames_sent == 3 and not renderer.flush(11.0)
    assert [colors for colors, _ in strip.sent] == [frame_with(1), frame_with(2), frame_with(4)]
