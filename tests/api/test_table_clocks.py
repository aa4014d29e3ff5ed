"""Clocks at a table (issue 32): deadlines in every answer, `timed_out` then the move made for the
seat, exactly once with two API hosts racing, by the sweeper when no request comes, by a read of an
overdue table, after a restart of the API, and while Redis comes and goes.

Time is the app's CLOCK_NOW: these tests move a fake clock forward instead of sleeping. One test
serves a 5 s clock over a real socket and waits on a condition with a generous bound.
"""

import os
import re
import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import redis

from api import create_app
from api.stores.redis import RedisStore
from api.sweeper import LEASE
from table_helpers import first_event, snapshot_of

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
ROOT = Path(__file__).resolve().parents[2]
TABLES = "/v1/tables"
TTL = 600
START = 1_800_000_000.0  # 2027-01-15T08:00:00Z
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


class FakeClock:
    def __init__(self, now: float = START):
        self.now = now

    def __call__(self) -> float:
        return self.now


def _redis_or_fail():
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis is not reachable at {REDIS_URL} ({error})", pytrace=False)


def make_app(clock, redis_url=None, due_key=None, **config):
    return create_app({"TESTING": True, "REDIS_URL": redis_url, "TABLE_TTL": TTL, "CLOCK_NOW": clock,
                       "CLOCK_SWEEPER": False, "CLOCK_DUE_KEY": due_key or "clocks:due:test:" + secrets.token_hex(6),
                       "SSE_KEEPALIVE": 0.05, "SSE_MAX_SECONDS": 5, **config})


@pytest.fixture(params=["memory", "redis"])
def hosts(request):
    """Two API hosts over one table store, sharing a fake clock: on Redis two apps (as two hosts
    are), on the memory store two apps over the one in-process store and due index."""
    clock = FakeClock()
    if request.param == "redis":
        _redis_or_fail()
        first = make_app(clock, REDIS_URL)
        second = make_app(clock, REDIS_URL, due_key=first.config["CLOCK_DUE_KEY"])
    else:
        first, second = make_app(clock), make_app(clock)
        second.extensions["table_store"] = first.extensions["table_store"]
        second.extensions["clock_due"] = first.extensions["clock_due"]
    first.clock = second.clock = clock
    yield first, second
    if request.param == "redis":
        redis.Redis.from_url(REDIS_URL).delete(first.config["CLOCK_DUE_KEY"])


@pytest.fixture
def app(hosts):
    return hosts[0]


def create(client, game="showbiz-shuffle", players=2, clock=None, **body):
    body = {"game": game, "players": players, "seed": 1, "clock": clock or {"turn_seconds": 60}, **body}
    response = client.post(TABLES, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def log_of(app, table_id):
    return app.extensions["table_store"].entries(table_id, -1, 0)


def timed_out_events(app, table_id):
    return [event for entry in log_of(app, table_id) for event in entry["events"] if event["type"] == "timed_out"]


def sweep(app):
    return app.extensions["clock_sweeper"].sweep()


def deadline_of(body, seat):
    return next(d["deadline"] for d in body["clock"]["deadlines"] if d["seat"] == seat)


# --- deadlines on the wire --------------------------------------------------------------------------
def test_every_answer_of_a_clocked_table_carries_each_waiting_seats_deadline(app):
    client = app.test_client()
    created = create(client, clock={"turn_seconds": 90})
    assert created["clock"]["turn_seconds"] == 90 and created["clock"]["on_timeout"] == "default"
    waiting = created["waiting_for"]
    assert [d["seat"] for d in created["clock"]["deadlines"]] == waiting
    assert deadline_of(created, waiting[0]) == "2027-01-15T08:01:30.000Z"
    assert RFC3339.match(deadline_of(created, waiting[0]))
    for token in [None] + [s["token"] for s in created["seats"]]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        read = client.get(f"{TABLES}/{created['table_id']}", headers=headers).get_json()
        assert read["clock"] == created["clock"]
    assert snapshot_of(client, created["table_id"])["clock"] == created["clock"]


def test_the_streams_and_the_long_polls_latest_step_carry_the_deadlines(app):
    """After a move, a client following the table (stream or long-poll) learns the new deadlines from
    the latest step; earlier steps carry none."""
    client = app.test_client()
    created = create(client, clock={"turn_seconds": 60})
    table_id, seat = created["table_id"], created["waiting_for"][0]
    token = created["seats"][seat]["token"]
    mine = client.get(f"{TABLES}/{table_id}", headers={"Authorization": f"Bearer {token}"}).get_json()
    app.clock.now += 7
    end = next(o for o in mine["pending"][0]["options"] if o["kind"] == "end_turn")
    client.post(f"{TABLES}/{table_id}/moves", json={"move": end},
                headers={"Authorization": f"Bearer {token}", "If-Match": f'"{mine["version"]}"'})
    now = client.get(f"{TABLES}/{table_id}").get_json()
    assert deadline_of(now, 1 - seat) == "2027-01-15T08:01:07.000Z"
    steps = client.get(f"{TABLES}/{table_id}/steps?after=-1&wait=0").get_json()["steps"]
    assert steps[-1]["clock"] == now["clock"] and all("clock" not in step for step in steps[:-1])
    step = first_event(client, table_id, "step", {"Last-Event-ID": str(created["version"])})
    assert step["version"] == now["version"] and step["clock"] == now["clock"]


def test_on_timeout_bot_the_move_made_is_the_bots_own_choice_with_the_tables_dice(app):
    import core
    from core.framework.bots import get_bot
    from core.framework.rng import Rng

    client = app.test_client()
    created = create(client, game="big-shuffle", clock={"turn_seconds": 5, "on_timeout": "bot"})
    seat, store = created["waiting_for"][0], app.extensions["table_store"]
    record = store.get(created["table_id"])
    game = core.get_game("big-shuffle")
    assert game.timeout_bot(seat) == "heuristic"
    expected = get_bot(game, "heuristic").choose(core.view(record["state"], seat, trusted=True),
                                                 Rng.load(record["bot_rng"]))
    made = core.apply(record["state"], expected)
    app.clock.now += 5
    sweep(app)
    assert log_of(app, created["table_id"])[-1]["events"] == [{"type": "timed_out", "player": seat}, *made.events]
    assert store.get(created["table_id"])["state"] == made.state


def test_a_table_without_a_clock_has_no_clock_field(app):
    response = app.test_client().post(TABLES, json={"game": "showbiz-shuffle", "players": 2, "seed": 1})
    assert "clock" not in response.get_json()


@pytest.mark.parametrize("clock", [{"turn_seconds": 4}, {"turn_seconds": 86_401}, {"turn_seconds": 5.5},
                                   {"turn_seconds": "60"}, {"on_timeout": "default"},
                                   {"turn_seconds": 60, "on_timeout": "resign"}, {"turn_seconds": 60, "x": 1}, []])
def test_a_clock_out_of_bounds_is_refused_with_422(app, clock):
    response = app.test_client().post(TABLES, json={"game": "showbiz-shuffle", "players": 2, "clock": clock})
    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid_request"


def test_the_mover_gets_a_fresh_deadline_and_the_next_seat_starts_its_own(app):
    client = app.test_client()
    created = create(client, clock={"turn_seconds": 60})
    seat = created["waiting_for"][0]
    token = created["seats"][seat]["token"]
    app.clock.now += 20
    mine = client.get(f"{TABLES}/{created['table_id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    end = next(o for o in mine["pending"][0]["options"] if o["kind"] == "end_turn")
    moved = client.post(f"{TABLES}/{created['table_id']}/moves", json={"move": end},
                        headers={"Authorization": f"Bearer {token}", "If-Match": f'"{mine["version"]}"'})
    assert moved.status_code == 200
    after = moved.get_json()
    assert after["waiting_for"] == [1 - seat]
    assert deadline_of(after, 1 - seat) == "2027-01-15T08:01:20.000Z"  # 20 s in, then 60 s


# --- the server acts for a seat whose time ran out --------------------------------------------------
def test_the_sweeper_makes_the_default_move_once_timed_out_first(app):
    client = app.test_client()
    created = create(client, clock={"turn_seconds": 30})
    table_id, seat = created["table_id"], created["waiting_for"][0]
    app.clock.now += 29.9
    assert sweep(app) == 0
    assert app.extensions["table_store"].get(table_id)["version"] == created["version"]
    app.clock.now += 0.2
    assert sweep(app) == 1
    record = app.extensions["table_store"].get(table_id)
    assert record["version"] == created["version"] + 1
    last = log_of(app, table_id)[-1]
    assert last["events"][0] == {"type": "timed_out", "player": seat}
    assert {"type": "turn_ended", "player": seat} in last["events"][1:]  # showbiz: the default ends the turn
    assert sweep(app) == 0 and timed_out_events(app, table_id) == [{"type": "timed_out", "player": seat}]
    # the next seat's clock started when the sweeper acted
    view = client.get(f"{TABLES}/{table_id}").get_json()
    assert view["waiting_for"] == [1 - seat]
    assert deadline_of(view, 1 - seat) == "2027-01-15T08:01:00.100Z"


def test_a_read_of_an_overdue_table_settles_it_without_the_sweeper(app):
    client = app.test_client()
    created = create(client, clock={"turn_seconds": 10})
    app.clock.now += 25  # both seats overdue in turn: 10 s for the first, then 10 s for the second
    seen = client.get(f"{TABLES}/{created['table_id']}").get_json()
    assert seen["version"] == created["version"] + 1  # one expiry passed; the second seat's clock just began
    assert len(timed_out_events(app, created["table_id"])) == 1
    app.clock.now += 10
    assert client.get(f"{TABLES}/{created['table_id']}").get_json()["version"] == created["version"] + 2


def test_a_move_arriving_after_the_deadline_is_stale_the_timeout_came_first(app):
    client = app.test_client()
    created = create(client, clock={"turn_seconds": 10})
    seat = created["waiting_for"][0]
    token = created["seats"][seat]["token"]
    mine = client.get(f"{TABLES}/{created['table_id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    app.clock.now += 11
    late = client.post(f"{TABLES}/{created['table_id']}/moves", json={"move": mine["pending"][0]["options"][0]},
                       headers={"Authorization": f"Bearer {token}", "If-Match": f'"{mine["version"]}"'})
    assert late.status_code == 412 and late.get_json()["code"] == "stale_version"
    assert late.headers["ETag"] == f'"{mine["version"] + 1}"'
    assert len(timed_out_events(app, created["table_id"])) == 1


def test_on_timeout_bot_lets_the_games_heuristic_bot_move_for_the_seat(app):
    client = app.test_client()
    created = create(client, game="big-shuffle", clock={"turn_seconds": 5, "on_timeout": "bot"})
    seat = created["waiting_for"][0]
    app.clock.now += 5
    sweep(app)
    entries = log_of(app, created["table_id"])
    assert entries[-1]["events"][0] == {"type": "timed_out", "player": seat}
    assert entries[-1]["version"] == created["version"] + 1


def test_two_hosts_racing_over_each_expiry_log_one_timed_out_each(hosts):
    first, second = hosts
    clients = [first.test_client(), second.test_client()]
    tables = [create(clients[0], clock={"turn_seconds": 5}, seed=seed)["table_id"] for seed in range(4)]
    expiries = 6
    for _ in range(expiries):
        first.clock.now += 5
        barrier = threading.Barrier(6)
        errors = []

        def race(work):
            try:
                barrier.wait()
                work()
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)

        work = [lambda: sweep(first), lambda: sweep(second)]
        work += [lambda c=c, t=t: c.get(f"{TABLES}/{t}") for c in clients for t in tables[:2]]
        threads = [threading.Thread(target=race, args=(w,)) for w in work]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert not errors
        sweep(first)  # whatever the race left due (a claim leased to the loser of a commit)
    for table_id in tables:
        assert len(timed_out_events(first, table_id)) == expiries
        versions = [entry["version"] for entry in log_of(first, table_id)]
        assert versions == sorted(set(versions))


def test_a_table_left_overdue_while_no_host_was_running_is_settled_by_the_next_one():
    """Clocks survive a restart of the API: the deadlines and the due index are in Redis."""
    _redis_or_fail()
    clock, key = FakeClock(), "clocks:due:test:" + secrets.token_hex(6)
    before = make_app(clock, REDIS_URL, due_key=key)
    created = create(before.test_client(), clock={"turn_seconds": 60})
    before.extensions["table_store"].close()
    del before  # every API process gone
    clock.now += 3600
    after = make_app(clock, REDIS_URL, due_key=key)  # a new process, the same settings
    try:
        assert sweep(after) == 1
        seat = created["waiting_for"][0]
        assert timed_out_events(after, created["table_id"]) == [{"type": "timed_out", "player": seat}]
    finally:
        redis.Redis.from_url(REDIS_URL).delete(key)


def wait_for(condition, bound=60.0, every=0.05):
    """Poll `condition` until it holds (True) or `bound` seconds pass (False)."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()


def test_the_memory_stores_sweeper_runs_in_process_when_no_request_comes():
    clock = FakeClock()
    app = make_app(clock, CLOCK_SWEEPER=True)
    created = create(app.test_client(), clock={"turn_seconds": 30})
    try:
        clock.now += 31
        assert wait_for(lambda: len(timed_out_events(app, created["table_id"])) == 1)
    finally:
        app.extensions["clock_sweeper"].stop()


def test_while_redis_is_away_the_sweeper_waits_and_settles_once_it_is_back():
    TURN = 3600
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from redis_server import RedisServer

    clock = FakeClock()
    with RedisServer() as server:
        app = make_app(clock, server.url, CLOCK_SWEEPER=True)
        # a turn of an hour: while the test moves the clock on a second at a time (below), the next
        # seat's deadline stays out of reach, so a second time-out cannot come of a settle that a
        # busy host made slow (it did with 30 s: both seats timed out)
        created = create(app.test_client(), clock={"turn_seconds": TURN})
        sweeper = app.extensions["clock_sweeper"].start()
        try:
            server.pause()  # accepts nothing, answers nothing
            clock.now += TURN + 1
            time.sleep(3)  # the sweeper's look times out (2 s) while Redis is away; it keeps going
            assert sweeper._thread.is_alive()
            server.resume()
            # a claim sent while Redis was away may run when it is back, its answer lost: the table is
            # leased to nobody until the lease ends. On a busy host that claim may run only after the
            # test moved the clock on, leasing from the later time: the clock goes on a second at a
            # time until the table is settled (the next deadline is an hour after that: 120 s of
            # polling moves the clock 2,400 s at most)
            clock.now += LEASE

            def settled():
                if timed_out_events(app, created["table_id"]):
                    return True
                clock.now += 1
                return False

            assert wait_for(settled, 120.0)
            assert len(timed_out_events(app, created["table_id"])) == 1
        finally:
            sweeper.stop()
            app.extensions["table_store"].close()


def test_a_five_second_clock_over_a_real_socket_is_acted_on_by_the_servers_sweeper(tmp_path):
    """gunicorn with Redis and its own sweeper; nobody reads the table: Redis shows the timeout."""
    _redis_or_fail()
    import http.client
    import json

    key = "clocks:due:test:" + secrets.token_hex(6)
    env = {k: v for k, v in os.environ.items() if k not in ("GUNICORN_CMD_ARGS", "SHUFFLE_BENCH_ECHO")}
    env.update(REDIS_URL=REDIS_URL, CLOCK_DUE_KEY=key, CLOCK_SWEEPER="1", REQUEST_LOG="0")
    log = tmp_path / "gunicorn.log"
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", "127.0.0.1:0", "--workers", "1",
                                    "api:create_app()"], cwd=ROOT, env=env, stdout=sink, stderr=sink)
    store = RedisStore.from_url(REDIS_URL)
    try:
        assert wait_for(lambda: re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log.read_text()), 60)
        port = int(re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log.read_text()).group(1))
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)  # a worker boots slowly on a busy host
        conn.request("POST", TABLES, body=json.dumps({"game": "showbiz-shuffle", "players": 2, "seed": 1,
                                                      "clock": {"turn_seconds": 5}}),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        created = json.loads(response.read())
        assert response.status == 201, created
        table_id = created["table_id"]
        # no request reads the table from now on: only the server's sweeper can act
        assert wait_for(lambda: store.get(table_id)["version"] > created["version"], bound=60)
        entries = store.entries(table_id, created["version"], 0)
        assert entries[0]["events"][0] == {"type": "timed_out", "player": created["waiting_for"][0]}
        store.delete(table_id)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        redis.Redis.from_url(REDIS_URL).delete(key)
        store.close()


def test_each_games_own_tables_path_takes_a_clock_too(app):
    response = app.test_client().post("/v1/games/shufflers/tables",
                                      json={"players": 2, "seed": 3, "clock": {"turn_seconds": 20, "on_timeout": "bot"}})
    assert response.status_code == 201
    clock = response.get_json()["clock"]
    assert (clock["turn_seconds"], clock["on_timeout"]) == (20, "bot")
    assert [d["seat"] for d in clock["deadlines"]] == response.get_json()["waiting_for"]


def test_a_bots_seat_has_no_deadline_and_the_bot_moves_at_once(app):
    client = app.test_client()
    created = create(client, clock={"turn_seconds": 30}, bots={"1": "random"})
    assert [d["seat"] for d in created["clock"]["deadlines"]] == [s for s in created["waiting_for"] if s != 1]
