"""Each game's own operations, at its own paths: `/v1/games/shufflers/apply`, `/v1/games/big-shuffle/tables`...

One blueprint per game (its OpenAPI tag is the game id), with the schemas of that game alone
(api/schemas/per_game.py), so that a client generator types a Shufflers state, move and decision
apart from a Big Shuffle one. The handlers are the shared ones of api/games.py, api/sealed.py and
api/tables.py, given the game id; the URLs are the ones clients always called.
"""

from . import games, sealed, tables
from .errors import error_responses
from .parsing import Blueprint
from .schemas import GAMES, GameInfo, example
from .schemas.per_game import of_game, prefix

BODY_ERRORS = tables.BODY_ERRORS
SEALED_ERRORS = ("invalid_seal", "wrong_seat", "work_limit", *BODY_ERRORS)


def operation_id(game: str, name: str) -> str:
    """`big-shuffle`, `ApplyMove` -> `bigShuffleApplyMove`."""
    first = prefix(game)
    return first[0].lower() + first[1:] + name


def blueprint(game: str) -> Blueprint:
    """The operations of `game`, each typed for it alone."""
    schemas, op = of_game(game), lambda name: operation_id(game, name)
    blp = Blueprint(game, __name__, url_prefix=f"/v1/games/{game}",
                    description=f"{GAMES[game].GAME.name}: its metadata and cards, the referee over a state the "
                                "client keeps, sealed games, and its tables.")
    # OpenAPI links: how an answer leads to the next request (clients and schemathesis' stateful phase follow them).
    next_step = {
        "applyFirstOption": {
            "operationId": op("ApplyMove"), "description": "Play the first option of the first pending decision.",
            "requestBody": {"state": "$response.body#/state", "move": "$response.body#/pending/0/options/0"}},
        "viewAsFirstDecider": {
            "operationId": op("ViewState"), "description": "What the first seat to decide may see.",
            "requestBody": {"state": "$response.body#/state", "player": "$response.body#/pending/0/player"}},
    }
    next_sealed = {
        "applySealedFirstOption": {
            "operationId": op("ApplySealedMove"), "description": "Play the first option of the holder's first decision.",
            "requestBody": {"sealed": "$response.body#/sealed", "move": "$response.body#/pending/0/options/0"}},
        "viewSealedAgain": {
            "operationId": op("ViewSealedGame"), "description": "Look again (bots that still owe moves make them).",
            "requestBody": {"sealed": "$response.body#/sealed"}},
    }
    from_seat = {"playFirstOption": {
        **tables.LINKS_FROM_SEAT["playFirstOption"], "operationId": op("PlayMove")}}

    @blp.route("", endpoint="info")
    @blp.response(200, GameInfo)
    @blp.doc(operationId=op("GetGame"))
    @_as(games.game_info)
    def info():
        return games.game_info(game)

    @blp.route("/cards", endpoint="cards")
    @blp.response(200, schemas["CardList"])
    @blp.doc(operationId=op("GetCards"))
    @_as(games.cards)
    def cards():
        return games.cards(game)

    @blp.route("/new", methods=["POST"], endpoint="new")
    @blp.arguments(schemas["NewGameRequest"](), examples=example(game, "new"))
    @blp.response(200, schemas["Step"])
    @blp.doc(operationId=op("NewGame"), responses={
        200: {"links": next_step}, **error_responses("invalid_options", *BODY_ERRORS)})
    @_as(games.new_game)
    def new(args):
        return games.new_game(args, game)

    @blp.route("/apply", methods=["POST"], endpoint="apply")
    @blp.arguments(schemas["ApplyRequest"](), examples=example(game, "apply"))
    @blp.response(200, schemas["Step"])
    @blp.doc(operationId=op("ApplyMove"), responses={200: {"links": next_step}, **error_responses(
        "invalid_state", "invalid_move", "illegal_move", "not_your_turn", "game_over", "work_limit", *BODY_ERRORS)})
    @_as(games.apply_move)
    def apply(args):
        return games.apply_move(args, game)

    @blp.route("/view", methods=["POST"], endpoint="view")
    @blp.arguments(schemas["ViewRequest"](), examples=example(game, "view"))
    @blp.response(200, schemas["ViewResponse"])
    @blp.doc(operationId=op("ViewState"), responses=error_responses("invalid_state", "invalid_move", *BODY_ERRORS))
    @_as(games.view_state)
    def view(args):
        return games.view_state(args, game)

    @blp.route("/bot-move", methods=["POST"], endpoint="bot_move")
    @blp.arguments(schemas["BotMoveRequest"](), examples=example(game, "bot-move"))
    @blp.response(200, schemas["BotMoveResponse"])
    @blp.doc(operationId=op("BotMove"), responses=error_responses(
        "invalid_state", "invalid_move", "unknown_bot", "not_your_turn", "game_over", *BODY_ERRORS))
    @_as(games.bot_move)
    def bot_move(args):
        return games.bot_move(args, game)

    @blp.route("/sealed/new", methods=["POST"], endpoint="sealed_new")
    @blp.arguments(schemas["SealRequest"]())
    @blp.response(200, schemas["SealedStep"])
    @blp.doc(operationId=op("NewSealedGame"), responses={
        200: {"links": next_sealed}, **error_responses("invalid_options", *BODY_ERRORS)})
    @_as(sealed.new_sealed)
    def sealed_new(args):
        return sealed.new_sealed(args, game)

    @blp.route("/sealed/apply", methods=["POST"], endpoint="sealed_apply")
    @blp.arguments(schemas["SealedApplyRequest"]())
    @blp.response(200, schemas["SealedStep"])
    @blp.doc(operationId=op("ApplySealedMove"), responses={200: {"links": next_sealed}, **error_responses(
        "illegal_move", "invalid_move", "not_your_turn", "game_over", *SEALED_ERRORS)})
    @_as(sealed.apply_sealed)
    def sealed_apply(args):
        return sealed.apply_sealed(args, game)

    @blp.route("/sealed/view", methods=["POST"], endpoint="sealed_view")
    @blp.arguments(schemas["SealedViewRequest"]())
    @blp.response(200, schemas["SealedStep"])
    @blp.doc(operationId=op("ViewSealedGame"), responses={200: {"links": next_sealed}, **error_responses(*SEALED_ERRORS)})
    @_as(sealed.view_sealed)
    def sealed_view(args):
        return sealed.view_sealed(args, game)

    @blp.route("/tables", methods=["POST"], endpoint="create_table")
    @blp.arguments(schemas["CreateTableRequest"](), examples=tables.create_example(game, with_game=False))
    @blp.response(201, schemas["TableCreated"], headers=tables.CREATED_HEADERS)
    @blp.doc(operationId=op("CreateTable"), parameters=[tables.IDEMPOTENCY_KEY],
             responses={201: {"links": tables.LINKS_FROM_CREATED}, **tables.CREATE_ERRORS})
    @_as(tables.create)
    def create_table(args):
        return tables.create({**args, "game": game})

    @blp.route("/tables/<table_id>/moves", methods=["POST"], endpoint="play_move", parameters=tables.TABLE)
    @blp.arguments(schemas["MoveRequest"]())
    @blp.response(200, schemas["TableView"], headers={**tables.ETAG, **tables.VARY})
    @blp.doc(operationId=op("PlayMove"), security=[{tables.SEAT_TOKEN: []}],
             parameters=[tables.AUTHORIZATION, tables.IF_MATCH, tables.IDEMPOTENCY_KEY],
             responses={200: {"links": from_seat, "headers": tables.REPLAYED}, **tables.MOVE_ERRORS})
    @_as(tables.move)
    def play_move(args, table_id):
        return tables.move(args, table_id, game)

    return blp


def _as(handler):
    """Give the route the shared handler's docstring: the operation's summary and description."""
    def decorate(view):
        view.__doc__ = handler.__doc__
        return view
    return decorate
