"""Request bodies: JSON only, bounded and parsed by api/json.py (orjson), then checked by a schema."""

import flask_smorest
from webargs.core import is_json
from webargs.flaskparser import FlaskParser, abort

from .json import TooComplex, request_loads


class JsonParser(FlaskParser):
    """webargs' parser, but with orjson instead of the stdlib and a coded error for each way a body is unreadable."""

    def load_json(self, req, schema):
        if not is_json(req.mimetype):
            abort(415, code="unsupported_media_type",
                  message=f"The request body must be JSON sent as application/json, not {req.mimetype or 'nothing'}.")
        try:
            return request_loads(req.get_data(cache=True))
        except TooComplex as exc:
            abort(413, code="too_complex", message=str(exc))
        except ValueError as exc:  # orjson.JSONDecodeError and UnicodeDecodeError both are
            abort(400, code="bad_json", message=f"The request body is not valid JSON ({exc}).")


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = JsonParser()
