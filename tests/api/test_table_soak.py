"""The soak's property, small (issue 32, "Done when"; the full one: bench/table_soak.py, 200 tables):
clocked tables where one seat never moves all end by timeouts, with exactly one `timed_out` per
expiry of that seat's deadline and no 5xx, two API hosts racing to settle them (their sweepers and
reads), on Redis and on the memory store."""

import os
import sys

import pytest
from table_helpers import redis_or_fail

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.table_soak import Clock, Soak, hosts  # noqa: E402


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_clocked_tables_with_an_idle_seat_end_by_timeouts_one_timed_out_per_expiry(store):
    if store == "redis":
        redis_or_fail()
    clock = Clock()
    first, second = hosts(store, clock)
    soak = Soak(first, second, clock, tables=8, game="shufflers")
    try:
        figures = soak.run()
    finally:
        soak.cleanup()
    assert figures["server_errors"] == 0, figures["statuses"]
    assert figures["unfinished"] == []
    assert figures["tables_not_one_timed_out_per_expiry"] == []
    assert figures["timed_out"] == figures["expiries"] > 8 * 10
