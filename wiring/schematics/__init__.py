"""Every board's schematic as code: SKiDL netlists built from the wiring files, checked by the
ERC and against those files, drawn by netlistsvg (docs/hardware/schematics.md)."""
