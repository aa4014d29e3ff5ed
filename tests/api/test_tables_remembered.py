"""A worker remembers the table records it last read or wrote (RedisStore.get_at), so a move
at the If-Match version skips its read. These tests run two apps on one real Redis, as two
workers or hosts: whatever one of them remembers, every answer is the one a fresh read gives."""

import uuid

import pytest

import core
from api import create_app
from test_api_tables import REDIS_URL, TABLES, assert_error, bearer, create, get, play, tokens_of


@pytest.fixture
def apps():
    made = [create_app({"TESTING": True, "REDIS_URL": REDIS_URL, "TABLE_TTL": 600}) for _ in range(2)]
    yield made
    for app in made:
        app.extensions["table_store"].close()


def _due(client, table_id, tokens):
    seat = get(client, table_id).get_json()["waiting_for"][0]
    mine = get(client, table_id, tokens[seat]).get_json()
    return seat, mine


def test_a_move_made_from_a_remembered_record_is_committed_once(apps):
    a = apps[0].test_client()
    created = create(a, seed=5)
    table_id, tokens = created["table_id"], tokens_of(created)
    seat, mine = _due(a, table_id, tokens)
    store = apps[0].extensions["table_store"]
    assert store.get_at(table_id, [mine["version"]])[1]  # remembered: the move needs no read
    r = play(a, table_id, tokens[seat], mine["pending"][0]["options"][0], mine["version"])
    assert r.status_code == 200
    assert apps[1].extensions["table_store"].get(table_id)["version"] == r.get_json()["version"]


def test_a_move_on_a_record_that_went_stale_elsewhere_is_412_even_if_it_was_illegal_there(apps):
    a, b = (app.test_client() for app in apps)
    created = create(a, seed=5)
    table_id, tokens = created["table_id"], tokens_of(created)
    seat, mine = _due(a, table_id, tokens)  # a remembers the table at this version
    move = mine["pending"][0]["options"][0]
    assert play(b, table_id, tokens[seat], move, mine["version"]).status_code == 200  # another host moved
    # the same move again, and a move that was never legal: the precondition fails first, as on a fresh read
    assert_error(play(a, table_id, tokens[seat], move, mine["version"]), 412, "stale_version")
    illegal = {**move, "kind": "pay", "cards": ["AS"]} if move["kind"] != "pay" else {**move, "kind": "draw"}
    assert_error(play(a, table_id, tokens[seat], illegal, mine["version"]), 412, "stale_version")


def test_a_table_deleted_and_made_again_under_its_id_is_never_moved_from_the_old_record(apps):
    """The same Idempotency-Key after a delete makes a new table with the same id (and tokens):
    a worker that remembers the old one must play the move on the new one."""
    a, b = (app.test_client() for app in apps)
    key = str(uuid.uuid4())
    first = a.post(TABLES, json={"game": "shufflers", "players": 2}, headers={"Idempotency-Key": key}).get_json()
    table_id, tokens = first["table_id"], tokens_of(first)
    seat, mine = _due(a, table_id, tokens)  # a remembers the first table at version 0
    assert b.delete(f"{TABLES}/{table_id}", headers=bearer(first["creator_token"])).status_code == 204
    again = b.post(TABLES, json={"game": "shufflers", "players": 2}, headers={"Idempotency-Key": key})
    assert again.status_code == 201 and again.get_json()["table_id"] == table_id
    fresh = apps[1].extensions["table_store"].get(table_id)
    assert fresh["born"] != apps[0].extensions["table_store"].get_at(table_id, [0])[0]["born"]

    move = mine["pending"][0]["options"][0]
    r = play(a, table_id, tokens[seat], move, mine["version"])
    try:
        expected = core.apply(fresh["state"], move, trusted=True)
    except core.EngineError:
        expected = None
    if expected is None:
        assert r.status_code in (409, 422), r.get_json()
    else:
        assert r.status_code == 200, r.get_json()
        assert apps[1].extensions["table_store"].get(table_id)["state"] == expected.state
