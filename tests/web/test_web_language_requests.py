"""What a stranger on the network can send where a request names a language, and what the
settings' ``held`` field shows, against a real service bound beyond loopback: an
``Accept-Language`` weighed by its q-values (``q=0`` is a refusal of that language), malformed,
with thousands of ranges or larger than the server reads; ``GET /api/words?lang=`` with an
unknown, path-like or huge language; the settings and the Pico's update without the token; a
password given on the command line never shown (docs/THREATS.md)."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from web_support import Service

from controller.i18n import language

pytestmark = pytest.mark.live

TOKEN = "language-requests-token-0123456789"
PASSWORD = "hunter2-on-the-command-line"
NOT_A_THROW = {"faces": "purple/II/hearts"}
ENGLISH = "not a throw: 'purple/II/hearts'"
GERMAN = "kein Wurf: 'purple/II/hearts'"


def refusal(service: Service, accept: str) -> str:
    """The refusal of a throw that is no throw, in the language ``accept`` asks for."""
    header = {b"Accept-Language": accept.encode("latin-1")}
    answer = service.client.post("/api/roll", json=NOT_A_THROW, headers=header)
    assert answer.status_code == 409, answer.text  # a face the document allows, no die has
    error: str = answer.json()["error"]
    assert error.startswith((ENGLISH, GERMAN)), error
    return "de" if error.startswith(GERMAN) else "en"


def test_accept_language_is_weighed_and_bounded(launch_service: Callable[..., Service]) -> None:
    service = launch_service(host="0.0.0.0", config=f'[http]\ntoken = "{TOKEN}"\n', token=TOKEN)
    asked = {
        "de": "de",
        "de-AT,de;q=0.9": "de",
        "fr-CH, fr;q=0.9, de;q=0.8, *;q=0.5": "de",
        "de;q=0, en": "en",
        "de;q=0.000": "en",
        "en;q=0.1, de;q=0.9": "de",
        "en;q=0.5, de;q=0.5": "en",
        "de;q=2": "en",
        "de;q=abc": "en",
        "de;q=": "en",
        ";;;,,,=,q=1,de;;q=1": "de",
        "DE": "de",
        "\u00e9\u00e9, de": "de",
        "": "en",
        "xx;q=0.5," * 4000 + "de": "en",  # only the first ranges are read
        "de;q=0.1," + ",".join(["xx;q=0.5"] * 4000): "de",
    }
    for accept, expected in asked.items():
        assert refusal(service, accept) == expected, accept[:60]
    before = service.state()
    with httpx.Client(base_url=service.url, timeout=30) as raw:  # the server's own refusal
        try:
            huge = raw.post(
                "/api/roll", json=NOT_A_THROW, headers={"Accept-Language": "de," * 200_000}
            )
        except (httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError):
            pass  # the server answered and closed while the headers still came: a reset
        else:
            assert 400 <= huge.status_code < 500  # larger than the server reads: refused
    assert service.state()["events"] == before["events"]  # nothing done


def test_words_answer_only_the_board_s_languages(launch_service: Callable[..., Service]) -> None:
    service = launch_service(host="0.0.0.0", token=TOKEN)
    german = service.client.get("/api/words", params={"lang": "de"})
    assert german.status_code == 200
    assert german.json()["messages"] == dict(language("de").messages)
    for lang in ("fr", "DE", "../de", "de/../de", "../../../../etc/passwd", "de\x00", "x" * 6000):
        answer = service.client.get("/api/words", params={"lang": lang})
        assert answer.status_code == 400, lang[:40]
        assert "root:" not in answer.text and len(answer.text) < 400, lang[:40]
    with httpx.Client(base_url=service.url, timeout=30) as raw:  # the server's own refusal
        huge = raw.get("/api/words", params={"lang": "x" * 60_000})
    assert 400 <= huge.status_code < 500
    assert service.client.get("/api/state").status_code == 200


def test_the_settings_never_show_a_password_given_on_the_command_line(
    launch_service: Callable[..., Service],
) -> None:
    service = launch_service(
        host="0.0.0.0",
        config=f'[http]\ntoken = "{TOKEN}"\n',
        token=TOKEN,
        args=["--set", f'remote.password="{PASSWORD}"', "--set", 'remote.username="ann"'],
    )
    stranger = httpx.Client(base_url=service.url, timeout=30)
    try:
        for path in ("/api/settings", "/api/pico/update"):
            answer = stranger.get(path)
            assert answer.status_code == 401, path
            assert PASSWORD not in answer.text and "ann" not in answer.text.split("Bearer")[0]
    finally:
        stranger.close()
    owner = service.client.get("/api/settings")
    assert owner.status_code == 200
    shown = owner.json()
    assert PASSWORD not in owner.text
    assert shown["held"]["remote.password"] == "--set remote.password=…"
    assert shown["held"]["remote.username"] == '--set remote.username="ann"'
    assert shown["settings"]["remote"]["password"] == ""
    assert shown["settings"]["remote"]["password_set"] is True
