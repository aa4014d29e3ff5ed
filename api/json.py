"""Flask's JSON provider backed by orjson: about five times faster than the stdlib on a game state."""

import orjson
from flask.json.provider import JSONProvider


class OrjsonProvider(JSONProvider):
    """`app.json`: request bodies, responses and the OpenAPI document all go through it."""

    def dumps(self, obj, *, indent=None, sort_keys=False, **kwargs) -> str:
        return self._dump(obj, indent, sort_keys).decode()

    def loads(self, s, **kwargs):
        return orjson.loads(s)

    def response(self, *args, **kwargs):
        # Bytes straight into the response: no str round trip on the hot path.
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(self._dump(obj), mimetype="application/json")

    @staticmethod
    def _dump(obj, indent=None, sort_keys=False) -> bytes:
        option = (orjson.OPT_INDENT_2 if indent else 0) | (orjson.OPT_SORT_KEYS if sort_keys else 0)
        return orjson.dumps(obj, option=option)
