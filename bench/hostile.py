"""The API under hostile clients: idle event streams, slow bodies, and states full of huge numbers.

    uv run --frozen python bench/hostile.py                    # 1,000 streams + 200 slow bodies
    uv run --frozen python bench/hostile.py --streams 200 --slow 50 --worker-class gthread
    uv run --frozen python bench/hostile.py --skip-load --skip-numbers     # the parsing figures only

Part 1 (load): gunicorn as configured (gunicorn.conf.py: gevent, 2 workers) on a private
redis-server. First the baseline: `/healthz` and table moves (GET the table, POST a move) with
nothing else going on; then the same requests while `--streams` anonymous event streams stay
open on one table and `--slow` connections send a body a few bytes at a time. Prints p50/p99
and the ratio to the baseline measured in the same run; a request not answered within
`--timeout` s counts as a timeout. Rate limits are off in this server (one address opens a
thousand streams, which is what they would stop) so that the server itself is what is measured.

Part 2 (parsing): 1 MiB bodies of every hostile shape (tiny containers, deep nesting, floats,
strings; tests/api/test_bounded_parsing.py) posted in-process to /apply, /sealed/apply and
/v1/tables: the CPU time (time.process_time) of each, beside a small valid /apply (a real state
and a legal move) measured in the same run, and the slowest shape.

Part 3 (numbers): states of every game with one integer set to a huge or negative value,
posted in-process (Flask test client) to /apply and /view: the slowest answer and the
largest body (tests/api/test_hostile_numbers.py asserts the 4xx-or-bounded property).
"""

import argparse
import json
import os
import socket
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import Gunicorn, run_facts  # noqa: E402
from tables import Redis  # noqa: E402


def _conn(port, timeout):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def _http(port, method, path, body=None, headers=None, timeout=5.0):
    """One request on a fresh connection: (status, parsed JSON or None)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        send = {"Content-Type": "application/json", **(headers or {})}
        conn.request(method, path, body=json.dumps(body).encode() if body is not None else None, headers=send)
        r = conn.getresponse()
        raw = r.read()
        return r.status, (json.loads(raw) if raw else None), dict(r.getheaders())
    finally:
        conn.close()


def measure(port, make_table, n, timeout):
    """`n` rounds of: GET /healthz, GET the table as the waiting seat, POST its first option
    (a new table whenever a game ends)."""
    healthz, moves, timeouts = [], [], 0
    try:
        table = make_table()
    except OSError:  # not even a table could be made: count every round as timed out
        return [], [], n
    table_id, tokens = table["table_id"], {s["seat"]: s["token"] for s in table["seats"]}
    for _ in range(n):
        t0 = time.perf_counter()
        try:
            _http(port, "GET", "/healthz", timeout=timeout)
            healthz.append(time.perf_counter() - t0)
        except OSError:
            timeouts += 1
        t0 = time.perf_counter()
        try:
            status, body, _ = _http(port, "GET", f"/v1/tables/{table_id}", timeout=timeout)
            if body["outcome"] is not None:
                table = make_table()
                table_id, tokens = table["table_id"], {s["seat"]: s["token"] for s in table["seats"]}
                continue
            seat = body["waiting_for"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            _, mine, _ = _http(port, "GET", f"/v1/tables/{table_id}", headers=auth, timeout=timeout)
            status, _, _ = _http(port, "POST", f"/v1/tables/{table_id}/moves",
                                 {"move": mine["pending"][0]["options"][0]},
                                 headers={**auth, "If-Match": f'"{mine["version"]}"'}, timeout=timeout)
            if status == 200:
                moves.append(time.perf_counter() - t0)
        except OSError:
            timeouts += 1
    return healthz, moves, timeouts


def pct(xs, p):
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] * 1000


def hold(port, table_id, streams, slow, stop: threading.Event, opened: list):
    socks = []
    try:
        for _ in range(streams):
            s = _conn(port, 30)
            s.sendall(f"GET /v1/tables/{table_id}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            socks.append(s)
        for _ in range(slow):
            s = _conn(port, 30)
            s.sendall(b"POST /v1/games/shufflers/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100000\r\n\r\n{")
            socks.append(s)
        opened.append(len(socks))
        while not stop.is_set():  # the slow bodies: a byte a second each
            for s in socks[streams:]:
                try:
                    s.send(b" ")
                except OSError:
                    pass
            stop.wait(1.0)
    finally:
        for s in socks:
            s.close()


def part_load(args):
    redis = Redis()
    server = Gunicorn({"REDIS_URL": redis.url, "WEB_CONCURRENCY": str(args.workers), "RATE_LIMITS_ENABLED": "0",
                       "GUNICORN_WORKER_CLASS": args.worker_class, "REQUEST_BODY_TIMEOUT": "600"})
    try:
        server.wait_ready()
        port = server.port
        mk = lambda: _http(port, "POST", "/v1/tables", {"game": "shufflers", "players": 2})[1]  # noqa: E731
        base_h, base_m, base_t = measure(port, mk, args.requests, args.timeout)
        target = mk()
        stop, opened = threading.Event(), []
        holder = threading.Thread(target=hold, args=(port, target["table_id"], args.streams, args.slow, stop, opened),
                                  daemon=True)
        holder.start()
        while not opened and holder.is_alive():
            time.sleep(0.1)
        time.sleep(2.0)  # every held connection has reached a worker
        load_h, load_m, load_t = measure(port, mk, args.requests, args.timeout)
        stop.set()
        holder.join()
    finally:
        server.stop()
        redis.stop()
    print(f"\n## Under load: {args.streams} open event streams + {args.slow} slow bodies "
          f"({args.worker_class}, {args.workers} workers, Redis)\n")
    print("| requests | phase | n | p50 ms | p99 ms | timeouts | p99 x baseline |")
    print("|---|---|--:|--:|--:|--:|--:|")
    for name, base, load in (("GET /healthz", base_h, load_h), ("table move (GET + GET + POST)", base_m, load_m)):
        print(f"| {name} | baseline | {len(base)} | {pct(base, 50):.2f} | {pct(base, 99):.2f} | {base_t} | 1.00x |")
        ratio = pct(load, 99) / pct(base, 99) if base and load else float("nan")
        print(f"| {name} | under load | {len(load)} | {pct(load, 50):.2f} | {pct(load, 99):.2f} | {load_t} | "
              f"{ratio:.2f}x |")


def part_parse(args):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "api"))
    from test_bounded_parsing import bounded_shapes, hostile_shapes  # noqa: E402

    import core
    from api import create_app

    client = create_app({"TESTING": True, "RATE_LIMITS_ENABLED": False}).test_client()
    step = core.new_game("plot-twist", 4, {"setup": "quick"}, 7)
    small = json.dumps({"state": step.state, "move": step.pending[0]["options"][0]}).encode()

    def cpu(path, body):
        """The least CPU time of `--parse-rounds` posts (the least: the others met a busy machine)."""
        best, status = float("inf"), None
        for _ in range(args.parse_rounds):
            t0 = time.process_time()
            r = client.post(path, data=body, content_type="application/json")
            best, status = min(best, time.process_time() - t0), f"{r.status_code} {r.get_json().get('code', '')}"
        return best, status

    cpu("/v1/games/plot-twist/apply", small)  # warm up: first-request imports and caches
    base, base_status = cpu("/v1/games/plot-twist/apply", small)
    print(f"\n## Parsing: 1 MiB bodies of every shape (in-process, CPU ms, least of {args.parse_rounds})\n")
    print("| body | bytes | endpoint | answer | CPU ms | x baseline |")
    print("|---|--:|---|---|--:|--:|")
    print(f"| small valid body (baseline) | {len(small)} | /v1/games/plot-twist/apply | {base_status} | "
          f"{base * 1000:.1f} | 1.00x |")
    slowest = (0.0, "")
    for name, body in {**hostile_shapes(), **bounded_shapes()}.items():
        for path in ("/v1/games/plot-twist/apply", "/v1/games/plot-twist/sealed/apply", "/v1/tables"):
            took, status = cpu(path, body)
            slowest = max(slowest, (took, f"{name} to {path}"))
            print(f"| {name} | {len(body)} | {path} | {status} | {took * 1000:.1f} | {took / base:.2f}x |")
    print(f"\nslowest shape: {slowest[1]}, {slowest[0] * 1000:.1f} ms of CPU "
          f"({slowest[0] / base:.2f}x the small valid body's {base * 1000:.1f} ms)")


def part_numbers(args):
    tests = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests")
    sys.path[:0] = [os.path.join(tests, "api"), tests]
    from test_hostile_numbers import HUGE, STATES, _first_option, int_paths, with_value  # noqa: E402

    from api import create_app

    client = create_app({"TESTING": True, "RATE_LIMITS_ENABLED": False}).test_client()
    worst, biggest, n, statuses = 0.0, 0, 0, {}
    for state in STATES[:: max(1, len(STATES) // args.states)]:
        move = _first_option(state)
        for path in list(int_paths(state)):
            for value in HUGE:
                bad = with_value(state, path, value)
                t0 = time.perf_counter()
                r = client.post(f"/v1/games/{state['game']}/apply", json={"state": bad, "move": move})
                worst = max(worst, time.perf_counter() - t0)
                biggest = max(biggest, len(r.get_data()))
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
                n += 1
    print(f"\n## Huge and negative numbers in states ({n} requests to /apply, in-process)\n")
    print(f"slowest answer {worst * 1000:.1f} ms, largest body {biggest / 1024:.1f} KiB, statuses {statuses}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--requests", type=int, default=300, help="rounds per phase")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="gevent")
    parser.add_argument("--states", type=int, default=40, help="how many sample states part 2 mutates")
    parser.add_argument("--parse-rounds", type=int, default=3, help="posts per body in part 2 (the least counts)")
    parser.add_argument("--skip-load", action="store_true")
    parser.add_argument("--skip-parse", action="store_true")
    parser.add_argument("--skip-numbers", action="store_true")
    args = parser.parse_args(argv)
    print(json.dumps(run_facts(argv), indent=1))
    if not args.skip_load:
        part_load(args)
    if not args.skip_parse:
        part_parse(args)
    if not args.skip_numbers:
        part_numbers(args)


if __name__ == "__main__":
    main()
