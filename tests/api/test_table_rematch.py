"""Rematches (issue 32): any seat of a finished game proposes one, each human seat accepts with its
token and gets its new one, the old table's stream tells everyone the new table's id. On Redis and on
the memory store, with two API hosts for the race of two proposals."""

import orjson
import pytest
from api_helpers import finished_state
from table_helpers import TABLES, at_once, bearer, events_of, forget_due, two_hosts


@pytest.fixture(params=["memory", "redis"])
def hosts(request):
    first, second = two_hosts(request.param)
    yield first, second
    forget_due(first)


@pytest.fixture
def app(hosts):
    return hosts[0]


@pytest.fixture
def client(app):
    return app.test_client()


def finished_table(app, players=3, **body):
    """A Shufflers table of named seats (the last a bot) whose game is over: its state set in the store."""
    client = app.test_client()
    body = {"game": "shufflers", "players": players, "seed": 3, "names": {"0": "Ana", "1": "Bo"},
            "bots": {str(players - 1): "random"}, "clock": {"turn_seconds": 60}, "options": {}, **body}
    created = client.post(TABLES, json=body).get_json()
    store, table_id = app.extensions["table_store"], created["table_id"]
    record = store.get(table_id)
    state = finished_state(players, seed=3)
    over = {**record, "state": state, "version": state["version"], "clock": {**record["clock"], "deadlines": {}}}
    assert store.commit(table_id, record["version"], over, [{"version": state["version"], "events": []}], 600)
    return created


def rematch(client, table_id, token):
    return client.post(f"{TABLES}/{table_id}/rematch", headers=bearer(token))


def test_a_rematch_is_proposed_only_once_the_game_ended_and_only_by_a_seat(client):
    created = client.post(TABLES, json={"game": "shufflers", "players": 2, "seed": 1}).get_json()
    early = rematch(client, created["table_id"], created["seats"][0]["token"])
    assert early.status_code == 409 and early.get_json()["code"] == "game_not_over"
    over = finished_table(client.application)
    by_creator = rematch(client, over["table_id"], over["creator_token"])
    assert by_creator.status_code == 403 and by_creator.get_json()["code"] == "wrong_seat"
    assert rematch(client, over["table_id"], "x" * 43).status_code == 401


def test_the_rematch_has_the_same_game_names_bots_and_clock_and_a_new_seed(client, app):
    old = finished_table(app)
    proposed = rematch(client, old["table_id"], old["seats"][1]["token"])
    assert proposed.status_code == 200
    new = proposed.get_json()
    assert proposed.headers["Location"] == f"{TABLES}/{new['table_id']}"
    assert new["table_id"] != old["table_id"] and new["seat"] == 1 and new["token"] != old["seats"][1]["token"]
    assert new["game"] == "shufflers" and new["seeded"] is False and new["version"] == 1
    assert [(s["name"], s["bot"], s["open"]) for s in new["seats"]] == [("Ana", None, True), ("Bo", None, False),
                                                                       (None, "random", False)]
    assert new["started"] is False and new["clock"] == {"turn_seconds": 60, "on_timeout": "default", "deadlines": []}
    record = app.extensions["table_store"].get(new["table_id"])
    assert record["creator"] == app.extensions["table_store"].get(old["table_id"])["creator"]
    assert record["options"] == {}
    # the old table says where the rematch is
    seen = client.get(f"{TABLES}/{old['table_id']}").get_json()
    assert seen["rematch"] == new["table_id"]
    assert events_of(app, old["table_id"], "rematch_proposed") == [
        {"type": "rematch_proposed", "player": 1, "table_id": new["table_id"]}]


def test_each_human_seat_accepts_with_its_token_and_the_rematch_starts_when_all_did(client, app):
    old = finished_table(app)
    first = rematch(client, old["table_id"], old["seats"][0]["token"]).get_json()
    again = rematch(client, old["table_id"], old["seats"][0]["token"])
    assert again.status_code == 409 and again.get_json()["code"] == "seat_taken"
    second = rematch(client, old["table_id"], old["seats"][1]["token"])
    assert second.status_code == 200
    body = second.get_json()
    assert body["table_id"] == first["table_id"] and body["started"] is True and body["seat"] == 1
    assert body["clock"]["deadlines"]  # the clock began with the start
    assert [e["player"] for e in events_of(app, first["table_id"], "seat_joined")] == [0, 1]
    for seat, token in ((0, first["token"]), (1, body["token"])):
        assert client.get(f"{TABLES}/{first['table_id']}", headers=bearer(token)).get_json()["seat"] == seat
    assert client.get(f"{TABLES}/{first['table_id']}", headers=bearer(old["seats"][0]["token"])).status_code == 401


def test_the_creator_may_start_a_rematch_whose_seats_did_not_all_accept(client, app):
    old = finished_table(app)
    new = rematch(client, old["table_id"], old["seats"][0]["token"]).get_json()
    started = client.post(f"{TABLES}/{new['table_id']}/start", headers=bearer(old["creator_token"]))
    assert started.status_code == 200 and started.get_json()["seats"][1]["bot"] is not None
    late = rematch(client, old["table_id"], old["seats"][1]["token"])
    assert late.status_code == 409 and late.get_json()["code"] == "seat_taken"


def test_the_old_tables_stream_tells_everyone_the_new_tables_id(client, app):
    old = finished_table(app)
    table_id = old["table_id"]
    version = client.get(f"{TABLES}/{table_id}").get_json()["version"]
    caught_up = client.get(f"{TABLES}/{table_id}/events", headers={"Last-Event-ID": str(version)})
    assert caught_up.status_code == 204  # without rematch=wait, a finished game's stream is done
    assert client.get(f"{TABLES}/{table_id}/events?rematch=now").status_code == 400
    stream = client.get(f"{TABLES}/{table_id}/events?rematch=wait", headers={
        "Last-Event-ID": str(version), **bearer(old["seats"][0]["token"])}, buffered=False)
    assert stream.status_code == 200
    chunks = iter(stream.response)
    next(chunks)  # retry:, then keep-alives until the rematch
    new = rematch(app.test_client(), table_id, old["seats"][1]["token"]).get_json()
    text = b""
    for chunk in chunks:
        text += chunk
        if b"event: step" in text and text.endswith(b"\n\n"):
            break
    stream.close()
    step = orjson.loads(text.split(b"event: step\ndata: ")[1].split(b"\n")[0])
    assert step["events"] == [{"type": "rematch_proposed", "player": 1, "table_id": new["table_id"]}]


def test_two_seats_proposing_at_once_on_two_hosts_get_one_rematch(hosts):
    first, second = hosts
    old = finished_table(first)
    answers = at_once([lambda: rematch(first.test_client(), old["table_id"], old["seats"][0]["token"]),
                       lambda: rematch(second.test_client(), old["table_id"], old["seats"][1]["token"])])
    assert [a.status_code for a in answers] == [200, 200]
    new_ids = {a.get_json()["table_id"] for a in answers}
    assert len(new_ids) == 1
    assert len(events_of(first, old["table_id"], "rematch_proposed")) == 1
    assert second.test_client().get(f"{TABLES}/{new_ids.pop()}").get_json()["started"] is True
