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


OWN_OPERATIONS = {  # path under /v1/games/<game> -> (method, operationId without the game's prefix)
    "": ("get", "GetGame"), "/cards": ("get", "GetCards"), "/new": ("post", "NewGame"), "/apply": ("post", "ApplyMove"),
    "/view": ("post", "ViewState"), "/bot-move": ("post", "BotMove"), "/sealed/new": ("post", "NewSealedGame"),
    "/sealed/apply": ("post", "ApplySealedMove"), "/sealed/view": ("post", "ViewSealedGame"),
    "/tables": ("post", "CreateTable"), "/tables/{table_id}/moves": ("post", "PlayMove"),
}
ACROSS_GAMES = {"GameState", "GameView", "GameMove", "GameDecision", "GameEvent", "GameOutcome", "GameCard",
                "GameOptions"}
# The start of the names of each game's own components (`ShowbizShuffleState`...), as its schema module names them.
PREFIXES = {game: module.State.__name__.removesuffix("State") for game, module in GAMES.items()}


def _refs(spec, node, seen=None) -> set:
    """Every component `node` reaches, transitively."""
    seen = set() if seen is None else seen
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF) and ref.removeprefix(REF) not in seen:
            seen.add(ref.removeprefix(REF))
            _refs(spec, spec["components"]["schemas"][ref.removeprefix(REF)], seen)
        for value in node.values():
            _refs(spec, value, seen)
    elif isinstance(node, list):
        for value in node:
            _refs(spec, value, seen)
    return seen


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_has_its_own_operations_whose_schemas_are_that_games_alone(spec, game):
    """A client generator types a game's bodies apart from another game's: no union across games."""
    others = tuple(p for g, p in PREFIXES.items() if g != game)
    camel = "".join(part.title() for part in game.split("-"))
    for path, (method, name) in OWN_OPERATIONS.items():
        operation = spec["paths"][f"/v1/games/{game}{path}"][method]
        assert operation["operationId"] == camel[0].lower() + camel[1:] + name
        assert operation["tags"] == [game]
        reached = _refs(spec, {k: v for k, v in operation.items() if k in ("requestBody", "responses")})
        assert not [r for r in reached if r.startswith(others) or r in ACROSS_GAMES], (path, reached)
    body = spec["paths"][f"/v1/games/{game}/apply"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    state = spec["components"]["schemas"][body["$ref"].removeprefix(REF)]["properties"]["state"]
    assert state["$ref"] == REF + GAMES[game].State.__name__


SHARED = {"Error", "HiddenCard", "TableSeat", "GameInfo", "OptionInfo",  # the same for every game
          "ClockRequest", "ClockView", "SeatDeadline",  # a table's clock
          "SeatInfo"}  # a table's seats (names, bots, open seats)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_schema_of_a_game_is_named_after_its_id(spec, game):
    """`camel(game id) + "State"` finds every game's state (was: Showbiz's were `ShowbizState`...)."""
    camel = "".join(part.title() for part in game.split("-"))
    assert PREFIXES[game] == camel
    module = GAMES[game]
    assert [getattr(module, a).__name__ for a in ("State", "View", "Decision", "Outcome")] == [
        camel + a for a in ("State", "View", "Decision", "Outcome")]
    assert [getattr(getattr(module, a), "name", None) or getattr(module, a).__name__ for a in ("Move", "Event", "Card")] \
        == [camel + a for a in ("Move", "Event", "Card")]
    reached = set()
    for path, (method, _) in OWN_OPERATIONS.items():
        operation = spec["paths"][f"/v1/games/{game}{path}"][method]
        reached |= _refs(spec, {k: v for k, v in operation.items() if k in ("requestBody", "responses")})
    assert reached and not [name for name in reached - SHARED if not name.startswith(camel)]


def test_showbiz_schemas_old_names_stay_as_deprecated_aliases(spec):
    schemas = spec["components"]["schemas"]
    for old in ("ShowbizState", "ShowbizMove", "ShowbizCastMove", "ShowbizEvent", "ShowbizDecision", "ShowbizView"):
        new = "ShowbizShuffle" + old.removeprefix("Showbiz")
        assert schemas[old]["$ref"] == REF + new and schemas[old]["deprecated"] is True and new in schemas
    assert "ShowbizApplyRequest" not in schemas  # the wrappers were always ShowbizShuffle*: no alias


def test_table_answers_of_any_game_are_a_one_of_discriminated_by_game(spec):
    for name in ("TableCreated", "TableView", "TableSnapshot", "TableStep", "TableSteps"):
        union = spec["components"]["schemas"][name]
        refs = {game: REF + "".join(p.title() for p in game.split("-")) + name for game in GAMES}
        assert union["oneOf"] == [{"$ref": ref} for ref in refs.values()]
        assert union["discriminator"] == {"propertyName": "game", "mapping": refs}
        for game, ref in refs.items():
            assert spec["components"]["schemas"][ref.removeprefix(REF)]["properties"]["game"]["enum"] == [game]


def test_the_generic_table_operations_are_kept_but_deprecated(spec):
    assert spec["paths"]["/v1/tables"]["post"]["deprecated"] is True
    assert spec["paths"]["/v1/tables/{table_id}/moves"]["post"]["deprecated"] is True
    assert not any("{game}" in path for path in spec["paths"])


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
    apply_errors = spec["paths"]["/v1/games/shufflers/apply"]["post"]["responses"]
    assert set(apply_errors) == {"200", "400", "408", "409", "413", "415", "422", "431"}


# Every variant and option, so that every move kind and event type turns up.
TABLES = [
    (1, {}), (1, {"vehicle": True, "sacrificial_lamb": True}), (3, {"vehicle": True}),
    (2, {"collaborative": True, "vehicle": True, "sacrificial_lamb": True}), (4, {"collaborative": True}),
]


def test_whole_games_over_http_conform_to_the_spec(client, spec):
    step_schema, view_schema = validator(spec, "ShufflersStep"), validator(spec, "ShufflersViewResponse")
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


def test_an_apps_document_equals_one_written_afresh_whatever_apps_came_before():
    """create_app writes the OpenAPI document once a process for each set of the settings that shape it
    (api._DOCUMENTS): a later app, of other settings that do not shape it, serves the same bytes as one
    whose document is written afresh; an app of other API_ settings gets its own."""
    import api

    api._DOCUMENTS.clear()
    fresh = api.create_app({"TESTING": True}).test_client().get("/openapi.json").get_json()
    later = api.create_app({"TESTING": False, "SHUFFLE_BENCH_ECHO": True, "TABLE_TTL": 5})
    assert later.test_client().get("/openapi.json").get_json() == fresh
    assert later.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec is api._DOCUMENTS[api._document_key(later.config)]
    titled = api.create_app({"API_TITLE": "Another"}).test_client().get("/openapi.json").get_json()
    assert titled["info"]["title"] == "Another" and titled["paths"] == fresh["paths"]
    assert len(api._DOCUMENTS) == 2
    # the routes of a later app answer as the first's do
    assert later.test_client().get("/v1/games").status_code == 200
