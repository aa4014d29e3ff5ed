"""Taking a move back at a table (issue 32): allowed while nobody moved since and the move revealed
nothing; else 409 `undo_not_allowed` with the reason. On Redis and on the memory store."""

import os

import pytest
import redis

from api import create_app

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
TABLES = "/v1/tables"


@pytest.fixture(scope="module", params=["memory", "redis"])
def client(request):
    if request.param == "redis":
        try:
            redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=2).ping()
        except redis.RedisError as error:
            pytest.fail(f"Redis is not reachable at {REDIS_URL} ({error})", pytrace=False)
    app = create_app({"TESTING": True, "REDIS_URL": REDIS_URL if request.param == "redis" else None,
                      "TABLE_TTL": 600, "CLOCK_SWEEPER": False})
    return app.test_client()


def auth(token, version=None):
    headers = {"Authorization": f"Bearer {token}"}
    if version is not None:
        headers["If-Match"] = f'"{version}"'
    return headers


def table(client, **body):
    """Showbiz Shuffle, seed 1: seat 0's 5th option (a start_movie) reveals nothing, its 1st draws a
    card, its 3rd turns a card face up, `shake_up` shuffles, `end_turn` reveals nothing."""
    response = client.post(TABLES, json={"game": "showbiz-shuffle", "players": 2, "seed": 1, **body})
    assert response.status_code == 201
    created = response.get_json()
    return created, [seat["token"] for seat in created["seats"]]


def seen(client, table_id, token=None):
    """A viewer's position (the view's `version` aside: it counts the changes, the undo one of them)."""
    body = client.get(f"{TABLES}/{table_id}", headers=auth(token) if token else {}).get_json()
    body["view"].pop("version")
    return {k: body[k] for k in ("view", "pending", "waiting_for", "outcome")}


def move(client, table_id, token, version, option):
    return client.post(f"{TABLES}/{table_id}/moves", json={"move": option}, headers=auth(token, version))


def undo(client, table_id, token, version):
    return client.post(f"{TABLES}/{table_id}/undo", headers=auth(token, version))


def options(client, table_id, token):
    return client.get(f"{TABLES}/{table_id}", headers=auth(token)).get_json()["pending"][0]["options"]


def refused(response, reason):
    assert response.status_code == 409, response.get_json()
    body = response.get_json()
    assert body["code"] == "undo_not_allowed" and body["errors"] == {"reason": [reason]}
    return body["message"]


def test_a_move_that_revealed_nothing_is_taken_back_and_everyone_sees_the_position_before_it(client):
    created, tokens = table(client)
    tid = created["table_id"]
    before = {who: seen(client, tid, who) for who in (None, *tokens)}
    moved = move(client, tid, tokens[0], created["version"], options(client, tid, tokens[0])[4])
    assert moved.status_code == 200
    taken = undo(client, tid, tokens[0], moved.get_json()["version"])
    assert taken.status_code == 200, taken.get_json()
    assert taken.get_json()["version"] == created["version"] + 2  # the version still goes up
    assert taken.headers["ETag"] == f'"{created["version"] + 2}"'
    assert {who: seen(client, tid, who) for who in (None, *tokens)} == before
    steps = client.get(f"{TABLES}/{tid}/steps?after={created['version'] + 1}&wait=0").get_json()["steps"]
    assert steps[-1]["events"] == [{"type": "move_undone", "player": 0, "version": created["version"] + 1}]
    # and the game goes on from there
    assert move(client, tid, tokens[0], created["version"] + 2, options(client, tid, tokens[0])[-1]).status_code == 200


def test_a_move_that_used_randomness_cannot_be_taken_back(client):
    created, tokens = table(client)
    shake = next(o for o in options(client, created["table_id"], tokens[0]) if o["kind"] == "shake_up")
    moved = move(client, created["table_id"], tokens[0], created["version"], shake).get_json()
    assert "randomness" in refused(undo(client, created["table_id"], tokens[0], moved["version"]), "revealed")


def test_a_move_that_drew_a_card_cannot_be_taken_back(client):
    created, tokens = table(client)
    moved = move(client, created["table_id"], tokens[0], created["version"],
                 options(client, created["table_id"], tokens[0])[0]).get_json()
    assert "drew a card" in refused(undo(client, created["table_id"], tokens[0], moved["version"]), "revealed")


def test_only_the_last_mover_may_take_back_and_only_its_last_move(client):
    created, tokens = table(client)
    tid = created["table_id"]
    refused(undo(client, tid, tokens[0], created["version"]), "no_move")  # nobody moved yet
    moved = move(client, tid, tokens[0], created["version"], options(client, tid, tokens[0])[-1]).get_json()
    refused(undo(client, tid, tokens[1], moved["version"]), "no_move")
    taken = undo(client, tid, tokens[0], moved["version"]).get_json()
    refused(undo(client, tid, tokens[0], taken["version"]), "no_move")  # no second undo of the same move


def test_a_move_followed_by_a_bots_move_cannot_be_taken_back(client):
    created, tokens = table(client, bots={"1": "random"})
    end = options(client, created["table_id"], tokens[0])[-1]
    assert end["kind"] == "end_turn"
    moved = move(client, created["table_id"], tokens[0], created["version"], end).get_json()
    assert moved["version"] > created["version"] + 1  # the bot moved after it
    assert moved["can_undo"] is False
    refused(undo(client, created["table_id"], tokens[0], moved["version"]), "moved_since")


def can_undo(client, table_id, token=None):
    return client.get(f"{TABLES}/{table_id}", headers=auth(token) if token else {}).get_json()["can_undo"]


def test_can_undo_is_true_for_the_mover_only_after_a_move_that_revealed_nothing(client):
    """`can_undo`, decided as the move was committed: true for the seat whose move it was, in the
    move's answer and every read of that seat; false for the other seat and spectators."""
    from table_helpers import snapshot_of

    created, tokens = table(client)
    tid = created["table_id"]
    assert created["can_undo"] is False and can_undo(client, tid, tokens[0]) is False  # nobody moved yet
    moved = move(client, tid, tokens[0], created["version"], options(client, tid, tokens[0])[4]).get_json()
    assert moved["can_undo"] is True and can_undo(client, tid, tokens[0]) is True
    assert can_undo(client, tid, tokens[1]) is False and can_undo(client, tid) is False
    assert snapshot_of(client, tid, tokens[0])["can_undo"] is True  # the event stream's snapshot too
    assert snapshot_of(client, tid, tokens[1])["can_undo"] is False and snapshot_of(client, tid)["can_undo"] is False
    taken = undo(client, tid, tokens[0], moved["version"]).get_json()
    assert taken["can_undo"] is False  # the move is taken back: nothing more to take back
    # the other seat moved since: no longer
    end = next(o for o in options(client, tid, tokens[0]) if o["kind"] == "end_turn")
    version = move(client, tid, tokens[0], taken["version"], end).get_json()["version"]
    assert can_undo(client, tid, tokens[0]) is True
    theirs = move(client, tid, tokens[1], version, options(client, tid, tokens[1])[-1]).get_json()
    assert theirs["can_undo"] is True and can_undo(client, tid, tokens[0]) is False
    refused(undo(client, tid, tokens[0], theirs["version"]), "no_move")


def test_can_undo_is_false_after_a_move_that_drew_a_card_or_used_randomness(client):
    for kind in ("draw", "shake_up"):
        created, tokens = table(client)
        tid = created["table_id"]
        option = options(client, tid, tokens[0])[0] if kind == "draw" else \
            next(o for o in options(client, tid, tokens[0]) if o["kind"] == "shake_up")
        moved = move(client, tid, tokens[0], created["version"], option).get_json()
        assert moved["can_undo"] is False and can_undo(client, tid, tokens[0]) is False
        refused(undo(client, tid, tokens[0], moved["version"]), "revealed")


def test_can_undo_is_false_after_a_move_that_turned_a_card_face_up(client):
    """A card played face up from a hand: no event says so, only the face-down cards counted at the
    commit tell (seed 1, seat 0's 3rd option: a start_movie from the hand)."""
    created, tokens = table(client)
    tid = created["table_id"]
    moved = move(client, tid, tokens[0], created["version"], options(client, tid, tokens[0])[2]).get_json()
    assert moved["can_undo"] is False and can_undo(client, tid, tokens[0]) is False
    assert "turned a card face up" in refused(undo(client, tid, tokens[0], moved["version"]), "revealed")


def test_an_undo_of_a_move_kept_by_an_earlier_version_still_counts_the_face_down_cards(client):
    """A host running the version before `can_undo` kept the state before any move that used no
    randomness (a rolling deploy): the flag cannot know better, the undo itself still refuses."""
    created, tokens = table(client)
    tid, store = created["table_id"], client.application.extensions["table_store"]
    before = store.get(tid)["state"]
    moved = move(client, tid, tokens[0], created["version"], options(client, tid, tokens[0])[2]).get_json()
    record = store.get(tid)
    record["undo"] = {"seat": 0, "version": moved["version"], "state": before,
                      "events": store.entries(tid, created["version"], 0)[-1]["events"]}
    assert store.commit(tid, moved["version"], record, [], 600)
    assert can_undo(client, tid, tokens[0]) is True
    assert "turned a card face up" in refused(undo(client, tid, tokens[0], moved["version"]), "revealed")


def test_undo_needs_if_match_at_the_current_version_and_a_seats_token(client):
    created, tokens = table(client)
    tid = created["table_id"]
    moved = move(client, tid, tokens[0], created["version"], options(client, tid, tokens[0])[-1]).get_json()
    stale = undo(client, tid, tokens[0], created["version"])
    assert stale.status_code == 412 and stale.get_json()["code"] == "stale_version"
    missing = client.post(f"{TABLES}/{tid}/undo", headers=auth(tokens[0]))
    assert missing.status_code == 428
    creator = client.post(f"{TABLES}/{tid}/undo", headers=auth(created["creator_token"], moved["version"]))
    assert creator.status_code == 403 and creator.get_json()["code"] == "wrong_seat"
    assert client.post(f"{TABLES}/nope/undo", headers=auth(tokens[0], 1)).status_code == 404
    assert client.post(f"{TABLES}/{tid}/undo").status_code == 401


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_a_seat_takes_back_at_most_undos_per_seat_moves_a_game(store):
    """A bound: moving and taking back in a loop cannot grow a table's log without end."""
    from table_helpers import REDIS_URL as URL
    from table_helpers import FakeClock, make_app, redis_or_fail

    if store == "redis":
        redis_or_fail()
    client = make_app(FakeClock(), URL if store == "redis" else None, UNDOS_PER_SEAT=2).test_client()
    created, tokens = table(client)
    tid, version = created["table_id"], created["version"]
    for _ in range(2):
        version = move(client, tid, tokens[0], version, options(client, tid, tokens[0])[4]).get_json()["version"]
        taken = undo(client, tid, tokens[0], version)
        assert taken.status_code == 200
        version = taken.get_json()["version"]
    moved = move(client, tid, tokens[0], version, options(client, tid, tokens[0])[4]).get_json()
    version = moved["version"]
    assert moved["can_undo"] is False  # the seat's undos are spent
    assert "2 moves in this game already" in refused(undo(client, tid, tokens[0], version), "limit")
    # the other seat has its own count
    version = move(client, tid, tokens[0], version, options(client, tid, tokens[0])[-1]).get_json()["version"]
    moved = move(client, tid, tokens[1], version, options(client, tid, tokens[1])[-1]).get_json()
    assert moved["can_undo"] is True
    assert undo(client, tid, tokens[1], moved["version"]).status_code == 200


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_an_undo_and_the_next_seats_move_racing_on_two_hosts_one_wins(store):
    """Seat 0 ended its turn; it takes the move back on one host while seat 1 moves on the other, both
    at the same version: exactly one is made, the other loses the compare-and-set (412), no 5xx."""
    from table_helpers import at_once, events_of, forget_due, two_hosts

    first, second = two_hosts(store)
    try:
        won = set()
        for seed in range(4):
            created, tokens = table(first.test_client(), seed=seed)
            tid = created["table_id"]
            end = next(o for o in options(first.test_client(), tid, tokens[0]) if o["kind"] == "end_turn")
            version = move(first.test_client(), tid, tokens[0], created["version"], end).get_json()["version"]
            theirs = options(second.test_client(), tid, tokens[1])[-1]
            answers = at_once([lambda: undo(first.test_client(), tid, tokens[0], version),
                               lambda: move(second.test_client(), tid, tokens[1], version, theirs)])
            codes = sorted(a.status_code for a in answers)
            assert codes == [200, 412], [a.get_json() for a in answers]
            won.add("undo" if answers[0].status_code == 200 else "move")
            after = first.test_client().get(f"{TABLES}/{tid}").get_json()
            assert after["version"] == version + 1
            assert len(events_of(first, tid, "move_undone")) == (answers[0].status_code == 200)
        assert won  # which one wins is up to the race
    finally:
        forget_due(first)


def test_a_move_followed_by_a_timed_out_move_cannot_be_taken_back():
    """A move the server made for a seat whose time ran out is a move since: 409, reason `moved_since`."""
    from table_helpers import FakeClock, make_app

    clock = FakeClock()
    app = make_app(clock)
    client = app.test_client()
    created, tokens = table(client, clock={"turn_seconds": 30})
    tid = created["table_id"]
    end = options(client, tid, tokens[0])[-1]
    moved = move(client, tid, tokens[0], created["version"], end).get_json()
    clock.now += 31
    assert app.extensions["clock_sweeper"].sweep() == 1  # seat 1 timed out: its default move was made
    now = client.get(f"{TABLES}/{tid}").get_json()["version"]
    assert now == moved["version"] + 1
    assert moved["can_undo"] is True and can_undo(client, tid, tokens[0]) is False
    refused(undo(client, tid, tokens[0], now), "moved_since")
