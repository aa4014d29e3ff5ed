"""Sealed games (api/sealed.py): the holder plays one seat (or pass-and-play) with the state
encrypted and authenticated; it can neither read another seat's cards nor rewrite the game."""

import base64
import itertools
import secrets

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core
from api import create_app

KEY_A = base64.urlsafe_b64encode(b"a" * 32).decode()
KEY_B = base64.urlsafe_b64encode(b"b" * 32).decode()


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "SEAL_KEYS": f"a:{KEY_A}"})


@pytest.fixture
def client(app):
    return app.test_client()


def new(client, game="shufflers", players=2, seat=0, bots=None, **extra):
    bots = {"1": "random"} if bots is None else bots
    r = client.post(f"/v1/games/{game}/sealed/new", json={"players": players, "seat": seat, "bots": bots, **extra})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def apply(client, sealed, move, game="shufflers"):
    return client.post(f"/v1/games/{game}/sealed/apply", json={"sealed": sealed, "move": move})


def opened(app, body):
    return app.extensions["seal_keys"].open(body["game"], body["sealed"])


def assert_error(response, status, code):
    assert (response.status_code, response.get_json()["code"]) == (status, code), response.get_json()


def test_a_sealed_answer_is_exactly_the_seats_view_and_never_the_state(app, client):
    body = new(client)
    inside = opened(app, body)
    seen = core.view(inside["state"], 0, trusted=True)
    assert body["view"] == seen["view"] and body["pending"] == seen["pending"]
    assert "state" not in body and "rng" not in orjson.dumps(body["view"]).decode()
    assert set(body) == {"sealed", "game", "version", "seat", "view", "pending", "events", "waiting_for",
                         "bots_due", "outcome"}


def test_the_holder_moves_only_as_its_seat(client):
    body = new(client, players=2, seat=0, bots={})
    other = {"player": 1, "kind": "draw"}
    assert_error(apply(client, body["sealed"], other), 403, "wrong_seat")
    assert_error(client.post("/v1/games/shufflers/sealed/view", json={"sealed": body["sealed"], "player": 1}),
                 403, "wrong_seat")
    assert_error(client.post("/v1/games/shufflers/sealed/view", json={"sealed": body["sealed"], "player": None}),
                 403, "wrong_seat")


def test_pass_and_play_acts_for_every_human_seat_and_must_name_the_seat_it_looks_as(app, client):
    body = new(client, players=3, seat=None, bots={"2": "random"})
    assert body["seat"] is None and body["pending"] == []
    assert_error(client.post("/v1/games/shufflers/sealed/view", json={"sealed": body["sealed"]}), 403, "wrong_seat")
    assert_error(client.post("/v1/games/shufflers/sealed/view", json={"sealed": body["sealed"], "player": 2}),
                 403, "wrong_seat")  # a bot's seat
    due = body["waiting_for"][0]
    mine = client.post("/v1/games/shufflers/sealed/view", json={"sealed": body["sealed"], "player": due}).get_json()
    assert mine["seat"] == due and mine["pending"]
    after = apply(client, mine["sealed"], mine["pending"][0]["options"][0]).get_json()
    assert after["seat"] == due and after["version"] > body["version"]


def test_no_seed_can_be_chosen_for_a_sealed_game(client):
    r = client.post("/v1/games/shufflers/sealed/new", json={"players": 1, "seat": 0, "seed": 1})
    assert r.status_code == 422


@pytest.mark.parametrize("body, code", [
    ({"players": 2, "seat": 2, "bots": {}}, "invalid_options"),
    ({"players": 2, "seat": 1, "bots": {"1": "random"}}, "invalid_options"),
    ({"players": 2, "seat": None, "bots": {"0": "random", "1": "random"}}, "invalid_options"),
    ({"players": 2, "seat": 0, "bots": {"1": "nobody"}}, "invalid_options"),
])
def test_impossible_seals_are_refused(client, body, code):
    assert_error(client.post("/v1/games/shufflers/sealed/new", json=body), 422, code)


def test_a_seal_of_another_game_or_a_plain_state_is_refused(client):
    body = new(client)
    assert_error(client.post("/v1/games/big-shuffle/sealed/view", json={"sealed": body["sealed"]}), 422,
                 "invalid_seal")
    state = client.post("/v1/games/shufflers/new", json={"players": 2}).get_json()["state"]
    r = client.post("/v1/games/shufflers/sealed/apply", json={"state": state, "move": {"player": 0, "kind": "draw"}})
    assert r.status_code == 422
    assert_error(apply(client, orjson.dumps(state).decode(), {"player": 0, "kind": "draw"}), 422, "invalid_seal")


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_changing_any_character_of_a_sealed_string_is_refused(client, data):
    body = new(client, players=1, bots={})
    sealed = body["sealed"]
    at = data.draw(st.integers(0, len(sealed) - 1))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ "
    replacement = data.draw(st.sampled_from([c for c in alphabet if c != sealed[at]]))
    tampered = sealed[:at] + replacement + sealed[at + 1:]
    r = client.post("/v1/games/shufflers/sealed/view", json={"sealed": tampered})
    assert_error(r, 422, "invalid_seal")
    assert sealed[at:at + 8] not in r.get_data(as_text=True) or len(sealed[at:at + 8]) < 8


def test_truncated_and_extended_seals_are_refused(client):
    sealed = new(client)["sealed"]
    for bad in (sealed[:-1], sealed[:20], sealed + "A", sealed.replace("s1.", "s2.", 1), "", "s1.a.", "s1.a.AAAA"):
        r = client.post("/v1/games/shufflers/sealed/view", json={"sealed": bad})
        assert r.status_code == 422, bad


def test_keys_rotate_a_game_sealed_with_the_old_key_opens_after_a_new_one_is_put_first():
    old = create_app({"TESTING": True, "SEAL_KEYS": f"a:{KEY_A}"}).test_client()
    body = new(old)
    rotated = create_app({"TESTING": True, "SEAL_KEYS": f"b:{KEY_B},a:{KEY_A}"}).test_client()
    after = apply(rotated, body["sealed"], body["pending"][0]["options"][0]).get_json()
    assert after["sealed"].startswith("s1.b.")  # sealed again with the new first key
    retired = create_app({"TESTING": True, "SEAL_KEYS": f"b:{KEY_B}"}).test_client()
    assert_error(apply(retired, body["sealed"], body["pending"][0]["options"][0]), 422, "invalid_seal")
    assert apply(retired, after["sealed"], after["pending"][0]["options"][0]).status_code == 200


@pytest.mark.parametrize("spec", ["a", "a:short", f"a:{KEY_A},a:{KEY_B}", f"bad id:{KEY_A}"])
def test_bad_seal_keys_stop_the_app_at_start(spec):
    with pytest.raises(ValueError, match="SEAL_KEYS"):
        create_app({"TESTING": True, "SEAL_KEYS": spec})


def test_without_seal_keys_a_random_key_is_made_and_said(caplog):
    client = create_app({"TESTING": True, "SEAL_KEYS": None}).test_client()
    assert "SEAL_KEYS is not set" in caplog.text
    assert new(client)["sealed"].startswith("s1.r")


def test_an_older_sealed_string_takes_a_move_back_with_the_same_cards_no_reroll(client):
    """The documented limit: a holder can resend an older seal, but the RNG is sealed too."""
    body = new(client, players=1, bots={})
    move = body["pending"][0]["options"][0]
    first, again = apply(client, body["sealed"], move).get_json(), apply(client, body["sealed"], move).get_json()
    assert first["view"] == again["view"] and first["events"] == again["events"]


def test_bots_move_a_bounded_slice_per_request_and_the_rest_on_the_next(app):
    client = create_app({"TESTING": True, "SEAL_KEYS": f"a:{KEY_A}", "BOT_MOVES_PER_REQUEST": 1}).test_client()
    body = new(client, game="big-shuffle", players=4, seat=3, bots={"0": "random", "1": "random", "2": "random"})
    assert body["bots_due"] and body["version"] == 1  # the first bot's choice only
    for _ in range(400):
        if body["outcome"] is not None or not body["bots_due"]:
            break
        nxt = client.post("/v1/games/big-shuffle/sealed/view", json={"sealed": body["sealed"]}).get_json()
        assert nxt["version"] - body["version"] <= 1
        body = nxt
    assert not body["bots_due"] or body["outcome"] is not None


# --- length hiding ------------------------------------------------------------------------------------------
def _payload(state, seat=1):
    return {"game": state["game"], "state": state, "version": state["version"], "seat": seat, "bots": {},
            "bot_rng": "sealed-bots"}


def _plain_length(keys, state, seat=1) -> int:
    """The padded plaintext's length, read back from the sealed string (nonce and tag taken off)."""
    raw = base64.b64decode(keys.seal(state["game"], _payload(state, seat)).split(".")[2])
    return len(raw) - 12 - 16


def test_states_a_hero_sees_alike_seal_to_one_length(app):
    """Was: a Plot Twist seal was the state encrypted with no padding, so the face-down Objective's
    id (23 to 28 characters) and the Combat piles' order changed its length for states a Hero seat
    sees identically."""
    from core.games.plot_twist import cards as C

    keys = app.extensions["seal_keys"]
    state = core.new_game("plot-twist", 3, {"setup": "quick"}, 1).state
    objectives = sorted((c for c in C.CARD if c.startswith("objective/")), key=len)
    short, long_ = objectives[0], objectives[-1]
    assert len(long_) - len(short) >= 5
    alike = []
    for card in (short, long_):
        other = orjson.loads(orjson.dumps(state))
        other["objective"]["card"] = card
        alike.append(other)
    shuffled = orjson.loads(orjson.dumps(state))
    for pile in shuffled["combat_decks"]:
        pile.reverse()
    alike.append(shuffled)
    views = {orjson.dumps(core.view(s, 1, trusted=True)["view"], option=orjson.OPT_SORT_KEYS) for s in alike}
    assert len(views) == 1  # the Hero at seat 1 cannot tell them apart
    assert len({len(keys.seal("plot-twist", _payload(s))) for s in alike}) == 1


@pytest.mark.parametrize("game", [g.id for g in core.all_games()])
def test_every_seal_of_seeded_games_of_a_game_has_one_length_its_floor(app, game):
    """Over seeded games of every mode and player count, the padded plaintext is the game's floor
    bucket: the length says nothing at all, in any state reached by play."""
    from api.sealed import SEAL_FLOORS, padded_size
    from core.framework.rng import Rng

    keys, lengths = app.extensions["seal_keys"], set()
    for n, setup in enumerate(core.get_game(game).sample_setups()):
        rng, step = Rng.from_seed(f"seal-length:{n}"), core.new_game(game, setup.players, setup.options, n)
        for turn in range(3000):
            if turn % 5 == 0 or step.outcome is not None:
                lengths.add(_plain_length(keys, step.state))
            if step.outcome is not None:
                break
            options = [o for d in step.pending for o in d["options"]]
            step = step.play(options[rng.below(len(options))])
    assert lengths == {SEAL_FLOORS[game]} == {padded_size(game, 1)}


def test_seal_buckets_grow_by_a_quarter_above_the_floor():
    import doctest

    import api.sealed
    from api.sealed import SEAL_FLOOR, padded_size

    assert doctest.testmod(api.sealed).failed == 0
    sizes = sorted({padded_size("no-such-game", n) for n in range(1, 200_000, 97)})
    assert sizes[0] == SEAL_FLOOR
    assert all(1.25 <= b / a < 1.25 + 1024 / a for a, b in itertools.pairwise(sizes))
    assert all(s % 1024 == 0 for s in sizes)


def test_a_seal_made_before_padding_still_opens(app, client):
    """Padding is JSON whitespace after the game: an unpadded seal of an earlier version opens as before."""
    import os

    from api.sealed import NONCE, _bound

    body = new(client)
    game_of = opened(app, body)
    keys = app.extensions["seal_keys"]
    nonce = os.urandom(NONCE)
    box = keys.keys[keys.first].encrypt(nonce, orjson.dumps(game_of), _bound("shufflers", keys.first))
    old = f"s1.{keys.first}.{base64.b64encode(nonce + box).decode()}"
    assert len(old) < len(body["sealed"])
    r = client.post("/v1/games/shufflers/sealed/view", json={"sealed": old})
    assert r.status_code == 200 and r.get_json()["version"] == body["version"]
