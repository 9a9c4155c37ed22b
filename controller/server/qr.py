"""The QR code of the page's address, drawn as SVG by segno (``docs/configuration.md``)."""

from __future__ import annotations

from functools import lru_cache

import segno

ERROR_LEVEL = "m"
"""Medium error correction: a phone still reads it from a screen with glare."""


@lru_cache(maxsize=4)  # the settings page asks for the same link again and again
def qr_svg(text: str) -> str:
    """An inline ``<svg>`` of ``text``'s QR code: dark modules drawn as one path, a four-module
    quiet zone, sized by CSS (no width or height of its own)."""
    code = segno.make(text, error=ERROR_LEVEL)
    svg: str = code.svg_inline(
        border=4, omitsize=True, svgclass="qr", title="QR code of this page with the token"
    )
    return svg
