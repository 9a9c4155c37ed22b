"""The manual builds as a site: ``mkdocs build --strict`` (as ``make docs`` runs it) succeeds,
every page of docs/ is in the navigation, the built pages load nothing from the network, the
README's links into the site reach a page and a heading of it, the pages merged into others
lead on to them (mkdocs-redirects), and the same build fails on a link to a missing page, on a
link to a missing heading and on a page left out of the navigation."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from tests.docs.manual import README, REPO

CONFIG = REPO / "mkdocs.yml"
README_LINK = re.compile(r"\]\(docs/([^)#\s]+\.md)(?:#([^)\s]+))?\)")
EXTERNAL = re.compile(r"<(?:link|script|img)\b[^>]*\b(?:href|src)=\"(?:https?:)?//", re.I)


def build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``config`` into ``site``."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        cwd=REPO,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=240,
    )


def nav_pages(nav: list[Any]) -> list[str]:
    """The Markdown files the navigation names, in order."""
    found: list[str] = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        found += nav_pages(value) if isinstance(value, list) else [value]
    return found


def settings() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    return loaded


def redirects() -> dict[str, str]:
    """The pages merged into others: each old page and the page (and heading) it leads to."""
    for plugin in settings()["plugins"]:
        if isinstance(plugin, dict) and "redirects" in plugin:
            maps: dict[str, str] = plugin["redirects"]["redirect_maps"]
            return maps
    raise AssertionError("mkdocs.yml has no redirects plugin")


def test_the_site_builds_and_every_page_is_in_the_navigation(tmp_path: Path) -> None:
    result = build(CONFIG, tmp_path / "site")
    assert result.returncode == 0, result.stderr
    pages = sorted(str(p.relative_to(REPO / "docs")) for p in (REPO / "docs").rglob("*.md"))
    assert sorted(nav_pages(settings()["nav"])) == pages
    for page in pages:
        html = (tmp_path / "site" / page).with_suffix(".html").read_text(encoding="utf-8")
        assert EXTERNAL.search(html) is None, f"{page} loads something from the network"
    for page, anchor in README_LINK.findall(README.read_text(encoding="utf-8")):
        assert page in pages, f"the README links {page}, not a page of the site"
        html = (tmp_path / "site" / page).with_suffix(".html").read_text(encoding="utf-8")
        assert not anchor or f'id="{anchor}"' in html, f"{page} has no heading #{anchor}"
    for old_page, new in redirects().items():
        page, _, anchor = new.partition("#")
        sent = (tmp_path / "site" / old_page).with_suffix(".html").read_text(encoding="utf-8")
        address = Path(page).with_suffix(".html").as_posix() + (f"#{anchor}" if anchor else "")
        assert f'content="0; url={address}"' in sent, f"{old_page} does not lead to {new}"
        html = (tmp_path / "site" / page).with_suffix(".html").read_text(encoding="utf-8")
        assert not anchor or f'id="{anchor}"' in html, f"{page} has no heading #{anchor}"


PLANTED = {
    "missing page": ("RULES.md", "\n[a page](no-such-page.md)\n", "no-such-page.md"),
    "missing heading": (
        "RULES.md",
        "\n[a heading](configuration.md#no-such-heading)\n",
        "no-such-heading",
    ),
    "page not in the navigation": ("orphan.md", "# A page nobody links\n", "orphan.md"),
}
"""Mistakes planted in a copy of the manual: the page, the text written to it, and what the
build's complaint must name."""


def planted(tmp_path: Path, plants: list[tuple[str, str]]) -> subprocess.CompletedProcess[str]:
    """The build of a copy of the manual with each ``(page, text)`` of ``plants`` written (the
    text appended if the page exists). The copy leaves mkdocstrings out (half the build's time):
    the links are checked alike without it."""
    docs = tmp_path / "docs"
    shutil.copytree(REPO / "docs", docs)
    for page, text in plants:
        with (docs / page).open("a", encoding="utf-8") as file:
            file.write(text)
    config = settings()
    config["docs_dir"] = str(docs)
    config["plugins"] = [p for p in config["plugins"] if not isinstance(p, dict)]
    copy = tmp_path / "mkdocs.yml"
    copy.write_text(yaml.safe_dump(config), encoding="utf-8")
    return build(copy, tmp_path / "site")


def test_the_build_fails_naming_each_planted_mistake(tmp_path: Path) -> None:
    """One build of a copy with all of them: ``--strict`` reports every warning, then fails."""
    result = planted(tmp_path, [(page, text) for page, text, _ in PLANTED.values()])
    assert result.returncode != 0, result.stderr
    for mistake, (_, _, said) in PLANTED.items():
        assert said in result.stderr, f"{mistake}: {result.stderr}"
