"""One spec per variant (``controller.variants``): every variant of the engine has one, and the
controller's core asks the spec, never the variant's name."""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

import pytest

import controller.variants
from controller.flows import VariantFlow
from controller.remote.messages import HIDDEN, VARIANTS
from controller.variants import SPECS, variant_spec
from engine.errors import UnknownVariant
from engine.variants import VARIANTS as ENGINE_VARIANTS

CORE = Path(__file__).resolve().parents[2] / "controller" / "core"


def test_every_engine_variant_has_one_spec() -> None:
    assert list(SPECS) == list(ENGINE_VARIANTS)
    for name, spec in SPECS.items():
        assert spec.name == name
        assert spec.game is ENGINE_VARIANTS[name]
        assert issubclass(spec.flow, VariantFlow)
        assert spec.carried or not spec.hidden, name  # hidden tokens travel committed


def test_a_spec_is_found_as_the_engine_finds_a_variant() -> None:
    assert variant_spec(" Qubic ") is SPECS["qubic"]
    with pytest.raises(UnknownVariant):
        variant_spec("chess")


def test_remote_play_carries_what_the_specs_say() -> None:
    assert VARIANTS == ("lucky", "qubic", "payoff", "tactflix", "flip4", "olix")
    assert HIDDEN == ("payoff",)


def test_the_examples_hold() -> None:
    result = doctest.testmod(controller.variants)
    assert result.attempted > 0
    assert result.failed == 0


def _variant_name_tests(tree: ast.AST) -> list[int]:
    """The lines comparing a ``variant`` with a literal name (``variant == "qubic"``)."""

    def is_variant(node: ast.expr) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "variant") or (
            isinstance(node, ast.Name) and node.id == "variant"
        )

    def is_name(node: ast.expr) -> bool:
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return any(is_name(element) for element in node.elts)
        return isinstance(node, ast.Constant) and isinstance(node.value, str)

    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and any(is_variant(side) for side in [node.left, *node.comparators])
        and any(is_name(side) for side in [node.left, *node.comparators])
    ]


def test_core_tests_no_variant_by_name() -> None:
    found = {
        path.name: lines
        for path in sorted(CORE.glob("*.py"))
        if (lines := _variant_name_tests(ast.parse(path.read_text())))
    }
    assert found == {}


@pytest.mark.parametrize(
    "code",
    [
        'if game.variant == "qubic": pass',
        'ok = variant in ("payoff", "lucky")',
        "x = 'olix' != variant",
    ],
)
def test_a_variant_name_test_is_found(code: str) -> None:
    assert _variant_name_tests(ast.parse(code)) == [1]
