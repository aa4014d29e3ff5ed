"""The spec is precise: per-game schemas behind discriminated unions, and real games conform to it.

Schemathesis checks responses to generated requests, which rarely get past `check_state`;
here whole games are played over HTTP and every answer is validated against the spec, so a
field, an event or a move kind the spec does not describe fails here.
"""

import jsonschema_rs
import pytest

import core
from api.schemas import GAMES
from api_helpers import SHUFFLERS, apply, new
from core.framework.rng import Rng

REF = "#/components/schemas/"


@pytest.fixture(scope="module")
def spec():
    from api import create_app

    return create_app().test_client().get("/openapi.json").get_json()


def validator(spec, name):
    return jsonschema_rs.Draft202012Validator({"$ref": REF + name, "components": spec["components"]})


def test_every_registered_game_has_a_schemas_module():
    assert set(GAMES) == {game.id for game in core.all_games()}


def test_states_are_a_one_of_discriminated_by_game(spec):
    union = spec["components"]["schemas"]["GameState"]
    refs = {game: REF + module.State.__name__ for game, module in GAMES.items()}
    assert refs["shufflers"] == REF + "ShufflersState"
    assert union["oneOf"] == [{"$ref": ref} for ref in refs.values()]
    assert union["discriminator"] == {"propertyName": "game", "mapping": refs}


def test_each_move_kind_is_its_own_schema_discriminated_by_kind(spec):
    schemas = spec["components"]["schemas"]
    moves = schemas["ShufflersMove"]
    assert moves["discriminator"]["propertyName"] == "kind"
    kinds = set(moves["discriminator"]["mapping"])
    assert kinds == {"draw", "sacrifice", "pay", "contribute", "retrieve", "ignore", "vehicle", "sacrificial_lamb",
                     "rob"}
    for kind, ref in moves["discriminator"]["mapping"].items():
        move = schemas[ref.removeprefix(REF)]
        assert move["properties"]["kind"]["enum"] == [kind]
        assert move["additionalProperties"] is False


def test_the_path_parameter_lists_the_games(spec):
    [parameter] = spec["paths"]["/v1/games/{game}/apply"]["parameters"]
    assert parameter["schema"]["enum"] == list(GAMES)


def test_operations_declare_their_errors_and_no_catch_all(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            responses = operation["responses"]
            assert "default" not in responses, (method, path)
            for status, response in responses.items():
                if int(status) >= 400:  # 201/204/304 of the tables are successes
                    assert response["content"]["application/json"]["schema"] == {"$ref": REF + "Error"}
    apply_errors = spec["paths"]["/v1/games/{game}/apply"]["post"]["responses"]
    assert set(apply_errors) == {"200", "400", "404", "408", "409", "413", "415", "422", "431"}


# Every variant and option, so that every move kind and event type turns up.
TABLES = [
    (1, {}), (1, {"vehicle": True, "sacrificial_lamb": True}), (3, {"vehicle": True}),
    (2, {"collaborative": True, "vehicle": True, "sacrificial_lamb": True}), (4, {"collaborative": True}),
]


def test_whole_games_over_http_conform_to_the_spec(client, spec):
    step_schema, view_schema = validator(spec, "Step"), validator(spec, "ViewResponse")
    kinds, events = set(), set()
    for seed in range(4):
        for players, options in TABLES:
            pick = Rng.from_seed(f"spec:{seed}")
            step = new(client, players=players, options=options, seed=seed)
            while True:
                step_schema.validate(step)
                events |= {e["type"] for e in step["events"]}
                for seat in [None, *range(players)]:
                    seen = client.post(f"{SHUFFLERS}/view", json={"state": step["state"], "player": seat})
                    view_schema.validate(seen.get_json())
                if not step["pending"]:
                    break
                options_ = [o for d in step["pending"] for o in d["options"]]
                move = options_[pick.below(len(options_))]
                kinds.add(move["kind"])
                response = apply(client, step["state"], move)
                assert response.status_code == 200, response.get_json()
                step = response.get_json()
    schemas = spec["components"]["schemas"]
    assert kinds == set(schemas["ShufflersMove"]["discriminator"]["mapping"])
    assert events == set(schemas["ShufflersEvent"]["discriminator"]["mapping"])
