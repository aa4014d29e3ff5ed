"""Tables at scale: two API hosts on one Redis Cluster, racing clients, with and without WAIT.

    uv run --frozen python bench/cluster.py
    uv run --frozen python bench/cluster.py --tables 16 --moves 40 --json bench/out/cluster.json

Starts what tests/integration/test_redis_cluster.py starts: six redis-server processes on free
ports (three primaries, three replicas, `redis-cli --cluster create`), and two gunicorn hosts
(gunicorn.conf.py, REDIS_CLUSTER=1, rate limits off) on two more ports. Then, for each setting
of REDIS_WAIT_REPLICAS (0: asynchronous replication, the default; 1: a change is acknowledged
once a replica has it), --tables 2-seat Shufflers tables, each played by two client threads
that alternate hosts and race for every move (GET the table, GET it as the seat due, POST its
first option with If-Match). Printed per setting: accepted moves/s, p50 and p99 of the move
POSTs, the 412s (lost races) and 5xx (must be 0), and a check that every table's log has one
entry per version (no move lost or duplicated). The cost of WAIT is the ratio of the two rows.

Loopback only, bounded request counts; every process is stopped at the end whatever happens.
"""

import argparse
import http.client
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import orjson
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "integration"))
from cluster import RedisCluster  # noqa: E402  (the tests' own cluster, so the bench mirrors them)

from _common import Gunicorn, run_facts  # noqa: E402
from http_api import pct  # noqa: E402

TABLES = "/v1/tables"


def call(conn, method, path, body=None, headers=None):
    conn.request(method, path, body=None if body is None else orjson.dumps(body),
                 headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    return response.status, orjson.loads(response.read() or b"null")


def race(ports, tables, moves, lats, codes, lock):
    """Two threads per table, alternating hosts, racing for each of `moves` moves."""
    def player(table, k):
        conns = [http.client.HTTPConnection("127.0.0.1", p, timeout=30) for p in ports]
        mine_lats = []
        for i in range(moves):
            conn = conns[(i + k) % 2]
            _, body = call(conn, "GET", f"{TABLES}/{table['id']}")
            if body["outcome"] is not None:
                break
            seat = body["waiting_for"][0]
            auth = {"Authorization": f"Bearer {table['tokens'][seat]}"}
            _, mine = call(conn, "GET", f"{TABLES}/{table['id']}", headers=auth)
            if not mine["pending"]:
                continue
            t0 = time.perf_counter()
            status, _ = call(conn, "POST", f"{TABLES}/{table['id']}/moves", {"move": mine["pending"][0]["options"][0]},
                             {**auth, "If-Match": f'"{mine["version"]}"'})
            if status == 200:
                mine_lats.append(time.perf_counter() - t0)
            with lock:
                codes[status] = codes.get(status, 0) + 1
        with lock:
            lats.extend(mine_lats)
        for c in conns:
            c.close()

    threads = [threading.Thread(target=player, args=(t, k)) for t in tables for k in range(2)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return time.perf_counter() - t0


def consistent(cluster, table_ids) -> int:
    """How many tables have a log of exactly one entry per version, 0..version."""
    client = redis.RedisCluster.from_url(cluster.url)
    ok = 0
    try:
        for table_id in table_ids:
            record = orjson.loads(client.hget(f"table:{{{table_id}}}", "record"))
            versions = [orjson.loads(f[b"entry"])["version"] for _, f in client.xrange(f"table:{{{table_id}}}:events")]
            ok += versions == list(range(record["version"] + 1))
    finally:
        client.close()
    return ok


def setting(cluster, wait, args):
    env = {"REDIS_URL": cluster.url, "REDIS_CLUSTER": "1", "RATE_LIMITS_ENABLED": "0",
           "REDIS_WAIT_REPLICAS": str(wait), "WEB_CONCURRENCY": str(args.workers)}
    hosts = [Gunicorn(env, ready="/readyz") for _ in range(2)]
    try:
        for h in hosts:
            h.wait_ready()
        ports = [h.port for h in hosts]
        tables = []
        for i in range(args.tables):
            conn = http.client.HTTPConnection("127.0.0.1", ports[i % 2], timeout=30)
            status, body = call(conn, "POST", TABLES, {"game": "shufflers", "players": 2, "seed": i})
            assert status == 201, body
            tables.append({"id": body["table_id"], "tokens": {s["seat"]: s["token"] for s in body["seats"]}})
            conn.close()
        lats, codes, lock = [], {}, threading.Lock()
        wall = race(ports, tables, args.moves, lats, codes, lock)
        lats.sort()
        return {"wait_replicas": wait, "moves": len(lats), "moves_per_s": len(lats) / wall,
                "p50_ms": pct(lats, 0.50) * 1e3, "p99_ms": pct(lats, 0.99) * 1e3, "codes": codes,
                "consistent_tables": consistent(cluster, [t["id"] for t in tables]), "tables": len(tables)}
    finally:
        for h in hosts:
            h.stop()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=12, help="tables, two racing clients each (default 12)")
    ap.add_argument("--moves", type=int, default=30, help="move attempts per client (default 30)")
    ap.add_argument("--workers", type=int, default=1, help="gunicorn workers per host (default 1)")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    args = ap.parse_args(argv)
    meta = run_facts(argv)
    print(f"# cluster  {meta['date']}  Python {meta['python']}  {meta['machine']}  "
          f"load average {meta['load_average_at_start']:.2f}")
    print(f"# 6 redis-server (3 primaries + 3 replicas), 2 gunicorn hosts x {args.workers} worker(s); "
          f"{args.tables} tables x 2 racing clients alternating hosts, {args.moves} attempts each\n", flush=True)
    rows = []
    with RedisCluster(Path(tempfile.mkdtemp(prefix="bench-cluster-"))) as cluster:
        for wait in (0, 1):
            rows.append(setting(cluster, wait, args))
    print(f"{'REDIS_WAIT_REPLICAS':<20} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7}  {'statuses':<24} consistent")
    for r in rows:
        statuses = " ".join(f"{k}:{v}" for k, v in sorted(r["codes"].items()))
        print(f"{r['wait_replicas']:<20} {r['moves_per_s']:>8,.0f} {r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f}  "
              f"{statuses:<24} {r['consistent_tables']}/{r['tables']}")
    base, waited = rows
    print(f"\ncost of WAIT 1: {waited['p50_ms'] / base['p50_ms']:.2f}x by p50, "
          f"{base['moves_per_s'] / waited['moves_per_s']:.2f}x by throughput")
    bad = [r for r in rows if any(int(k) >= 500 for k in r["codes"]) or r["consistent_tables"] != r["tables"]]
    if args.json:
        os.makedirs(os.path.dirname(args.json) or ".", exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"run": meta, "rows": rows}, f, indent=2)
    if bad:
        print("FAILED: a 5xx or an inconsistent table", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
