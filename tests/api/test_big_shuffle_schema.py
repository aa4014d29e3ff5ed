"""The Big Shuffle's schemas (api/schemas/big_shuffle.py) describe what the engine really sends.

Seeded random games in every mode, played by the engine: every state, view, decision, event
(as each seat sees it) and outcome is checked against the marshmallow schemas and against the
OpenAPI document's components, which is what clients and schemathesis read. Then a game over
HTTP: every Step and ViewResponse against the spec. The catalog against `Card`.
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
# (players, options, seed): every mode, the `always` reaction windows, preassigned characters;
# seeds of games that end in a few hundred steps and between them make every kind of move.
TABLES = [
    (2, {"mode": "beginner"}, 6),
    (3, {"mode": "standard"}, 0),
    (4, {"mode": "expert"}, 11),
    (3, {"reaction_windows": "always"}, 8),
    (4, {"mode": "beginner", "reaction_windows": "always"}, 7),
    (2, {"mode": "expert", "characters": ["character/governor", "character/reporter"]}, 10),
]


@pytest.fixture(scope="module")
def spec():
    from api import create_app

    return create_app().test_client().get("/openapi.json").get_json()


def validator(spec, name):
    return jsonschema_rs.Draft202012Validator({"$ref": REF + name, "components": spec["components"]})


def _valid(schema_class, value) -> None:
    errors = schema_class().validate(value)
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


def test_engine_games_conform_to_the_schemas(spec):
    js = {name: validator(spec, "BigShuffle" + name) for name in ("State", "View", "Decision", "Event", "Outcome")}
    kinds, events, decisions = set(), set(), set()
    for players, options, seed in TABLES:
        pick = Rng.from_seed(f"big-shuffle-schema:{seed}")
        step = core.new_game(GAME, players, options, seed)
        n = 0
        while True:
            _valid(bs.State, step.state)
            js["State"].validate(step.state)
            for d in step.pending:
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


@pytest.mark.parametrize("players,options", [(3, {"mode": "expert"}), (4, {"reaction_windows": "always"})])
def test_a_game_over_http_conforms_to_the_spec(client, spec, players, options):
    step_schema, view_schema = validator(spec, "Step"), validator(spec, "ViewResponse")
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
