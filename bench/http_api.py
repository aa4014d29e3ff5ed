"""The cost of the referee over HTTP: POST /v1/games/{game}/apply beside an echo baseline.

    uv run --frozen python bench/http_api.py                      # Shufflers, 2 seats
    uv run --frozen python bench/http_api.py --game big-shuffle --players 4
    uv run --frozen python bench/http_api.py --requests 5000 --clients 8 --json bench/out/http.json
    uv run --frozen python bench/http_api.py --pure               # the pure-Python engine, not the compiled one

Starts gunicorn (gunicorn.conf.py, fixed worker and thread counts, SHUFFLE_BENCH_ECHO=1, no
REDIS_URL) on a free loopback port, waits for /healthz, then sends a bounded number of
requests from --clients threads, each on its own keep-alive connection (http.client):

- apply: POST /v1/games/{game}/apply with {state, move}: real mid-game states of --game,
  each with a legal move, rotating through --pairs of them so every request is valid;
- echo:  POST /v1/_echo with the very same bodies; the app parses them and answers them
  re-serialized with its orjson JSON provider: everything but the referee.

Warm-up first, then --rounds rounds that alternate the endpoints (apply-echo, echo-apply, ...)
so noise hits both. Printed: requests/s, p50 and p99 latency, and the cost ratio apply/echo
(echo requests/s over apply requests/s; the issue's target: at most 1.5x).

Then the same bodies in-process through Flask's test client (no sockets, no gunicorn): us per
request for both and their ratio, beside the engine alone (orjson loads, core.apply with the
state validated as for a client, orjson dumps of the Step).

The engine (in the server and in-process alike) is the compiled one when `scripts/compile` built it
for these sources (docs/engine.md, "Compiled path"), else the pure-Python one; `--pure` asks for the
latter. The header names it.

Loopback only. The server is stopped at the end whatever happens. The client shares the
machine's cores with the server, so absolute requests/s are a floor; the ratio is the figure.
"""

import argparse
import http.client
import importlib
import os
import json
import signal
import statistics
import sys
import threading
import time

import orjson

from _common import ROOT, Gunicorn, run_clients, run_facts, select_engine

APPLY = "/v1/games/shufflers/apply"
ECHO = "/v1/_echo"
TARGET = 1.5  # the target: apply costs at most 1.5x echo


# --- bodies -----------------------------------------------------------------------------
def real_pairs(count, players, options, game="shufflers"):
    """`count` (state, move) pairs from the middle of seeded random games of `game`."""
    import core
    from core.framework.rng import Rng

    pairs = []
    seed = 0
    while len(pairs) < count:
        pick = Rng.from_seed(f"bench:{seed}")
        step = core.new_game(game, players, options, seed)
        played = []
        while step.pending:
            opts = [o for d in step.pending for o in d["options"]]
            move = opts[pick.below(len(opts))]
            played.append((step.state, move))
            step = core.apply(step.state, move, trusted=True)
        seed += 1
        if len(played) >= 4:
            pairs.append(played[len(played) // 2])
    return pairs


def bodies_of(pairs):
    return [orjson.dumps({"state": s, "move": m}) for s, m in pairs]


# --- the server -------------------------------------------------------------------------
# --- the client -------------------------------------------------------------------------
HEADERS = {"Content-Type": "application/json", "Accept": "application/json"}


def post(conn, path, body):
    conn.request("POST", path, body, HEADERS)
    resp = conn.getresponse()
    data = resp.read()
    return resp.status, data


def check_endpoints(port, pairs, bodies):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        status, data = post(conn, ECHO, bodies[0])
        if status != 200:
            raise RuntimeError(f"POST {ECHO} answered {status} (is SHUFFLE_BENCH_ECHO=1 honoured?): {data[:300]!r}")
        if orjson.loads(data) != orjson.loads(bodies[0]):
            raise RuntimeError(f"POST {ECHO} did not answer its body")
        for (state, _move), body in zip(pairs, bodies):
            status, data = post(conn, APPLY, body)
            if status != 200:
                raise RuntimeError(f"POST {APPLY} answered {status}: {data[:300]!r}")
            if orjson.loads(data)["state"]["version"] != state["version"] + 1:
                raise RuntimeError(f"POST {APPLY} did not apply the move")
    finally:
        conn.close()


def phase(port, path, bodies, requests, clients):
    """`requests` POSTs from `clients` threads; (wall seconds, latencies in seconds)."""
    per = [requests // clients + (1 if i < requests % clients else 0) for i in range(clients)]
    lats = [[] for _ in range(clients)]
    errors = []
    start_line = threading.Barrier(clients + 1)

    def client(i):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.connect()
        mine, n, out = bodies[i::clients] or bodies, per[i], lats[i]
        clock = time.perf_counter
        start_line.wait()
        try:
            for k in range(n):
                t0 = clock()
                status, data = post(conn, path, mine[k % len(mine)])
                out.append(clock() - t0)
                if status != 200:
                    errors.append(f"{path} answered {status}: {data[:300]!r}")
                    return
        except Exception as exc:  # noqa: BLE001  reported below, the run fails
            errors.append(f"{path}: {exc!r}")
        finally:
            conn.close()

    return run_clients(client, clients, start_line, lats, errors)


def pct(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def summary(wall, lats):
    lats = sorted(lats)
    return {
        "requests": len(lats),
        "seconds": round(wall, 3),
        "rps": round(len(lats) / wall, 1),
        "p50_ms": round(pct(lats, 0.50) * 1e3, 3),
        "p99_ms": round(pct(lats, 0.99) * 1e3, 3),
        "mean_ms": round(statistics.fmean(lats) * 1e3, 3),
    }


def bench_http(args, pairs, bodies):
    server = Gunicorn({"SHUFFLE_BENCH_ECHO": "1", "WEB_CONCURRENCY": str(args.workers),
                       "GUNICORN_THREADS": str(args.threads)}, app=args.app)
    try:
        server.wait_ready()
        check_endpoints(server.port, pairs, bodies)
        for path in (APPLY, ECHO):  # warm-up: imports, caches, connection pools
            phase(server.port, path, bodies, args.warmup, args.clients)
        walls = {APPLY: 0.0, ECHO: 0.0}
        lats = {APPLY: [], ECHO: []}
        per_round = [args.requests // args.rounds + (1 if r < args.requests % args.rounds else 0) for r in range(args.rounds)]
        for r, n in enumerate(per_round):
            order = (APPLY, ECHO) if r % 2 == 0 else (ECHO, APPLY)
            for path in order:
                wall, got = phase(server.port, path, bodies, n, args.clients)
                walls[path] += wall
                lats[path] += got
        return {"apply": summary(walls[APPLY], lats[APPLY]), "echo": summary(walls[ECHO], lats[ECHO]),
                "server": " ".join(server.cmd[1:])}
    finally:
        server.stop()


# --- in-process ---------------------------------------------------------------------------
def load_app(spec):
    """'module:factory()' or 'module:attribute', as gunicorn reads it."""
    module, _, expr = spec.partition(":")
    obj = getattr(importlib.import_module(module), expr.removesuffix("()"))
    return obj() if expr.endswith("()") else obj


def bench_inprocess(args, pairs, bodies):
    os.environ["SHUFFLE_BENCH_ECHO"] = "1"
    os.environ.pop("REDIS_URL", None)
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    app = load_app(args.app)
    client = app.test_client()
    clock = time.perf_counter

    def flask_run(path, n):
        out = []
        for k in range(n):
            body = bodies[k % len(bodies)]
            t0 = clock()
            resp = client.post(path, data=body, headers=HEADERS)
            out.append(clock() - t0)
            if resp.status_code != 200:
                raise RuntimeError(f"in-process {path} answered {resp.status_code}: {resp.get_data()[:300]!r}")
        return out

    import core

    def engine_run(_path, n):
        out = []
        for k in range(n):
            body = bodies[k % len(bodies)]
            t0 = clock()
            req = orjson.loads(body)
            step = core.apply(req["state"], req["move"])
            orjson.dumps(step.as_dict())
            out.append(clock() - t0)
        return out

    runs = {"apply": (flask_run, APPLY), "echo": (flask_run, ECHO), "engine": (engine_run, None)}
    for fn, path in runs.values():
        fn(path, args.warmup)
    samples = {name: [] for name in runs}
    per_round = max(1, args.inprocess_requests // args.rounds)
    names = list(runs)
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            fn, path = runs[name]
            samples[name] += fn(path, per_round)
    out = {}
    for name, lats in samples.items():
        lats.sort()
        out[name] = {"requests": len(lats), "mean_us": round(statistics.fmean(lats) * 1e6, 1),
                     "p50_us": round(pct(lats, 0.5) * 1e6, 1), "p99_us": round(pct(lats, 0.99) * 1e6, 1)}
    return out


# --- main ---------------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=2000, help="measured requests per endpoint over HTTP (default 2000)")
    ap.add_argument("--warmup", type=int, default=200, help="warm-up requests per endpoint (default 200)")
    ap.add_argument("--rounds", type=int, default=8, help="alternating rounds (default 8)")
    ap.add_argument("--clients", type=int, default=4, help="client threads, one keep-alive connection each (default 4)")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    ap.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker (gthread, default 4)")
    ap.add_argument("--pairs", type=int, default=64, help="distinct (state, move) bodies to rotate through (default 64)")
    ap.add_argument("--game", default="shufflers", help="the game whose states are applied (default shufflers)")
    ap.add_argument("--players", type=int, default=2, help="seats of the games the bodies come from (default 2)")
    ap.add_argument("--options", type=json.loads, default={}, help="their options as JSON (default {})")
    ap.add_argument("--inprocess-requests", type=int, default=2000, help="requests per endpoint in-process (default 2000)")
    ap.add_argument("--skip-http", action="store_true")
    ap.add_argument("--skip-inprocess", action="store_true")
    ap.add_argument("--app", default="api:create_app()", help="the WSGI app, as gunicorn reads it (default api:create_app())")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    ap.add_argument("--pure", action="store_true", help="the pure-Python engine even when the compiled one is built")
    args = ap.parse_args(argv)
    engine = select_engine(args.pure)  # here and in the server (gunicorn.conf.py; --pure sets SHUFFLE_PURE=1)

    # SIGTERM/SIGHUP become SystemExit, so the `finally` that stops gunicorn runs.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda signum, _frame: sys.exit(128 + signum))

    global APPLY
    APPLY = f"/v1/games/{args.game}/apply"
    pairs = real_pairs(args.pairs, args.players, args.options, args.game)
    bodies = bodies_of(pairs)
    size = statistics.fmean(len(b) for b in bodies)
    meta = {
        **run_facts(argv),
        "engine": engine,
        "bodies": {"count": len(bodies), "mean_bytes": round(size), "min_bytes": min(map(len, bodies)),
                   "max_bytes": max(map(len, bodies)), "players": args.players, "options": args.options},
    }
    print(f"# http  {meta['date']}  Python {meta['python']}  {meta['machine']}  "
          f"load average {meta['load_average_at_start']:.2f}")
    print(f"# engine: {engine['engine']} (in the server and in-process)")
    print(f"# bodies: {len(bodies)} mid-game {args.game} states ({args.players} seats, options {args.options}) + a legal move, "
          f"{meta['bodies']['min_bytes']}-{meta['bodies']['max_bytes']} bytes (mean {size:.0f})")
    result = {"meta": meta, "target": TARGET}

    if not args.skip_http:
        print(f"# gunicorn: {args.workers} workers x {args.threads} threads (gthread); {args.clients} client threads "
              f"(keep-alive); {args.requests} requests per endpoint in {args.rounds} alternating rounds "
              f"after {args.warmup} warm-up\n", flush=True)
        h = bench_http(args, pairs, bodies)
        ratio_rps = h["echo"]["rps"] / h["apply"]["rps"]
        ratio_p50 = h["apply"]["p50_ms"] / h["echo"]["p50_ms"]
        print(f"{'over HTTP':36} {'requests/s':>10} {'p50 ms':>8} {'p99 ms':>8}")
        print("-" * 65)
        for name, label in (("apply", f"POST {APPLY}"), ("echo", f"POST {ECHO} (baseline)")):
            s = h[name]
            print(f"{label:36} {s['rps']:>10,.0f} {s['p50_ms']:>8.2f} {s['p99_ms']:>8.2f}")
        verdict = "met" if ratio_rps <= TARGET else "NOT met"
        print(f"\ncost apply/echo: {ratio_rps:.2f}x by throughput (echo req/s / apply req/s), "
              f"{ratio_p50:.2f}x by p50; target <= {TARGET:.1f}x: {verdict}\n")
        h["ratio_throughput"] = round(ratio_rps, 3)
        h["ratio_p50"] = round(ratio_p50, 3)
        result["http"] = h

    if not args.skip_inprocess:
        p = bench_inprocess(args, pairs, bodies)
        ratio = p["apply"]["mean_us"] / p["echo"]["mean_us"]
        print(f"{'in-process (Flask test client)':40} {'mean us':>9} {'p50 us':>9} {'p99 us':>9}")
        print("-" * 70)
        for name, label in (("apply", f"POST {APPLY}"), ("echo", f"POST {ECHO} (baseline)"),
                            ("engine", "engine only: loads+apply+dumps")):
            s = p[name]
            print(f"{label:40.40} {s['mean_us']:>9,.0f} {s['p50_us']:>9,.0f} {s['p99_us']:>9,.0f}")
        print(f"\ncost apply/echo in-process: {ratio:.2f}x by mean; "
              f"apply - echo = {p['apply']['mean_us'] - p['echo']['mean_us']:,.0f} us "
              f"(engine alone {p['engine']['mean_us']:,.0f} us)")
        p["ratio_mean"] = round(ratio, 3)
        result["inprocess"] = p

    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
