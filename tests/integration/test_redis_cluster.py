"""Tables on a real Redis Cluster (three primaries, three replicas, started here): REDIS_CLUSTER=1.

Was: with REDIS_URL naming a node of a cluster, POST /v1/tables answered 500 (redis-py's
MovedError reached the catch-all). Now the single-node client answers 503 with a hint, and
REDIS_CLUSTER=1 serves tables from every primary, follows a slot migrated in the middle of a
game, survives a primary killed under load, and lets two API hosts share the cluster.
"""

import os
import signal
import threading
import time
from pathlib import Path

import orjson
import pytest
import redis
import yaml
from redis.crc import key_slot

from api import create_app
from api.stores.redis import events_key, record_key
from cluster import RedisCluster
from integration_helpers import EventStream, create_table, play, request, tokens_of
from time_bounds import bound


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    # a node silent for 5 s is failed over: longer than test_readyz_... keeps one paused
    with RedisCluster(tmp_path_factory.mktemp("cluster"), node_timeout_ms=5000) as c:
        yield c


def _app(cluster, **config):
    return create_app({"TESTING": True, "REDIS_URL": cluster.url, "REDIS_CLUSTER": True, "TABLE_TTL": 600,
                       "SSE_KEEPALIVE": 0.05, "SSE_MAX_SECONDS": 5, **config})


def _slot(table_id):
    return key_slot(record_key(table_id).encode())


def _move_due(client, table_id, token):
    """The first option of the seat whose token this is, at the version it reads."""
    auth = {"Authorization": f"Bearer {token}"}
    mine = client.get(f"/v1/tables/{table_id}", headers=auth).get_json()
    return client.post(f"/v1/tables/{table_id}/moves", json={"move": mine["pending"][0]["options"][0]},
                       headers={**auth, "If-Match": f'"{mine["version"]}"'})


def _play(client, table_id, tokens, moves):
    """`moves` moves at the table (whoever is due); returns the answers' versions."""
    versions = []
    for _ in range(moves):
        body = client.get(f"/v1/tables/{table_id}").get_json()
        if body["outcome"] is not None:
            break
        r = _move_due(client, table_id, tokens[body["waiting_for"][0]])
        assert r.status_code == 200, r.get_json()
        versions.append(r.get_json()["version"])
    return versions


def _consistent(cluster, table_id):
    """The table's log has one entry per version, 0..version, and ends where the record is."""
    deadline = time.monotonic() + bound(15)
    while True:  # right after a failover, a node's slot map may still name the dead primary for a moment
        node = redis.RedisCluster.from_url(cluster.url)
        try:
            record = orjson.loads(node.hget(record_key(table_id), "record"))
            entries = [orjson.loads(fields[b"entry"]) for _, fields in node.xrange(events_key(table_id))]
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
        finally:
            node.close()
    assert [e["version"] for e in entries] == list(range(record["version"] + 1)), table_id
    return record


def test_a_single_node_client_on_a_cluster_answers_503_not_500(cluster):
    client = create_app({"TESTING": True, "REDIS_URL": cluster.url}).test_client()
    codes = {client.post("/v1/tables", json={"game": "shufflers", "players": 1}).status_code for _ in range(12)}
    assert 500 not in codes and 503 in codes  # tables whose slot is on another node: MOVED -> 503


def test_tables_live_on_every_primary_and_play_and_stream(cluster):
    client = _app(cluster).test_client()
    created = [client.post("/v1/tables", json={"game": "shufflers", "players": 2}).get_json() for _ in range(24)]
    owners = {cluster.port_of_slot(_slot(t["table_id"])) for t in created}
    assert owners == set(cluster.primaries())  # spread over all three primaries
    for t in created[:6]:
        _play(client, t["table_id"], tokens_of(t), 4)
        _consistent(cluster, t["table_id"])
    t = created[0]
    response = client.get(f"/v1/tables/{t['table_id']}/events?after=-1")
    first = next(iter(response.response))
    response.close()
    assert first.startswith(b"retry:")
    assert client.get("/readyz").status_code == 200


def test_a_slot_migrated_in_the_middle_of_a_game_is_followed(cluster):
    """MOVED and ASK: the table's slot moves to another primary between two moves, and back."""
    client = _app(cluster).test_client()
    t = client.post("/v1/tables", json={"game": "shufflers", "players": 2, "seed": 9}).get_json()
    table_id, tokens = t["table_id"], tokens_of(t)
    _play(client, table_id, tokens, 3)
    slot = _slot(table_id)
    for _ in range(2):
        source = cluster.port_of_slot(slot)
        target = next(p for p in cluster.primaries() if p != source)
        ids = cluster.primaries()
        src, dst = cluster.node(source), cluster.node(target)
        dst.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", ids[source])
        src.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", ids[target])
        _play(client, table_id, tokens, 1)  # keys still on the source: served there
        keys = src.execute_command("CLUSTER", "GETKEYSINSLOT", slot, 100)
        src.execute_command("MIGRATE", "127.0.0.1", target, "", 0, 5000, "KEYS", *keys)
        _play(client, table_id, tokens, 1)  # keys moved, slot not yet: ASK
        for port in cluster.primaries():
            cluster.node(port).execute_command("CLUSTER", "SETSLOT", slot, "NODE", ids[target])
        _play(client, table_id, tokens, 2)  # MOVED, then the new owner
        assert cluster.port_of_slot(slot) == target
    _consistent(cluster, table_id)


def test_readyz_is_503_while_the_named_node_does_not_answer_and_200_after(cluster):
    port = int(cluster.url.rsplit(":", 1)[1].split("/")[0])
    app = _app(cluster)  # the cluster client is made on first use
    client = app.test_client()
    proc = cluster.procs[port]
    os.kill(proc.pid, signal.SIGSTOP)
    try:
        assert client.get("/healthz").status_code == 200
        assert client.get("/readyz").status_code == 503
    finally:
        os.kill(proc.pid, signal.SIGCONT)
    deadline = time.monotonic() + bound(30)
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, "readyz never recovered"
        time.sleep(0.2)


def test_two_api_hosts_share_the_cluster_and_streams_resume_across_hosts(cluster, gunicorn_factory):
    a = gunicorn_factory(cluster.url, workers=1, REDIS_CLUSTER=1)
    b = gunicorn_factory(cluster.url, workers=1, REDIS_CLUSTER=1)
    created = create_table(a.port, players=2, seed=5)
    table_id, tokens = created["table_id"], tokens_of(created)
    with EventStream(b.port, table_id) as stream:
        assert stream.wait_until(lambda evs: len(evs) >= 1, timeout=60)
        for i in range(4):
            assert len(play(a.port if i % 2 else b.port, table_id, tokens, 1)) == 1
        assert stream.wait_until(lambda evs: sum(e.event == "step" for e in evs) >= 4, timeout=60), \
            (stream.events, b.log())
        seen = [e.version for e in stream.events if e.event == "step"]
    # resume on A after the second step seen on B: only the later steps come
    with EventStream(a.port, table_id, last_event_id=str(seen[1])) as resumed:
        assert resumed.wait_until(lambda evs: len(evs) >= len(seen) - 2, timeout=60)
        assert [e.version for e in resumed.events][: len(seen) - 2] == seen[2:]
    for server in (a, b):
        server.stop()


def test_racing_moves_through_two_hosts_lose_and_duplicate_nothing(cluster, gunicorn_factory):
    """A bounded load test: 8 tables, two clients per seat on alternating hosts racing for each move."""
    a = gunicorn_factory(cluster.url, workers=1, REDIS_CLUSTER=1)
    b = gunicorn_factory(cluster.url, workers=1, REDIS_CLUSTER=1)
    hosts = [a.port, b.port]
    tables = [create_table(hosts[i % 2], players=2) for i in range(8)]
    statuses, accepted, lock = [], {}, threading.Lock()

    def racer(t, k):
        table_id, tokens = t["table_id"], tokens_of(t)
        for i in range(12):
            port = hosts[(i + k) % 2]
            body = request(port, "GET", f"/v1/tables/{table_id}").body
            if body["outcome"] is not None:
                return
            seat = body["waiting_for"][0]
            mine = request(port, "GET", f"/v1/tables/{table_id}", token=tokens[seat]).body
            if not mine["pending"]:  # the other racer moved in between
                continue
            r = request(port, "POST", f"/v1/tables/{table_id}/moves", {"move": mine["pending"][0]["options"][0]},
                        token=tokens[seat], if_match=mine["version"])
            with lock:
                statuses.append(r.status)
                if r.status == 200:
                    accepted.setdefault(table_id, []).append(mine["version"])

    threads = [threading.Thread(target=racer, args=(t, k)) for t in tables for k in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=bound(120))
    assert not any(s >= 500 for s in statuses), statuses
    assert set(statuses) <= {200, 412}
    for t in tables:
        record = _consistent(cluster, t["table_id"])
        versions = accepted.get(t["table_id"], [])
        assert len(versions) == len(set(versions))  # no version was won twice
        assert record["version"] >= len(versions)  # every acknowledged move is in the table
    for server in (a, b):
        server.stop()


@pytest.mark.parametrize("wait_replicas", [0, 1], ids=["async", "wait-replica"])
def test_a_primary_killed_under_load_gives_503s_then_recovers_with_tables_consistent(tmp_path, wait_replicas):
    """With REDIS_WAIT_REPLICAS=1 no acknowledged move may be lost; without it, only tables on the
    killed primary may lose one (reported), and every table's log stays whole."""
    # a node silent for 3 s is failed over: a loaded CI machine can stall a healthy node for 1 s
    with RedisCluster(tmp_path, node_timeout_ms=3000) as c:
        # a loaded CI machine can also be slow to let a healthy replica confirm: 2 s, not 0.5 s (a
        # table created before the kill was refused 503 once, 2026-11-25, with the suite beside it)
        client = _app(c, REDIS_WAIT_REPLICAS=wait_replicas, REDIS_WAIT_TIMEOUT_MS=2000).test_client()
        # Big Shuffle games: long enough to be still going when the primary dies
        tables = [client.post("/v1/tables", json={"game": "big-shuffle", "players": 2}).get_json() for _ in range(9)]
        victim_port = c.port_of_slot(_slot(tables[0]["table_id"]))
        acknowledged, statuses, stop = {}, [], threading.Event()

        def load(t):
            table_id, tokens = t["table_id"], tokens_of(t)
            while not stop.is_set():
                try:
                    body = client.get(f"/v1/tables/{table_id}").get_json()
                    if body.get("outcome") is not None or "waiting_for" not in body:
                        statuses.append(body.get("code", "over"))
                        time.sleep(0.05)
                        if body.get("outcome") is not None:
                            return
                        continue
                    r = _move_due(client, table_id, tokens[body["waiting_for"][0]])
                    statuses.append(r.status_code)
                    if r.status_code == 200:
                        acknowledged[table_id] = r.get_json()["version"]
                except (KeyError, TypeError, IndexError):  # a read answered 503 (no view in the body)
                    statuses.append("partial")
                time.sleep(0.01)

        threads = [threading.Thread(target=load, args=(t,)) for t in tables]
        for th in threads:
            th.start()
        time.sleep(1.0)
        on_victim = {t["table_id"] for t in tables if c.port_of_slot(_slot(t["table_id"])) == victim_port}
        c.kill(victim_port)
        c.wait_failover(victim_port, timeout=90)
        time.sleep(1.0)
        stop.set()
        for th in threads:
            th.join(timeout=bound(60))
        assert 500 not in statuses
        assert 503 in statuses or "store_unavailable" in statuses  # the killed primary's tables, meanwhile
        assert victim_port not in c.primaries()  # its replica took over
        lost = set()
        for t in tables:
            record = _consistent(c, t["table_id"])
            if record["version"] < acknowledged.get(t["table_id"], 0):
                lost.add(t["table_id"])
        # asynchronous replication may lose a move acknowledged just before the kill; report it
        print(f"acknowledged moves lost to the failover (REDIS_WAIT_REPLICAS={wait_replicas}): "
              f"{len(lost)} of {len(tables)} tables ({len(on_victim)} on the killed primary)")
        assert lost <= (set() if wait_replicas else on_victim)
        if wait_replicas:
            # the promoted replica has no replica of its own: WAIT cannot be met on its slots
            # (503) until the dead node comes back, as its replica
            c.restart(victim_port)
        # recovered without a restart of the API: every shard takes new tables. The API's slot map
        # may name the dead node once more (a 503, which refreshes it), never a 500
        created, deadline = 0, time.monotonic() + bound(30)
        while created < 6:
            status = client.post("/v1/tables", json={"game": "shufflers", "players": 1}).status_code
            assert status in (201, 503), status
            created = created + 1 if status == 201 else 0
            assert time.monotonic() < deadline, "the API did not recover from the failover"


def test_the_compose_cluster_profile_has_the_shape_these_tests_start():
    """docker-compose's "cluster" profile cannot be run here (no image builds): it must at least
    describe what these tests run, six cluster nodes with one replica each and two API hosts."""
    compose = yaml.safe_load((Path(__file__).resolve().parents[2] / "docker-compose.yml").read_text())
    profiled = {name: s for name, s in compose["services"].items() if "cluster" in s.get("profiles", [])}
    nodes = [s for s in profiled.values() if "--cluster-enabled" in s.get("command", [])]
    assert len(nodes) == 6
    create = " ".join(profiled["redis-cluster-create"]["command"])
    assert "--cluster-replicas 1" in create and create.count(":6379") >= 6
    hosts = [s for s in profiled.values() if s.get("environment", {}).get("REDIS_CLUSTER") == "1"]
    assert len(hosts) == 2 and len({h["ports"][0] for h in hosts}) == 2
