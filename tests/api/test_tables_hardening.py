"""Tables under hostile or unlucky clients: bounded bot work per request, public seeds, rate
limits, the cap on open streams, and honest retries (Idempotency-Key). Both stores: the
embedded one and the real Redis of REDIS_URL (never skipped)."""

import os
import uuid

import pytest

from api import create_app
from test_api_tables import REDIS_URL, TABLES, assert_error, bearer, create, get, play, read_sse, tokens_of


@pytest.fixture(params=["memory", "redis"])
def make_app(request):
    made = []

    def make(**config):
        app = create_app({"TESTING": True, "REDIS_URL": REDIS_URL if request.param == "redis" else None,
                          "TABLE_TTL": 600, "SSE_KEEPALIVE": 0.05, "SSE_MAX_SECONDS": 10, **config})
        made.append(app)
        return app

    yield make
    for app in made:
        store = app.extensions["table_store"]
        if hasattr(store, "close"):
            store.close()


@pytest.fixture
def client(make_app):
    return make_app().test_client()


def key():
    return str(uuid.uuid4())


# --- bots play inside a request only up to a budget --------------------------------------------------------
def test_an_all_bot_table_plays_one_slice_at_creation_and_the_rest_as_it_is_read(make_app):
    """Was: an all-bot table was played to its end inside the create request (15,314 events)."""
    client = make_app(BOT_MOVES_PER_REQUEST=5).test_client()
    created = create(client, game="big-shuffle", players=3, seed=4,
                     bots={"0": "random", "1": "random", "2": "random"})
    assert created["version"] == 5 and created["outcome"] is None
    table_id, versions = created["table_id"], [created["version"]]
    while True:
        body = get(client, table_id).get_json()
        assert body["version"] - versions[-1] <= 5
        versions.append(body["version"])
        if body["outcome"] is not None:
            break
        assert len(versions) < 1000
    assert versions[-1] > 50  # many slices, each bounded


def test_a_spectators_stream_drives_an_all_bot_table_to_its_end(make_app):
    client = make_app(BOT_MOVES_PER_REQUEST=4).test_client()
    created = create(client, players=3, seed=8, bots={"0": "random", "1": "random", "2": "random"})
    response = client.get(f"{TABLES}/{created['table_id']}/events", headers={"Last-Event-ID": "-1"})
    messages, _, _ = read_sse(response)
    versions = [int(fields["id"]) for fields, _ in messages]
    assert versions == list(range(len(versions))) and messages[-1][1]["outcome"] is not None


def test_after_a_human_move_the_bots_move_at_most_the_budget(make_app):
    client = make_app(BOT_MOVES_PER_REQUEST=1).test_client()
    created = create(client, players=3, seed=5, bots={"1": "random", "2": "random"})
    table_id, token = created["table_id"], tokens_of(created)[0]
    body = get(client, table_id, token).get_json()
    while 0 not in body["waiting_for"]:
        body = get(client, table_id, token).get_json()
    moved = play(client, table_id, token, body["pending"][0]["options"][0], body["version"]).get_json()
    assert moved["version"] - body["version"] <= 2  # the human's move and one bot move


# --- seeds --------------------------------------------------------------------------------------------------
def test_a_chosen_seed_is_public_to_every_seat_and_spectator(client):
    """Who chose the seed can work out every hidden card: every seat sees `seeded: true`."""
    seeded = create(client, players=2, seed=11)
    assert seeded["seeded"] is True
    for token in [None, *tokens_of(seeded).values()]:
        assert get(client, seeded["table_id"], token).get_json()["seeded"] is True
    response = client.get(f"{TABLES}/{seeded['table_id']}/events")
    fields, data = read_sse(response, limit=1)[0][0]
    assert fields["event"] == "snapshot" and data["seeded"] is True
    unseeded = create(client, players=2)
    assert unseeded["seeded"] is False and get(client, unseeded["table_id"]).get_json()["seeded"] is False


# --- rate limits and the stream cap -----------------------------------------------------------------------
def test_table_creation_is_rate_limited_per_client_with_429_and_retry_after(make_app):
    client = make_app(RATE_LIMITS_ENABLED=True, RATE_LIMIT_CREATE="3/minute").test_client()
    address = f"10.9.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"  # a fresh client in the shared Redis
    env = {"REMOTE_ADDR": address}
    for _ in range(3):
        assert client.post(TABLES, json={"game": "shufflers", "players": 1}, environ_base=env).status_code == 201
    response = client.post(TABLES, json={"game": "shufflers", "players": 1}, environ_base=env)
    assert_error(response, 429, "rate_limited")
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    other = client.post(TABLES, json={"game": "shufflers", "players": 1}, environ_base={"REMOTE_ADDR": "10.0.0.77"})
    assert other.status_code in (201, 429)  # another client has its own count (it may be used in Redis)


def test_anonymous_streams_are_rate_limited_but_seats_are_not(make_app):
    client = make_app(RATE_LIMITS_ENABLED=True, RATE_LIMIT_STREAMS="2/minute",
                      RATE_LIMIT_CREATE="100/minute").test_client()
    env = {"REMOTE_ADDR": f"10.8.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"}
    created = create(client, players=1)
    url = f"{TABLES}/{created['table_id']}/events?after=0"
    for _ in range(2):
        client.get(url, environ_base=env).close()
    assert_error(client.get(url, environ_base=env), 429, "rate_limited")
    seat = client.get(url, environ_base=env, headers=bearer(tokens_of(created)[0]))
    assert seat.status_code == 200
    seat.close()


def test_open_streams_above_the_cap_get_503_with_retry_after(make_app):
    app = make_app(SSE_MAX_STREAMS=2)
    client = app.test_client()
    created = create(client, players=1)
    url = f"{TABLES}/{created['table_id']}/events"
    first, second = client.get(url), client.get(url)
    response = client.get(url)
    assert_error(response, 503, "too_many_streams")
    assert response.headers["Retry-After"]
    second.close()  # (the test client's streams must close in the order opposite to opening)
    third = client.get(url)
    assert third.status_code == 200
    for r in (third, first):
        r.close()
    assert app.extensions["limits"].open_streams == 0


# --- honest retries ---------------------------------------------------------------------------------------------
def test_a_retried_move_with_its_idempotency_key_gets_the_original_answer(client):
    created = create(client, players=2, seed=3)
    table_id, tokens = created["table_id"], tokens_of(created)
    body = get(client, table_id).get_json()
    seat = body["waiting_for"][0]
    mine = get(client, table_id, tokens[seat]).get_json()
    move, k = mine["pending"][0]["options"][0], key()
    headers = {**bearer(tokens[seat]), "If-Match": f'"{mine["version"]}"', "Idempotency-Key": k}
    first = client.post(f"{TABLES}/{table_id}/moves", json={"move": move}, headers=headers)
    assert first.status_code == 200
    # the table moves on (the other seat, or the same one again), then the first request is retried
    now = get(client, table_id).get_json()
    other = now["waiting_for"][0]
    after = get(client, table_id, tokens[other]).get_json()
    assert play(client, table_id, tokens[other], after["pending"][0]["options"][0], after["version"]).status_code == 200
    again = client.post(f"{TABLES}/{table_id}/moves", json={"move": move}, headers=headers)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data() and again.headers["ETag"] == first.headers["ETag"]
    assert get(client, table_id).get_json()["version"] == after["version"] + 1  # nothing applied twice


def test_an_idempotency_key_reused_for_another_move_is_refused(client):
    created = create(client, players=1, seed=3)
    table_id, token = created["table_id"], tokens_of(created)[0]
    mine = get(client, table_id, token).get_json()
    k = key()
    headers = {**bearer(token), "If-Match": "*", "Idempotency-Key": k}
    assert client.post(f"{TABLES}/{table_id}/moves", json={"move": mine["pending"][0]["options"][0]},
                       headers=headers).status_code == 200
    other = {"player": 0, "kind": "something else"}
    assert_error(client.post(f"{TABLES}/{table_id}/moves", json={"move": other}, headers=headers),
                 422, "idempotency_key_reused")
    assert_error(client.post(f"{TABLES}/{table_id}/moves", json={"move": other},
                             headers={**headers, "Idempotency-Key": "short"}), 422, "invalid_request")


def _keyed_move(client, table_id, token, k, move=None):
    """The seat's first option (or `move`) with If-Match: * and Idempotency-Key `k`."""
    if move is None:
        move = get(client, table_id, token).get_json()["pending"][0]["options"][0]
    return client.post(f"{TABLES}/{table_id}/moves", json={"move": move},
                       headers={**bearer(token), "If-Match": "*", "Idempotency-Key": k}), move


def test_an_older_idempotency_key_replays_its_own_answer_not_a_third_move(client):
    """Was: only a seat's last keyed move was kept, so draw with K1, draw with K2, then K1 again
    with If-Match: * made a third move (200, not a replay)."""
    created = create(client, players=1, seed=3)
    table_id, token = created["table_id"], tokens_of(created)[0]
    k1, k2 = key(), key()
    first, move1 = _keyed_move(client, table_id, token, k1)
    second, _ = _keyed_move(client, table_id, token, k2)
    assert first.status_code == second.status_code == 200
    version = get(client, table_id).get_json()["version"]
    again, _ = _keyed_move(client, table_id, token, k1, move1)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data() and again.headers["ETag"] == first.headers["ETag"]
    assert get(client, table_id).get_json()["version"] == version  # nothing applied a third time


def test_an_older_idempotency_key_with_another_body_is_refused(client):
    """Was: after K1 then K2, a different body sent with K1 was not refused."""
    created = create(client, players=1, seed=3)
    table_id, token = created["table_id"], tokens_of(created)[0]
    k1 = key()
    _keyed_move(client, table_id, token, k1)
    _keyed_move(client, table_id, token, key())
    version = get(client, table_id).get_json()["version"]
    other = {"player": 0, "kind": "something else"}
    assert_error(_keyed_move(client, table_id, token, k1, other)[0], 422, "idempotency_key_reused")
    assert get(client, table_id).get_json()["version"] == version


def test_a_table_replays_its_last_64_keys_and_forgets_older_ones(client):
    from api.stores.base import REPLAYS_KEPT

    created = create(client, game="big-shuffle", players=2, seed=5)
    table_id, tokens = created["table_id"], tokens_of(created)
    answers = []
    for _ in range(REPLAYS_KEPT + 1):
        seat = get(client, table_id).get_json()["waiting_for"][0]
        k = key()
        response, move = _keyed_move(client, table_id, tokens[seat], k)
        assert response.status_code == 200
        answers.append((seat, k, move, response.get_data()))
    for seat, k, move, answer in answers[1:]:
        again, _ = _keyed_move(client, table_id, tokens[seat], k, move)
        assert again.headers.get("Idempotent-Replayed") == "true" and again.get_data() == answer
    seat, k, move, answer = answers[0]  # forgotten: a new move (or a refusal), never the old answer
    assert _keyed_move(client, table_id, tokens[seat], k, move)[0].headers.get("Idempotent-Replayed") is None


def test_an_idempotency_key_belongs_to_its_seat(client):
    created = create(client, players=2, seed=3)
    table_id, tokens = created["table_id"], tokens_of(created)
    k = key()
    seat = get(client, table_id).get_json()["waiting_for"][0]
    assert _keyed_move(client, table_id, tokens[seat], k)[0].status_code == 200
    other = get(client, table_id).get_json()["waiting_for"][0]
    if other != seat:  # the same key from another seat is that seat's own first use of it
        response, _ = _keyed_move(client, table_id, tokens[other], k)
        assert response.status_code == 200 and "Idempotent-Replayed" not in response.headers


def test_a_retried_creation_with_its_idempotency_key_gets_the_same_table_and_tokens(client):
    k = key()
    body = {"game": "shufflers", "players": 2, "bots": {"1": "random"}}
    first = client.post(TABLES, json=body, headers={"Idempotency-Key": k})
    again = client.post(TABLES, json=body, headers={"Idempotency-Key": k})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    a, b = first.get_json(), again.get_json()
    assert (a["table_id"], a["seats"], a["creator_token"]) == (b["table_id"], b["seats"], b["creator_token"])
    assert get(client, a["table_id"], tokens_of(a)[0]).status_code == 200
    assert_error(client.post(TABLES, json={**body, "players": 3}, headers={"Idempotency-Key": k}),
                 422, "idempotency_key_reused")
    fresh = client.post(TABLES, json=body, headers={"Idempotency-Key": key()}).get_json()
    assert fresh["table_id"] != a["table_id"] and fresh["creator_token"] != a["creator_token"]


def test_the_suite_runs_with_rate_limits_off():
    """The suite turns limits off (tests/conftest.py); the service's default is on."""
    assert os.environ["RATE_LIMITS_ENABLED"] == "0"
    assert create_app({"REDIS_URL": None, "RATE_LIMITS_ENABLED": True}).extensions["limits"].enabled
    from api.limits import DEFAULTS
    assert DEFAULTS["RATE_LIMITS_ENABLED"] is True
