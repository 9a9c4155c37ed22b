"""A fuzz of the engine protocol: random, garbled and valid lines in random order through
:class:`~engine.protocol.EngineProtocol`, every search it starts run to its answer.

A failure is an exception out of the protocol, an answer of more than one line, or an answer
that admits an internal error (a player's or the protocol's own bug).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.protocol import EngineProtocol

LINES = 5000
SEED = 20261123
VALID = [
    "isready",
    "variant qubic",
    "variant lucky",
    "variant payoff",
    "variant tactflix",
    "variant olix",
    "players 2",
    "players 3",
    "players 4",
    "players 6",
    "position startpos",
    "position startpos moves R-I-S y1s r1h",
    "position startpos moves r1s token 50 b4c token 100",
    "position startpos moves red/I/spades r1s",
    "position startpos moves r1s b4s r1h b4h r1d b4d r1c g3c r1c",
    "position startpos moves F6 e5 K11 a1",
    "roll",
    "roll yellow/II/hearts",
    "go",
    "go depth 3",
    "go nodes 5",
    "go movetime 50",
    "go movetime 10 depth 2 nodes 3",
    "go infinite",
    "stop",
    "hint",
    "setoption name Level value 1",
    "setoption name Level value 5",
    "setoption name Seed value 7",
    "perft 0",
    "perft 1",
    "perft 2",
    "quit",
]
WEIRD = ["\u00b2", "\u0661", "\uff13", "\u0663", "\u0660\u0661", "\U0001d7d7", "\u216b"]
"""Digits that ``str.isdigit`` or ``int`` take but the protocol must not: superscript two,
Arabic-Indic one and three, fullwidth three, bold nine, roman twelve."""
WEIRD += ["-1", "0", "1e9", "nan", "inf", "", "\t", "\x00"]
HUGE = ["9" * 25, "9" * 4400, "1" + "0" * 5000, str(2**63), str(2**63 - 1)]


def garbled(rng: random.Random) -> str:
    """A line of one of several kinds: valid, a valid one mutated, odd numbers, noise."""
    kind = rng.randrange(6)
    line = rng.choice(VALID)
    if kind == 0:
        return line
    words = line.split(" ")
    if kind == 1:  # a number or word replaced by a huge or odd one
        words[rng.randrange(len(words))] = rng.choice(WEIRD + HUGE)
        return " ".join(words)
    if kind == 2:  # empty tokens, doubled or dropped words
        index = rng.randrange(len(words))
        words[index:index] = [""] * rng.randrange(1, 4) + (
            [words[index]] if rng.random() < 0.5 else []
        )
        return " ".join(words)
    if kind == 3:  # characters flipped, inserted or deleted
        chars = list(line)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(chars) + 1)
            action = rng.randrange(3)
            if action == 0 and at < len(chars):
                del chars[at]
            else:
                chars.insert(
                    at, chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
                )
        return "".join(chars)
    if kind == 4:  # a command with random arguments
        verb = rng.choice(VALID).split()[0]
        args = [rng.choice(WEIRD + HUGE + ["name", "value", "Level", "Seed", "token", "moves"])]
        return " ".join([verb, *args * rng.randrange(1, 4)])
    return "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(0, 40)))


@dataclass
class ProtocolFuzz:
    """What a fuzz run sent and what came back."""

    lines: int = 0
    errors: int = 0
    """Answers ``error ...`` (the protocol refusing a line, as it should)."""
    searches: int = 0
    crashes: list[tuple[str, str]] = field(default_factory=list)
    """(line, exception) of each exception out of the protocol."""
    broken: list[tuple[str, str]] = field(default_factory=list)
    """(line, answer) of each answer with a line break or an internal error."""

    @property
    def failures(self) -> int:
        """Crashes plus broken answers."""
        return len(self.crashes) + len(self.broken)


def fuzz_protocol(lines: int = LINES, seed: int = SEED) -> ProtocolFuzz:
    """Send ``lines`` garbled lines (seeded) to a protocol session, a new one after ``quit`` or
    a crash; run each search it starts (``stop`` first for ``go infinite`` and, at random, for
    three in ten others) and take its answer."""
    rng = random.Random(seed)
    answered: list[str] = []
    protocol = EngineProtocol(emit=answered.append)
    result = ProtocolFuzz()
    for _ in range(lines):
        line = garbled(rng)
        result.lines += 1
        answered.clear()
        try:
            answered.extend(protocol.handle(line))
            search = protocol.searching
            if search is not None and not search.done:
                result.searches += 1
                if search.infinite or rng.random() < 0.3:
                    protocol.handle("stop")
                search.run()
                search.finish(answered.append)
        except Exception as error:  # what the fuzz looks for: counted, the session replaced
            result.crashes.append((line, repr(error)))
            protocol = EngineProtocol(emit=answered.append)
            continue
        result.errors += sum(answer.startswith("error ") for answer in answered)
        result.broken += [
            (line, answer) for answer in answered if "\n" in answer or "internal error" in answer
        ]
        if protocol.finished:
            protocol = EngineProtocol(emit=answered.append)
    return result
