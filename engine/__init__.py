"""Pure FLIX rules: holes, Flix-lines, dice, games and variants.

No I/O, no clock, no logging: time, randomness and settings come in as arguments.
"""
