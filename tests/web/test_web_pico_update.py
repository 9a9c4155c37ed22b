"""The Pico's firmware updated from the settings page: ``POST /api/pico/update`` on a real
``flixboard run --board serial:...`` whose Pico is simulated on a pty (the firmware's own
``Board``, ``sim/mcu.py``), its bootloader a stand-in drive (``sim/bootloader.py``; both from
``tests/pico_update_support.py``, as the command's tests have them), as far as
``tests/serial/test_serial_pico_update.py`` takes the command: the update, a current Pico left
alone, each failure's message, the board read again after; refused during a game, on a board
that is not a Pico and without the token; the settings page's button in Chromium."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_support import run_axe, serious
from playwright.sync_api import Browser, Page, ViewportSize, expect
from test_web_german_sweep import DESKTOP, PHONE, shoot
from web_support import REPO, Service

from controller.cli import main as cli
from controller.i18n import language
from controller.tools.pico_update import BOOTSEL, CarriedFirmware, dotted
from sim.bootloader import IMAGE_NAME, FirmwareBefore12, SimBootloader
from sim.mcu import SimPico
from tests.pico_update_support import OLD
from tests.waiting import wait_until

pytestmark = pytest.mark.live
TOKEN = "pico-update-token-0123456789"
SHOTS = REPO / "build" / "screenshots"
GERMAN = language("de")
UPDATE_TIMEOUT_S = 180.0
"""The update's own waits (30 s for the drive, 30 s for the Pico's return) and a loaded machine."""


def serve(
    launch_service: Callable[..., Service],
    pico: SimPico,
    drive: Path,
    language: str = "en",
    waits: str = "",
) -> Service:
    """The service on the simulated Pico, its drive folder set, its token known, speaking
    ``language``; ``waits``: more lines of its ``[board]`` table."""
    config = (
        f'[board]\npico_drive = "{drive}"\nlanguage = "{language}"\n{waits}\n'
        f'[http]\ntoken = "{TOKEN}"\n'
    )
    return launch_service(board=f"serial:{pico.port}", config=config, token=TOKEN)


def update(service: Service, **body: Any) -> dict[str, Any]:
    """Start the update, wait for its end, answer its last status."""
    started = service.client.post("/api/pico/update", json=body)
    assert started.status_code == 202, started.text
    assert started.json()["running"] is True

    def status() -> dict[str, Any]:
        read: dict[str, Any] = service.client.get("/api/pico/update").json()
        return read

    wait_until(lambda: not status()["running"], lambda: f"the end: {status()}", UPDATE_TIMEOUT_S)
    return status()


def connected(service: Service) -> None:
    """The service reads the Pico again (it took its port back)."""
    wait_until(lambda: service.state()["board_status"] == "connected", "the Pico taken back")


def test_an_older_pico_is_updated_from_the_service_and_read_again(
    launch_service: Callable[..., Service],
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
) -> None:
    bootloader = SimBootloader(drive, version=carried.version)
    pico = pico_factory(bootloader)
    service = serve(launch_service, pico, drive)
    connected(service)
    status = update(service)
    version = dotted(carried.version)
    assert status["outcome"] == "updated", status
    assert status["message"] == f"the Pico runs firmware {version}, the flix board"
    assert status["firmware"] == version
    steps = "\n".join(status["steps"])
    assert f"runs firmware 1.0, this release carries {version}" in steps
    assert f"copying {IMAGE_NAME}" in steps and str(drive) in steps
    assert bootloader.flashed == 1 and bootloader.image == carried.image
    assert pico.boots == 2
    connected(service)  # the service took the port back and reads the new firmware's board
    # a second press: the Pico runs this release's firmware, nothing to do
    again = update(service)
    assert again["outcome"] == "current" and again["firmware"] == version
    assert again["message"] == f"nothing to do: the Pico already runs firmware {version}"
    assert bootloader.flashed == 1 and pico.boots == 2
    forced = update(service, force=True)
    assert forced["outcome"] == "updated" and bootloader.flashed == 2


def test_a_full_drive_says_so_and_a_second_press_finishes_the_job(
    launch_service: Callable[..., Service],
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
) -> None:
    bootloader = SimBootloader(drive, version=carried.version, full=True)
    pico = pico_factory(bootloader)
    service = serve(launch_service, pico, drive)
    connected(service)
    status = update(service)
    assert status["outcome"] == "failed"
    assert status["message"].startswith(
        f"copying the firmware to {drive / IMAGE_NAME} failed: No space left on device"
    )
    assert "the Pico waits in its bootloader" in status["message"]
    assert pico.in_bootloader and bootloader.flashed == 0
    (drive / IMAGE_NAME).unlink()  # room on the drive again
    status = update(service)
    assert status["outcome"] == "updated", status
    assert "one waits in its bootloader at" in "\n".join(status["steps"])
    connected(service)


def test_a_firmware_before_the_frame_and_a_copy_that_did_not_take_are_reported(
    launch_service: Callable[..., Service],
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
) -> None:
    bootloader = SimBootloader(drive, version=OLD)  # the old firmware starts again
    pico = pico_factory(bootloader, version=(1, 1), firmware=FirmwareBefore12)
    service = serve(launch_service, pico, drive)
    connected(service)
    status = update(service)
    assert status["outcome"] == "failed"
    assert status["message"].startswith(
        "the Pico's firmware 1.1 cannot restart into its bootloader by itself"
    )
    assert "hold the BOOTSEL button on the Pico while plugging it in" in status["message"]
    assert not pico.in_bootloader and pico.boots == 1  # it runs on, untouched
    connected(service)  # and the service reads it again
    pico.bootsel()
    status = update(service)
    assert status["outcome"] == "failed"
    assert status["message"].startswith(
        f"after the copy the Pico reports firmware 1.0, not the {dotted(carried.version)}"
    )
    assert bootloader.flashed == 1
    connected(service)  # the old firmware runs on, read by the service again


def test_a_drive_that_never_appears_and_a_pico_that_does_not_come_back_are_reported(
    launch_service: Callable[..., Service],
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
) -> None:
    pico = pico_factory(SimBootloader(None))  # nothing mounts the drive
    waits = "pico_drive_wait_s = 3\npico_back_wait_s = 4\n"  # the settings' defaults are 30 s
    service = serve(launch_service, pico, drive, waits=waits)
    connected(service)
    started = time.monotonic()
    status = update(service)
    assert status["outcome"] == "failed"
    assert status["message"].startswith("the Pico's RPI-RP2 drive did not appear within 3 s")
    assert time.monotonic() - started >= 3
    assert "hold the BOOTSEL button" in status["message"]
    assert pico.in_bootloader
    pico.bootloader = SimBootloader(drive, version=carried.version, comes_back=False)
    pico.bootloader.show_drive()
    status = update(service)
    assert status["outcome"] == "failed"
    assert status["message"].startswith(f"the Pico did not come back on {pico.port} within 4 s")
    assert "unplug it and plug it in again" in status["message"]


def test_a_pico_the_service_searches_for_gets_the_commands_own_advice_then_its_update(
    launch_service: Callable[..., Service],
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--board serial`` with nothing answering: the page says what ``flixboard pico-update``
    says on that port, word for word; a Pico then waiting in its bootloader is flashed from the
    page, the search paused meanwhile, and found after."""
    port = tmp_path / "flixboard"  # where pico_factory's Pico appears
    config = f'[board]\npico_drive = "{drive}"\n[http]\ntoken = "{TOKEN}"\n'
    service = launch_service(board=f"serial:{port}", config=config, token=TOKEN)
    assert service.state()["board_status"] == "searching"
    nothing = update(service)
    assert nothing["outcome"] == "failed", nothing
    assert cli(["pico-update", "--port", str(port), "--drive", str(drive)]) == 2
    said = capsys.readouterr().err.strip()
    assert said == f"flixboard pico-update: {nothing['message']}"
    assert "not a Pico on USB" not in said and "no RPI-RP2 drive is mounted" in said
    pico = pico_factory(SimBootloader(drive, version=carried.version))
    pico.bootsel()  # it waits in its bootloader (the search may have seen it a moment before)
    flashed = update(service)
    assert flashed["outcome"] == "updated", flashed
    assert flashed["firmware"] == dotted(carried.version)
    connected(service)


def test_the_update_is_refused_during_a_game_off_a_pico_and_without_the_token(
    launch_service: Callable[..., Service],
) -> None:
    service = launch_service(config=f'[http]\ntoken = "{TOKEN}"\n', token=TOKEN)
    anonymous = service.client.post("/api/pico/update", json={}, headers={"Authorization": ""})
    assert anonymous.status_code == 401 and "Authorization: Bearer" in anonymous.text
    refused = service.client.post("/api/pico/update", json={})
    assert refused.status_code == 409
    assert refused.json()["error"].startswith("the board is 'sim', not a Pico on USB")
    german = service.client.post("/api/pico/update", json={}, headers={"Accept-Language": "de"})
    not_a_pico = GERMAN.gettext(
        "the board is {board}, not a Pico on USB (--board serial): there is no firmware to update"
    )
    assert german.json()["error"] == not_a_pico.format(board="'sim'")
    # seed 7: Lucky Flix's first throw lights holes (another may be a free throw)
    lucky = {"variant": "lucky", "players": 2, "seed": 7}
    assert service.post("/api/new_game", lucky).status_code == 200
    assert service.post("/api/roll").status_code == 200
    hole = service.state()["allowed"][0]
    assert service.post("/api/sim/place", {"hole": hole}).status_code == 200
    # placed once the sensor settled
    wait_until(lambda: hole in service.state()["board"], "the placement taken")
    during = service.client.post("/api/pico/update", json={})
    assert during.status_code == 409
    assert during.json()["error"].startswith("a game is in play: finish it")
    german = service.client.post("/api/pico/update", json={}, headers={"Accept-Language": "de"})
    assert german.json()["error"] == GERMAN.gettext(
        "a game is in play: finish it (or start a new one) before updating the Pico, whose"
        " board is not read during the update"
    )
    assert service.client.get("/api/pico/update").json() == {
        "running": False,
        "steps": [],
        "outcome": None,
        "message": None,
        "firmware": None,
    }


@pytest.mark.browser
def test_the_settings_page_s_button_shows_the_steps_and_the_outcome(
    launch_service: Callable[..., Service],
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    browser: Browser,
) -> None:
    bootloader = SimBootloader(drive, version=carried.version)
    pico = pico_factory(bootloader)
    service = serve(launch_service, pico, drive)
    connected(service)
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(service.url + "/settings.html")
    page.fill("#token-input", TOKEN)
    page.click("#token-ok")
    expect(page.locator("#pico-card")).to_be_visible()
    page.click("#pico-update")
    page.click("#confirm-yes")
    version = dotted(carried.version)
    expect(page.locator("#pico-outcome")).to_have_text(
        f"Updated: the Pico runs firmware {version}, the flix board",
        timeout=UPDATE_TIMEOUT_S * 1000,
    )
    expect(page.locator("#pico-steps li").first).to_contain_text("letting go of its port")
    expect(page.locator("#pico-steps")).to_contain_text(f"copying {IMAGE_NAME}")
    expect(page.locator("#pico-update")).to_be_enabled()
    assert bootloader.flashed == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#pico-card").screenshot(path=str(SHOTS / "settings-pico-update.png"))
    found = run_axe(page, "settings: the Pico updated")
    assert serious(found) == [], "\n".join(str(v) for v in serious(found))
    # a failure's message is shown as it is, with the way back
    bootloader.full = True
    page.check("#pico-force")
    page.click("#pico-update")
    page.click("#confirm-yes")
    expect(page.locator("#pico-outcome")).to_contain_text(
        "Not updated: copying the firmware to", timeout=UPDATE_TIMEOUT_S * 1000
    )
    expect(page.locator("#pico-outcome")).to_contain_text("No space left on device")
    expect(page.locator("#pico-outcome")).to_have_attribute("data-kind", "error")
    # the message names the command; the page says what its own second try is
    expect(page.locator("#pico-again")).to_have_text(
        "From this page: press “Update the Pico's firmware” again; it runs the same "
        "steps as flixboard pico-update."
    )


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.browser
def test_a_german_settings_page_shows_the_update_in_german(
    viewport: ViewportSize,
    launch_service: Callable[..., Service],
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    browser: Browser,
    tmp_path: Path,
) -> None:
    """A board set to German: the settings page lists the update's steps, its outcome and a
    failure's way back in German (the page asks in its language, ``Accept-Language``), nothing
    of their English, and nothing wider than the phone's screen."""
    bootloader = SimBootloader(drive, version=carried.version)
    pico = pico_factory(bootloader)
    service = serve(launch_service, pico, drive, language="de")
    connected(service)
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(service.url + "/settings.html")
    page.fill("#token-input", TOKEN)
    page.click("#token-ok")
    expect(page.locator("#pico-card h2")).to_have_text(GERMAN.gettext("The Pico's firmware"))
    page.click("#pico-update")
    page.click("#confirm-yes")
    version = dotted(carried.version)
    updated = GERMAN.gettext("the Pico runs firmware {version}, the {board} board")
    expect(page.locator("#pico-outcome")).to_have_text(
        f"{GERMAN.gettext('Updated')}: {updated.format(version=version, board='flix')}",
        timeout=UPDATE_TIMEOUT_S * 1000,
    )
    letting_go = "the Pico on {port}: letting go of its port for the update"
    restarting = (
        "the Pico on {port} runs firmware {version}, this release carries {carried}:"
        " restarting it into its bootloader"
    )
    copying = "copying {file} ({size} bytes) to {drive}"
    waiting = "waiting for the Pico to restart with its new firmware"
    steps = [
        GERMAN.gettext(letting_go).format(port=pico.port),
        GERMAN.gettext(restarting).format(port=pico.port, version="1.0", carried=version),
        GERMAN.gettext(copying).format(file=IMAGE_NAME, size=len(carried.image), drive=drive),
        GERMAN.gettext(waiting),
    ]
    expect(page.locator("#pico-steps li")).to_have_text(steps)
    english = ("letting go", "this release carries", "copying", "waiting for", "the Pico runs")
    shown = page.locator("#pico-card").inner_text()
    assert not [words for words in english if words in shown], shown
    shoot(page, tmp_path, "settings-pico-update-de")
    fits(page)
    # the same status asked for in English answers English: each reader's own language
    status = service.client.get("/api/pico/update", headers={"Accept-Language": "en"}).json()
    assert status["steps"][0] == letting_go.format(port=pico.port)
    # a failure: its message and the way back in German
    bootloader.full = True
    page.check("#pico-force")
    page.click("#pico-update")
    page.click("#confirm-yes")
    failed = GERMAN.gettext("copying the firmware to {target} failed: {error}; {still}")
    expect(page.locator("#pico-outcome")).to_contain_text(
        f"{GERMAN.gettext('Not updated')}: {failed.split('{target}')[0]}",
        timeout=UPDATE_TIMEOUT_S * 1000,
    )
    expect(page.locator("#pico-outcome")).to_contain_text(GERMAN.gettext(BOOTSEL))
    assert "BOOTSEL button" not in page.locator("#pico-outcome").inner_text()
    shoot(page, tmp_path, "settings-pico-failed-de")
    fits(page)
    # the board switched to English: the steps and the outcome are read again in English
    page.select_option("#set-language", "en")
    page.click("#save")
    expect(page.locator("#pico-steps li").first).to_have_text(letting_go.format(port=pico.port))
    expect(page.locator("#pico-outcome")).to_contain_text("Not updated: copying the firmware to")


def fits(page: Page) -> None:
    """Nothing of the Pico's card, nor the page, is wider than the screen (German words and paths
    are long)."""
    wide = page.evaluate(
        """() => [...document.querySelectorAll('#pico-card, #pico-card *')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX
            === 'visible' || e.getBoundingClientRect().right > innerWidth + 1)
          .map((e) => e.id || e.tagName)"""
    )
    assert wide == [], f"wider than the page: {wide}"
    # nor the page itself: a long port or path the command line set (its note) wraps too
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
