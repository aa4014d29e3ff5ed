"""Schemathesis hooks for testing a server against this API's spec (docs/conformance.md).

Load them with `SCHEMATHESIS_HOOKS=schemathesis_hooks` and this folder on PYTHONPATH (the
recipe shows how); tests/api/test_api_schemathesis.py imports this module for the in-process run.

Table tokens travel through the spec's OpenAPI links: creating a table answers a seat token and
the creator's token, and the links carry them into `Authorization` of the next requests. A token
the server gave out is a real credential, so it must be marked explicit: without this hook,
schemathesis counts an Authorization header as explicit only when the link filled every header
of the request; when it filled Authorization but not If-Match (links are followed only most of
the time), a move or a delete that then succeeds is reported as "API accepts invalid
authentication" (ST401). Marked explicit, the token gets the proper check instead: the same
request without it, and with a wrong one, must be refused (401). Generated values are left
alone (they are never 43 token characters after "Bearer ").
"""

import re
from collections.abc import Mapping

import schemathesis

ISSUED = re.compile(r"Bearer [A-Za-z0-9_-]{43}")  # a token the server gave out (api/tables.py)


@schemathesis.auth(refresh_interval=None, retry_on=[])
class TokensFromLinks:
    def get(self, case, context):
        headers = case.headers if isinstance(case.headers, Mapping) else {}
        value = headers.get("Authorization")
        return value if isinstance(value, str) and ISSUED.fullmatch(value) else None

    def set(self, case, data, context):
        case.headers["Authorization"] = data
