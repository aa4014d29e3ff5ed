"""Idle tables expire (TABLE_TTL seconds after their last move); a move keeps a table alive."""

import time

from integration_helpers import EventStream, create_table, play, request, tokens_of


def test_an_idle_table_is_gone_after_its_ttl_and_a_move_restarts_the_clock(gunicorn_factory, redis_url):
    server = gunicorn_factory(redis_url, TABLE_TTL=1)
    port = server.port
    created = create_table(port, players=2, seed=8)
    table_id, tokens = created["table_id"], tokens_of(created)
    born = time.monotonic()

    # Moves every ~0.5 s keep it alive for longer than the TTL.
    for _ in range(2):
        time.sleep(0.45)
        version = play(port, table_id, tokens, 1)[-1]["version"]
    time.sleep(0.45)
    r = request(port, "GET", f"/v1/tables/{table_id}")
    assert time.monotonic() - born > 1.3
    assert r.status == 200, (time.monotonic() - born, r.status, r.body)
    assert r.body["version"] == version

    time.sleep(2.0)  # idle for longer than the TTL
    for method, path, body in (("GET", f"/v1/tables/{table_id}", None),
                               ("POST", f"/v1/tables/{table_id}/moves", {"move": {"player": 0, "kind": "draw"}})):
        r = request(port, method, path, body, token=tokens[0], if_match=version)
        assert r.status == 404, (method, r.status, r.body)
        assert r.body["code"] == "unknown_table"
    with EventStream(port, table_id, last_event_id=0) as stream:
        assert stream.status == 404
        assert stream.body["code"] == "unknown_table"


def test_an_unknown_table_is_404_unknown_table(server_a):
    r = request(server_a.port, "GET", "/v1/tables/no-such-table")
    assert r.status == 404 and r.body["code"] == "unknown_table", (r.status, r.body)
    with EventStream(server_a.port, "no-such-table") as stream:
        assert stream.status == 404 and stream.body["code"] == "unknown_table", (stream.status, stream.body)
