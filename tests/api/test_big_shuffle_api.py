"""The Big Shuffle over HTTP: refused moves are 409 `illegal_move` naming the rule they break,
moves out of turn are 409 `not_your_turn`, a tampered state is 422 `invalid_state`.

Positions are built like the rules tests build them (tests/core/big_shuffle_helpers.py): from
a new game, by moving cards between zones, never duplicating one.
"""

import copy
import re

import pytest

BIG = "/v1/games/big-shuffle"
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def new(client, players=2, characters=("governor", "mafia-don"), seed=1, **options):
    body = {"players": players, "seed": seed,
            "options": {"characters": [f"character/{c}" for c in characters], **options}}
    response = client.post(f"{BIG}/new", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def apply(client, state, move):
    return client.post(f"{BIG}/apply", json={"state": state, "move": move})


def at_main(client, characters=("governor", "mafia-don"), **options):
    """A state at seat 0's main step (The Governor has no start ability), hands emptied."""
    step = new(client, characters=characters, **options)
    assert [d["kind"] for d in step["pending"]] == ["main"] and step["pending"][0]["player"] == 0
    s = copy.deepcopy(step["state"])
    for seat in s["seats"]:
        s["noir"]["deck"][:0] = seat["hand"]
        seat["hand"] = []
    return s


def take(s, card):
    """Remove a noir card from wherever it is (deck, discard, hands, loot, The Law's lines)."""
    zones = [s["noir"]["deck"], s["noir"]["discard"]]
    zones += [z for seat in s["seats"] for z in (seat["hand"], seat["loot"])]
    for zone in zones:
        if card in zone:
            zone.remove(card)
            return card
    for line, patrol in s.get("patrols", {}).items():
        if patrol == card:
            s["patrols"][line] = None
            return card
    raise AssertionError(f"{card} not found")


def give(s, seat, *cards):
    for c in cards:
        s["seats"][seat]["hand"].append(take(s, c))


def illegal(response, rule=None):
    body = response.get_json()
    assert (response.status_code, body["code"]) == (409, "illegal_move"), body
    assert SNAKE.match(body.get("rule") or ""), body
    if rule is not None:
        assert body["rule"] == rule
    assert body["message"][0].isupper() and body["message"].endswith(".")
    return body


def test_a_goon_hired_outside_a_scene_change_is_409_naming_the_rule(client):
    s = at_main(client)
    give(s, 0, "noir/thug-1")
    illegal(apply(client, s, {"player": 0, "kind": "hire", "card": "noir/thug-1", "side": "for"}),
            "goons_only_in_scene_change")


def test_a_goon_played_as_your_card_is_409_naming_the_rule(client):
    s = at_main(client)
    give(s, 0, "noir/thug-1", "noir/cold-feet")
    illegal(apply(client, s, {"player": 0, "kind": "play", "card": "noir/thug-1"}), "goons_only_in_scene_change")
    illegal(apply(client, s, {"player": 0, "kind": "play", "card": "noir/cold-feet"}), "reaction_outside_its_moment")


def test_a_scene_moved_two_steps_is_409_naming_the_rule(client):
    s = at_main(client)
    who = s["city"]["who"]
    who["midtown"].remove("scene/private-eye")
    who["uptown"].append("scene/private-eye")
    illegal(apply(client, s, {"player": 0, "kind": "attempt", "scene": "scene/private-eye", "to": "downtown"}),
            "one_step_only")


def test_a_scene_below_the_top_is_409_naming_the_rule(client):
    s = at_main(client)
    second = s["city"]["who"]["midtown"][-2]
    illegal(apply(client, s, {"player": 0, "kind": "attempt", "scene": second, "to": "uptown"}), "top_scene_only")


def test_keeping_a_fourth_loot_is_409_naming_the_rule(client):
    s = at_main(client)
    for c in ("noir/fedora-1", "noir/fedora-2", "noir/roadster-1"):
        s["seats"][0]["loot"].append(take(s, c))
    give(s, 0, "noir/roadster-2")
    response = apply(client, s, {"player": 0, "kind": "play", "card": "noir/roadster-2"})
    assert response.status_code == 200, response.get_json()
    after = response.get_json()
    assert [d["kind"] for d in after["pending"]] == ["trash"]
    illegal(apply(client, after["state"], {"player": 0, "kind": "end_turn"}), "loot_limit")


def test_a_reaction_outside_its_moment_is_409_naming_the_rule(client):
    # (a `play` of a reaction is refused earlier, by the move schema: `play` takes loot or actions)
    s = at_main(client)
    give(s, 0, "noir/cold-feet")
    illegal(apply(client, s, {"player": 0, "kind": "react", "card": "noir/cold-feet"}), "reaction_outside_its_moment")


def test_a_reaction_at_the_wrong_moment_of_a_scene_change_is_409_naming_the_rule(client):
    # Called in a Favor is played when success is about to be determined, not at the reveal
    s = at_main(client)
    give(s, 1, "noir/cold-feet", "noir/called-in-a-favor-1")
    response = apply(client, s, {"player": 0, "kind": "attempt", "scene": "title/who", "to": "uptown"})
    assert response.status_code == 200, response.get_json()
    after = response.get_json()
    assert [(d["player"], d["kind"]) for d in after["pending"]] == [(1, "react")]
    illegal(apply(client, after["state"], {"player": 1, "kind": "react", "card": "noir/called-in-a-favor-1",
                                           "side": "for"}), "reaction_outside_its_moment")


def test_a_second_card_after_the_turn_ended_is_409_not_your_turn(client):
    s = at_main(client)
    give(s, 0, "noir/fedora-1", "noir/roadster-1")
    after = apply(client, s, {"player": 0, "kind": "play", "card": "noir/fedora-1"}).get_json()
    response = apply(client, after["state"], {"player": 0, "kind": "play", "card": "noir/roadster-1"})
    body = response.get_json()
    assert (response.status_code, body["code"]) == (409, "not_your_turn"), body


def test_a_move_out_of_turn_is_409_not_your_turn(client):
    s = at_main(client)
    response = apply(client, s, {"player": 1, "kind": "end_turn"})
    assert (response.status_code, response.get_json()["code"]) == (409, "not_your_turn")


@pytest.mark.parametrize("tamper", [
    lambda s: s["seats"][1]["hand"].append(s["noir"]["deck"][-1]),               # a noir card twice
    lambda s: s["city"]["who"]["uptown"].append(s["city"]["who"]["midtown"][0]),  # a scene twice
    lambda s: s["seats"][0].update(informant=s["seats"][1]["informant"]),         # an informant twice
    lambda s: s["noir"]["deck"].pop(),                                            # a card missing
], ids=["noir-twice", "scene-twice", "informant-twice", "card-missing"])
def test_a_tampered_state_is_422_invalid_state(client, tamper):
    s = at_main(client)
    tamper(s)
    response = apply(client, s, {"player": 0, "kind": "end_turn"})
    body = response.get_json()
    assert (response.status_code, body["code"]) == (422, "invalid_state"), body
    assert body["message"].endswith(".")
    response = client.post(f"{BIG}/view", json={"state": s, "player": 0})
    assert (response.status_code, response.get_json()["code"]) == (422, "invalid_state")


def test_a_legal_move_over_http_is_200(client):
    s = at_main(client)
    response = apply(client, s, {"player": 0, "kind": "end_turn"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["state"]["turn"]["player"] == 1
