"""The README's top: the two set-up commands first, then the prerequisites (the Python of
``pyproject.toml``, the system packages ``scripts/setup-system.sh`` installs); its table of
contents lists every section, in order, with the anchor GitHub gives it."""

from __future__ import annotations

import re
import tomllib

from readme_tables import README, REPO, section

TOP = (
    "# flixboard — the electronic FLIX spaceboard\n\n```sh\n"
    "make run     # creates .venv, installs, starts the service on the simulated board, prints "
    "the address\n"
    "make test    # installs everything the suite needs, then lints, type-checks and runs every "
    "test\n```\n"
)


def prerequisites() -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(r"^\*\*Prerequisites\.\*\*(.*?)\n\n", text, re.M | re.S)
    assert match is not None, "the README states no **Prerequisites.**"
    assert text.index(match.group(0)) < text.index("## Contents"), "prerequisites come first"
    return " ".join(match.group(1).split())


def test_the_readme_starts_with_the_two_set_up_commands() -> None:
    assert README.read_text(encoding="utf-8").startswith(TOP)


def test_the_prerequisites_name_the_python_of_the_package() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    version = pyproject["project"]["requires-python"].removeprefix(">=")
    said = prerequisites()
    assert f"Python {version} or newer" in said and "`venv`" in said and "`make`" in said


def test_the_prerequisites_name_every_package_make_test_installs() -> None:
    script = (REPO / "scripts" / "setup-system.sh").read_text()
    always = script.split("\nfi\n", 1)[1]  # after the UF2 toolchain's optional block
    packages = re.findall(r"missing\+=\(([\w.-]+)\)", always.split("if [ ${#missing")[0])
    assert packages, "no package found in setup-system.sh"
    said = prerequisites()
    assert [name for name in packages if f"`{name}`" not in said] == []


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def test_the_contents_list_every_section_in_order() -> None:
    text = README.read_text(encoding="utf-8")
    listed = re.findall(r"^- \[[^\]]+\]\(#([^)]+)\)$", section("Contents"), re.M)
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert listed == [slug(heading) for heading in headings if heading != "Contents"]
