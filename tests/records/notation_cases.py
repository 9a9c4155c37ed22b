"""Malformed records, made systematically from one valid record per variant: each case is a
kind of mistake (a bad token, a wrong order, an illegal move, a truncation, a wrong header)
with the line (from 1) its error must name and a text the named token must be."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bench.random_games import random_game
from engine.notation import SeatInfo, write_record

SEATS = [SeatInfo("Ann"), SeatInfo("Ben", "computer", 2)]
GAME_SEEDS = {"lucky": 11, "payoff": 4, "tactflix": 8, "qubic": 5, "flip4": 4, "olix": 0}
"""Seeds whose two-player random games have a dozen moves or more and end in a result."""


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    line: int
    token: str
    """The token the error must name ('' for the end of the record)."""


def valid_record(variant: str) -> str:
    """A valid record of a finished two-player game of ``variant``."""
    game = random_game(variant, GAME_SEEDS[variant], players=2)
    return write_record(game, SEATS, start="2026-11-24T01:00:00Z", end="2026-11-24T01:20:00Z")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _join(lines: list[str]) -> str:
    return "\n".join(lines)


def _first(lines: list[str], pattern: str, after: int = 0) -> int:
    """The index of the first line from ``after`` matching ``pattern``."""
    for index in range(after, len(lines)):
        if re.match(pattern, lines[index]):
            return index
    raise AssertionError(f"no line matches {pattern!r}")


Mutation = Callable[[list[str]], tuple[list[str], int, str] | None]
"""Changes the lines; the index of the line the error must name and its token (None: the
mutation does not apply to this record)."""


def _replace(lines: list[str], index: int, text: str) -> list[str]:
    return [*lines[:index], text, *lines[index + 1 :]]


def bad_hole(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ place ")
    words = lines[index].split()
    words[2] = "Q-IX-S"
    return _replace(lines, index, " ".join(words)), index, "Q-IX-S"


def compact_bad_hole(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ place ", _first(lines, r"\d+ place ") + 1)
    words = lines[index].split()
    words[2] = "r5s"
    return _replace(lines, index, " ".join(words)), index, "r5s"


def unknown_verb(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ ")
    seat = lines[index].split()[0]
    return _replace(lines, index, f"{seat} jump R-I-S"), index, "jump"


def seat_not_to_move(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ (place|roll) ")
    words = lines[index].split()
    words[0] = "2" if words[0] == "1" else "1"
    return _replace(lines, index, " ".join(words)), index, words[0]


def seat_out_of_range(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ ")
    words = lines[index].split()
    words[0] = "7"
    return _replace(lines, index, " ".join(words)), index, "7"


def occupied_hole(lines: list[str]) -> tuple[list[str], int, str]:
    first = _first(lines, r"\d+ place ")
    taken = lines[first].split()[2]
    index = _first(lines, r"\d+ place ", first + 1)
    words = lines[index].split()
    words[2] = taken
    return _replace(lines, index, " ".join(words)), index, taken


def truncated(lines: list[str]) -> tuple[list[str], int, str]:
    moves = _first(lines, r"\d+ ")
    result = _first(lines, r"Result ")
    shown = lines[result].split(" ", 1)[1]
    return lines[: moves + 3], result, shown


def truncated_mid_line(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ place ")
    return [*lines[:index], lines[index][:5]], index, lines[index][2:5]


def truncated_header(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Seat 2 ")
    return lines[:index], index, ""


def wrong_variant(lines: list[str]) -> tuple[list[str], int, str] | None:
    variant = lines[1].split()[1]
    other = {
        "lucky": "qubic",
        "qubic": "lucky",
        "payoff": "qubic",
        "tactflix": "lucky",
        "flip4": "olix",
        "olix": "flip4",
    }[variant]
    changed = _replace(lines, 1, f"Variant {other}")
    index = _first(changed, r"\d+ ")
    words = changed[index].split()
    if variant in ("lucky", "flip4"):  # neither Qubic nor Olix has a roll
        return changed, index, "roll"
    if any(line.startswith("Option token_mode") for line in changed):  # Qubic has no tokens
        return changed, _first(changed, r"Option "), "token_mode"
    if any(line.startswith("Deal ") for line in changed):
        return changed, _first(changed, r"Deal "), "Deal"
    # A Lucky or Flip 4 game starts with a roll: the first placement is refused
    return changed, index, words[2]


def unknown_variant(lines: list[str]) -> tuple[list[str], int, str]:
    return _replace(lines, 1, "Variant chess"), 1, "chess"


def wrong_magic(lines: list[str]) -> tuple[list[str], int, str]:
    return _replace(lines, 0, "PGN 1"), 0, "PGN"


def wrong_version(lines: list[str]) -> tuple[list[str], int, str]:
    return _replace(lines, 0, "FLIX 2"), 0, "2"


def swapped_header(lines: list[str]) -> tuple[list[str], int, str]:
    changed = [lines[0], lines[2], lines[1], *lines[3:]]
    return changed, 1, "Players"


def header_after_moves(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ ")
    return [*lines[:index], lines[index], "Players 2", *lines[index + 1 :]], index + 1, "Players"


def wrong_result_team(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Result ")
    words = lines[index].split()
    words[1] = {"1": "2", "2": "1"}.get(words[1], "1")
    return _replace(lines, index, " ".join(words)), index, " ".join(words[1:])


def abandoned_but_over(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Result ")
    return _replace(lines, index, "Result abandoned"), index, "abandoned"


def bad_team_number(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Result ")
    return _replace(lines, index, "Result 5 line"), index, "5"


def bad_time(lines: list[str]) -> tuple[list[str], int, str] | None:
    if not any("@" in line for line in lines):
        return None
    index = _first(lines, r"\d+ place .*@")
    words = lines[index].split()
    words[-1] = "@soon"
    return _replace(lines, index, " ".join(words)), index, "@soon"


def time_where_none_belongs(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ (roll|place) ")
    words = lines[index].split()
    if words[1] == "roll" or "@" not in lines[index]:
        return _replace(lines, index, f"{lines[index]} @1.5"), index, "@1.5"
    return _replace(lines, index, f"{lines[index]} @1.5"), index, words[-1]  # a second time


def extra_argument(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"\d+ place ")
    words = lines[index].split()
    words.insert(3, "twice")
    return _replace(lines, index, " ".join(words)), index, "twice"


def unterminated_name(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Seat 1 ")
    return _replace(lines, index, 'Seat 1 human "Ann'), index, '"Ann'


def unknown_seat_kind(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Seat 1 ")
    return _replace(lines, index, 'Seat 1 robot "Ann"'), index, "robot"


def bad_level(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Seat 2 ")
    return _replace(lines, index, 'Seat 2 computer 9 "Ben"'), index, "9"


def seat_numbers_out_of_order(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Seat 1 ")
    return _replace(lines, index, 'Seat 2 human "Ann"'), index, "2"


def missing_name(lines: list[str]) -> tuple[list[str], int, str]:
    index = _first(lines, r"Seat 1 ")
    return _replace(lines, index, "Seat 1 human Ann"), index, "Ann"


def unknown_option(lines: list[str]) -> tuple[list[str], int, str]:
    return [*lines[:5], "Option colour 3", *lines[5:]], 5, "colour"


def option_out_of_bounds(lines: list[str]) -> tuple[list[str], int, str]:
    return [*lines[:5], "Option call_window -5", *lines[5:]], 5, "-5"


def option_not_json(lines: list[str]) -> tuple[list[str], int, str]:
    return [*lines[:5], "Option auto_call yes", *lines[5:]], 5, "yes"


def option_nested_too_deeply(lines: list[str]) -> tuple[list[str], int, str]:
    value = "[" * 990 + "]" * 990
    return [*lines[:5], f"Option call_window {value}", *lines[5:]], 5, "call_window"


def _stamped(lines: list[str], word: str, stamp: str) -> tuple[list[str], int, str]:
    index = _first(lines, f"{word} ")
    return _replace(lines, index, f"{word} {stamp}"), index, stamp


def impossible_date(lines: list[str]) -> tuple[list[str], int, str]:
    return _stamped(lines, "Start", "9999-99-99T99:99:99Z")


def impossible_day(lines: list[str]) -> tuple[list[str], int, str]:
    return _stamped(lines, "End", "2026-02-30T01:20:00Z")


def ends_before_it_starts(lines: list[str]) -> tuple[list[str], int, str]:
    return _stamped(lines, "End", "2026-11-23T23:59:59Z")


def bad_throw(lines: list[str]) -> tuple[list[str], int, str] | None:
    if not any(" roll " in line for line in lines):
        return None
    index = _first(lines, r"\d+ roll ")
    seat = lines[index].split()[0]
    return _replace(lines, index, f"{seat} roll purple/II/hearts"), index, "purple/II/hearts"


def move_after_the_end(lines: list[str]) -> tuple[list[str], int, str]:
    body = [line for line in lines if line]
    return [*body, "1 resign"], len(body), "resign"


def bad_deal(lines: list[str]) -> tuple[list[str], int, str] | None:
    if not any(line.startswith("Deal ") for line in lines):
        return None
    index = _first(lines, r"Deal 2 ")
    return _replace(lines, index, "Deal 3 1 2 3"), index, "3"


def deal_not_the_token_set(lines: list[str]) -> tuple[list[str], int, str] | None:
    if not any(line.startswith("Deal ") for line in lines):
        return None
    index = _first(lines, r"Deal 2 ")
    words = lines[index].split()
    words[-1] = "7"
    return _replace(lines, index, " ".join(words)), index, "Deal"


def token_on_a_lucky_man(lines: list[str]) -> tuple[list[str], int, str] | None:
    index = _first(lines, r"\d+ place ")
    words = lines[index].split()
    if lines[1] != "Variant lucky":
        return None
    words[3:3] = ["token", "50"]
    return _replace(lines, index, " ".join(words)), index, words[2]


def bad_step(lines: list[str]) -> tuple[list[str], int, str] | None:
    if not any(" step " in line for line in lines):
        return None
    index = _first(lines, r"\d+ step ")
    words = lines[index].split()
    words[2] = words[2].replace("-", "")
    return _replace(lines, index, " ".join(words)), index, words[2]


MUTATIONS: tuple[Mutation, ...] = (
    bad_hole,
    compact_bad_hole,
    unknown_verb,
    seat_not_to_move,
    seat_out_of_range,
    occupied_hole,
    truncated,
    truncated_mid_line,
    truncated_header,
    wrong_variant,
    unknown_variant,
    wrong_magic,
    wrong_version,
    swapped_header,
    header_after_moves,
    wrong_result_team,
    abandoned_but_over,
    bad_team_number,
    bad_time,
    time_where_none_belongs,
    extra_argument,
    unterminated_name,
    unknown_seat_kind,
    bad_level,
    seat_numbers_out_of_order,
    missing_name,
    unknown_option,
    option_out_of_bounds,
    option_not_json,
    option_nested_too_deeply,
    impossible_date,
    impossible_day,
    ends_before_it_starts,
    bad_throw,
    move_after_the_end,
    bad_deal,
    deal_not_the_token_set,
    token_on_a_lucky_man,
    bad_step,
)


def malformed_cases() -> list[Case]:
    """Every mutation applied to the record of every variant it fits."""
    cases = []
    for variant in GAME_SEEDS:
        lines = _lines(valid_record(variant))
        for mutation in MUTATIONS:
            made = mutation(list(lines))
            if made is not None:
                changed, index, token = made
                cases.append(
                    Case(f"{variant}-{mutation.__name__}", _join(changed), index + 1, token)
                )
    return cases
