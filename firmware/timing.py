"""The timing model of one full scan, from the multiplexer settle time, the ADC conversion time
and MicroPython's call overheads (``firmware.pins``); gives the scan rate without hardware."""

from firmware import pins
from firmware.scan import pin_writes_per_scan, scan_plan


def scan_time_us(
    settle_us: float = pins.MUX_SETTLE_US,
    conversion_us: float = pins.ADC_CONVERSION_US,
    pin_write_us: float = pins.PIN_WRITE_US,
    adc_call_us: float = pins.ADC_CALL_US,
    classify_us: float = pins.CLASSIFY_US,
    loop_us: float = pins.LOOP_US,
) -> float:
    """Microseconds for one pass of the main loop: scan, classify, serial service."""
    plan = scan_plan(pins.MUX_ADC, pins.MUX_GROUP, pins.MUX_SENSORS)
    steps = sum(len(group_steps) for _, group_steps in plan)
    reads = sum(len(reads) for _, group_steps in plan for _, reads in group_steps)
    enable_pins = sum(1 for pin in pins.MUX_ENABLE_PINS if pin >= 0)
    writes = pin_writes_per_scan(plan, enable_pins)
    return (
        writes * pin_write_us
        + steps * settle_us
        + reads * (conversion_us + adc_call_us)
        + pins.SENSOR_COUNT * classify_us
        + loop_us
    )


def scan_rate_hz() -> float:
    """Full scans per second by the model."""
    return 1e6 / scan_time_us()
