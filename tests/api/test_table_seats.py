"""Invitations, names, joining, starting and leaving a table (issue 32), over HTTP, on Redis and on the
memory store, with two API hosts for the races."""

import logging
import re

import orjson
import pytest
from table_helpers import TABLES, at_once, bearer, events_of, forget_due, snapshot_of, two_hosts

INVITE = re.compile(r"^[A-Za-z0-9_-]{22}$")


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


def create(client, **body):
    body = {"game": "showbiz-shuffle", "players": 3, "seed": 1, "open_seats": [1, 2], "names": {"0": "Ana"}, **body}
    response = client.post(TABLES, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def join(client, table_id, invite, name="Bo"):
    return client.post(f"{TABLES}/{table_id}/join", json={"invite": invite, "name": name})


def seat_list(client, table_id, token=None):
    return client.get(f"{TABLES}/{table_id}/seats", headers=bearer(token) if token else {}).get_json()


# --- invitations at creation --------------------------------------------------------------------------
def test_an_open_seat_has_an_invite_and_no_token_in_the_creation_answer(client):
    created = create(client)
    seats = created["seats"]
    assert seats[0]["token"] and seats[0]["invite"] is None and seats[0]["name"] == "Ana"
    for seat in seats[1:]:
        assert seat["token"] is None and INVITE.match(seat["invite"]) and seat["name"] is None
    assert seats[1]["invite"] != seats[2]["invite"]
    assert created["started"] is False and created["rematch"] is None


def test_invites_are_unguessable_each_table_draws_new_ones(client):
    invites = {create(client)["seats"][1]["invite"] for _ in range(20)}
    assert len(invites) == 20


def test_a_retried_creation_gives_the_same_invites(client):
    headers = {"Idempotency-Key": "seats-retry-0123456789"}
    first = client.post(TABLES, json={"game": "showbiz-shuffle", "players": 3, "open_seats": [2]}, headers=headers)
    again = client.post(TABLES, json={"game": "showbiz-shuffle", "players": 3, "open_seats": [2]}, headers=headers)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["seats"] == first.get_json()["seats"]
    client.delete(f"{TABLES}/{first.get_json()['table_id']}", headers=bearer(first.get_json()["creator_token"]))


@pytest.mark.parametrize("body", [{"open_seats": [3]}, {"open_seats": [2], "bots": {"2": "random"}},
                                  {"names": {"5": "Ana"}}])
def test_open_seats_and_names_must_be_seats_of_the_table(client, body):
    response = client.post(TABLES, json={"game": "showbiz-shuffle", "players": 3, **body})
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_options"


@pytest.mark.parametrize("body", [{"open_seats": [1, 1]}, {"open_seats": [-1]}, {"open_seats": "1"},
                                  {"on_leave": "kick"}])
def test_malformed_open_seats_are_refused(client, body):
    response = client.post(TABLES, json={"game": "showbiz-shuffle", "players": 3, **body})
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_request"


# --- names ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["", " Ana", "Ana ", "Ana\n", "<b>Ana</b>", 'A"na', "A&B", "Ana\u0000", "x" * 25,
                                  "a/b", "\u202eAna"])
def test_a_name_is_bounded_plain_text(client, name):
    response = client.post(TABLES, json={"game": "showbiz-shuffle", "players": 2, "names": {"0": name}})
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_request"
    created = create(client)
    refused = join(client, created["table_id"], created["seats"][1]["invite"], name)
    assert refused.status_code == 422 and refused.get_json()["code"] == "invalid_request"


@pytest.mark.parametrize("name", ["Ana", "Bo-Ra O'Neil", "José", "李小龍", "x" * 24, "a.b_c", "7"])
def test_names_of_any_script_up_to_24_characters_are_taken(client, name):
    created = create(client, names={"0": name})
    assert created["seats"][0]["name"] == name


def test_names_are_in_every_view_the_stream_snapshot_and_the_seat_list(client, app):
    created = create(client, open_seats=[2], names={"0": "Ana", "1": "Bo"})
    table_id = created["table_id"]
    joined = join(client, table_id, created["seats"][2]["invite"], "Cy").get_json()
    names = ["Ana", "Bo", "Cy"]
    for token in [None, created["seats"][0]["token"], joined["token"], created["creator_token"]]:
        view = client.get(f"{TABLES}/{table_id}", headers=bearer(token) if token else {}).get_json()
        assert [s["name"] for s in view["seats"]] == names
        assert [s["name"] for s in seat_list(client, table_id, token)["seats"]] == names
    snapshot = snapshot_of(client, table_id)
    assert [s["name"] for s in snapshot["seats"]] == names
    assert events_of(app, table_id, "seat_joined") == [{"type": "seat_joined", "player": 2, "name": "Cy"}]


def test_no_name_reaches_a_log_line(client, caplog):
    caplog.set_level(logging.DEBUG)
    created = create(client, names={"0": "Zanzibar"})
    join(client, created["table_id"], created["seats"][1]["invite"], "Quixotic")
    join(client, created["table_id"], created["seats"][1]["invite"], "Quixotic")  # 409
    client.post(TABLES, json={"game": "showbiz-shuffle", "players": 2, "names": {"0": "Zanzibar<"}})  # 422
    client.get(f"{TABLES}/{created['table_id']}/seats")
    logged = "\n".join(f"{r.getMessage()} {r.__dict__}" for r in caplog.records)
    assert caplog.records and "Zanzibar" not in logged and "Quixotic" not in logged


# --- joining -------------------------------------------------------------------------------------------
def test_join_gives_the_seat_its_token_the_same_invite_again_is_409_an_unknown_one_404(client):
    created = create(client)
    table_id, invite = created["table_id"], created["seats"][1]["invite"]
    response = join(client, table_id, invite)
    assert response.status_code == 200
    joined = response.get_json()
    assert joined["seat"] == 1 and re.fullmatch(r"[A-Za-z0-9_-]{43}", joined["token"])
    assert response.headers["ETag"] == f'"{joined["version"]}"'
    mine = client.get(f"{TABLES}/{table_id}", headers=bearer(joined["token"])).get_json()
    assert mine["seat"] == 1 and mine["seats"][1] == {"seat": 1, "name": "Bo", "bot": None, "open": False}
    again = join(client, table_id, invite, "Eve")
    assert again.status_code == 409 and again.get_json()["code"] == "seat_taken"
    unknown = join(client, table_id, "A" * 22)
    assert unknown.status_code == 404 and unknown.get_json()["code"] == "unknown_invite"
    malformed = join(client, table_id, "short")
    assert malformed.status_code == 422 and malformed.get_json()["code"] == "invalid_request"
    nowhere = join(client, "no-such-table", invite)
    assert nowhere.status_code == 404 and nowhere.get_json()["code"] == "unknown_table"


def test_an_invite_is_never_in_a_seats_or_spectators_answer_nor_a_token_in_anothers(client):
    created = create(client)
    table_id = created["table_id"]
    invites = [created["seats"][1]["invite"], created["seats"][2]["invite"]]
    joined = join(client, table_id, invites[0]).get_json()
    secrets_ = [*invites, created["seats"][0]["token"], created["creator_token"]]
    assert not any(secret in orjson.dumps(joined).decode() for secret in secrets_)
    for token in [None, created["seats"][0]["token"], joined["token"]]:
        for path in ("", "/seats", "/steps?after=-1&wait=0"):
            text = client.get(f"{TABLES}/{table_id}{path}", headers=bearer(token) if token else {}).get_data(True)
            assert not any(secret in text for secret in secrets_ + [joined["token"]])
    creators = seat_list(client, table_id, created["creator_token"])
    assert [s.get("invite") for s in creators["seats"]] == [None, None, invites[1]]


def test_a_waiting_table_makes_no_move_runs_no_clock_and_moves_no_bot(client, app):
    created = create(client, players=3, open_seats=[0], names={}, bots={"1": "random"}, clock={"turn_seconds": 10})
    assert created["started"] is False and created["clock"]["deadlines"] == []
    table_id = created["table_id"]
    app.clock.now += 3600
    app.extensions["clock_sweeper"].sweep()
    view = client.get(f"{TABLES}/{table_id}").get_json()
    assert view["version"] == created["version"] and view["clock"]["deadlines"] == []
    token = created["seats"][2]["token"]
    move = client.post(f"{TABLES}/{table_id}/moves", json={"move": {"player": 2, "kind": "end_turn"}},
                       headers=bearer(token, created["version"]))
    assert move.status_code == 409 and move.get_json()["code"] == "table_not_started"


def test_the_table_starts_when_its_last_open_seat_is_taken_and_its_clock_begins(client, app):
    created = create(client, clock={"turn_seconds": 30})
    table_id = created["table_id"]
    first = join(client, table_id, created["seats"][1]["invite"]).get_json()
    assert first["started"] is False
    app.clock.now += 100
    last = join(client, table_id, created["seats"][2]["invite"], "Cy").get_json()
    assert last["started"] is True
    assert last["clock"]["deadlines"] == [{"seat": last["waiting_for"][0], "deadline": "2027-01-15T08:02:10.000Z"}]
    assert events_of(app, table_id, "table_started") == [{"type": "table_started", "bots": {}}]
    seat = last["waiting_for"][0]
    token = {0: created["seats"][0]["token"], 1: first["token"], 2: last["token"]}[seat]
    mine = client.get(f"{TABLES}/{table_id}", headers=bearer(token)).get_json()
    moved = client.post(f"{TABLES}/{table_id}/moves", json={"move": mine["pending"][0]["options"][0]},
                        headers=bearer(token, mine["version"]))
    assert moved.status_code == 200


@pytest.mark.parametrize("rounds", [6])
def test_two_joins_with_one_invite_on_two_hosts_one_200_one_409(hosts, rounds):
    first, second = hosts
    for _ in range(rounds):
        created = create(first.test_client())
        table_id, invite = created["table_id"], created["seats"][1]["invite"]
        answers = at_once([lambda t=table_id, i=invite: join(first.test_client(), t, i, "Bo"),
                           lambda t=table_id, i=invite: join(second.test_client(), t, i, "Cy")])
        assert sorted(r.status_code for r in answers) == [200, 409]
        assert [r.get_json()["code"] for r in answers if r.status_code == 409] == ["seat_taken"]
        assert len(events_of(first, table_id, "seat_joined")) == 1


def test_two_joins_of_two_invites_at_once_both_take_their_seats(hosts):
    first, second = hosts
    created = create(first.test_client())
    table_id = created["table_id"]
    answers = at_once([lambda: join(first.test_client(), table_id, created["seats"][1]["invite"]),
                       lambda: join(second.test_client(), table_id, created["seats"][2]["invite"])])
    assert [r.status_code for r in answers] == [200, 200]
    view = second.test_client().get(f"{TABLES}/{table_id}").get_json()
    assert view["started"] is True and not any(s["open"] for s in view["seats"])
    assert len(events_of(first, table_id, "table_started")) == 1


# --- starting ------------------------------------------------------------------------------------------
def test_the_creator_starts_a_waiting_table_its_open_seats_go_to_bots(client, app):
    created = create(client, players=2, open_seats=[0], names={"1": "Bo"}, clock={"turn_seconds": 30})
    table_id = created["table_id"]
    by_seat = client.post(f"{TABLES}/{table_id}/start", headers=bearer(created["seats"][1]["token"]))
    assert by_seat.status_code == 403 and by_seat.get_json()["code"] == "not_creator"
    started = client.post(f"{TABLES}/{table_id}/start", headers=bearer(created["creator_token"]))
    assert started.status_code == 200
    body = started.get_json()
    assert body["started"] is True and body["seats"][0] == {"seat": 0, "name": None, "bot": "heuristic", "open": False}
    assert events_of(app, table_id, "table_started") == [{"type": "table_started", "bots": {"0": "heuristic"}}]
    assert body["version"] > created["version"] + 1  # seat 0 was to move: its bot did
    assert body["clock"]["deadlines"] == [{"seat": 1, "deadline": "2027-01-15T08:00:30.000Z"}]
    again = client.post(f"{TABLES}/{table_id}/start", headers=bearer(created["creator_token"]))
    assert again.status_code == 409 and again.get_json()["code"] == "table_started"
    assert join(client, table_id, created["seats"][0]["invite"]).get_json()["code"] == "unknown_invite"


# --- leaving -------------------------------------------------------------------------------------------
def test_leaving_before_the_start_opens_the_seat_again_by_a_new_invite(client, app):
    created = create(client)
    table_id = created["table_id"]
    joined = join(client, table_id, created["seats"][1]["invite"]).get_json()
    left = client.post(f"{TABLES}/{table_id}/leave", headers=bearer(joined["token"]))
    assert left.status_code == 200 and left.get_json()["seat"] is None
    assert left.get_json()["seats"][1] == {"seat": 1, "name": None, "bot": None, "open": True}
    assert client.get(f"{TABLES}/{table_id}", headers=bearer(joined["token"])).status_code == 401
    fresh = seat_list(client, table_id, created["creator_token"])["seats"][1]["invite"]
    assert INVITE.match(fresh) and fresh != created["seats"][1]["invite"]
    assert join(client, table_id, fresh, "Di").status_code == 200
    assert events_of(app, table_id, "seat_left") == [{"type": "seat_left", "player": 1, "to": "invite"}]


def test_leaving_a_started_game_gives_the_seat_to_a_bot_which_has_no_clock(client, app):
    created = create(client, players=2, open_seats=[], names={}, clock={"turn_seconds": 30})
    table_id, seat = created["table_id"], created["waiting_for"][0]
    left = client.post(f"{TABLES}/{table_id}/leave", headers=bearer(created["seats"][seat]["token"])).get_json()
    assert left["seats"][seat]["bot"] == "heuristic"
    assert seat not in [d["seat"] for d in left["clock"]["deadlines"]]
    assert left["version"] > created["version"] + 1  # it was the seat's turn: the bot moved
    creator = client.post(f"{TABLES}/{table_id}/leave", headers=bearer(created["creator_token"]))
    assert creator.status_code == 403 and creator.get_json()["code"] == "wrong_seat"


def test_leaving_with_on_leave_invite_opens_the_seat_and_its_clock_runs_on(client, app):
    created = create(client, players=2, open_seats=[], names={}, on_leave="invite", clock={"turn_seconds": 30})
    table_id, seat = created["table_id"], created["waiting_for"][0]
    app.clock.now += 10
    left = client.post(f"{TABLES}/{table_id}/leave", headers=bearer(created["seats"][seat]["token"])).get_json()
    assert left["seats"][seat]["open"] is True and left["started"] is True
    assert left["clock"]["deadlines"] == [{"seat": seat, "deadline": "2027-01-15T08:00:30.000Z"}]
    app.clock.now += 21
    app.extensions["clock_sweeper"].sweep()
    assert events_of(app, table_id, "timed_out") == [{"type": "timed_out", "player": seat}]
    invite = seat_list(client, table_id, created["creator_token"])["seats"][seat]["invite"]
    assert join(client, table_id, invite, "Eve").status_code == 200


# --- rate limits -------------------------------------------------------------------------------------
def test_joins_are_rate_limited_per_client_address():
    from table_helpers import FakeClock, make_app

    app = make_app(FakeClock(), RATE_LIMITS_ENABLED=True, RATE_LIMIT_JOIN="2/minute", RATE_LIMIT_CREATE="100/minute")
    client = app.test_client()
    created = create(client)
    guesses = [join(client, created["table_id"], "B" * 22) for _ in range(3)]
    assert [r.status_code for r in guesses] == [404, 404, 429]
    assert guesses[-1].get_json()["code"] == "rate_limited" and int(guesses[-1].headers["Retry-After"]) >= 1


@pytest.mark.parametrize("route", ["undo", "start", "leave", "rematch"])
def test_undo_start_leave_and_rematch_are_rate_limited_per_client_address(route):
    """Each new route that changes a table counts against RATE_LIMIT_SEATS (tokens tried included)."""
    from table_helpers import FakeClock, make_app

    app = make_app(FakeClock(), RATE_LIMITS_ENABLED=True, RATE_LIMIT_SEATS="2/minute", RATE_LIMIT_CREATE="100/minute")
    client = app.test_client()
    created = create(client, open_seats=[])
    url = f"{TABLES}/{created['table_id']}/{route}"
    answers = [client.post(url, headers=bearer("x" * 43, 1)) for _ in range(3)]
    assert [r.status_code for r in answers] == [401, 401, 429]
    assert answers[-1].get_json()["code"] == "rate_limited" and int(answers[-1].headers["Retry-After"]) >= 1
    other = client.post(url, headers=bearer("x" * 43, 1), environ_base={"REMOTE_ADDR": "192.0.2.9"})
    assert other.status_code == 401  # another address has its own count


def test_no_name_reaches_a_log_line_from_any_route_of_a_table(client, app, caplog):
    """Beside creation and join: a start, a leave, a timeout, a rematch and its acceptance, the stream,
    the long-poll and refused names, at DEBUG, with each record's extra fields."""
    from test_table_rematch import finished_table

    caplog.set_level(logging.DEBUG)
    created = create(client, names={"0": "Zanzibar"}, open_seats=[1], players=3, clock={"turn_seconds": 30})
    table_id = created["table_id"]
    join(client, table_id, created["seats"][1]["invite"], "Quixotic")
    join(client, table_id, "B" * 22, "Quixotic")  # 404
    join(client, table_id, created["seats"][1]["invite"], "Quixotic<")  # 422
    client.post(f"{TABLES}/{table_id}/start", headers=bearer(created["creator_token"]))  # 409: started
    snapshot_of(client, table_id)
    client.get(f"{TABLES}/{table_id}/steps?after=0&wait=0")
    app.clock.now += 31
    app.extensions["clock_sweeper"].sweep()
    client.post(f"{TABLES}/{table_id}/leave", headers=bearer(created["seats"][0]["token"]))
    over = finished_table(app, names={"0": "Zanzibar", "1": "Quixotic"})
    for seat in (0, 1):
        client.post(f"{TABLES}/{over['table_id']}/rematch", headers=bearer(over["seats"][seat]["token"]))
    assert events_of(app, table_id, "timed_out") and events_of(app, over["table_id"], "rematch_proposed")
    logged = "\n".join(f"{r.getMessage()} {r.__dict__}" for r in caplog.records)
    assert len(caplog.records) >= 10 and "Zanzibar" not in logged and "Quixotic" not in logged


@pytest.mark.parametrize("body", [{"invite": "short", "name": "Bo"}, {"invite": "B" * 23, "name": "Bo"},
                                  {"invite": "B" * 21 + "=", "name": "Bo"}, {"name": "Bo"}, {"invite": "B" * 22},
                                  {"invite": "B" * 22, "name": "Bo", "seat": 1}, {"invite": 7, "name": "Bo"}])
def test_a_join_body_out_of_bounds_is_refused_with_422(client, body):
    created = create(client)
    response = client.post(f"{TABLES}/{created['table_id']}/join", json=body)
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_request"


def test_a_rematch_proposal_counts_as_a_table_creation():
    from table_helpers import FakeClock, make_app
    from test_table_rematch import finished_table

    app = make_app(FakeClock(), RATE_LIMITS_ENABLED=True, RATE_LIMIT_CREATE="1/minute")
    over = finished_table(app)  # the one creation allowed
    proposed = app.test_client().post(f"{TABLES}/{over['table_id']}/rematch", headers=bearer(over["seats"][0]["token"]))
    assert proposed.status_code == 429 and proposed.get_json()["code"] == "rate_limited"
