"""Ground Four, a small game of a package of its own: four in a row on the spaceboard's ground
floor only (a flat 4x4: the panels by the sections), two players, no dice, no computer player.

Its distribution (``flixboard_groundfour-1.0.dist-info`` beside it) declares the rules
(``rules``) in the ``flixboard.rules`` entry-point group and the spec (``spec``) in
``flixboard.games``; with this folder on the path, the engine and the board play it.
"""
