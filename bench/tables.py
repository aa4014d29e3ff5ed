"""The cost of a server-held table move over HTTP, beside the stateless apply and an echo baseline.

    uv run --frozen python bench/tables.py
    uv run --frozen python bench/tables.py --requests 4000 --clients 8 --json bench/out/tables.json
    uv run --frozen python bench/tables.py --redis-url redis://127.0.0.1:6379/0   # an existing Redis

Starts a private redis-server on a free loopback port (unless --redis-url is given; no
persistence) and gunicorn (gunicorn.conf.py, --workers x --threads, SHUFFLE_BENCH_ECHO=1,
REDIS_URL set) on another, waits for /healthz and /readyz, then measures three endpoints with
--clients threads, each on its own keep-alive connection (http.client):

- table: POST /v1/tables/{id}/moves with Authorization and If-Match. Each client thread plays its
  own competitive 2-seat Shufflers table (seeded), always the first listed option of the seat
  the table waits for, and creates a new table when a game ends. When the seat to move is not
  the one that just moved, its options come from a GET of the table with that seat's token:
  those GETs and the table creations are counted and are part of the phase's wall time, but
  only the move POSTs are timed as table moves;
- apply: POST /v1/games/shufflers/apply with {state, move}: real mid-game states of the same
  kind of game with a legal move (the stateless referee, where the client holds the state);
- echo:  POST /v1/_echo (baseline) with the very bodies and headers of table move requests:
  the app parses them and answers them re-serialized, everything but the referee and Redis.

Warm-up first, then --rounds rounds that rotate the order of the three (so noise hits all),
--requests measured requests per endpoint in all. Printed: requests/s, p50, p99 for each, and
the cost ratios table/echo (target: at most 2x) and table/apply, by p50 and by throughput.

Loopback only; bounded request counts; the servers are stopped at the end whatever happens.
The client threads share the machine's cores with gunicorn and Redis: absolute figures are a
floor, compare the ratios.
"""

import argparse
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import orjson

from _common import Gunicorn, free_port, run_clients, run_facts
from http_api import APPLY, ECHO, bodies_of, pct, real_pairs, summary

TABLES = "/v1/tables"
TARGET = 2.0  # a table move costs at most 2x the echo request


# --- the servers ----------------------------------------------------------------------------
class Redis:
    """A private redis-server (in memory only) in its own temp dir; `stop()` is idempotent."""

    def __init__(self):
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="bench-redis-")
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.dir, "--daemonize", "no", "--loglevel", "warning"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        deadline = time.monotonic() + 10
        while not self._pong():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def _pong(self):
        import socket

        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


# --- the client -----------------------------------------------------------------------------
JSON = {"Content-Type": "application/json", "Accept": "application/json"}


def call(conn, method, path, body=None, headers=JSON):
    conn.request(method, path, body, headers)
    resp = conn.getresponse()
    return resp.status, resp.getheader("ETag"), resp.read()


class Player:
    """One client thread's table: plays the first option of the seat the table waits for."""

    def __init__(self, port, index):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.connect()
        self.seed = 1_000_000 * (index + 1)
        self.tables = self.gets = 0
        self.get_lats = []  # the GETs for the next seat's options, timed apart from the moves
        self.new_table()

    def new_table(self):
        status, _, data = call(self.conn, "POST", TABLES, orjson.dumps({"game": "shufflers", "players": 2, "seed": self.seed}))
        if status != 201:
            raise RuntimeError(f"POST {TABLES} answered {status}: {data[:300]!r}")
        self.seed += 1
        self.tables += 1
        body = orjson.loads(data)
        self.table_id = body["table_id"]
        self.path = f"{TABLES}/{self.table_id}/moves"
        self.tokens = {int(s["seat"]): s["token"] for s in body["seats"] if s.get("token")}
        self.last = body

    def _seat_and_options(self, body):
        waiting = body.get("waiting_for") or [d["player"] for d in body.get("pending") or []]
        seat = waiting[0]
        seat = int(seat.get("player", seat.get("seat")) if isinstance(seat, dict) else seat)
        for d in body.get("pending") or []:
            if int(d["player"]) == seat and d.get("options"):
                return seat, d["options"]
        return seat, None

    def next_request(self):
        """(body bytes, headers) of the next move; a GET for the seat's options when needed."""
        if self.last.get("outcome") is not None:
            self.new_table()
        seat, options = self._seat_and_options(self.last)
        if options is None:
            t0 = time.perf_counter()
            status, _, data = call(self.conn, "GET", f"{TABLES}/{self.table_id}",
                                   headers={"Accept": "application/json", "Authorization": f"Bearer {self.tokens[seat]}"})
            self.get_lats.append(time.perf_counter() - t0)
            if status != 200:
                raise RuntimeError(f"GET table answered {status}: {data[:300]!r}")
            self.gets += 1
            self.last = orjson.loads(data)
            seat, options = self._seat_and_options(self.last)
        headers = {**JSON, "Authorization": f"Bearer {self.tokens[seat]}", "If-Match": f'"{self.last["version"]}"'}
        return orjson.dumps({"move": options[0]}), headers

    def move(self, clock=time.perf_counter):
        """Play one move; its latency in seconds (only the POST is timed)."""
        body, headers = self.next_request()
        t0 = clock()
        status, etag, data = call(self.conn, "POST", self.path, body, headers)
        lat = clock() - t0
        if status != 200:
            raise RuntimeError(f"POST {self.path} answered {status}: {data[:300]!r}")
        self.last = orjson.loads(data)
        if etag != f'"{self.last["version"]}"':
            raise RuntimeError(f"ETag {etag} for version {self.last['version']}")
        return lat

    def close(self):
        self.conn.close()


def run_threads(clients, per, work):
    """`work(i, n)` on `clients` threads released together; (wall seconds, [latencies])."""
    lats = [[] for _ in range(clients)]
    errors = []
    start_line = threading.Barrier(clients + 1)

    def client(i):
        start_line.wait()
        try:
            lats[i] = work(i, per[i])
        except Exception as exc:  # noqa: BLE001  reported below, the run fails
            errors.append(f"client {i}: {exc!r}")

    return run_clients(client, clients, start_line, lats, errors)


def split(total, parts):
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def table_phase(players, n):
    per = split(n, len(players))
    return run_threads(len(players), per, lambda i, k: [players[i].move() for _ in range(k)])


def post_phase(conns, path, requests, n):
    """`n` POSTs of (body, headers) from `requests`, each client rotating through its share."""
    per = split(n, len(conns))

    def work(i, k):
        conn, mine, out, clock = conns[i], requests[i::len(conns)] or requests, [], time.perf_counter
        for j in range(k):
            body, headers = mine[j % len(mine)]
            t0 = clock()
            status, _, data = call(conn, "POST", path, body, headers)
            out.append(clock() - t0)
            if status != 200:
                raise RuntimeError(f"POST {path} answered {status}: {data[:300]!r}")
        return out

    return run_threads(len(conns), per, work)


def bench(args, apply_bodies):
    redis = None if args.redis_url else Redis()
    server = None
    players, conns = [], []
    try:
        server = Gunicorn({"SHUFFLE_BENCH_ECHO": "1", "RATE_LIMITS_ENABLED": "0", "REDIS_URL": args.redis_url or redis.url, "TABLE_TTL": str(args.ttl),
                           "WEB_CONCURRENCY": str(args.workers), "GUNICORN_THREADS": str(args.threads)}, ready="/readyz")
        server.wait_ready()
        players = [Player(server.port, i) for i in range(args.clients)]
        conns = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=30) for _ in range(args.clients)]
        # The echo bodies are table move requests, headers included: one sample per player's next move.
        echo_requests = []
        for _ in range(8):
            for p in players:
                echo_requests.append(p.next_request())
                p.move()
        apply_requests = [(b, JSON) for b in apply_bodies]
        status, _, data = call(conns[0], "POST", ECHO, *echo_requests[0])
        if status != 200 or orjson.loads(data) != orjson.loads(echo_requests[0][0]):
            raise RuntimeError(f"POST {ECHO} answered {status} (is SHUFFLE_BENCH_ECHO=1 honoured?): {data[:300]!r}")

        phases = {
            "table": lambda n: table_phase(players, n),
            "apply": lambda n: post_phase(conns, APPLY, apply_requests, n),
            "echo": lambda n: post_phase(conns, ECHO, echo_requests, n),
        }
        for run in phases.values():  # warm-up
            run(args.warmup)
        for p in players:
            p.get_lats.clear()
        before = {"moves": 0, "gets": sum(p.gets for p in players), "tables": sum(p.tables for p in players)}
        walls = dict.fromkeys(phases, 0.0)
        lats = {name: [] for name in phases}
        names = list(phases)
        for r, n in enumerate(split(args.requests, args.rounds)):
            order = names[r % 3:] + names[:r % 3]
            for name in order:
                wall, got = phases[name](n)
                walls[name] += wall
                lats[name] += got
        out = {name: summary(walls[name], lats[name]) for name in phases}
        out["table"]["gets"] = sum(p.gets for p in players) - before["gets"]
        out["table"]["tables_created"] = sum(p.tables for p in players) - before["tables"]
        t = out["table"]
        gets = sorted(x for p in players for x in p.get_lats)
        t["get_p50_ms"] = round(pct(gets, 0.50) * 1e3, 3)
        t["get_p99_ms"] = round(pct(gets, 0.99) * 1e3, 3)
        t["all_requests_rps"] = round((t["requests"] + t["gets"] + t["tables_created"]) / walls["table"], 1)
        out["echo"]["mean_body_bytes"] = round(sum(len(b) for b, _ in echo_requests) / len(echo_requests))
        out["apply"]["mean_body_bytes"] = round(sum(len(b) for b in apply_bodies) / len(apply_bodies))
        out["server"] = " ".join(server.cmd[1:])
        return out
    finally:
        for p in players:
            p.close()
        for c in conns:
            c.close()
        if server is not None:
            server.stop()
        if redis is not None:
            redis.stop()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=2000, help="measured requests per endpoint (default 2000)")
    ap.add_argument("--warmup", type=int, default=200, help="warm-up requests per endpoint (default 200)")
    ap.add_argument("--rounds", type=int, default=9, help="rounds that rotate the endpoints' order (default 9)")
    ap.add_argument("--clients", type=int, default=8, help="client threads, one keep-alive connection and table each (default 8)")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    ap.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker with GUNICORN_WORKER_CLASS=gthread (default 4)")
    ap.add_argument("--pairs", type=int, default=64, help="distinct apply bodies to rotate through (default 64)")
    ap.add_argument("--ttl", type=int, default=600, help="TABLE_TTL of the server, seconds (default 600)")
    ap.add_argument("--redis-url", help="use this Redis instead of starting a private redis-server")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    args = ap.parse_args(argv)
    if not args.redis_url and shutil.which("redis-server") is None:
        ap.error("redis-server is not installed: give --redis-url")

    # SIGTERM/SIGHUP become SystemExit, so the `finally` that stops the servers runs.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda signum, _frame: sys.exit(128 + signum))

    apply_bodies = bodies_of(real_pairs(args.pairs, 2, {}))
    meta = run_facts(argv)
    print(f"# tables  {meta['date']}  Python {meta['python']}  {meta['machine']}  "
          f"load average {meta['load_average_at_start']:.2f}")
    worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")
    shape = f"{args.threads} threads (gthread)" if worker_class == "gthread" else f"greenlets ({worker_class})"
    print(f"# gunicorn: {args.workers} workers x {shape}, Redis store "
          f"({args.redis_url or 'private redis-server'}); {args.clients} client threads (keep-alive); "
          f"{args.requests} requests per endpoint in {args.rounds} rotating rounds after {args.warmup} warm-up\n",
          flush=True)
    h = bench(args, apply_bodies)
    t, a, e = h["table"], h["apply"], h["echo"]
    print(f"{'over HTTP':44} {'requests/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'body B':>7}")
    print("-" * 81)
    rows = (("table", f"POST {TABLES}/{{id}}/moves", t.get("mean_body_bytes", e["mean_body_bytes"])),
            ("apply", f"POST {APPLY}", a["mean_body_bytes"]),
            ("echo", f"POST {ECHO} (baseline)", e["mean_body_bytes"]))
    for name, label, size in rows:
        s = h[name]
        print(f"{label:44} {s['rps']:>10,.0f} {s['p50_ms']:>8.2f} {s['p99_ms']:>8.2f} {size:>7}")
    print(f"{'(GET /v1/tables/{id} as the next seat)':44} {'':>10} {t['get_p50_ms']:>8.2f} {t['get_p99_ms']:>8.2f}")
    print(f"\ntable phase: {t['requests']} moves, {t['rps']:,.0f} moves/s over {args.clients} tables in parallel; "
          f"besides the moves, {t['gets']} GETs (the next seat's options) and {t['tables_created']} new tables "
          f"(in the wall time, not in the latencies): {t['all_requests_rps']:,.0f} requests/s in all")
    ratios = {
        "table_echo_p50": t["p50_ms"] / e["p50_ms"], "table_echo_rps": e["rps"] / t["rps"],
        "table_echo_all_rps": e["rps"] / t["all_requests_rps"],
        "table_apply_p50": t["p50_ms"] / a["p50_ms"], "table_apply_rps": a["rps"] / t["rps"],
        "apply_echo_p50": a["p50_ms"] / e["p50_ms"],
    }
    verdict = "met" if ratios["table_echo_p50"] <= TARGET else "NOT met"
    print(f"cost table/echo:  {ratios['table_echo_p50']:.2f}x by p50, {ratios['table_echo_rps']:.2f}x by throughput "
          f"(moves/s; {ratios['table_echo_all_rps']:.2f}x counting the GETs and creations as requests); "
          f"target <= {TARGET:.1f}x (p50): {verdict}")
    print(f"cost table/apply: {ratios['table_apply_p50']:.2f}x by p50, {ratios['table_apply_rps']:.2f}x by throughput")
    print(f"cost apply/echo:  {ratios['apply_echo_p50']:.2f}x by p50")
    h["ratios"] = {k: round(v, 3) for k, v in ratios.items()}
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "target": TARGET, "http": h}, f, indent=2)
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
