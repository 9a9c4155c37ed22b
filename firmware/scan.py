"""The multiplexed ADC scan: every sensor once per pass, through the 74HC4067s.

The select lines S0..S3 are shared by every multiplexer and stepped in Gray-code order, so one
pin changes per step; two multiplexers share an ADC input and their enable pins pick one group.
Hardware is injected: ``adc`` (objects with ``read_u16()``), ``mux_select`` and ``mux_enable``
(objects with ``value(v)``; ``None`` for a multiplexer whose /E is tied low), ``sleep_us``.
"""

from firmware import pins

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, MutableSequence, Sequence

    from firmware.interfaces import Adc, OutputPin, ScanPlan, ScanStep

GRAY = tuple(n ^ (n >> 1) for n in range(16))


def scan_plan(
    mux_adc: "Sequence[int]", mux_group: "Sequence[int]", mux_sensors: "Sequence[Sequence[int]]"
) -> "ScanPlan":
    """``[(group, [(channel, ((adc, sensor), ...)), ...]), ...]`` in scan order."""
    plan: ScanPlan = []
    for group in sorted(set(mux_group)):
        steps: list[ScanStep] = []
        for channel in GRAY:
            reads: list[tuple[int, int]] = []
            for mux, sensors in enumerate(mux_sensors):
                if mux_group[mux] == group and sensors[channel] >= 0:
                    reads.append((mux_adc[mux], sensors[channel]))
            if reads:
                steps.append((channel, tuple(reads)))
        plan.append((group, steps))
    return plan


class Scanner:
    """Reads every sensor's raw 12-bit count into a buffer indexed by sensor."""

    def __init__(
        self,
        adc: "Sequence[Adc]",
        mux_select: "Sequence[OutputPin]",
        mux_enable: "Sequence[OutputPin | None]",
        sleep_us: "Callable[[int], object]",
        settle_us: int = pins.MUX_SETTLE_US,
    ) -> None:
        self.adc = adc
        self.mux_select = mux_select
        self.mux_enable = mux_enable
        self.mux_group = pins.MUX_GROUP
        self.sleep_us = sleep_us
        self.settle_us = settle_us
        self.plan = scan_plan(pins.MUX_ADC, pins.MUX_GROUP, pins.MUX_SENSORS)
        self._select_state = -1

    def _enable(self, group: int) -> None:
        enable = self.mux_enable
        for mux in range(len(enable)):  # no enumerate(): the scan allocates nothing
            pin = enable[mux]
            if pin is not None:
                pin.value(0 if self.mux_group[mux] == group else 1)  # /E is active low

    def _select(self, channel: int) -> None:
        changed = channel ^ self._select_state if self._select_state >= 0 else 0xF
        for bit in range(4):
            if changed & (1 << bit):
                self.mux_select[bit].value((channel >> bit) & 1)
        self._select_state = channel

    def scan(self, out: "MutableSequence[int]") -> None:
        """Fill ``out[sensor]`` with each sensor's count (0..4095)."""
        adc = self.adc
        sleep_us = self.sleep_us
        settle = self.settle_us
        for group, steps in self.plan:
            self._enable(group)
            for channel, reads in steps:
                self._select(channel)
                sleep_us(settle)
                for adc_index, sensor in reads:
                    out[sensor] = adc[adc_index].read_u16() >> 4


def register_steps(
    plan: "ScanPlan",
    select_pins: "Sequence[int]",
    enable_pins: "Sequence[int]",
    mux_group: "Sequence[int]",
    adc_inputs: "Sequence[int]",
) -> list[int]:
    """The plan as words for a register-level scanner (``firmware.native``): per step the GPIO
    mask to set, the mask to clear, the number of reads, then ``(adc input, sensor)`` per read.

    Setting first turns the other group's /E high before this group's goes low, so two
    multiplexers never drive one ADC input; the select lines take the step's channel."""
    words: list[int] = []
    for group, steps in plan:
        enable_set = enable_clear = 0
        for mux, pin in enumerate(enable_pins):
            if pin >= 0:
                if mux_group[mux] == group:
                    enable_clear |= 1 << pin
                else:
                    enable_set |= 1 << pin
        for channel, reads in steps:
            high = low = 0
            for bit, pin in enumerate(select_pins):
                if (channel >> bit) & 1:
                    high |= 1 << pin
                else:
                    low |= 1 << pin
            words += (enable_set | high, enable_clear | low, len(reads))
            for adc, sensor in reads:
                words += (adc_inputs[adc], sensor)
            enable_set = enable_clear = 0
    return words


def pin_writes_per_scan(plan: "ScanPlan", enable_pins: int) -> int:
    """How many pin writes one pass makes (select lines in Gray order, enables per group)."""
    writes = 0
    previous = -1
    for _, steps in plan:
        writes += enable_pins
        for channel, _ in steps:
            changed = channel ^ previous if previous >= 0 else 0xF
            writes += bin(changed).count("1")
            previous = channel
    return writes
