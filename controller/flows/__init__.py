"""Variant flows: what a variant adds to the board controller, found by variant name."""
