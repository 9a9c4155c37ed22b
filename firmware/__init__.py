"""MicroPython firmware of the board's Raspberry Pi Pico: sensor scan, debounce, framing, LEDs,
buttons. The logic modules import no host code and run on CPython and MicroPython alike; only
``main.py`` touches the real hardware."""
