"""Every error is `{"code", "message", "errors"?}` with a stable code; this module maps them to HTTP.

Engine errors carry their code; HTTP-level failures (routing, parsing, limits) get one here.
Nothing reaches the client as an HTML page or a bare 500.
"""

from http import HTTPStatus
from typing import NoReturn

import marshmallow as ma
from flask import current_app, request
from marshmallow import fields, validate
from webargs.flaskparser import abort

from .observability import STORE_ERRORS

# code -> (HTTP status, when it happens). The spec's error responses are written from this table.
ERRORS = {
    "bad_json": (400, "the body is not valid JSON"),
    "bad_request": (400, "the request is malformed at the HTTP level"),
    "invalid_if_match": (400, "the If-Match header is not a table version (`\"5\"`, `W/\"5\"` or `5`)"),
    "invalid_last_event_id": (400, "the Last-Event-ID header or `after` is not a version of the table"),
    "invalid_seal": (422, "the sealed state was not sealed by this server for this game (tampered, truncated, "
                          "another game's, or its key was retired)"),
    "invalid_wait": (400, "the long-poll's `wait` is not a number of seconds within the limit"),
    "missing_token": (401, "the request needs `Authorization: Bearer <token>`"),
    "invalid_token": (401, "the token is not one of this table's tokens"),
    "wrong_seat": (403, "the move names another seat than the token's"),
    "not_creator": (403, "only the creator's token may do that"),
    "unknown_game": (404, "no game has that id"),
    "unknown_table": (404, "no table has that id (or it expired, or was deleted)"),
    "unknown_invite": (404, "the table has no open seat with that invite code"),
    "not_found": (404, "nothing lives at that path"),
    "method_not_allowed": (405, "the path does not take that method (see the Allow header)"),
    "illegal_move": (409, "the move is not one of the options of the seat's pending decisions"),
    "not_your_turn": (409, "the move's seat has no decision to make now"),
    "game_over": (409, "the game is over: no more moves"),
    "undo_not_allowed": (409, "the move cannot be taken back: someone moved since, or it revealed information "
                              "(`errors.reason`: `no_move`, `moved_since`, `revealed`, `game_over`)"),
    "seat_taken": (409, "the invite was used already: its seat is taken (or the seat accepted its rematch already)"),
    "table_not_started": (409, "the table waits for its open seats (or the creator's `/start`): no move yet"),
    "table_started": (409, "the table has started already"),
    "game_not_over": (409, "the game is not over: a rematch can only be proposed once it ended"),
    "stale_version": (412, "the table's version is no longer the one in If-Match: another move came first"),
    "body_too_large": (413, "the body exceeds the server's size limit"),
    "too_complex": (413, "the body holds more objects and arrays, or nests them deeper, than any request needs "
                         "(the bounds are in the message)"),
    "unsupported_media_type": (415, "the body is not sent as application/json"),
    "invalid_request": (422, "the body does not match the request schema; `errors` says where"),
    "invalid_options": (422, "the players or options are not valid for that game"),
    "invalid_state": (422, "the state is not a consistent position of the game named in the path"),
    "invalid_move": (422, "the move or the viewer names no seat of this game"),
    "work_limit": (422, "resolving the move would take more work than any position reached by play needs "
                        "(a state the engine did not make)"),
    "unknown_bot": (422, "the game offers no bot of that name (GET /v1/games/{game} lists its `bots`)"),
    "rate_limited": (429, "this client made too many requests of this kind; wait for `Retry-After` seconds"),
    "request_line_too_long": (414, "the request line (method and URL) is longer than the server accepts"),
    "header_too_large": (431, "the request line or a header is longer than the server accepts"),
    "idempotency_key_reused": (422, "the Idempotency-Key was used before with another request"),
    "request_timeout": (408, "the request's headers or body came too slowly"),
    "precondition_required": (428, "the move needs an If-Match header with the table's version"),
    "internal_error": (500, "a bug in the server"),
    "store_unavailable": (503, "the table store (Redis) cannot be reached right now; try again shortly (for a "
                               "move: it may or may not have been made; retry it with the same Idempotency-Key)"),
    "too_many_streams": (503, "this server process serves as many event streams as it may; reconnect later"),
}

# Codes for the failures that Flask and werkzeug raise as HTTP exceptions.
_HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large",
               415: "unsupported_media_type", 422: "invalid_request", 500: "internal_error",
               503: "store_unavailable"}


class ErrorSchema(ma.Schema):
    # An open set, on purpose: not an enum, so that a client generated from this spec does not
    # fail on a code added later. The known codes are listed, and each response lists its own.
    code = fields.String(required=True, metadata={
        "description": "Stable and machine-readable. An open set: new codes may appear, so treat an unknown "
                       "one by the HTTP status. Known today: " + ", ".join(f"`{c}`" for c in sorted(ERRORS)) + ".",
        "examples": ["illegal_move"]})
    message = fields.String(required=True, metadata={"description": "A full sentence for people."})
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()),
                         metadata={"description": "Per field (dotted path), what is wrong with it."})
    rule = fields.String(metadata={"description": "With `illegal_move`, when the game can name it: the rule the "
                                                  "move breaks, stable and snake_case (e.g. `one_card_per_turn`)."})


def error_responses(*codes: str) -> dict:
    """The OpenAPI responses for these error codes, one per status, for `@blp.doc(responses=...)`."""
    by_status: dict[int, list[str]] = {}
    for code in codes:
        by_status.setdefault(ERRORS[code][0], []).append(code)
    return {
        status: {
            "description": HTTPStatus(status).phrase + ": "
            + "; ".join(f"`{code}` when {ERRORS[code][1]}" for code in group) + ".",
            "content": {"application/json": {"schema": ErrorSchema}},
        }
        for status, group in sorted(by_status.items())
    }


def body(code: str, message: str, errors: dict | None = None) -> dict:
    out = {"code": code, "message": message}
    if errors:
        out["errors"] = errors
    return out


def engine_error(error):
    """An `EngineError` from core: its code decides the status."""
    status = ERRORS.get(error.code, (422,))[0]
    out = body(error.code, error.message, error.errors)
    if getattr(error, "rule", None):
        out["rule"] = error.rule
    return out, status


def http_error(error):
    """A werkzeug HTTPException: routing, limits, and the parser's aborts (which pass code/message/messages)."""
    data = getattr(error, "data", None) or {}
    code = data.get("code") or _HTTP_CODES.get(error.code) or ("bad_request" if error.code < 500 else "internal_error")
    # webargs keys its messages by request location; bodies are the only location here.
    errors = _flatten(data["messages"].get("json", data["messages"])) if "messages" in data else None
    message = data.get("message") or _message(code, error)
    # Keep werkzeug's headers (Allow on a 405) but not its HTML content type; add those of `fail`.
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    headers += list((data.get("headers") or {}).items())
    return body(code, message, errors), error.code, headers


def fail(code: str, message: str, headers: dict | None = None) -> NoReturn:
    """Answer the error `code` (its status from ERRORS) with this message, and these extra headers."""
    abort(ERRORS[code][0], code=code, message=message, headers=headers)


def store_unavailable(error):
    """`StoreUnavailable` from a table store: 503, wherever it happens; the client may retry."""
    STORE_ERRORS.inc()
    current_app.logger.warning("Table store unavailable on %s %s: %s", request.method, request.path, error)
    return (body("store_unavailable", "The table store cannot be reached right now; try again in a moment."),
            503, {"Retry-After": "1"})


def unexpected_error(error):
    """The last resort. Any 500 is a bug to fix; the client still gets the usual error body."""
    current_app.logger.exception("Unhandled error on %s %s", request.method, request.path)
    return body("internal_error", _message("internal_error", error)), 500


def _message(code: str, error) -> str:
    if code == "not_found":
        return f"There is nothing at {request.path}; the API lives under /v1 (see /openapi.json)."
    if code == "method_not_allowed":
        allowed = ", ".join(sorted(getattr(error, "valid_methods", None) or []))  # sets: one order in every process
        return f"{request.method} is not allowed on {request.path}; allowed: {allowed}."
    if code == "body_too_large":
        return f"The request body is larger than the limit of {current_app.config['MAX_CONTENT_LENGTH']} bytes."
    if code == "invalid_request":
        return "The request body does not match the schema; `errors` lists what is wrong, field by field."
    if code == "internal_error":
        return "The server failed on this request; this is a bug, and it has been logged."
    return error.description


def _flatten(messages: dict, prefix: str = "") -> dict:
    """marshmallow's nested messages ({"move": {"cards": {"0": [...]}}}) as {"move.cards.0": [...]}."""
    out = {}
    for key, value in messages.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            out.update(_flatten(value, name))
        else:
            out[name] = [str(v) for v in value]
    return out
