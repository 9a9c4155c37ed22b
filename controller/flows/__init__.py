"""Variant flows: what a variant adds to the board controller, found by variant name.

The registry works as the engine's (``engine.variants``): a variant without a flow of its own
(Lucky Flix, Qubic) gets the default ``VariantFlow``, which adds nothing.
"""

from __future__ import annotations

from controller.flows.base import FlowHost, VariantFlow
from controller.flows.flip4 import Flip4Flow
from controller.flows.olix import OlixFlow
from controller.flows.payoff import PayOffFlow
from controller.flows.tactflix import TacTFlixFlow
from engine.flip4 import Flip4
from engine.olix import Olix
from engine.payoff import PayOffFlix
from engine.tactflix import TacTFlix

__all__ = ["FLOWS", "FlowHost", "VariantFlow", "flow_for", "register"]

FLOWS: dict[str, type[VariantFlow]] = {}


def register(variant: str, flow: type[VariantFlow]) -> None:
    """Use ``flow`` for the games of ``variant`` (the engine's variant name)."""
    FLOWS[variant] = flow


register(PayOffFlix.variant, PayOffFlow)
register(TacTFlix.variant, TacTFlixFlow)
register(Flip4.variant, Flip4Flow)
register(Olix.variant, OlixFlow)


def flow_for(variant: str) -> VariantFlow:
    """A fresh flow for a game of ``variant``."""
    return FLOWS.get(variant, VariantFlow)()
