"""Generous bounds for tests that wait on a server, a failover, a stream or a subprocess.

A test waits on a condition (a port answers, a version arrives, a process ends) and gives up only
after a bound far above the time the condition takes on an idle machine, so a busy one (both
cores taken by other work, a CI host shared with other jobs) slows the test down but never fails
it: the suite passes at the default scale with both cores busy (`scripts/test --busy`, which
leaves the scale alone). `TEST_TIME_SCALE` multiplies every bound (default 1): raise it on a
machine slower still. A bound only matters when something hangs, so a large one costs
nothing on a good run.
"""

import os

SCALE = max(1.0, float(os.environ.get("TEST_TIME_SCALE") or 1))


def bound(seconds: float) -> float:
    """`seconds`, the bound on an idle machine, scaled by TEST_TIME_SCALE."""
    return seconds * SCALE
