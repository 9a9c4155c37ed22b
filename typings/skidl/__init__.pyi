# The part of SKiDL's API that wiring/schematics uses (SKiDL ships no type information).
from collections.abc import Callable
from typing import Any

POWER: Any
SKIDL: str
TEMPLATE: str

class Pin:
    types: Any
    num: str
    name: str
    part: Part
    def __init__(self, *, num: int, name: str, func: Any) -> None: ...
    def __iadd__(self, other: Net) -> Pin: ...

class _PinsByNumber:
    def __getitem__(self, number: int) -> Pin: ...

class Part:
    ref: str
    name: str
    value: str
    p: _PinsByNumber
    pins: list[Pin]
    def __init__(self, **kwargs: Any) -> None: ...
    def __call__(self, **kwargs: Any) -> Part: ...
    def ERC(self) -> None: ...

class Net:
    name: str
    pins: list[Pin]
    drive: Any
    def ERC(self) -> None: ...
    def __init__(self, name: str | None = None, *, circuit: Circuit) -> None: ...
    def __iadd__(self, other: Pin | list[Pin]) -> Net: ...

class Circuit:
    NC: Net
    no_files: bool
    nets: list[Net]
    parts: list[Part]
    interfaces: list[Any]
    erc_list: list[Callable[[Circuit], None]]
    def __init__(self) -> None: ...
    def ERC(self) -> None: ...
    def get_nets(self) -> list[Net]: ...
    def generate_netlist(self, **kwargs: Any) -> str: ...
