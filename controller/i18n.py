"""The board's two languages: English message ids in the source, German in a gettext catalog.

A message is marked where it is written: ``say.gettext("Fix the board: {fix}.")`` in code that
speaks (``say`` a ``Language``), ``N_("hole")`` where the words wait in a table and are
translated later. ``pybabel extract`` (``babel.cfg``) finds both, the page's ``t("...")`` and
the text of its elements marked ``data-t`` (``extract_html``); the catalogs are
``controller/locale/<lang>/LC_MESSAGES/flixboard.po``, read with Babel when a language is first
asked for (no compiled ``.mo`` to keep in step: the same file serves an editable install and a
wheel).

>>> language("de").gettext("hole")
'Loch'
>>> language("en").gettext("hole")
'hole'
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, Any

from engine.phrase import Phrase

LANGUAGES = ("en", "de")
"""The languages a board and a page speak; the message ids are the English."""
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
"""Each language named in its own words (no message: the same in every language)."""
DEFAULT_LANGUAGE = "en"
DOMAIN = "flixboard"
SAID_DEPTH = 4
"""The deepest a message read from elsewhere nests (a refusal naming a board's word: 2)."""
SAID_CHARS = 2000
"""The most characters of ids and values a message read from elsewhere holds."""
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def catalog_path(lang: str) -> Path:
    """The catalog (``.po``) of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs where it is written; it is translated where it is
    said."""
    return message


@dataclass(frozen=True)
class Language:
    """One language's messages: ``gettext`` answers the translation of a message id (the id
    itself when the catalog has none, as English always does)."""

    code: str
    messages: dict[str, str] = field(default_factory=dict)

    def gettext(self, message: str) -> str:
        return self.messages.get(message) or message

    def words(self, text: str) -> str:
        """``text`` in this language: words marked with their values (a ``Phrase``) said with
        them, those values that are words too (a ``Phrase``) said as well, the others (a port, a
        board's key) as they are; any other text as its own message id."""
        if not isinstance(text, Phrase):
            return self.gettext(text)
        said = self.gettext(text.id)
        if not text.args:
            return said
        values = {
            key: self.words(value) if isinstance(value, Phrase) else value
            for key, value in text.args.items()
        }
        return said.format(**values)


def read_catalog(lang: str) -> dict[str, str]:
    """The translated, not fuzzy messages of ``lang``'s catalog (none for English)."""
    path = catalog_path(lang)
    if lang == DEFAULT_LANGUAGE or not path.exists():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        catalog = read_po(file, locale=lang, domain=DOMAIN)
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and message.string and not message.fuzzy
    }


@cache
def language(lang: str) -> Language:
    """The messages of ``lang`` (one of ``LANGUAGES``), read once."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r} (languages: {', '.join(LANGUAGES)})")
    return Language(lang, read_catalog(lang))


@dataclass(frozen=True)
class Said:
    """A message with its values, kept apart so that each page says it in its own language:
    ``{"id": "that {place} is not lit", "args": {"place": "hole"}}`` (a value that is itself a
    message id, as a board's word is, is translated too)."""

    id: str
    args: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str) -> Said:
        """``text`` as a message: the rules' words (a ``Phrase``) keep their id and values, any
        other text is its own id."""
        return cls(text.id, dict(text.args)) if isinstance(text, Phrase) else cls(text)

    def english(self) -> str:
        return self.id.format(**self.args)

    def in_language(self, say: Language) -> str:
        args = {key: Said.of(value).in_language(say) for key, value in self.args.items()}
        return say.gettext(self.id).format(**args) if args else say.gettext(self.id)

    def to_json(self) -> dict[str, object]:
        """``{"id", "args"}``; a value that is itself the rules' words (a ``Phrase``) nests as
        its own ``{"id", "args"}``."""
        args = {
            key: Said.of(value).to_json() if isinstance(value, Phrase) else value
            for key, value in self.args.items()
        }
        return {"id": self.id, "args": args}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Said:
        """The message ``to_json`` wrote; ``ValueError`` for one from elsewhere that is not
        plain (see ``plain_fields``), that lacks a value it names, or that is deeper than
        ``SAID_DEPTH`` or longer than ``SAID_CHARS``: it is never formatted."""
        return cls.of(_phrase(data, [SAID_CHARS], SAID_DEPTH))


def refusal_said(error: Exception) -> Said | None:
    """What a refused order's ``error`` says as a message, when it is the rules' words (a
    ``Phrase``) or a marked refusal of the controller's; ``None`` for other text."""
    said = error_words(error)
    return Said.of(said) if isinstance(said, Phrase) else None


def plain_fields(text: str) -> set[str] | None:
    """The names of ``text``'s ``{placeholders}`` when each is a plain name; ``None`` when one
    reaches further (``{0}``, ``{a.__class__}``, ``{a[0]}``, a conversion ``!r``, a format spec
    such as ``{a:>99999999}``) or the braces do not pair."""
    names: set[str] = set()
    try:
        for _, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            if not name.isidentifier() or spec or conversion:
                return None
            names.add(name)
    except ValueError:
        return None
    return names


def _phrase(data: Mapping[str, Any], budget: list[int], depth: int) -> Phrase:
    """The message ``data`` holds, checked before anything is formatted; ``budget`` holds the
    characters still allowed."""
    if depth <= 0:
        raise ValueError(f"a message nested deeper than {SAID_DEPTH}")
    id, args = data.get("id"), data.get("args", {})
    if not isinstance(id, str) or not isinstance(args, Mapping):
        raise ValueError("a message is an id with its values")
    budget[0] -= len(id)
    values: dict[str, str] = {}
    for key, value in args.items():
        budget[0] -= len(str(key))
        if isinstance(value, Mapping):
            values[str(key)] = _phrase(value, budget, depth - 1)
        else:
            values[str(key)] = text = str(value)
            budget[0] -= len(text)
        if budget[0] < 0:
            break
    if budget[0] < 0:
        raise ValueError(f"a message longer than {SAID_CHARS} characters")
    fields = plain_fields(id)
    if fields is None or not fields <= values.keys():
        raise ValueError(f"not a plain message: {id[:80]!r}")
    return Phrase(id, values)


def error_words(error: BaseException) -> str:
    """What ``error`` says, its ``Phrase`` kept when it was raised with one (``str(error)``
    keeps only the English)."""
    said = error.args[0] if error.args else None
    return said if isinstance(said, Phrase) else str(error)


MARKED = re.compile(r"<(\w+)\b[^>]*\sdata-t(?=[\s>=])[^>]*>([^<]+)</\1>")
"""An element of a page marked ``data-t``, with its text (the page's ``translatePage``)."""
LABELLED = re.compile(r'\bdata-t-label="([^"]+)"')
"""The message id of an element's name for a screen reader (its ``aria-label``)."""


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for the pages' HTML: the text of each element marked ``data-t``, its
    white space collapsed as the page collapses it, and each ``data-t-label``."""
    text = fileobj.read().decode("utf-8")
    for found in MARKED.finditer(text):
        line = text.count("\n", 0, found.start()) + 1
        yield line, "", " ".join(found.group(2).split()), []
    for found in LABELLED.finditer(text):
        yield text.count("\n", 0, found.start()) + 1, "", found.group(1), []
