"""Service routes: health probes, the offline API docs page, and the benchmarks' echo baseline."""

from importlib.resources import files

from flask import Blueprint as FlaskBlueprint
from flask import current_app, request, send_from_directory

from .errors import error_responses
from .parsing import Blueprint, JsonParser
from .schemas import Health

blp = Blueprint("ops", __name__, description="Liveness and readiness probes.")


@blp.route("/healthz")
@blp.response(200, Health)
@blp.doc(operationId="healthz")
def healthz():
    """Liveness: the process answers."""
    return {"status": "ok"}


@blp.route("/readyz")
@blp.response(200, Health)
@blp.doc(operationId="readyz", responses=error_responses("store_unavailable"))
def readyz():
    """Readiness: the process can serve requests, and its table store (Redis) answers."""
    current_app.extensions["table_store"].ping()  # StoreUnavailable: 503 store_unavailable
    return {"status": "ok"}


# Swagger UI's assets come from the swagger-ui-py wheel: the docs page works without internet.
SWAGGER_UI = files("swagger_ui") / "static"
assets = FlaskBlueprint("docs_assets", __name__)


@assets.route("/docs/assets/<path:name>")
def swagger_ui_asset(name):
    return send_from_directory(SWAGGER_UI, name)


# Enabled by SHUFFLE_BENCH_ECHO=1, and left out of the spec: the baseline of the HTTP benchmarks.
echo = FlaskBlueprint("echo", __name__)
_parser = JsonParser()


@echo.post("/v1/_echo")
def echo_body():
    """The JSON body, parsed as every endpoint parses it and serialized again with the app's JSON provider."""
    return current_app.json.response(_parser.load_json(request, None))
