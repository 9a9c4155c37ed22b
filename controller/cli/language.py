"""The language of the command line's words: a command that reads the board's configuration
speaks the board's language (``[board] language``); the others speak the environment's
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as a terminal sets them: ``de_DE.UTF-8`` speaks German),
else English.

>>> environment_language({"LANG": "de_DE.UTF-8"}), environment_language({"LANG": "C.UTF-8"})
('de', 'en')
>>> environment_language({"LC_ALL": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"})
'en'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from controller.i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, language


def environment_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the first locale variable set (POSIX order), if the board speaks it."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def command_language() -> Language:
    """The messages of a command that reads no board configuration."""
    return language(environment_language())
