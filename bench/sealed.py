"""The cost of a sealed move over HTTP: POST .../sealed/apply beside an echo of the same bodies.

    uv run --frozen python bench/sealed.py                       # Big Shuffle, 4 seats
    uv run --frozen python bench/sealed.py --requests 4000 --json bench/out/sealed.json

Starts gunicorn (gunicorn.conf.py, SHUFFLE_BENCH_ECHO=1, a fixed SEAL_KEYS) on a free loopback
port. Bodies: real mid-game 4-seat Big Shuffle states (bench/http_api.py's `real_pairs`), each
with a legal move, sealed here with the server's key for the seat that moves (no bot seats, so
both sides do one move's work). Four phases, alternating over --rounds rounds so noise hits
all: sealed apply ({sealed, move}) and the echo of those very bodies; plain apply ({state,
move}, the state validated) and the echo of those bodies. Printed: requests/s, p50, p99, and
the ratios sealed/echo (the issue's target: at most 1.2x) and plain/echo, by throughput.
"""

import argparse
import base64
import json
import os
import sys

import orjson

from _common import Gunicorn, run_facts
from http_api import ECHO, check_endpoints, phase, real_pairs, summary

KEY = base64.urlsafe_b64encode(b"bench-sealed-key-32-bytes-long!!").decode()
GAME = "big-shuffle"
SEALED, PLAIN = f"/v1/games/{GAME}/sealed/apply", f"/v1/games/{GAME}/apply"
TARGET = 1.2


def sealed_bodies(pairs):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from api.sealed import Keys

    keys = Keys(f"bench:{KEY}")
    out = []
    for state, move in pairs:
        payload = {"game": GAME, "state": state, "version": state["version"], "seat": move["player"], "bots": {},
                   "bot_rng": "bench"}
        out.append(orjson.dumps({"sealed": keys.seal(GAME, payload), "move": move}))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=3000, help="measured requests per endpoint (default 3000)")
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=48)
    ap.add_argument("--json", metavar="PATH")
    args = ap.parse_args(argv)
    meta = run_facts(argv)
    pairs = real_pairs(args.pairs, 4, {}, GAME)
    plain = [orjson.dumps({"state": s, "move": m}) for s, m in pairs]
    sealed = sealed_bodies(pairs)
    size = lambda bodies: sum(map(len, bodies)) // len(bodies)  # noqa: E731
    print(f"# sealed  {meta['date']}  Python {meta['python']}  {meta['machine']}  "
          f"load average {meta['load_average_at_start']:.2f}")
    print(f"# gunicorn {args.workers} workers (gevent); {args.clients} clients; {args.requests} requests per "
          f"phase in {args.rounds} rounds; bodies: sealed {size(sealed):,} B, plain {size(plain):,} B\n", flush=True)
    server = Gunicorn({"SHUFFLE_BENCH_ECHO": "1", "WEB_CONCURRENCY": str(args.workers), "SEAL_KEYS": f"bench:{KEY}",
                       "REQUEST_LOG": "0", "RATE_LIMITS_ENABLED": "0"})
    phases = {"sealed apply": (SEALED, sealed), "echo (sealed bodies)": (ECHO, sealed),
              "plain apply": (PLAIN, plain), "echo (plain bodies)": (ECHO, plain)}
    walls, lats = {k: 0.0 for k in phases}, {k: [] for k in phases}
    try:
        server.wait_ready()
        check_endpoints(server.port, [], plain[:1])
        for name, (path, bodies) in phases.items():
            wall, got = phase(server.port, path, bodies, args.warmup, args.clients)  # warm-up, and a 200 check
        per_round = args.requests // args.rounds
        for r in range(args.rounds):
            names = list(phases) if r % 2 == 0 else list(reversed(phases))
            for name in names:
                path, bodies = phases[name]
                wall, got = phase(server.port, path, bodies, per_round, args.clients)
                walls[name] += wall
                lats[name] += got
    finally:
        server.stop()
    rows = {name: summary(walls[name], lats[name]) for name in phases}
    print(f"{'POST':<24} {'requests/s':>10} {'p50 ms':>7} {'p99 ms':>7}")
    for name, r in rows.items():
        print(f"{name:<24} {r['rps']:>10,.0f} {r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f}")
    s_ratio = rows["echo (sealed bodies)"]["rps"] / rows["sealed apply"]["rps"]
    p_ratio = rows["echo (plain bodies)"]["rps"] / rows["plain apply"]["rps"]
    print(f"\ncost sealed/echo: {s_ratio:.2f}x by throughput "
          f"({rows['sealed apply']['p50_ms'] / rows['echo (sealed bodies)']['p50_ms']:.2f}x by p50); "
          f"target <= {TARGET}x: {'met' if s_ratio <= TARGET else 'NOT met'}")
    print(f"cost plain/echo:  {p_ratio:.2f}x by throughput")
    if args.json:
        os.makedirs(os.path.dirname(args.json) or ".", exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"run": meta, "rows": rows, "sealed_over_echo": s_ratio, "plain_over_echo": p_ratio}, f,
                      indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
