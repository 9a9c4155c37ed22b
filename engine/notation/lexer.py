"""Lines of a record as tokens: words split by blanks, ``"quoted text"`` (with ``\\"`` and
``\\\\``) as one token, ``#`` to the end of the line a comment.

>>> [t.text for t in tokens('Seat 1 human "Ann \\\\"A\\\\" Lee"  # a comment', 3)]
['Seat', '1', 'human', 'Ann "A" Lee']
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError


@dataclass(frozen=True)
class Token:
    """One token of line ``line``; ``quoted`` when it was written in quotes."""

    text: str
    line: int
    quoted: bool = False


def tokens(text: str, line: int) -> list[Token]:
    """The tokens of one line (``NotationError`` for an unterminated quote)."""
    found: list[Token] = []
    index, end = 0, len(text)
    while index < end:
        char = text[index]
        if char.isspace():
            index += 1
        elif char == "#":
            break
        elif char == '"':
            index = _quoted(text, index, line, found)
        else:
            start = index
            while index < end and not text[index].isspace() and text[index] not in '#"':
                index += 1
            found.append(Token(text[start:index], line))
    return found


def _quoted(text: str, start: int, line: int, found: list[Token]) -> int:
    """Read the quoted token opening at ``start``; the index after its closing quote."""
    chars: list[str] = []
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in '"\\':
            chars.append(text[index + 1])
            index += 2
        elif char == '"':
            found.append(Token("".join(chars), line, quoted=True))
            return index + 1
        else:
            chars.append(char)
            index += 1
    raise NotationError(line, text[start:], "the quoted text has no closing quote")


def quote(text: str) -> str:
    """``text`` as a quoted token."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def strip_comment(text: str) -> str:
    """The line without its ``#`` comment (a ``#`` inside quotes is text)."""
    inside = False
    index = 0
    while index < len(text):
        char = text[index]
        if inside and char == "\\":
            index += 2
            continue
        if char == '"':
            inside = not inside
        elif char == "#" and not inside:
            return text[:index]
        index += 1
    return text
