"""The wiring of the board, the single source of truth: Pico pins, multiplexers, sensor order,
NeoPixel chain order and power budget, as TOML data files read by ``hal.pinmap``."""
