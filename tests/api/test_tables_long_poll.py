"""GET /v1/tables/{id}/steps: the long-poll for clients that cannot read the event stream, and the
creator's token, which reads and follows its table as a spectator. Both stores."""

import threading
import time

import pytest

import api.tables
import core
from api import create_app
from test_api_tables import REDIS_URL, TABLES, assert_error, bearer, create, get, play, tokens_of
from time_bounds import bound


@pytest.fixture(params=["memory", "redis"])
def app(request):
    app = create_app({"TESTING": True, "REDIS_URL": REDIS_URL if request.param == "redis" else None,
                      "TABLE_TTL": 600, "LONG_POLL_SECONDS": 5})
    yield app
    store = app.extensions["table_store"]
    if hasattr(store, "close"):
        store.close()


def steps(client, table_id, after, token=None, **params):
    query = "&".join(f"{k}={v}" for k, v in {"after": after, **params}.items())
    return client.get(f"{TABLES}/{table_id}/steps?{query}", headers=bearer(token) if token else {})


def move_due(client, table_id, tokens):
    seat = get(client, table_id).get_json()["waiting_for"][0]
    mine = get(client, table_id, tokens[seat]).get_json()
    return play(client, table_id, tokens[seat], mine["pending"][0]["options"][0], mine["version"])


def test_the_steps_after_a_version_come_at_once_redacted_for_the_seat(app):
    client = app.test_client()
    created = create(client, players=2, seed=7)
    table_id, tokens = created["table_id"], tokens_of(created)
    for _ in range(3):
        assert move_due(client, table_id, tokens).status_code == 200
    store = app.extensions["table_store"]
    record = store.get(table_id)
    for seat in (0, 1, None):
        body = steps(client, table_id, -1, tokens.get(seat), wait=0).get_json()
        assert [s["version"] for s in body["steps"]] == list(range(record["version"] + 1))
        assert body["version"] == record["version"]
        log = store.entries(table_id, -1, 0)
        assert [s["events"] for s in body["steps"]] == [core.view_events(record["state"], e["events"], seat)
                                                        for e in log]
    assert steps(client, table_id, 1, wait=0).get_json()["steps"][0]["version"] == 2


def _hour_long_polls(app, monkeypatch) -> None:
    """A long-poll may wait an hour: one that answers at all (within a generous bound) was not ended
    by its wait running out, so no test needs to read a clock for that."""
    monkeypatch.setattr(api.tables, "MAX_WAIT", 3600.0)
    app.config["LONG_POLL_SECONDS"] = 3600


def _started(call):
    """`call()` in a thread of its own; the function returned waits for its answer (a bound, not a deadline)."""
    answer = {}
    thread = threading.Thread(target=lambda: answer.setdefault("body", call()), daemon=True)
    thread.start()

    def body(why_not: str):
        thread.join(bound(60))
        assert not thread.is_alive(), why_not
        return answer["body"]
    return body


def test_a_waiting_long_poll_answers_as_soon_as_a_move_is_made(app, monkeypatch):
    """The poll waits an hour: that it answers with the new step is the move waking it."""
    _hour_long_polls(app, monkeypatch)
    created = create(app.test_client(), players=2, seed=7)
    table_id, tokens = created["table_id"], tokens_of(created)
    body = _started(lambda: steps(app.test_client(), table_id, created["version"], wait=3600).get_json())
    time.sleep(0.3)  # most often already waiting; if not, it finds the step at once, as it must
    assert move_due(app.test_client(), table_id, tokens).status_code == 200
    got = body("the move did not wake the waiting long-poll")
    assert [s["version"] for s in got["steps"]] == [created["version"] + 1]


def test_a_long_poll_with_nothing_new_answers_empty_after_wait_and_a_finished_game_at_once(app, monkeypatch):
    client = app.test_client()
    created = create(client, players=1, seed=3)
    table_id, tokens = created["table_id"], tokens_of(created)
    started = time.monotonic()
    body = steps(client, table_id, created["version"], wait=0.3).get_json()
    assert body == {"game": created["game"], "version": created["version"], "steps": [], "outcome": None}
    assert time.monotonic() - started >= 0.3  # it waited (a lower bound: a busy machine cannot fail it)
    while get(client, table_id).get_json()["outcome"] is None:
        assert move_due(client, table_id, tokens).status_code == 200
    last = get(client, table_id).get_json()
    _hour_long_polls(app, monkeypatch)
    body = _started(lambda: steps(client, table_id, last["version"], wait=3600).get_json())(
        "a finished game's long-poll waited")
    assert body["steps"] == [] and body["outcome"] == last["outcome"]


def test_long_poll_refusals(app):
    client = app.test_client()
    created = create(client, players=2)
    table_id = created["table_id"]
    assert_error(client.get(f"{TABLES}/{table_id}/steps"), 400, "invalid_last_event_id")
    assert_error(steps(client, table_id, 99), 400, "invalid_last_event_id")
    assert_error(steps(client, table_id, "x"), 400, "invalid_last_event_id")
    for wait in ("-1", "21", "nan", "abc"):
        assert_error(steps(client, table_id, 0, wait=wait), 400, "invalid_wait")
    assert_error(steps(client, "no-such-table", 0), 404, "unknown_table")
    assert_error(steps(client, table_id, 0, token="x" * 43), 401, "invalid_token")


def test_a_waiting_long_poll_counts_as_an_open_stream():
    app = create_app({"TESTING": True, "SSE_MAX_STREAMS": 0, "LONG_POLL_SECONDS": 5})
    client = app.test_client()
    created = create(client, players=2)
    assert_error(steps(client, created["table_id"], created["version"], wait=1), 503, "too_many_streams")
    assert steps(client, created["table_id"], created["version"], wait=0).status_code == 200  # no wait: no stream


def test_the_creators_token_reads_and_follows_as_a_spectator_but_cannot_move(app):
    client = app.test_client()
    created = create(client, players=2, seed=7)
    table_id, creator = created["table_id"], created["creator_token"]
    seen = get(client, table_id, creator).get_json()
    assert seen["seat"] is None and seen["pending"] == [] and seen["view"] == get(client, table_id).get_json()["view"]
    assert steps(client, table_id, -1, creator, wait=0).status_code == 200
    move = {"player": created["waiting_for"][0], "kind": "draw"}
    assert_error(play(client, table_id, creator, move, created["version"]), 403, "wrong_seat")
    assert client.delete(f"{TABLES}/{table_id}", headers=bearer(creator)).status_code == 204
