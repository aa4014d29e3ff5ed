"""REDIS_WAIT_REPLICAS: a table change is acknowledged only once a replica has it (Redis WAIT), so
a failover cannot lose an acknowledged move. A private primary and replica, started here."""

import time
import uuid

import orjson
import pytest
import redis

from api import create_app
from api.stores.redis import record_key
from redis_server import RedisServer
from test_api_tables import assert_error, bearer, tokens_of
from time_bounds import bound


@pytest.fixture
def pair():
    with RedisServer() as primary, RedisServer() as replica:
        link = redis.Redis.from_url(replica.url)
        link.replicaof("127.0.0.1", primary.port)
        deadline = time.monotonic() + bound(10)
        while link.info("replication").get("master_link_status") != "up":
            assert time.monotonic() < deadline, "the replica did not sync"
            time.sleep(0.05)
        yield primary, replica, link
        link.close()


def _app(primary, **config):
    return create_app({"TESTING": True, "REDIS_URL": primary.url, "REDIS_WAIT_REPLICAS": 1,
                       "REDIS_WAIT_TIMEOUT_MS": 300, **config})


def _version_on(client, table_id):
    raw = client.hget(record_key(table_id), "record")
    return None if raw is None else orjson.loads(raw)["version"]


def _first_move(client, created):
    table_id, tokens = created["table_id"], tokens_of(created)
    seat = created["waiting_for"][0]
    mine = client.get(f"/v1/tables/{table_id}", headers=bearer(tokens[seat])).get_json()
    return tokens[seat], mine["pending"][0]["options"][0], mine["version"]


def test_with_wait_replicas_a_table_and_its_moves_are_on_the_replica_when_acknowledged(pair):
    primary, replica, link = pair
    client = _app(primary).test_client()
    created = client.post("/v1/tables", json={"game": "shufflers", "players": 2}).get_json()
    assert _version_on(link, created["table_id"]) == created["version"]  # no sleep: WAIT came first
    token, move, version = _first_move(client, created)
    r = client.post(f"/v1/tables/{created['table_id']}/moves", json={"move": move},
                    headers={**bearer(token), "If-Match": f'"{version}"'})
    assert r.status_code == 200
    assert _version_on(link, created["table_id"]) == r.get_json()["version"]


def test_with_the_replica_silent_a_move_gets_503_and_a_retry_with_its_key_finds_it(pair):
    primary, replica, link = pair
    client = _app(primary).test_client()
    created = client.post("/v1/tables", json={"game": "shufflers", "players": 2}).get_json()
    token, move, version = _first_move(client, created)
    headers = {**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": str(uuid.uuid4())}
    replica.pause()
    try:
        r = client.post(f"/v1/tables/{created['table_id']}/moves", json={"move": move}, headers=headers)
        assert_error(r, 503, "store_unavailable")
    finally:
        replica.resume()
    # the move stands on the primary (a 503 says it may): the retry gets its answer, not a second move
    again = client.post(f"/v1/tables/{created['table_id']}/moves", json={"move": move}, headers=headers)
    assert again.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json()["version"] == version + 1


def test_without_wait_replicas_nothing_waits_for_the_replica(pair):
    primary, replica, link = pair
    client = _app(primary, REDIS_WAIT_REPLICAS=0).test_client()
    replica.pause()
    try:
        assert client.post("/v1/tables", json={"game": "shufflers", "players": 2}).status_code == 201
    finally:
        replica.resume()
