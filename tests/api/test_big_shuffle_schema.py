"""The Big Shuffle's schemas (api/schemas/big_shuffle.py) describe what the engine really sends.

Seeded random games in every mode, played by the engine: every state, view, decision, event
(as each seat sees it) and outcome is checked against the marshmallow schemas and against the
OpenAPI document's components, which is what clients and schemathesis read. Then a game over
HTTP: every Step and ViewResponse against the spec. The catalog against `Card`. Games with The
Law (option `expansions: ["the-law"]`) too: patrols, protected scenes, The Vigilante's backing,
The Cruiser's extra scene change, Neighborhood Watch's chosen drawer.
"""

import jsonschema_rs
import pytest
from marshmallow import ValidationError

import core
from api.schemas import big_shuffle as bs
from api.schemas.base import check
from core.framework.rng import Rng

REF = "#/components/schemas/"
GAME = "big-shuffle"
BIG = f"/v1/games/{GAME}"
LAW = {"expansions": ["the-law"]}
# (players, options, seed): every mode, the `always` reaction windows, preassigned characters, The
# Law; seeds of games that end in a few hundred steps and between them make every kind of move.
TABLES = [
    (2, {"mode": "beginner"}, 6),
    (3, {"mode": "standard"}, 0),
    (4, {"mode": "expert"}, 48),
    (3, {"reaction_windows": "always"}, 8),
    (4, {"mode": "beginner", "reaction_windows": "always"}, 7),
    (2, {"mode": "expert", "characters": ["character/governor", "character/reporter"]}, 10),
    (2, {**LAW}, 415),  # The Cruiser's extra scene change (attempt.change null at step continue)
    (3, {**LAW, "mode": "expert"}, 40),
    (4, {**LAW, "reaction_windows": "always",
         "characters": ["character/vigilante", "character/governor", "character/femme-fatale", "character/mafia-don"]},
     62),
]
LAW_EVENTS = {"patrol_played", "patrol_moved", "scene_protected", "move_prevented", "protection_ended"}


@pytest.fixture(scope="module")
def spec():
    from api import create_app

    return create_app().test_client().get("/openapi.json").get_json()


def validator(spec, name):
    return jsonschema_rs.Draft202012Validator({"$ref": REF + name, "components": spec["components"]})


_SCHEMAS: dict = {}  # one instance a class: a new one builds its whole tree of nested schemas again


def _valid(schema_class, value) -> None:
    schema = _SCHEMAS.get(schema_class) or _SCHEMAS.setdefault(schema_class, schema_class())
    errors = schema.validate(value)
    assert not errors, (errors, value)


def test_the_catalog_conforms(spec):
    card = validator(spec, "BigShuffleCard")
    cards = core.get_game(GAME).cards()
    assert {c["type"] for c in cards} == set(bs.Card.alternatives)
    for c in cards:
        check(bs.Card, c)
        card.validate(c)


def test_the_card_id_patterns_are_exact():
    ids = {c["id"] for c in core.get_game(GAME).cards()}
    field = bs.card(bs.CARD_TYPES)
    assert all(field.deserialize(i) == i for i in ids)
    for wrong in ("noir/thug", "noir/thug-1x", "scene/", "NOIR/thug-1", "title/how"):
        with pytest.raises(ValidationError):
            field.deserialize(wrong)
    with pytest.raises(ValidationError):
        bs.card("goon").deserialize("noir/pipe")  # a loot is no goon
    with pytest.raises(ValidationError):
        bs.card("goon").deserialize("noir/feds")  # a patrol (The Law) is no goon either
    assert bs.card("patrol").deserialize("noir/feds") == "noir/feds"


def test_the_law_fields_are_optional_and_precise():
    base = core.new_game(GAME, 2, {}, 1).state
    law = core.new_game(GAME, 2, LAW, 1).state
    assert "patrols" not in base and "protected" not in base
    assert law["patrols"] == dict.fromkeys(("who", "what", "where", "uptown", "midtown", "downtown"))
    assert law["protected"] == []
    _valid(bs.State, base)
    _valid(bs.State, law)
    for wrong in ({**law["patrols"], "north": None}, {**law["patrols"], "who": "noir/thug-1"},
                  {k: v for k, v in law["patrols"].items() if k != "who"}):
        assert "patrols" in bs.State().validate({**law, "patrols": wrong})
    move = {"player": 0, "kind": "play", "card": "noir/feds"}
    check(bs.Move, {**move, "line": "downtown"})
    with pytest.raises(ValidationError):
        check(bs.Move, {**move, "line": "north"})
    check(bs.Move, {"player": 1, "kind": "hire", "card": "character/vigilante", "side": "for"})
    with pytest.raises(ValidationError):
        check(bs.Move, {"player": 1, "kind": "hire", "card": "character/governor", "side": "for"})


def test_engine_games_conform_to_the_schemas(spec):
    js = {name: validator(spec, "BigShuffle" + name) for name in ("State", "View", "Decision", "Event", "Outcome")}
    kinds, events, decisions, law = set(), set(), set(), set()
    for players, options, seed in TABLES:
        pick = Rng.from_seed(f"big-shuffle-schema:{seed}")
        step = core.new_game(GAME, players, options, seed)
        n = 0
        while True:
            _valid(bs.State, step.state)
            js["State"].validate(step.state)
            assert ("patrols" in step.state) == ("expansions" in options), step.state.keys()
            law |= _law_shapes(step.state)
            for d in step.as_dict()["pending"]:  # as the wire carries them: with their labels
                _valid(bs.Decision, d)
                js["Decision"].validate(d)
                decisions.add(d["kind"])
            seen_events = [e for seat in [None, *range(players)]
                           for e in core.view_events(step.state, step.events, seat)]
            for e in {id(e): e for e in step.events + seen_events}.values():  # a hidden card: another object
                check(bs.Event, e)
                js["Event"].validate(e)
                events.add(e["type"])
            for seat in [None, *range(players)]:
                if n % 10 == 0 or step.outcome is not None:
                    seen = core.view(step.state, seat, trusted=True)["view"]
                    _valid(bs.View, seen)
                    js["View"].validate(seen)
            if step.outcome is not None:
                _valid(bs.Outcome, step.outcome)
                js["Outcome"].validate(step.outcome)
                break
            options_ = [o for d in step.pending for o in d["options"]]
            move = options_[pick.below(len(options_))]
            kinds.add(move["kind"])
            step = step.play(move)
            n += 1
    # What the schemas declare does turn up (a rare event may not, in so few games).
    assert kinds <= set(bs.Move.alternatives) and len(kinds) >= 12, kinds
    assert events <= set(bs.Event.alternatives)
    assert {"game_started", "card_drawn", "attempt_started", "attempt_resolved", "game_over"} <= events
    # The Law's new shapes do turn up in its games
    assert LAW_EVENTS <= events and "choose_drawer" in decisions and "choose_drawer" in kinds, (events, decisions)
    assert law == {"patrol", "protected", "backing", "cruise", "draw_chosen"}, law


def _law_shapes(state: dict) -> set:
    """The Law's shapes in this state: a patrol on a line, a protected scene, The Vigilante's backing,
    The Cruiser's step `continue` without a card, a queued draw_chosen."""
    a = state["attempt"]
    return {name for name, there in (
        ("patrol", any((state.get("patrols") or {}).values())),
        ("protected", bool(state.get("protected"))),
        ("backing", a is not None and any(g["card"] in bs.BACKERS for g in a["goons"])),
        ("cruise", a is not None and a["step"] == "continue" and a["change"] is None),
        ("draw_chosen", any(t.get("verb") == "draw_chosen" for t in state["queue"])),
    ) if there}


@pytest.mark.parametrize("players,options", [(3, {"mode": "expert"}), (4, {"reaction_windows": "always"}),
                                             (3, LAW)])
def test_a_game_over_http_conforms_to_the_spec(client, spec, players, options):
    step_schema, view_schema = validator(spec, "BigShuffleStep"), validator(spec, "BigShuffleViewResponse")
    pick = Rng.from_seed(f"big-shuffle-schema:http:{players}")
    response = client.post(f"{BIG}/new", json={"players": players, "seed": 5, "options": options})
    for n in range(5000):
        assert response.status_code == 200, response.get_json()
        step = response.get_json()
        step_schema.validate(step)
        if n % 10 == 0 or not step["pending"]:
            for seat in [None, *range(players)]:
                seen = client.post(f"{BIG}/view", json={"state": step["state"], "player": seat})
                view_schema.validate(seen.get_json())
        if not step["pending"]:
            break
        options_ = [o for d in step["pending"] for o in d["options"]]
        response = client.post(f"{BIG}/apply", json={"state": step["state"],
                                                     "move": options_[pick.below(len(options_))]})
    else:
        pytest.fail("the game did not end")
