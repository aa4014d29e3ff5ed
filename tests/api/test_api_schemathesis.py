"""Schemathesis over the whole spec, in-process against create_app(): every check, positive and
negative data, each operation on its own, then the stateful phase following the spec's links
(new game -> apply the first option -> ...).

The configuration (checks, number of examples, the statuses that count as accepting valid
data) is schemathesis.toml at the repository root.
"""

from pathlib import Path

import schemathesis

from api import create_app

CONFIG = schemathesis.Config.from_path(Path(__file__).resolve().parents[2] / "schemathesis.toml")
schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app(), config=CONFIG)


@schema.parametrize()
def test_api_conforms_to_its_spec(case):
    case.call_and_validate()


TestGamesFollowingLinks = schema.as_state_machine().TestCase
