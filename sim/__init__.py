"""The simulated board: a ``hal`` backend with test actions, recorders and faults."""
