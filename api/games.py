"""The stateless referee: game metadata, and new / apply / view over a state the client holds."""

import secrets

from flask import current_app
from flask_smorest import abort
from marshmallow import ValidationError

import core

from .errors import error_responses
from .observability import engine_timer, move_applied
from .parsing import Blueprint
from .schemas.base import check
from .schemas import (
    GAMES, ApplyRequest, BotMoveRequest, BotMoveResponse, CardList, GameInfo, GameList, NewGameRequest, Step,
    ViewRequest, ViewResponse, examples,
)

blp = Blueprint("games", __name__, url_prefix="/v1/games",
                description="Game metadata, and the referee over a state that the client keeps.")

GAME = [{"in": "path", "name": "game", "description": "A game id, as listed by GET /v1/games.",
         "schema": {"type": "string", "enum": list(GAMES)}}]
BODY_ERRORS = ("bad_json", "request_timeout", "body_too_large", "unsupported_media_type", "invalid_request",
               "header_too_large")
# OpenAPI links: how a Step leads to the next request (clients and schemathesis' stateful phase follow them).
NEXT = {
    "applyFirstOption": {
        "operationId": "applyMove",
        "description": "Play the first option of the first pending decision.",
        "parameters": {"game": "$request.path.game"},
        "requestBody": {"state": "$response.body#/state", "move": "$response.body#/pending/0/options/0"},
    },
    "viewAsFirstDecider": {
        "operationId": "viewState",
        "description": "What the first seat to decide may see.",
        "parameters": {"game": "$request.path.game"},
        "requestBody": {"state": "$response.body#/state", "player": "$response.body#/pending/0/player"},
    },
}


@blp.route("")
@blp.response(200, GameList)
@blp.doc(operationId="listGames")
def list_games():
    """Every game this server referees."""
    return {"games": [game.info() for game in core.all_games()]}


@blp.route("/<game>", parameters=GAME)
@blp.response(200, GameInfo)
@blp.doc(operationId="getGame", responses=error_responses("unknown_game"))
def get_game(game):
    """A game's players range and table options (with their defaults)."""
    return core.get_game(game).info()


@blp.route("/<game>/cards", parameters=GAME)
@blp.response(200, CardList)
@blp.doc(operationId="getCards", responses=error_responses("unknown_game"))
def get_cards(game):
    """The card catalog, as data."""
    return {"cards": core.get_game(game).cards()}


@blp.route("/<game>/new", methods=["POST"], parameters=GAME)
@blp.arguments(NewGameRequest(), examples=examples("new"))
@blp.response(200, Step)
@blp.doc(operationId="newGame", responses={
    200: {"links": NEXT}, **error_responses("unknown_game", "invalid_options", *BODY_ERRORS)})
def new_game(args, game):
    """Set up a game: the first state, the setup events and the first decisions."""
    seed = args["seed"] if "seed" in args else secrets.randbits(63)
    with engine_timer(game, "new"):
        step = core.new_game(game, args["players"], args.get("options"), seed)
    return _json(step.as_dict())


@blp.route("/<game>/apply", methods=["POST"], parameters=GAME)
@blp.arguments(ApplyRequest(), examples=examples("apply"))
@blp.response(200, Step)
@blp.doc(operationId="applyMove", responses={200: {"links": NEXT}, **error_responses(
    "unknown_game", "invalid_state", "invalid_move", "illegal_move", "not_your_turn", "game_over", "work_limit",
    *BODY_ERRORS)})
def apply_move(args, game):
    """Apply a move to a state: the next state, what happened, and who decides what next."""
    state, move = _state_of(game, args["state"]), args["move"]
    try:
        with engine_timer(game, "apply"):
            step = core.apply(state, move)
    except (core.GameOver, core.InvalidMove, core.NotYourTurn, core.IllegalMove):
        _check_shape(game, move)  # a move that does not even fit the schema is a 422, not a 409
        raise
    move_applied(game, "stateless")
    return _json(step.as_dict())


def _check_shape(game: str, move: dict) -> None:
    """Against the moves of the game in the path: with several games, the union of all of them
    could only say that a move matches none."""
    try:
        check(GAMES[game].Move, move)
    except ValidationError as bad:
        abort(422, messages={"json": {"move": bad.messages}})


@blp.route("/<game>/view", methods=["POST"], parameters=GAME)
@blp.arguments(ViewRequest(), examples=examples("view"))
@blp.response(200, ViewResponse)
@blp.doc(operationId="viewState", responses=error_responses(
    "unknown_game", "invalid_state", "invalid_move", *BODY_ERRORS))
def view_state(args, game):
    """What one seat (or a spectator) may see of a state, and that seat's decisions."""
    return _json(core.view(_state_of(game, args["state"]), args["player"]))


@blp.route("/<game>/bot-move", methods=["POST"], parameters=GAME)
@blp.arguments(BotMoveRequest(), examples=examples("bot-move"))
@blp.response(200, BotMoveResponse)
@blp.doc(operationId="botMove", responses=error_responses(
    "unknown_game", "invalid_state", "invalid_move", "unknown_bot", "not_your_turn", "game_over", *BODY_ERRORS))
def bot_move(args, game):
    """The move a bot would make for a seat: it sees only that seat's view, never hidden cards."""
    state = _state_of(game, args["state"])
    move = core.bot_move(state, args["player"], args["bot"], args.get("seed"))
    return _json({"move": move, "bot": args["bot"], "player": args["player"]})


def _json(data: dict):
    """Straight to orjson: a Response passes @blp.response untouched, its schema then only documents.
    Half the cost of dumping through the (pass-through) schema first, on the hot path."""
    return current_app.json.response(data)


def _state_of(game: str, state: dict) -> dict:
    """The state, if it is one of the game in the path (core checks the rest)."""
    core.get_game(game)
    if state.get("game") != game:
        raise core.InvalidState(f"The state is not a game of {game}: its 'game' field is {state.get('game')!r}.",
                                {"state.game": [f"must be {game!r}"]})
    return state
