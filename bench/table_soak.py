"""A bounded soak of clocked tables (issue 32, "Done when"): N clocked tables, one seat of each never
moves, two API hosts; every game must end by timeouts, with exactly one `timed_out` per expiry of
the idle seat's deadline and no 5xx.

    .venv/bin/python bench/table_soak.py [--tables 200] [--game shufflers] [--store redis|memory]

Two API hosts are two apps in this process, each with its own store client and its own sweeper,
over one Redis (or, with --store memory, over the one in-process store, as two workers of a host
would be). Time is the apps' CLOCK_NOW, moved forward by the bench: a round plays every move the
active seats owe (over HTTP, alternating hosts), then moves time past the idle seats' deadlines and
lets the two sweepers and two readers per table race to settle them. Figures: rounds, requests,
timeouts, 5xx, and the seconds each phase took (ratios beside the moves' own time, since the
machine is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

TABLES = "/v1/tables"
IDLE = 1  # the seat that never moves


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def hosts(store: str, clock, redis_url: str | None = None):
    """Two API hosts over one table store, on the fake clock."""
    from api import create_app

    due_key = "clocks:due:soak:" + secrets.token_hex(6)
    config = {"TESTING": True, "TABLE_TTL": 3600, "CLOCK_NOW": clock, "CLOCK_SWEEPER": False, "CLOCK_DUE_KEY": due_key,
              "RATE_LIMITS_ENABLED": False,
              "REDIS_URL": (redis_url or os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")) if store == "redis"
              else None}
    first, second = create_app(config), create_app(config)
    if store == "memory":
        second.extensions["table_store"] = first.extensions["table_store"]
        second.extensions["clock_due"] = first.extensions["clock_due"]
    return first, second


class Soak:
    def __init__(self, first, second, clock, tables: int, game: str, turn_seconds: int = 30, seed: int = 1):
        self.apps, self.clock, self.game = (first, second), clock, game
        self.count, self.turn_seconds = tables, turn_seconds
        self.rng = random.Random(seed)
        self.statuses: Counter = Counter()
        self.expected: Counter = Counter()  # table -> expiries of the idle seat's deadline
        self.seconds: Counter = Counter()
        self.rounds = 0
        self._lock = threading.Lock()

    def _call(self, host: int, method: str, path: str, **kwargs):
        response = self.apps[host].test_client().open(path, method=method, **kwargs)
        with self._lock:
            self.statuses[response.status_code] += 1
        return response

    def run(self, max_rounds: int = 400) -> dict:
        started = time.perf_counter()
        self.tables = {}
        for i in range(self.count):
            body = {"game": self.game, "players": 2, "seed": i, "clock": {"turn_seconds": self.turn_seconds},
                    "names": {"0": "Active", "1": "Idle"}}
            created = self._call(i % 2, "POST", TABLES, json=body).get_json()
            self.tables[created["table_id"]] = created["seats"][0]["token"]
        self.seconds["create"] += time.perf_counter() - started
        live = set(self.tables)
        with ThreadPoolExecutor(max_workers=8) as pool:
            while live and self.rounds < max_rounds:
                self.rounds += 1
                tick = time.perf_counter()
                order = sorted(live)
                views = dict(zip(order, pool.map(self._play_active, order), strict=True))
                self.seconds["moves"] += time.perf_counter() - tick
                live = {t for t, view in views.items() if view is not None and view["outcome"] is None}
                for table_id in live:  # the idle seat waits now: its deadline will pass
                    self.expected[table_id] += 1
                self.clock.now += self.turn_seconds + 1
                tick = time.perf_counter()
                racers = [lambda: self.apps[0].extensions["clock_sweeper"].sweep(),
                          lambda: self.apps[1].extensions["clock_sweeper"].sweep()]
                racers += [lambda t=t, h=h: self._call(h, "GET", f"{TABLES}/{t}") for t in sorted(live)[:50] for h in (0, 1)]
                list(pool.map(lambda call: call(), racers))
                self.seconds["expiries"] += time.perf_counter() - tick
        self.seconds["all"] = time.perf_counter() - started
        return self.check()

    def _play_active(self, table_id: str) -> dict | None:
        """The active seat plays (a random option) until only the idle seat is awaited; the table as then."""
        token, host = self.tables[table_id], self.rng.randrange(2)
        auth = {"Authorization": f"Bearer {token}"}
        for _ in range(200):
            view = self._call(host, "GET", f"{TABLES}/{table_id}", headers=auth).get_json()
            if view.get("outcome") is not None or not view.get("pending"):
                return view
            move = random.Random(f"{table_id}:{view['version']}").choice(view["pending"][0]["options"])
            self._call(host, "POST", f"{TABLES}/{table_id}/moves", json={"move": move},
                       headers={**auth, "If-Match": f'"{view["version"]}"'})
            host = 1 - host
        return None

    def check(self) -> dict:
        store = self.apps[0].extensions["table_store"]
        timed_out, unfinished, wrong = 0, [], []
        for table_id in self.tables:
            log = store.entries(table_id, -1, 0)
            mine = [e for entry in log for e in entry["events"] if e["type"] == "timed_out"]
            timed_out += len(mine)
            if any(e["player"] != IDLE for e in mine) or len(mine) != self.expected[table_id]:
                wrong.append((table_id, len(mine), self.expected[table_id]))
            if store.get(table_id)["state"]["outcome"] is None:
                unfinished.append(table_id)
        return {"tables": self.count, "rounds": self.rounds, "requests": sum(self.statuses.values()),
                "statuses": dict(sorted(self.statuses.items())), "server_errors": sum(
                    n for status, n in self.statuses.items() if status >= 500),
                "timed_out": timed_out, "expiries": sum(self.expected.values()),
                "tables_not_one_timed_out_per_expiry": wrong, "unfinished": unfinished,
                "seconds": {k: round(v, 2) for k, v in self.seconds.items()}}

    def cleanup(self) -> None:
        store = self.apps[0].extensions["table_store"]
        for table_id in self.tables:
            store.delete(table_id)
        if self.apps[0].config.get("REDIS_URL"):
            import redis

            redis.Redis.from_url(self.apps[0].config["REDIS_URL"]).delete(self.apps[0].config["CLOCK_DUE_KEY"])


def main(argv=None) -> int:
    from bench._common import run_facts

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="shufflers")
    parser.add_argument("--store", choices=("redis", "memory"), default="redis")
    args = parser.parse_args(argv)
    print(run_facts(argv))
    clock = Clock()
    first, second = hosts(args.store, clock)
    soak = Soak(first, second, clock, args.tables, args.game)
    try:
        figures = soak.run()
    finally:
        soak.cleanup()
    figures["load_average_at_end"] = round(os.getloadavg()[0], 2)
    moves = figures["seconds"].get("moves") or 1
    figures["expiries_seconds_per_moves_second"] = round(figures["seconds"].get("expiries", 0) / moves, 3)
    for key, value in figures.items():
        print(f"{key}: {value}")
    ok = not figures["server_errors"] and not figures["unfinished"] and not figures["tables_not_one_timed_out_per_expiry"]
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
