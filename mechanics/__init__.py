"""The boards' mechanics: one parameter set per board, the placement of every part, the magnet
reach of each listed sensor (magpylib) and the solids a maker cuts or prints (build123d).

Not part of the installed service: `make cad` runs it from a checkout (docs/hardware/mechanics.md).
"""
