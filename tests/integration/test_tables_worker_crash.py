"""A gunicorn worker SIGKILLed while moves stream in: every table stays consistent, service goes on.

A move is one atomic compare-and-set in Redis, so a worker dying at any instant leaves each
table either before or after the move, never between: the version, the state's own version and
the event log agree. gunicorn respawns the worker and moves keep working.
"""

import http.client
import json
import os
import signal
import threading
import time
from pathlib import Path

from integration_helpers import EventStream, create_table, next_move, request, tokens_of
from time_bounds import bound

# How long after a move's request is sent its worker is killed: before, while and after the
# engine and the Redis commit run (a move takes a few milliseconds here).
KILL_DELAYS = (0.0, 0.0005, 0.001, 0.0015, 0.002, 0.004)
MAX_MOVES = 600  # bound on the background client's stream of moves
DROPPED = ("RemoteDisconnected", "ConnectionResetError", "BadStatusLine", "ConnectionRefusedError",
           "IncompleteRead", "BrokenPipeError")


def wait_for_workers(server, gone, timeout=30.0):
    deadline = time.monotonic() + bound(timeout)
    while True:
        pids = server.worker_pids()
        if len(pids) == server.workers and not set(pids) & gone:
            return pids
        assert time.monotonic() < deadline, f"workers not respawned: {pids}\n{server.log()}"
        time.sleep(0.05)


def serving_worker(server, sock) -> int | None:
    """The worker process that accepted this client socket's connection (from /proc)."""
    client_port = sock.getsockname()[1]
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        cols = line.split()
        if int(cols[1].split(":")[1], 16) == server.port and int(cols[2].split(":")[1], 16) == client_port:
            inode = cols[9]
            break
    for pid in server.worker_pids() if inode else ():
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) == f"socket:[{inode}]":
                    return pid
            except OSError:
                pass
    return None


def move_and_kill_its_worker(server, table_id, tokens, delay):
    """Send a move, SIGKILL the worker serving it `delay` s later; (victim pid, status or error, version before)."""
    seat, move, version = next_move(server.port, table_id, tokens)
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=bound(60))
    try:
        conn.request("GET", "/healthz")  # now a worker has accepted the connection
        conn.getresponse().read()
        victim = serving_worker(server, conn.sock)
        assert victim is not None, "no worker holds the connection"
        conn.request("POST", f"/v1/tables/{table_id}/moves", json.dumps({"move": move}),
                     {"Content-Type": "application/json", "Authorization": f"Bearer {tokens[seat]}",
                      "If-Match": f'"{version}"'})
        if delay:
            time.sleep(delay)
        os.kill(victim, signal.SIGKILL)
        try:
            resp = conn.getresponse()
            resp.read()
            got = resp.status
        except (OSError, http.client.HTTPException) as exc:
            got = type(exc).__name__
    finally:
        conn.close()
    return victim, got, version


def test_killing_a_worker_mid_request_leaves_tables_consistent(gunicorn_factory, redis_url):
    server = gunicorn_factory(redis_url)
    port = server.port
    tables: list[dict] = []  # every table the client played on, with its creation answer
    outcomes: dict = {}
    stop = threading.Event()
    failures: list = []

    def client():
        """Moves as fast as it can, each request on a fresh connection (so both workers serve);
        a new table when a game ends. Connection errors are expected when a worker dies."""
        table = tokens = None
        try:
            for _ in range(MAX_MOVES):
                if stop.is_set():
                    return
                try:
                    if table is None:
                        created = create_table(port, players=2, seed=len(tables))
                        table, tokens = created["table_id"], tokens_of(created)
                        tables.append(created)
                    nxt = next_move(port, table, tokens)
                    if nxt is None:
                        table = None
                        continue
                    seat, move, version = nxt
                    r = request(port, "POST", f"/v1/tables/{table}/moves", {"move": move},
                                token=tokens[seat], if_match=version)
                    outcomes[r.status] = outcomes.get(r.status, 0) + 1
                except (OSError, http.client.HTTPException) as exc:
                    outcomes[type(exc).__name__] = outcomes.get(type(exc).__name__, 0) + 1
        except Exception as exc:  # noqa: BLE001  an assertion in the helpers: fail the test with it
            failures.append(exc)

    thread = threading.Thread(target=client, daemon=True)
    thread.start()
    killed: set[int] = set()
    # Meanwhile, on a table of its own: moves whose worker dies under them.
    target = create_table(port, players=2, seed=1234)
    targeted = []
    try:
        for delay in KILL_DELAYS:
            time.sleep(0.1)
            victim, got, before = move_and_kill_its_worker(server, target["table_id"], tokens_of(target), delay)
            killed.add(victim)
            wait_for_workers(server, killed)
            after = request(port, "GET", f"/v1/tables/{target['table_id']}").body["version"]
            targeted.append((delay, got, before, after))
            # The move happened entirely or not at all; an answered 200 was committed.
            assert after in (before, before + 1), targeted
            assert got in (200, *DROPPED), targeted
            if got == 200:
                assert after == before + 1, targeted
        time.sleep(0.3)  # some moves on the respawned workers too
    finally:
        stop.set()
        thread.join(timeout=bound(120))
    assert not thread.is_alive()
    assert not failures, failures
    assert any(got != 200 for _, got, _, _ in targeted), f"no kill landed before the answer: {targeted}"
    # Only successes and dropped connections; never a 500, nor a 409/412 from a half-done move.
    assert set(outcomes) <= {200, *DROPPED}, outcomes
    assert outcomes.get(200, 0) > 10, outcomes
    tables.append(target)

    for created in tables:
        table_id, tokens = created["table_id"], tokens_of(created)
        r = request(port, "GET", f"/v1/tables/{table_id}")
        assert r.status == 200, (r.status, r.body)
        version = r.body["version"]
        assert r.etag == f'"{version}"'
        assert r.body["view"]["version"] == version  # the state's own count of applied moves
        with EventStream(port, table_id, last_event_id=0) as stream:
            assert stream.status == 200, stream.body
            if version > created["version"]:
                assert stream.wait_for_version(version, timeout=60), [e.id for e in stream.events]
            stream.wait_until(lambda evs: False, timeout=0.2)
            steps = stream.steps()
        assert [e.version for e in steps] == list(range(created["version"] + 1, version + 1)), (table_id, version)
        assert len(steps) + created["version"] == version

    # Service goes on: the last table (or a new one) takes moves on the respawned workers.
    created = tables[-1]
    table_id, tokens = created["table_id"], tokens_of(created)
    if request(port, "GET", f"/v1/tables/{table_id}").body["outcome"] is not None:
        created = create_table(port, players=2, seed=99)
        table_id, tokens = created["table_id"], tokens_of(created)
    for _ in range(4):
        nxt = next_move(port, table_id, tokens)
        if nxt is None:
            break
        seat, move, version = nxt
        r = request(port, "POST", f"/v1/tables/{table_id}/moves", {"move": move}, token=tokens[seat], if_match=version)
        assert r.status == 200, (r.status, r.body)
