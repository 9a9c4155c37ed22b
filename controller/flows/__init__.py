"""Variant flows: what a variant adds to the board controller, one module per variant; each
game's spec (``controller.games``) names its flow. A variant without a flow of its own
(Lucky Flix, Qubic) gets the default ``VariantFlow``, which adds nothing.
"""

from __future__ import annotations

from controller.flows.base import FlowHost, VariantFlow

__all__ = ["FlowHost", "VariantFlow"]
