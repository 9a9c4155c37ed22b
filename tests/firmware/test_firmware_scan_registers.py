"""The register-level scan program (``scan.register_steps``, run by ``firmware.native`` on the
Pico) drives the pins as the portable scanner does: played back on a model of the GPIO
outputs, every read finds its sensor's multiplexer enabled alone on its ADC input, on its
channel, and every sensor is read once a scan."""

from __future__ import annotations

from firmware import pins
from firmware.scan import register_steps, scan_plan

PLAN = scan_plan(pins.MUX_ADC, pins.MUX_GROUP, pins.MUX_SENSORS)
INPUTS = [pin - pins.ADC_GPIO_BASE for pin in pins.ADC_PINS]


def play(words: list[int]) -> list[tuple[int, int, int, int]]:
    """Each read as ``(gpio outputs after set, outputs after clear, adc input, sensor)``."""
    outputs = 0
    reads = []
    i = 0
    while i < len(words):
        outputs |= words[i]
        after_set = outputs
        outputs &= ~words[i + 1]
        count = words[i + 2]
        i += 3
        for _ in range(count):
            reads.append((after_set, outputs, words[i], words[i + 1]))
            i += 2
    return reads


def selected_sensor(outputs: int, adc_input: int) -> int:
    channel = sum(((outputs >> pin) & 1) << bit for bit, pin in enumerate(pins.MUX_SELECT_PINS))
    driving = [
        mux
        for mux, enable in enumerate(pins.MUX_ENABLE_PINS)
        if INPUTS[pins.MUX_ADC[mux]] == adc_input and (enable < 0 or not (outputs >> enable) & 1)
    ]
    assert len(driving) == 1, f"multiplexers {driving} drive ADC input {adc_input}"
    return pins.MUX_SENSORS[driving[0]][channel]


def test_every_read_finds_its_sensor_on_its_channel() -> None:
    words = register_steps(PLAN, pins.MUX_SELECT_PINS, pins.MUX_ENABLE_PINS, pins.MUX_GROUP, INPUTS)
    reads = play(words) + play(words)  # a second scan starts from where the first ended
    for _, outputs, adc_input, sensor in reads:
        assert selected_sensor(outputs, adc_input) == sensor
    assert sorted(sensor for *_, sensor in reads) == sorted(list(range(pins.SENSOR_COUNT)) * 2)


def test_no_two_multiplexers_share_an_adc_input_between_set_and_clear() -> None:
    words = register_steps(PLAN, pins.MUX_SELECT_PINS, pins.MUX_ENABLE_PINS, pins.MUX_GROUP, INPUTS)
    for after_set, _, _, _ in play(words) + play(words):
        for adc_input in set(INPUTS):
            enabled = [
                mux
                for mux, enable in enumerate(pins.MUX_ENABLE_PINS)
                if INPUTS[pins.MUX_ADC[mux]] == adc_input
                and (enable < 0 or not (after_set >> enable) & 1)
            ]
            assert len(enabled) <= 1
