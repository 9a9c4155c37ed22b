"""What the controller knows of each variant, said once: ``VariantSpec``, found by variant name.

The engine's registry (``engine.variants``) holds the rules; a spec adds what the board does with
them: the game's name for people, the flow (``controller.flows``), whether remote play carries
it, whether its dealt information stays on the board, what the PENALTY button asks. Adding a
variant is one ``register`` here beside the engine's own.

>>> variant_spec("qubic").penalty_asks_block
True
>>> [spec.name for spec in SPECS.values() if spec.carried]
['lucky', 'qubic', 'payoff', 'tactflix', 'flip4', 'olix']
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.flows import VariantFlow
from controller.flows.flip4 import Flip4Flow
from controller.flows.olix import OlixFlow
from controller.flows.payoff import PayOffFlow
from controller.flows.tactflix import TacTFlixFlow
from engine.flip4 import Flip4
from engine.game import Game
from engine.lucky import LuckyFlix
from engine.olix import Olix
from engine.payoff import PayOffFlix
from engine.qubic import Qubic
from engine.tactflix import TacTFlix
from engine.variants import find_variant


@dataclass(frozen=True)
class VariantSpec:
    """A variant as the controller plays it."""

    game: type[Game]
    """The rules (the engine's class; its ``variant`` is the name)."""
    title: str
    """The game's name as the page shows it."""
    flow: type[VariantFlow] = VariantFlow
    """What the variant adds to the board controller (the default adds nothing)."""
    carried: bool = False
    """Remote play carries it: the dice are the host's (Tac-T-Flix's pending lines stand on both
    boards, unmarked on either); hidden tokens stay with their owner (``hidden``)."""
    hidden: bool = False
    """Hidden tokens (Pay-Off's): a token's value travels only when the rules reveal it,
    committed before in digital token mode (``controller.remote.tokens``)."""
    penalty_asks_block: bool = False
    """The PENALTY button asks the mover to block the open three formed first (Qubic)."""

    @property
    def name(self) -> str:
        return self.game.variant


SPECS: dict[str, VariantSpec] = {}


def register(spec: VariantSpec) -> VariantSpec:
    """Add ``spec`` under its variant's name."""
    SPECS[spec.name] = spec
    return spec


for _spec in (
    VariantSpec(LuckyFlix, "Lucky Flix", carried=True),
    VariantSpec(Qubic, "3-D Tic Tac Toe", carried=True, penalty_asks_block=True),
    VariantSpec(PayOffFlix, "Pay-Off Flix", flow=PayOffFlow, carried=True, hidden=True),
    VariantSpec(TacTFlix, "Tac-T-Flix", flow=TacTFlixFlow, carried=True),
    VariantSpec(Flip4, "Flip 4", flow=Flip4Flow, carried=True),
    VariantSpec(Olix, "Olix", flow=OlixFlow, carried=True),
):
    register(_spec)


def variant_spec(name: str) -> VariantSpec:
    """The spec of the variant named ``name`` (any case; ``UnknownVariant`` when the engine has
    none of that name)."""
    return SPECS[find_variant(name).variant]
