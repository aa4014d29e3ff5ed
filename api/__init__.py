"""The HTTP layer: parse, call the engine in `core`, serialize. `gunicorn 'api:create_app()'` serves it.

Configuration: defaults, then environment variables, then the `config` mapping given to
`create_app` (docs/api.md lists them).
"""

import copy
import os

import flask_smorest
from flask import Flask

import core

from . import browsers, errors, games, guard, limits, observability, ops, per_game, play, sealed, sweeper, tables
from . import table_play, table_rematch, table_seats  # noqa: F401  (undo, join...: routes on the tables blueprint)
from .json import OrjsonProvider
from .schemas import GAMES
from .schemas.base import union2properties
from .schemas.per_game import alias_old_names
from .stores import StoreUnavailable, make_store

TITLE = "Shuffle rules"
VERSION = "1.0.0"

DEFAULTS = {
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    "SHUFFLE_BENCH_ECHO": False,
    "REDIS_URL": None,  # unset: tables live in this process (the embedded store)
    "REDIS_CLUSTER": False,  # True: REDIS_URL names a node of a Redis Cluster
    "REDIS_WAIT_REPLICAS": 0,  # >0: a change is acknowledged only once this many replicas have it (WAIT)
    "REDIS_WAIT_TIMEOUT_MS": 500,  # how long WAIT waits for them; fewer in time: 503, the move may stand
    "TABLE_TTL": 86400,  # seconds a table lives after its last move
    "SSE_KEEPALIVE": 15.0,  # seconds of silence before an event stream sends a keep-alive comment
    "SSE_MAX_SECONDS": 3600.0,  # an event stream ends after this long (0: never); clients resume
    "REQUEST_BODY_TIMEOUT": 10.0,  # seconds a request body may take to arrive (api/guard.py)
    "SEAL_KEYS": None,  # "id:key,..." (32-byte keys, base64url): the first seals sealed games, all open them
    "LONG_POLL_SECONDS": 20.0,  # the longest wait of GET /v1/tables/{id}/steps (its `wait` parameter)
    "BOT_MOVES_PER_REQUEST": 64,  # bot moves made inside one request; the rest when the table is read
    "UNDOS_PER_SEAT": 50,  # moves a seat may take back in one game (api/table_undo.py): bounds a table's log
    **limits.DEFAULTS,  # rate limits and the cap on open event streams (api/limits.py)
    **browsers.DEFAULTS,  # CORS_ORIGINS, CORS_MAX_AGE (api/browsers.py)
    "API_TITLE": TITLE,
    "API_VERSION": VERSION,
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    "OPENAPI_SWAGGER_UI_URL": "/docs/assets/",
    "OPENAPI_SWAGGER_UI_CONFIG": {"validatorUrl": None},  # no call to validator.swagger.io: the page works offline
    "API_SPEC_OPTIONS": {
        "info": {
            "description": (
                "Rules as a service: send a game state and a move; the referee checks the move, applies it "
                "and answers with the new state, the events, and every pending decision with all its legal "
                "moves. Errors are `{code, message, errors?}` with a stable `code`."
            ),
        },
        "servers": [{"url": "/", "description": "This server."}],
    },
}


def _from_env(env) -> dict:
    config = {}
    if "MAX_CONTENT_LENGTH" in env:
        config["MAX_CONTENT_LENGTH"] = int(env["MAX_CONTENT_LENGTH"])
    if "SHUFFLE_BENCH_ECHO" in env:
        config["SHUFFLE_BENCH_ECHO"] = env["SHUFFLE_BENCH_ECHO"] == "1"
    if env.get("REDIS_URL"):
        config["REDIS_URL"] = env["REDIS_URL"]
    if env.get("SEAL_KEYS"):
        config["SEAL_KEYS"] = env["SEAL_KEYS"]
    for name, kind in (("TABLE_TTL", int), ("SSE_KEEPALIVE", float), ("SSE_MAX_SECONDS", float),
                       ("BOT_MOVES_PER_REQUEST", int), ("REQUEST_BODY_TIMEOUT", float), ("LONG_POLL_SECONDS", float), ("SSE_MAX_STREAMS", int),
                       ("RATE_LIMIT_CREATE", str), ("RATE_LIMIT_STREAMS", str), ("RATE_LIMIT_JOIN", str), ("RATE_LIMIT_SEATS", str),
                       ("UNDOS_PER_SEAT", int), ("REDIS_WAIT_REPLICAS", int),
                       ("REDIS_WAIT_TIMEOUT_MS", int), ("CORS_ORIGINS", str), ("CORS_MAX_AGE", int)):
        if env.get(name):
            config[name] = kind(env[name])
    if env.get("REDIS_CLUSTER"):
        config["REDIS_CLUSTER"] = env["REDIS_CLUSTER"] not in ("0", "false", "off")
    if env.get("RATE_LIMITS_ENABLED"):
        config["RATE_LIMITS_ENABLED"] = env["RATE_LIMITS_ENABLED"] not in ("0", "false", "off")
    return config


class Api(flask_smorest.Api):
    """flask-smorest with our error body, and no catch-all `default` response in the spec:
    each operation declares the error statuses it can answer."""

    ERROR_SCHEMA = errors.ErrorSchema
    DEFAULT_ERROR_RESPONSE_NAME = None

    def handle_http_exception(self, error):
        return errors.http_error(error)

    def _register_pagination_header(self):
        pass  # nothing is paginated: keep PaginationMetadata out of the spec

    def __init__(self, app, document=None):
        self._document = document
        super().__init__(app)

    def register_blueprint(self, blp, **options):
        """With a finished `document` (an earlier app's of the same settings), routes only: the
        document of a blueprint is the same for every app, and writing it is most of an app's start."""
        if self._document is None:
            return super().register_blueprint(blp, **options)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][options.get("name", blp.name)] = self
        self._app.register_blueprint(blp, **options)
        return None


# The OpenAPI document of each set of the settings that shape it (flask-smorest's API_* and
# OPENAPI_*) and of the games served, written once a process: nothing else of an app's config reaches the document, and a
# process that creates many apps (the test suite: one a test) would write the same one each time.
# tests/api/test_api_spec.py checks that an app's document equals one written afresh.
_DOCUMENTS: dict[tuple, object] = {}


def _document_key(config) -> tuple:
    settings = tuple(sorted((name, repr(value)) for name, value in config.items() if name.startswith(("API_", "OPENAPI_"))))
    return settings, tuple((game, id(GAMES[game])) for game in GAMES)  # and the games served (a game registered by a test)


# Each game's blueprint, built once a process and registered on every app, as games.blp and
# tables.blp are (a blueprint keeps its routes and their documentation, and registers them anew on each
# app; flask-smorest copies the documentation it writes): building one was half of an app's start.
_BLUEPRINTS: dict[tuple, object] = {}


def _per_game_blueprint(game: str):
    key = (game, id(GAMES[game]))  # a game registered again (by a test) gets a blueprint of its own
    if key not in _BLUEPRINTS:
        _BLUEPRINTS[key] = per_game.blueprint(game)
    return _BLUEPRINTS[key]


def create_app(config=None) -> Flask:
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(copy.deepcopy(DEFAULTS))  # a copy: apispec writes into API_SPEC_OPTIONS["info"]
    app.config.update(_from_env(os.environ))
    app.config.update(config or {})

    if int(app.config["TABLE_TTL"]) < 1:
        raise ValueError(f"TABLE_TTL must be at least 1 second, not {app.config['TABLE_TTL']!r}.")
    # Redis when REDIS_URL is set (connected lazily: the app starts even if Redis is down), else in-process.
    app.extensions["table_store"] = make_store(app.config)
    if int(app.config["BOT_MOVES_PER_REQUEST"]) < 1:
        raise ValueError("BOT_MOVES_PER_REQUEST must be at least 1.")
    app.extensions["limits"] = limits.Limits(app.config)
    sweeper.init_app(app)  # table clocks: CLOCK_NOW, the due index, the sweeper (api/sweeper.py)

    observability.init_app(app)  # first: a request refused by the guard still gets its request id
    guard.init_app(app)
    browsers.init_app(app)  # CORS on the API's paths, nosniff on every answer
    key = _document_key(app.config)
    document = _DOCUMENTS.get(key)
    api = Api(app, document)
    if document is None:
        api.ma_plugin.converter.add_attribute_function(union2properties)
        tables.register(api)
    api.register_blueprint(games.blp)
    for game in GAMES:
        api.register_blueprint(_per_game_blueprint(game))
    app.register_blueprint(games.unknown)
    api.register_blueprint(tables.blp)
    sealed.init_app(app)
    play.init_app(app)  # the web table at /play: static files, not in the spec
    api.register_blueprint(ops.blp)
    app.register_blueprint(ops.assets)
    if app.config["SHUFFLE_BENCH_ECHO"]:
        app.register_blueprint(ops.echo)
    if document is None:
        alias_old_names(api.spec)  # last: every component is known by now
        _DOCUMENTS[key] = api.spec
    else:
        api.spec = document

    app.register_error_handler(core.EngineError, errors.engine_error)
    app.register_error_handler(StoreUnavailable, errors.store_unavailable)
    app.register_error_handler(Exception, errors.unexpected_error)  # HTTPExceptions: Api.handle_http_exception
    return app
