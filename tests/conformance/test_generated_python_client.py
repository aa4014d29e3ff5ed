"""A Python client generated from openapi.yaml (openapi-python-client) plays every game, stateless
and at tables, with no hand-written parsing, and loses no field of any answer.

The client is generated into a temporary folder at the start of the module, from the committed
spec, exactly as a user would (`openapi-python-client generate --path openapi.yaml`). It talks to
the app in-process through httpx's WSGI transport: real routing, parsing and JSON, no socket.
Each answer is parsed by the generated models and must come back whole: `parsed.to_dict()`
equals the JSON the server sent, so a Big Shuffle decision parsed as a Shufflers one (or an
event that drops its `from`) fails here.
"""

import importlib
import json
import math
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

import core
from api import create_app
from core.framework.rng import Rng
from test_engine_conformance import OPTION_SETS, _pick

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")
MAX_STEPS = 20_000


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The package `shuffle_client`, generated from the spec into a fresh folder."""
    folder = tmp_path_factory.mktemp("generated")
    config = folder / "config.yaml"
    config.write_text("post_hooks: []\npackage_name_override: shuffle_client\n")
    done = subprocess.run([str(GENERATOR), "generate", "--path", str(SPEC), "--config", str(config),
                           "--output-path", str(folder / "shuffle_client"), "--meta", "none"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr  # every schema understood
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module("shuffle_client")
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == "shuffle_client" or n.startswith("shuffle_client.")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "REDIS_URL": None})


def _settings(app) -> dict:
    return {"base_url": "http://shuffle.test", "httpx_args": {"transport": httpx.WSGITransport(app=app)},
            "raise_on_unexpected_status": True}


@pytest.fixture(scope="module")
def client(generated, app):
    return generated.Client(**_settings(app))


def _module(generated, game: str, operation: str):
    """The generated function module of a game's operation: `shufflers`, `ApplyMove` -> shufflers_apply_move."""
    package = game.replace("-", "_")
    return importlib.import_module(f"shuffle_client.api.{package}.{package}_{_snake(operation)}")


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


def _model(generated, game: str, name: str):
    camel = "".join(part.title() for part in game.split("-"))
    return getattr(importlib.import_module("shuffle_client.models"), camel + name)


def _whole(response, status: int = 200):
    """The parsed answer, after checking that the models kept every field the server sent."""
    assert response.status_code == status, response.content
    sent = json.loads(response.content)
    assert response.parsed.to_dict() == sent, "the generated models lost or changed a field"
    return response.parsed


# Each mode of a game once, at its fewest seats (_modes), and at most this many tables a game, spread
# over its sample setups (`Game.sample_setups` lists the
# tables in the order of its modes: every other one of The Big Shuffle's 15 still reaches each
# mode, The Law and the reaction windows, every other of Shufflers' 10 solo, competitive,
# collaborative and the vehicle-lamb options). The models are each game's, not each table's;
# the HTTP conformance suite plays every table through the app (issue 30, docs/testing.md).
MAX_TABLES = 8


def _modes(tables):
    """The fewest-seat table of each set of options (a one-seat game is a mode of its own): the models
    are the same for more seats, and a Plot Twist game at 6 seats costs ten of one at 2 (issue 30)."""
    seen = set()
    for table in sorted(tables, key=lambda table: table[1]):
        key = (json.dumps(table[2], sort_keys=True), table[1] == 1)
        if key not in seen:
            seen.add(key)
            yield table


def _cases():
    for game in core.all_games():
        tables = [table for table in OPTION_SETS[game.id] if table in list(_modes(OPTION_SETS[game.id]))]
        for case_id, players, options, _ in tables[::math.ceil(len(tables) / MAX_TABLES)]:
            yield pytest.param(game.id, players, options, id=f"{game.id}-{case_id}")


@pytest.mark.parametrize("game,players,options", list(_cases()))
def test_the_generated_client_plays_a_whole_game_stateless(generated, client, game, players, options):
    new, apply, view = (_module(generated, game, op) for op in ("NewGame", "ApplyMove", "ViewState"))
    NewGameRequest, ApplyRequest, ViewRequest = (_model(generated, game, n) for n in
                                                 ("NewGameRequest", "ApplyRequest", "ViewRequest"))
    Options = _model(generated, game, "Options")
    # The first game of the engine's conformance run for these options (seed 0: uniform play), known to end.
    rng = Rng.from_seed(f"conformance:{game}:{players}:0")
    step = _whole(new.sync_detailed(client=client, body=NewGameRequest(
        players=players, options=Options.from_dict(options), seed=0)))
    for turn in range(MAX_STEPS):
        if step.outcome is not None:
            break
        listed = [option for decision in step.pending for option in decision.options]
        plain = [option.to_dict() for option in listed]
        move = listed[plain.index(_pick(game, plain, rng, patient=False))]
        if turn % 10 == 0:
            _whole(view.sync_detailed(client=client, body=ViewRequest(state=step.state, player=move.player)))
        step = _whole(apply.sync_detailed(client=client, body=ApplyRequest(state=step.state, move=move)))
    assert step.outcome is not None, "the game did not end"


@pytest.mark.parametrize("game", [game.id for game in core.all_games()])
def test_the_generated_client_plays_a_whole_game_at_a_table(generated, app, client, game):
    from shuffle_client.api.tables import get_table, table_events, table_steps

    info = core.get_game(game)
    players = max(2, info.min_players)
    create, play = _module(generated, game, "CreateTable"), _module(generated, game, "PlayMove")
    CreateTableRequest, MoveRequest = (_model(generated, game, n) for n in ("CreateTableRequest", "MoveRequest"))
    TableView = _model(generated, game, "TableView")
    bots = CreateTableRequest.from_dict({"players": players, "seed": 5, "bots": {str(players - 1): "random"}})
    created = _whole(create.sync_detailed(client=client, body=bots), 201)
    tokens = {seat.seat: seat.token for seat in created.seats if seat.token is not None}
    rng = Rng.from_seed(f"generated-client-table:{game}")
    table = created
    for _ in range(MAX_STEPS):
        if table.outcome is not None:
            break
        seat = table.waiting_for[0]
        as_seat = generated.AuthenticatedClient(token=tokens[seat], **_settings(app))
        seen = _whole(get_table.sync_detailed(table.table_id, client=as_seat))
        assert isinstance(seen, TableView), type(seen)  # the union, chosen by `game`
        listed = [option for decision in seen.pending for option in decision.options]
        move = listed[rng.below(len(listed))]
        table = _whole(play.sync_detailed(seen.table_id, client=as_seat, body=MoveRequest(move=move),
                                          if_match=f'"{seen.version}"'))
    assert table.outcome is not None, "the game did not end"
    steps = _whole(table_steps.sync_detailed(table.table_id, client=client, after=-1, wait=0))
    assert steps.version == table.version and steps.steps[0].version == 0
    # The finished game's event stream arrives as text; each step's data parses as the game's TableStep.
    stream = table_events.sync_detailed(table.table_id, client=client, after=-1)
    assert stream.status_code == 200 and isinstance(stream.parsed, str)
    TableStep = _model(generated, game, "TableStep")
    data = [json.loads(line.removeprefix("data: ")) for line in stream.parsed.splitlines() if line.startswith("data: ")]
    assert [TableStep.from_dict(d).to_dict() for d in data] == data and len(data) == table.version + 1


@pytest.mark.parametrize("game", [game.id for game in core.all_games()])
def test_the_generated_client_plays_a_whole_sealed_game_against_bots(generated, client, game):
    new, apply, view = (_module(generated, game, op) for op in ("NewSealedGame", "ApplySealedMove", "ViewSealedGame"))
    SealRequest, SealedApplyRequest, SealedViewRequest = (_model(generated, game, n) for n in
                                                          ("SealRequest", "SealedApplyRequest", "SealedViewRequest"))
    players = max(2, core.get_game(game).min_players)
    bots = {str(seat): "random" for seat in range(1, players)}
    step = _whole(new.sync_detailed(client=client, body=SealRequest.from_dict(
        {"players": players, "seat": 0, "bots": bots})))
    rng = Rng.from_seed(f"generated-client-sealed:{game}")
    for _ in range(MAX_STEPS):
        if step.outcome is not None:
            break
        if not step.pending:  # bots still owe moves past a request's budget: looking again makes them
            step = _whole(view.sync_detailed(client=client, body=SealedViewRequest(sealed=step.sealed)))
            continue
        listed = [option for decision in step.pending for option in decision.options]
        step = _whole(apply.sync_detailed(client=client, body=SealedApplyRequest(
            sealed=step.sealed, move=listed[rng.below(len(listed))])))
    assert step.outcome is not None, "the game did not end"


def test_every_games_models_are_named_after_its_id_and_showbizs_old_names_remain(generated):
    """`camel(game) + "State"` is every game's state model; Showbiz's `ShowbizState` (its name before
    2026-11-27) is still generated, from a deprecated alias, and reads the same state."""
    models = importlib.import_module("shuffle_client.models")
    for game in core.all_games():
        state = core.new_game(game.id, max(2, game.min_players), {}, 1).state
        assert _model(generated, game.id, "State").from_dict(state).to_dict() == state
    state = core.new_game("showbiz-shuffle", 2, {}, 1).state
    assert models.ShowbizState.from_dict(state).to_dict() == state
