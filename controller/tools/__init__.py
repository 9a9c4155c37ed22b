"""Tools around the service: the simulated run, scripts, demo, self-test, calibration, bench."""
