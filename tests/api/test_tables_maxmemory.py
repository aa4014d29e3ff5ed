"""A Redis at `maxmemory` refuses table writes whole: 503, nothing half-written, nothing lost.

Was: CREATE_LUA began with a DEL, and a script that has written once may go on writing past
`maxmemory`, so creations still went through (1,000 at 201 with a 3 MB limit, Redis at 46 MB)
while moves on existing tables got 503. The scripts now carry a `#!lua` shebang without
`allow-oom`, so Redis refuses them before they run.
"""

import orjson
import pytest
import redis

from api import create_app
from api.stores.redis import events_key, record_key
from redis_server import RedisServer

LIMIT = 2 * 1024 * 1024


@pytest.fixture
def full_redis():
    with RedisServer() as server:
        client = redis.Redis.from_url(server.url)
        client.config_set("maxmemory", LIMIT)
        client.config_set("maxmemory-policy", "noeviction")
        yield server, client
        client.close()


def test_at_maxmemory_creations_and_moves_get_503_and_nothing_is_half_written(full_redis):
    server, r = full_redis
    client = create_app({"TESTING": True, "REDIS_URL": server.url}).test_client()
    created, refused = [], 0
    for _ in range(3000):
        response = client.post("/v1/tables", json={"game": "big-shuffle", "players": 4})
        if response.status_code == 503:
            assert response.get_json()["code"] == "store_unavailable"
            refused += 1
            if refused >= 20:
                break
            continue
        assert response.status_code == 201, response.get_json()
        created.append(response.get_json())
    assert refused >= 20 and created, "Redis never refused a creation at maxmemory"
    peak = r.info("memory")["used_memory_peak"]
    assert peak < 2 * LIMIT, f"Redis grew to {peak} bytes past a {LIMIT}-byte maxmemory"

    # every table is whole: its record and its log, or nothing
    for key in r.scan_iter("table:*"):
        key = key.decode()
        table_id = key.split("{")[1].split("}")[0]
        assert r.exists(record_key(table_id)) and r.exists(events_key(table_id)), key

    # a move at maxmemory: 503, and the table is as it was
    table = created[0]
    token = table["seats"][table["waiting_for"][0]]["token"]
    seen = client.get(f"/v1/tables/{table['table_id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    before = r.hget(record_key(table["table_id"]), "record")
    move = seen["pending"][0]["options"][0]
    response = client.post(f"/v1/tables/{table['table_id']}/moves", json={"move": move},
                           headers={"Authorization": f"Bearer {token}", "If-Match": f'"{seen["version"]}"'})
    assert response.status_code == 503 and response.get_json()["code"] == "store_unavailable"
    assert r.hget(record_key(table["table_id"]), "record") == before

    # room again: the same move goes through, and every earlier table is still there
    r.config_set("maxmemory", 0)
    for t in created:
        assert orjson.loads(r.hget(record_key(t["table_id"]), "record"))["version"] == t["version"]
    response = client.post(f"/v1/tables/{table['table_id']}/moves", json={"move": move},
                           headers={"Authorization": f"Bearer {token}", "If-Match": f'"{seen["version"]}"'})
    assert response.status_code == 200
