"""The board service: event loop, reconciliation, LEDs, journal, CLI and web."""
