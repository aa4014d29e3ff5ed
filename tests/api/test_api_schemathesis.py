"""Schemathesis over the whole spec, in-process against create_app(): every check, positive and
negative data, each operation on its own, then the stateful phase following the spec's links
(new game -> apply the first option -> ...; new table -> seat 0's view -> its first option -> ...).

The configuration (checks, number of examples, the statuses that count as accepting valid
data) is schemathesis.toml at the repository root.
"""

import re
from collections.abc import Mapping
from pathlib import Path

import schemathesis

from api import create_app

CONFIG = schemathesis.Config.from_path(Path(__file__).resolve().parents[2] / "schemathesis.toml")
# The embedded store, short event streams (a stream on a live table ends after SSE_MAX_SECONDS) and long-polls.
APP = create_app({"REDIS_URL": None, "SSE_KEEPALIVE": 0.05, "SSE_MAX_SECONDS": 0.3, "LONG_POLL_SECONDS": 0.3})
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)
ISSUED = re.compile(r"Bearer [A-Za-z0-9_-]{43}")  # a token the server gave out (api/tables.py)


@schema.auth(refresh_interval=None, retry_on=[])
class TokensFromLinks:
    """A seat or creator token that a link carried over from an earlier answer is a real credential.

    Without this, schemathesis counts an Authorization header as explicit only when the link filled
    every header of the request; when it filled Authorization but not If-Match (links are followed
    only most of the time), a move that then succeeds is reported as "accepts generated auth".
    Marked explicit, the token gets the proper check instead: the same request without it, and with
    a wrong one, must be refused (401). Generated headers are left alone (never 43 token characters).
    """

    def get(self, case, context):
        headers = case.headers if isinstance(case.headers, Mapping) else {}
        value = headers.get("Authorization")
        return value if isinstance(value, str) and ISSUED.fullmatch(value) else None

    def set(self, case, data, context):
        case.headers["Authorization"] = data


@schema.parametrize()
def test_api_conforms_to_its_spec(case):
    case.call_and_validate()


TestGamesFollowingLinks = schema.as_state_machine().TestCase
