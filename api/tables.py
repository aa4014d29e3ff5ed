"""Server-held tables: the server keeps the state in a table store (Redis, or in-process), seats
hold secret tokens, moves are compare-and-set on the table's version, and bots take seats.

Each request reads the table's record, works on it with the engine, and writes it back in one
`store.commit(expected=version)`; a commit that loses a race changes nothing (412). The store
keeps the full state and the unredacted events; every answer is redacted for its viewer.
"""

import base64
import hashlib
import hmac
import re
import secrets
import time

import orjson
from flask import Response, current_app, request, stream_with_context
from marshmallow import fields, validate

import core
from core.framework.bots import bot_names
from core.framework.rng import Rng

from . import seating, table_clock, table_undo
from .errors import error_responses, fail
from .games import check_move_shape
from .limits import limits
from .observability import engine_timer, move_applied
from .parsing import Blueprint
from .schemas import GAMES
from .schemas.base import reference
from .schemas.per_game import TABLE_ANSWERS, table_union
from .schemas.tables import TABLE_ID, CreateTableRequest, MoveRequest
from .stores import StoreUnavailable
from .table_events_doc import EVENT_STREAM, SSE_BODY

blp = Blueprint("tables", __name__, url_prefix="/v1/tables",
                description="Tables the server holds: seats with secret tokens, moves with optimistic "
                            "concurrency (If-Match), bots, and a live event stream.")

SEAT_TOKEN = "seatToken"
CREATOR_TOKEN = "creatorToken"
SECURITY_SCHEMES = {
    SEAT_TOKEN: {"type": "http", "scheme": "bearer",
                 "description": "A seat's token, from the `seats` of the table's creation answer."},
    CREATOR_TOKEN: {"type": "http", "scheme": "bearer",
                    "description": "The `creator_token` of the table's creation answer."},
}
# Reading a table (get, events, steps): anyone may, as a spectator; a seat's token shows that
# seat's view, the creator's reads as a spectator. `{}` first: no token is needed.
READER = [{}, {SEAT_TOKEN: []}, {CREATOR_TOKEN: []}]
_TABLE_ID = re.compile(TABLE_ID)
TOKEN_BYTES = 32
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(TOKEN_BYTES)
_VERSION_TAG = re.compile(r'\s*(?:(?:W/)?"([0-9]{1,18})"|([0-9]{1,18}))\s*')
_LAST_EVENT_ID = re.compile(r"\s*(-1|[0-9]{1,18})\s*")
_IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{16,255}")

# --- OpenAPI: parameters, headers and links ------------------------------------------------------
TABLE = [{"in": "path", "name": "table_id", "description": "The table's id, from its creation answer.",
          "schema": {"type": "string", "pattern": TABLE_ID}}]
# Documented again as a parameter, beside the security scheme, so that OpenAPI links can pass a
# seat's token on ($request.header.Authorization); OAS 3.1 says tools that build requests ignore it.
# Never required: the security scheme requires the token, and a generator that does not ignore the
# parameter (openapi-python-client) would otherwise make every call take the token twice.
AUTHORIZATION = {"in": "header", "name": "Authorization", "required": False, "schema": {"type": "string"},
                 "description": "`Bearer <token>`: the security scheme's token (a client that sets it there "
                                "leaves this out)."}
IF_MATCH = {"in": "header", "name": "If-Match", "required": True,
            "description": 'The version the move is made for: the ETag of the last answer (`"5"`; also '
                           '`W/"5"` or `5`; `*`: whatever the version is now).',
            "schema": {"type": "string", "pattern": r'^(\*|(W/)?"[0-9]{1,18}"|[0-9]{1,18})$'}}
IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False,
                 "description": "The ETag of a previous answer: 304 Not Modified while the version is the same.",
                 "schema": {"type": "string"}}
IDEMPOTENCY_KEY = {
    "in": "header", "name": "Idempotency-Key", "required": False,
    "description": "A key of 16-255 printable ASCII characters, new for each request (a random UUID): a retry "
                   "with the same key and body gets the original answer (`Idempotent-Replayed: true`) instead "
                   "of acting twice; the same key with another body is 422 `idempotency_key_reused`. For a "
                   "move it is kept per seat for its last keyed move; for a creation the key decides the "
                   "table's id and tokens, so keep it secret.",
    "schema": {"type": "string", "pattern": "^[\\x21-\\x7e]{16,255}$"}}
LAST_EVENT_ID = {"in": "header", "name": "Last-Event-ID", "required": False,
                 "description": "Resume after this version (EventSource sends it when it reconnects); "
                                "no snapshot is sent then. -1: from the setup on.",
                 "schema": {"type": "string", "pattern": r"^(-1|[0-9]{1,18})$"}}
AFTER = {"in": "query", "name": "after", "required": False,
         "description": "As Last-Event-ID, for clients that cannot set headers; the header wins (both must be versions the table reached).",
         "schema": {"type": "integer", "minimum": -1, "maximum": 10**18 - 1}}
AFTER_REQUIRED = {"in": "query", "name": "after", "required": True,
                  "description": "The last version the client has: the answer holds the steps after it "
                                 "(-1: from the setup on).",
                  "schema": {"type": "integer", "minimum": -1, "maximum": 10**18 - 1}}
REMATCH_WAIT = {"in": "query", "name": "rematch", "required": False,
                "description": "`wait`: once the game is over, keep the stream open until a seat proposes a "
                               "rematch (the step with `rematch_proposed` and the new table's id comes last).",
                "schema": {"type": "string", "enum": ["wait"]}}
MAX_WAIT = 20.0
WAIT = {"in": "query", "name": "wait", "required": False,
        "description": "Seconds to wait for a step when there is none yet (default and most: 20, or less if the "
                       "server is set so; 0: answer at once).",
        "schema": {"type": "number", "minimum": 0, "maximum": MAX_WAIT}}
ETAG = {"ETag": {"description": 'The table\'s version, quoted: `"5"`. Send it back in If-Match (moves) or '
                                 'If-None-Match (reads).', "schema": {"type": "string"}}}
REPLAYED = {"Idempotent-Replayed": {"description": "`true` when this is the stored answer to an earlier request "
                                                  "with the same Idempotency-Key.", "schema": {"type": "string"}}}
VARY = {"Vary": {"description": "`Authorization`: each seat sees its own view.", "schema": {"type": "string"}}}
BODY_ERRORS = ("bad_json", "request_timeout", "body_too_large", "too_complex", "unsupported_media_type",
               "invalid_request", "header_too_large")
SEAT_ZERO = "Bearer {$response.body#/seats/0/token}"
LINKS_FROM_CREATED = {
    "getTableAsSeat0": {
        "operationId": "getTable", "description": "The table as seat 0 sees it, with seat 0's token.",
        "parameters": {"table_id": "$response.body#/table_id", "header.Authorization": SEAT_ZERO},
    },
    "deleteTable": {
        "operationId": "deleteTable", "description": "Remove the table, as its creator.",
        "parameters": {"table_id": "$response.body#/table_id",
                       "header.Authorization": "Bearer {$response.body#/creator_token}"},
    },
}
# From a seat's view (GET or a move's answer): play that seat's first option, at that version.
LINKS_FROM_SEAT = {
    "playFirstOption": {
        "operationId": "playMove", "description": "Play the first option of the seat's first pending decision.",
        "parameters": {"table_id": "$request.path.table_id", "header.Authorization": "$request.header.Authorization",
                       "header.If-Match": "$response.header.ETag"},
        "requestBody": {"move": "$response.body#/pending/0/options/0"},
    },
}


def _ref(name: str) -> dict:
    """A table answer of any game: its component is a union chosen by `game` (see register)."""
    return {"$ref": f"#/components/schemas/{name}"}


def register(api) -> None:
    """The security schemes, and the event stream's message schemas as named components."""
    api.ma_plugin.converter.add_attribute_function(_property_names)
    for name, scheme in SECURITY_SCHEMES.items():
        api.spec.components.security_scheme(name, scheme)
    # Table answers: one schema per game, chosen by `game` (the event stream's data too).
    for name in TABLE_ANSWERS:
        reference(api.ma_plugin.converter, table_union(name))


def _property_names(self, field, **kwargs) -> dict:
    """apispec attribute function: a Dict whose keys must match a pattern says so (`propertyNames`)."""
    keys = getattr(field, "key_field", None) if isinstance(field, fields.Dict) else None
    patterns = [v.regex.pattern for v in getattr(keys, "validators", ()) if isinstance(v, validate.Regexp)]
    return {"propertyNames": {"pattern": patterns[0]}} if patterns else {}


# --- Endpoints ---------------------------------------------------------------------------------
def create_example(game: str, with_game: bool = True) -> dict:
    """A table of `game` whose last seat is a bot (the game's own path names the game: no `game` then)."""
    info = core.get_game(game)
    players = max(2, info.min_players) if info.max_players >= 2 else info.min_players
    body = {"game": game, "players": players, "seed": 1} if with_game else {"players": players, "seed": 1}
    if players > 1:
        body["bots"] = {str(players - 1): "random"}
    return {game: {"summary": f"{info.name}, the last seat a bot", "value": body}}


CREATED_HEADERS = {"Location": {"description": "The table's URL.", "schema": {"type": "string"}}, **ETAG, **REPLAYED}
CREATE_ERRORS = error_responses("invalid_options", "idempotency_key_reused", "rate_limited", *BODY_ERRORS,
                                "store_unavailable")


@blp.route("", methods=["POST"])
@blp.arguments(CreateTableRequest(), examples={k: v for game in GAMES for k, v in create_example(game).items()})
@blp.response(201, _ref("TableCreated"), headers=CREATED_HEADERS)
@blp.doc(operationId="createTable", parameters=[IDEMPOTENCY_KEY], deprecated=True,
         responses={201: {"links": LINKS_FROM_CREATED}, **CREATE_ERRORS})
def create_table(args):
    """Set up a game of any game on the server (prefer the game's own `POST /v1/games/{game}/tables`, whose
    body a client generator types for that game; this one stays for existing clients): one secret token per
    human seat and one for the creator (shown only here), the spectator's view; bots in `bots` seats move
    at once if it is their turn (up to BOT_MOVES_PER_REQUEST moves; the rest as the table is read)."""
    return create(args)


def create(args: dict) -> Response:
    """Set up a game on the server: one secret token per human seat and one for the creator (shown only
    here), the spectator's view; bots in `bots` seats move at once if it is their turn (up to
    BOT_MOVES_PER_REQUEST moves; the rest as the table is read)."""
    key = _idempotency_key()
    fingerprint = _fingerprint(args)
    table_id = _keyed_id(key) if key else secrets.token_urlsafe(12)
    if key:
        existing = _store().get(table_id)
        if existing is not None:
            return _created_again(existing, key, fingerprint)
    limits().check("create")
    game = core.get_game(args["game"])
    players = args["players"]
    seed = args["seed"] if "seed" in args else secrets.randbits(63)
    step = core.new_game(game.id, players, args.get("options"), seed)
    bots = _check_bots(game, players, args.get("bots") or {})

    opened = {str(seat) for seat in args.get("open_seats") or ()}
    tokens = {seat: None if str(seat) in bots or str(seat) in opened else _new_token(key, table_id, f"seat:{seat}")
              for seat in range(players)}
    creator = _new_token(key, table_id, "creator")
    record = new_record(table_id, game.id, step, seed, {s: None if t is None else _digest(t) for s, t in tokens.items()},
                        bots, _digest(creator), seeded="seed" in args)
    record["request"] = fingerprint
    invites = seating.begin(record, args, key)
    entries = [{"version": step.state["version"], "events": step.events}]
    step = _bots_play(record, step, entries)
    table_clock.begin(record, args.get("clock"), table_clock.now())
    if not _store().create(record, entries, _ttl()):  # the same key, a moment earlier
        existing = _store().get(table_id)
        if existing is None:
            _unknown(table_id)
        return _created_again(existing, key, fingerprint)
    table_clock.index(record)
    return _created(record, tokens, creator, invites)


def new_record(table_id: str, game: str, step, seed, digests: dict, bots: dict, creator: str, seeded: bool) -> dict:
    """A new table's record (api/stores/base.py): `digests` seat -> its token's digest (None: no token)."""
    return {
        "table_id": table_id,
        "game": game,
        "version": step.state["version"],
        "state": step.state,
        "seats": {str(seat): digest for seat, digest in digests.items()},
        "bots": bots,
        # The bots' own dice, apart from the game's: from the seed, so a seeded table replays exactly.
        "bot_rng": Rng.from_seed(f"bots:{type(seed).__name__}:{seed}").dump(),
        "creator": creator,
        "created": time.time(),
        "born": secrets.token_hex(8),  # a table deleted and made again under the same id is another table
        # Whoever chose the seed can work out every hidden card: every seat is told.
        "seeded": seeded,
    }


def _created(record: dict, tokens: dict, creator: str, invites: dict, replayed: bool = False) -> Response:
    seen = core.view(record["state"], None, trusted=True)
    body = {
        "table_id": record["table_id"], "version": record["version"], "game": record["game"],
        "players": record["state"]["players"], "seeded": record.get("seeded", False),
        **seen, **_table_fields(record, None),
        "seats": [{"seat": seat, "token": token, "bot": record["bots"].get(str(seat)),
                   "name": (record.get("names") or {}).get(str(seat)), "invite": invites.get(str(seat))}
                  for seat, token in tokens.items()],
        "creator_token": creator,
    }
    response = current_app.json.response(body)
    response.status_code = 201
    response.headers["Location"] = f"{blp.url_prefix}/{record['table_id']}"
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return _tagged(response, record)


def _created_again(record: dict, key: str, fingerprint: str) -> Response:
    """A retried creation: the same table and tokens (derived from the key), as it is now."""
    if record.get("request") != fingerprint:
        fail("idempotency_key_reused", "This Idempotency-Key was used before with another request body; "
                                       "use a new key for a new table.")
    table_id = record["table_id"]
    invited = {str(seat) for seat in record.get("invited", ())}
    tokens = {int(seat): None if digest is None or seat in invited else _new_token(key, table_id, f"seat:{seat}")
              for seat, digest in record["seats"].items()}
    invites = {seat: code for seat, code in (record.get("invites") or {}).items() if seat in invited}
    return _created(record, tokens, _new_token(key, table_id, "creator"), invites, replayed=True)


@blp.route("/<table_id>", methods=["GET"], parameters=TABLE)
@blp.response(200, _ref("TableView"), headers={**ETAG, **VARY})
@blp.doc(operationId="getTable", security=READER,
         parameters=[AUTHORIZATION, IF_NONE_MATCH],
         responses={200: {"links": LINKS_FROM_SEAT},
                    304: {"description": "Not Modified: the version is still the one in If-None-Match.",
                          "headers": ETAG},
                    **error_responses("invalid_token", "unknown_table", "store_unavailable")})
def get_table(table_id):
    """The table as a seat sees it (with a seat's token) or as a spectator (without one): the view, that
    seat's own decisions, who is awaited, the outcome. The ETag is the version."""
    token = _bearer(required=False)
    record = _record(table_id)
    seat = _seat(record, token)
    record = _bots_catch_up(record)
    if request.if_none_match.contains_weak(str(record["version"])):
        return _tagged(Response(status=304), record)
    return _tagged(current_app.json.response(_table_body(record, seat)), record)


MOVE_ERRORS = error_responses(
    "invalid_if_match", "missing_token", "invalid_token", "wrong_seat", "unknown_table", "illegal_move",
    "not_your_turn", "game_over", "stale_version", "invalid_move", "precondition_required",
    "idempotency_key_reused", *BODY_ERRORS, "store_unavailable")


@blp.route("/<table_id>/moves", methods=["POST"], parameters=TABLE)
@blp.arguments(MoveRequest(), examples={"move": {"value": {"move": {"player": 0, "kind": "draw"}}}})
@blp.response(200, _ref("TableView"), headers={**ETAG, **VARY})
@blp.doc(operationId="playMove", security=[{SEAT_TOKEN: []}], deprecated=True,
         parameters=[AUTHORIZATION, IF_MATCH, IDEMPOTENCY_KEY],
         responses={200: {"links": LINKS_FROM_SEAT, "headers": REPLAYED}, **MOVE_ERRORS})
def play_move(args, table_id):
    """Make a move at a table of any game (prefer the game's own `POST /v1/games/{game}/tables/{table_id}/moves`,
    whose move a client generator types for that game; this one stays for existing clients)."""
    return move(args, table_id)


def move(args: dict, table_id: str, game: str | None = None) -> Response:
    """Make a move for the token's seat, at the version in If-Match: the answer is the table as that seat
    now sees it (bots that became due have moved too), with the new ETag. Another move first: 412.
    A 503 means the move may or may not have been made: retry with the same Idempotency-Key.
    `game`: the game the path names; a table of another game is not found there."""
    token = _bearer(required=True)
    versions = _if_match()
    key = _idempotency_key()
    if not _TABLE_ID.fullmatch(table_id):
        _unknown(table_id)
    record, remembered = _store().get_at(table_id, versions)
    if record is not None and game is not None and record["game"] != game:
        _unknown(table_id)
    if not remembered:
        return _move(args, table_id, token, versions, key, record or _unknown(table_id))
    # A record this process remembers at the If-Match version saves the read; if the move fails
    # on it (it may be stale), the answer comes from the table as it is now, read afresh.
    try:
        return _move(args, table_id, token, versions, key, record)
    except StoreUnavailable:
        raise  # the commit may have been made: never run the move twice
    except Exception:
        pass
    return _move(args, table_id, token, versions, key, _record(table_id))


def _move(args, table_id: str, token: str, versions: list[int] | None, key: str | None, record: dict) -> Response:
    seat = _seat(record, token)
    if "clock" in record:  # a seat whose time ran out is acted for first: this move is then stale
        record = _bots_catch_up(record)
    if seat is None:
        fail("wrong_seat", "This is the creator's token: it watches the table as a spectator; a move needs a "
                           "seat's token.")
    fingerprint = _fingerprint(args["move"]) if key else None
    if key:
        replayed = _replayed(table_id, seat, key, fingerprint)
        if replayed is not None:
            return replayed
    if not seating.started(record):
        seating.not_started(record)
    if versions is not None and record["version"] not in versions:
        fail("stale_version", f"The table is at version {record['version']}, not the one in If-Match; "
                              "get the table again and choose anew.", {"ETag": _etag(record)})
    move = args["move"]
    if type(move.get("player")) is not int or move["player"] != seat:
        check_move_shape(record["game"], move)
        fail("wrong_seat", f"This token is seat {seat}'s; the move names seat {move.get('player')!r}.")
    try:
        with engine_timer(record["game"], "apply"):
            step = core.apply(record["state"], move, trusted=True)
    except (core.GameOver, core.InvalidMove, core.NotYourTurn, core.IllegalMove):
        check_move_shape(record["game"], move)  # a move that does not even fit the schema is a 422, not a 409
        raise
    expected, before = record["version"], record["state"]
    record = dict(record)
    entries = [{"version": step.state["version"], "events": step.events}]
    record["state"], record["version"] = step.state, step.state["version"]
    step = _bots_play(record, step, entries)
    table_undo.remember(record, seat, before, entries[0]["events"], len(entries))
    table_clock.restart(record, {seat}, table_clock.now(), step.pending)
    store = _store()
    answer = current_app.json.dumps(_table_body(record, seat)).encode()
    replay = None
    if key:
        replay = (_replay_field(seat, key), orjson.dumps({"key": key, "request": fingerprint, "version": record["version"],
                                                "body": answer.decode()}))
    if not store.commit(table_id, expected, record, entries, _ttl(), replay):
        now = store.get(table_id)
        if now is None:
            _unknown(table_id)
        fail("stale_version", f"Another move came first: the table is at version {now['version']} now; "
                              "get the table again and choose anew.", {"ETag": _etag(now)})
    table_clock.index(record)
    move_applied(record["game"], "table", len(entries))  # the seat's move and the bots' after it
    return _tagged(Response(answer, mimetype="application/json"), record)


def _replay_field(seat: int, key: str) -> str:
    return f"key:{seat}:{key}"


def _replayed(table_id: str, seat: int, key: str, fingerprint: str) -> Response | None:
    """The stored answer to this seat's move made with `key`, if the table still keeps it (a retry)."""
    raw = _store().replay(table_id, _replay_field(seat, key))
    stored = orjson.loads(raw) if raw else None
    if stored is None or stored["key"] != key:
        return None
    if stored["request"] != fingerprint:
        fail("idempotency_key_reused", "This Idempotency-Key was used before for another move of this seat; "
                                       "use a new key for a new move.")
    response = Response(stored["body"], mimetype="application/json")
    response.headers["Idempotent-Replayed"] = "true"
    return _tagged(response, {"version": stored["version"]})


@blp.route("/<table_id>/events", methods=["GET"], parameters=TABLE)
@blp.doc(operationId="tableEvents", security=READER,
         parameters=[AUTHORIZATION, LAST_EVENT_ID, AFTER, REMATCH_WAIT],
         responses={
             200: {"description": EVENT_STREAM,
                   "headers": {"Cache-Control": {"description": "`no-cache`", "schema": {"type": "string"}},
                               "X-Accel-Buffering": {"description": "`no`: proxies must not buffer it.",
                                                     "schema": {"type": "string"}}},
                   "content": {"text/event-stream": {
                       "schema": SSE_BODY,
                       "example": 'id: 3\nevent: step\ndata: {"game":"shufflers","version":3,"events":[],"outcome":null}\n\n',
                   }}},
             204: {"description": "No Content: the game is over and the client has every step already "
                                  "(EventSource stops reconnecting)."},
             **error_responses("invalid_last_event_id", "bad_request", "invalid_token", "unknown_table",
                               "rate_limited", "store_unavailable", "too_many_streams"),
         })
def table_events(table_id):
    """What happens at the table, live, as this seat (or a spectator) may see it; resumable."""
    token = _bearer(required=False)
    if token is None:
        limits().check("streams")
    record = _record(table_id)
    seat = _seat(record, token)
    after = _resume_point(record)
    over = record["state"]["outcome"] is not None
    rematch = _rematch_wait()
    if after is not None and over and after >= record["version"] and not (rematch and "rematch" not in record):
        return _no_content()
    config = current_app.config
    counter = limits()
    counter.open_stream()
    try:
        stream = _stream(_store(), record, seat, after, float(config["SSE_KEEPALIVE"]),
                         float(config["SSE_MAX_SECONDS"]), rematch)
        response = Response(stream_with_context(stream), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no", "Vary": "Authorization"})
    except BaseException:
        counter.close_stream()
        raise
    response.call_on_close(counter.close_stream)
    return response


@blp.route("/<table_id>/steps", methods=["GET"], parameters=TABLE)
@blp.response(200, _ref("TableSteps"), headers=VARY)
@blp.doc(operationId="tableSteps", security=READER,
         parameters=[AUTHORIZATION, AFTER_REQUIRED, WAIT],
         responses=error_responses("invalid_last_event_id", "invalid_wait", "invalid_token", "unknown_table",
                                   "rate_limited", "store_unavailable", "too_many_streams"))
def table_steps(table_id):
    """Long-poll, for clients that cannot read the event stream: the steps after version `after`, as this
    seat (or a spectator) may see them, at once if there are any, else as soon as one comes, within `wait`
    seconds (then `steps` is empty). Send the answer's `version` as the next `after`."""
    token = _bearer(required=False)
    wait = _wait_seconds()
    record = _record(table_id)
    seat = _seat(record, token)
    if "after" not in request.args:
        fail("invalid_last_event_id", "The query parameter `after` is required: the last version you have "
                                      "(-1 for everything from the setup on).")
    after = _resume_point(record, header=False)
    record = _bots_catch_up(record)
    store, batch = _store(), []
    if record["version"] > after or record["state"]["outcome"] is not None or wait == 0:
        batch = store.entries(table_id, after, 0)
    else:
        if token is None:
            limits().check("streams")
        counter = limits()
        counter.open_stream()  # a waiting long-poll holds a connection as a stream does
        try:
            batch = store.entries(table_id, after, wait)
        finally:
            counter.close_stream()
    latest = store.get(table_id) if batch else record
    if latest is None:
        _unknown(table_id)
    steps = [{"game": latest["game"], "version": e["version"],
              "events": core.view_events(latest["state"], e["events"], seat),
              "outcome": latest["state"]["outcome"] if e["version"] == latest["version"] else None,
              **(table_clock.body(latest) if e["version"] == latest["version"] else {})}
             for e in batch if e["version"] <= latest["version"]]
    version = steps[-1]["version"] if steps else after
    body = {"game": latest["game"], "version": version, "steps": steps,
            "outcome": latest["state"]["outcome"] if version == latest["version"] else None}
    response = current_app.json.response(body)
    response.headers["Vary"] = "Authorization"
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _wait_seconds() -> float:
    """`wait` (0 to MAX_WAIT s, default MAX_WAIT), cut to LONG_POLL_SECONDS, the server's own limit."""
    raw = request.args.get("wait")
    limit = min(MAX_WAIT, float(current_app.config["LONG_POLL_SECONDS"]))
    if raw is None:
        return limit
    try:
        wait = float(raw)
    except ValueError:
        wait = -1.0
    if not 0 <= wait <= MAX_WAIT:
        fail("invalid_wait", f"The query parameter `wait` must be a number of seconds from 0 to {MAX_WAIT:g}, "
                             f"not {raw[:40]!r}.")
    return min(wait, limit)


@blp.route("/<table_id>", methods=["DELETE"], parameters=TABLE)
@blp.response(204)
@blp.doc(operationId="deleteTable", security=[{CREATOR_TOKEN: []}], parameters=[AUTHORIZATION],
         responses=error_responses("missing_token", "invalid_token", "not_creator", "unknown_table",
                                   "store_unavailable"))
def delete_table(table_id):
    """Remove the table and its events, with the creator's token; open event streams end."""
    token = _bearer(required=True)
    record = _record(table_id)
    digest = _digest(token)
    if not hmac.compare_digest(record["creator"], digest):
        _seat(record, token)  # 401 unless it is a seat's token
        fail("not_creator", "Only the creator's token may delete the table; this is a seat's token.")
    if not _store().delete(table_id):
        _unknown(table_id)
    return _no_content()


# --- The stream --------------------------------------------------------------------------------
def _stream(store, record: dict, seat, after, keepalive: float, max_seconds: float, rematch: bool = False):
    """The SSE messages: a snapshot unless resuming, then the log entries as they come.

    `store.entries(..., wait)` blocks until there is something after `after` (Redis: XREAD BLOCK,
    memory: a condition), so this works on any worker of any host, whoever made the move. An
    empty batch is `keepalive` seconds of silence: the table is checked to still exist, and a
    comment line keeps proxies (and our view of a vanished client) alive.
    """
    table_id = record["table_id"]
    deadline = time.monotonic() + max_seconds if max_seconds > 0 else None
    # Something at once, so the headers go out now (gunicorn sends them with the first chunk):
    # a client resuming at the latest version would otherwise wait a whole keepalive for them.
    # No blank line after it: `retry` belongs to the first event's block. A block of its own
    # (or a comment ended by a blank line) is dispatched by some SSE libraries (httpx-sse) as an
    # event with empty data, which their users then fail to parse as JSON.
    yield "retry: 2000\n"
    try:
        if after is None:
            snapshot = {"game": record["game"], "version": record["version"], "seeded": record.get("seeded", False),
                        **core.view(record["state"], seat, trusted=True), **_table_fields(record, seat)}
            yield _message("snapshot", record["version"], snapshot)
            after = record["version"]
        # rematch=wait: a finished game's stream stays open until a rematch is proposed (api/table_rematch.py)
        while not (record["state"]["outcome"] is not None and after >= record["version"]
                   and not (rematch and "rematch" not in record)):
            record = _bots_catch_up(record, store)
            wait = keepalive if deadline is None else max(0.0, min(keepalive, deadline - time.monotonic()))
            batch = store.entries(table_id, after, wait)
            latest = store.get(table_id)
            if latest is None:
                return  # deleted, or expired
            record = latest
            for entry in batch:
                version = entry["version"]
                # Entries come before the record is read, and only the last move can end a game.
                outcome = record["state"]["outcome"] if version == record["version"] else None
                events = core.view_events(record["state"], entry["events"], seat)
                latest_clock = table_clock.body(record) if version == record["version"] else {}
                yield _message("step", version, {"game": record["game"], "version": version, "events": events,
                                                 "outcome": outcome, **latest_clock})
                after = version
            if not batch:
                yield ": keepalive\n"  # a comment line, not a block: nothing to dispatch
            if deadline is not None and time.monotonic() >= deadline:
                return
    except StoreUnavailable as error:
        current_app.logger.warning("Table store unavailable in the event stream of %s: %s", table_id, error)
        data = {"code": "store_unavailable", "message": "The table store cannot be reached right now; reconnect "
                                                        "with Last-Event-ID in a moment."}
        yield f"event: error\ndata: {orjson.dumps(data).decode()}\n\n"


def _message(event: str, version: int, data: dict) -> str:
    return f"id: {version}\nevent: {event}\ndata: {orjson.dumps(data).decode()}\n\n"


def _rematch_wait() -> bool:
    raw = request.args.get("rematch")
    if raw not in (None, "wait"):
        fail("bad_request", "The query parameter `rematch` can only be `wait`.")
    return raw == "wait"


def _resume_point(record: dict, header: bool = True) -> int | None:
    """The version to resume after (Last-Event-ID, else ?after), or None for a fresh stream. Both are
    checked when both are sent (the header wins), so a bad `after` is never silently ignored."""
    given = [(request.args.get("after"), "The query parameter `after`")]
    if header:
        given.insert(0, (request.headers.get("Last-Event-ID"), "The Last-Event-ID header"))
    points = [_version_in(record, raw, name) for raw, name in given if raw is not None]
    return points[0] if points else None


def _version_in(record: dict, raw: str, name: str) -> int:
    match = _LAST_EVENT_ID.fullmatch(raw)
    if not match:
        fail("invalid_last_event_id", f"{name} must be a version of the table (an integer from -1), not {raw[:40]!r}.")
    after = int(match.group(1))
    if after > record["version"]:
        fail("invalid_last_event_id", f"{name} says {after}, but the table is only at version {record['version']}.")
    return after


# --- Helpers -----------------------------------------------------------------------------------
def _store():
    return current_app.extensions["table_store"]


def _ttl() -> int:
    return int(current_app.config["TABLE_TTL"])


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _unknown(table_id: str):
    fail("unknown_table", f"There is no table {table_id[:80]!r}: it never existed, expired or was deleted.")


def _record(table_id: str) -> dict:
    record = _TABLE_ID.fullmatch(table_id) and _store().get(table_id)
    if not record:
        _unknown(table_id)
    return record


def _bearer(required: bool) -> str | None:
    """The token of `Authorization: Bearer <token>`; None when there is no header (and none is required)."""
    header = request.headers.get("Authorization", "").strip()
    if not header:
        if required:
            fail("missing_token", "This request needs the header `Authorization: Bearer <token>`.",
                 {"WWW-Authenticate": 'Bearer realm="tables"'})
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        _invalid_token("The Authorization header must be `Bearer <token>`.")
    if not _TOKEN.fullmatch(token):  # no table has it, whichever table this is
        _invalid_token("That is not a token of this server: tokens are the 43 characters given at creation.")
    return token


def _invalid_token(message: str):
    fail("invalid_token", message, {"WWW-Authenticate": 'Bearer realm="tables", error="invalid_token"'})


def _seat(record: dict, token: str | None) -> int | None:
    """The seat whose token this is (None: no token, a spectator); 401 when it is no seat's token."""
    if token is None:
        return None
    digest, found = _digest(token), None
    for seat, stored in record["seats"].items():
        if stored is not None and hmac.compare_digest(stored, digest):
            found = int(seat)
    if found is None:
        if hmac.compare_digest(record["creator"], digest):
            return None  # the creator's token reads and follows the table as a spectator
        _invalid_token("That token is not one of this table's seat tokens.")
    return found


def _if_match() -> list[int] | None:
    """The versions If-Match accepts (None for `*`); 428 without it, 400 when it is unreadable."""
    raw = request.headers.get("If-Match", "").strip()
    if not raw:
        fail("precondition_required", "A move needs the header If-Match with the table's version (its ETag, "
                                      'e.g. If-Match: "5"), so that it cannot apply to a table that moved on.')
    if raw == "*":
        return None
    versions = []
    for part in raw.split(","):
        match = _VERSION_TAG.fullmatch(part)
        if not match:
            fail("invalid_if_match", f'If-Match must be the table\'s version as an ETag ("5"), not {raw[:40]!r}.')
        versions.append(int(match.group(1) or match.group(2)))
    return versions


def _check_bots(game, players: int, bots: dict) -> dict:
    known = bot_names(game)
    for key, name in bots.items():
        if int(key) >= players:
            raise core.InvalidOptions(f"Bot seat {key} is not a seat of this table (0 to {players - 1}).",
                                      {f"bots.{key}": ["no such seat"]})
        if name not in known:
            raise core.InvalidOptions(f"{game.name} has no bot named {name!r}; bots: {', '.join(known)}.",
                                      {f"bots.{key}": ["unknown bot"]})
    return {str(int(key)): name for key, name in sorted(bots.items(), key=lambda item: int(item[0]))}


def _bots_play(record: dict, step, entries: list) -> "core.Step":
    """The due bots move (core.play_bots, with the table's own dice), up to BOT_MOVES_PER_REQUEST
    moves, each its own log entry: the rest are made as the table is read (`_bots_catch_up`)."""
    if not record["bots"] or not seating.started(record):
        return step
    rng = Rng.load(record["bot_rng"])
    step, made = core.play_bots(step, record["bots"], rng, int(current_app.config["BOT_MOVES_PER_REQUEST"]))
    entries.extend(made)
    record["state"], record["version"], record["bot_rng"] = step.state, step.state["version"], rng.dump()
    return step


def _bot_due(record: dict, pending: list) -> int | None:
    return next((d["player"] for d in pending if str(d["player"]) in record["bots"]), None)


def _bots_catch_up(record: dict, store=None) -> dict:
    """The table after the moves it still owes (a slice of them), if any: the bots', and those of
    seats whose clock ran out (api/table_clock.py).

    Bots move inside the request that makes them due, up to a budget; a table left with bots
    due (an all-bot table, say) goes on by slices whenever it is read or followed. Losing the
    commit to another request is fine: it made the same moves.
    """
    if ((not record["bots"] and "clock" not in record) or record["state"]["outcome"] is not None
            or not seating.started(record)):
        return record
    budget = int(current_app.config["BOT_MOVES_PER_REQUEST"])
    return (table_clock.catch_up(record, store or _store(), _bots_play, budget, _ttl())
            or _unknown(record["table_id"]))


def _idempotency_key() -> str | None:
    raw = request.headers.get("Idempotency-Key")
    if raw is None:
        return None
    if not _IDEMPOTENCY_KEY.fullmatch(raw):
        fail("invalid_request", "Idempotency-Key must be 16 to 255 printable ASCII characters (a random UUID).")
    return raw


def _fingerprint(body) -> str:
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


def _keyed_id(key: str) -> str:
    """The table id a creation with this Idempotency-Key gets: the same for every retry."""
    digest = hmac.new(key.encode(), b"table-id", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode()


def _new_token(key: str | None, table_id: str, name: str) -> str:
    """A random token; with an Idempotency-Key, one derived from it, so a retry gets the same tokens."""
    if key is None:
        return secrets.token_urlsafe(TOKEN_BYTES)
    digest = hmac.new(key.encode(), f"{table_id}:{name}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _table_body(record: dict, seat: int | None) -> dict:
    seen = core.view(record["state"], seat, trusted=True)
    return {"table_id": record["table_id"], "game": record["game"], "version": record["version"], "seat": seat,
            "seeded": record.get("seeded", False), **seen, **_table_fields(record, seat)}


def _table_fields(record: dict, seat: int | None) -> dict:
    """What every answer about the table says beside the game: its clock, its seats, and whether
    `seat` may take its last move back now (`can_undo`, from the record alone: cheap)."""
    return {**table_clock.body(record), **seating.view_fields(record), "can_undo": table_undo.allowed(record, seat)}


def _no_content() -> Response:
    response = Response(status=204)
    del response.headers["Content-Type"]
    return response


def _etag(record: dict) -> str:
    return f'"{record["version"]}"'


def _tagged(response: Response, record: dict) -> Response:
    response.headers["ETag"] = _etag(record)
    response.headers["Vary"] = "Authorization"
    response.headers["Cache-Control"] = "private, no-cache"
    return response

