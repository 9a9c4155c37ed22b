"""The worker's Chromium (tests/web/conftest.py): one for the whole run, launched again when a
test lost it, so that one crash does not fail every later page test of the worker."""

from __future__ import annotations

import pytest
from web_support import WorkersChromium

pytestmark = pytest.mark.browser


def test_a_lost_chromium_is_launched_again(chromium: WorkersChromium) -> None:
    lost = chromium.get()
    assert chromium.get() is lost
    lost.close()
    again = chromium.get()
    assert again is not lost and again.is_connected()
    page = again.new_context().new_page()
    page.set_content("<p>up</p>")
    assert page.inner_text("p") == "up"
    page.context.close()
