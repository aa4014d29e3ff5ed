"""Schemathesis over the whole spec, in-process against create_app(): every check, positive and
negative data, each operation on its own, then the stateful phase following the spec's links
(new game -> apply the first option -> ...; new table -> seat 0's view -> its first option -> ...).

The configuration (checks, the statuses that count as accepting valid data) is schemathesis.toml
at the repository root, the one docs/conformance.md's recipe uses; its example database
(.hypothesis/examples, under the directory pytest starts in) replays a failure found once first.
This run adds the number of examples of each operation, sized by what its input can hide (SIZES).
"""

import re
import sys
import tomllib
from pathlib import Path

import pytest
import schemathesis

from api import create_app
from api.stores import MemoryStore

# The hooks a tester loads with SCHEMATHESIS_HOOKS (docs/conformance.md): link-carried table
# tokens are real credentials. Registered globally, so this run uses them too.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "conformance"))
import schemathesis_hooks  # noqa: E402, F401

# Examples per operation, by what its input can hide (docs/testing.md): a state and a move get the
# most (The Big Shuffle's apply 15, Plot Twist's 10: theirs are the largest state schemas, an
# example some 0.4-0.7 s and 2-2.4 s of CPU), a state alone fewer, and an input of a few scalars or none (new games,
# sealed strings, table ids, tokens, /healthz) SIMPLE: a dozen cases reach every refusal there. A random schema-valid state is
# almost never a position of the game (422 invalid_state, whatever the example), so examples past
# these numbers met the same refusals again; the games themselves are played to their end by the
# conformance suites. A table's move (`...PlayMove`) gets SIMPLE too: a generated table id is never a
# table and a generated token never a seat's, and the table, the token and If-Match are checked before the
# move is read (401, 404, 428), so its examples never reach the move; the moves at real tables are the
# stateful phase's, along the links (issue 30: 50 examples were 14 CPU seconds for Plot Twist's alone).
# The first rule that names an operation wins.
SIZES = {
    "^plotTwistApplyMove$": 10,
    "^plotTwist(ViewState|BotMove)$": 5,
    "^bigShuffleApplyMove$": 15,
    "^bigShuffle(ViewState|BotMove)$": 8,
    "(ApplyMove|ApplySealedMove)$": 50,
    "(ViewState|BotMove)$": 20,
}
SIMPLE = 12
# The coverage phase (schemathesis' deterministic boundary and negative cases, one set per keyword of a
# request's schema) is half of this file's CPU time, and its cases are a function of the body's schema
# alone. These operations' bodies repeat a schema whose cases another operation's coverage phase already
# sends through the same parsing: a game's ViewState and BotMove take `{state, player...}` with the very
# `<Game>State` of its ApplyMove (`{state, move}`); an ApplySealedMove's move is ApplyMove's `<Game>Move`
# beside a sealed string; the generic playMove's move is the union of every game's `<Game>Move`, each
# covered by its own `<game>PlayMove`. They keep the examples and fuzzing phases (positive and negative
# data, every check); their own small fields (player, bot, seed) get negative data there.
COVERED_ELSEWHERE = "(ViewState|BotMove|ApplySealedMove)$|^playMove$"
BASE = tomllib.loads((Path(__file__).resolve().parents[2] / "schemathesis.toml").read_text())
RULES = [*BASE.pop("operations"),  # schemathesis.toml's, then this run's: the first rule that names an operation wins
         *({"include-operation-id-regex": regex, "generation": {"max-examples": examples}} for regex, examples in SIZES.items()),
         {"include-operation-id-regex": COVERED_ELSEWHERE, "phases": {"coverage": {"enabled": False}}}]


def _names(rule: dict, operation_id: str) -> bool:
    if "include-operation-id" in rule:
        return rule["include-operation-id"] == operation_id
    return re.search(rule["include-operation-id-regex"], operation_id) is not None


def _merged(first: dict, then: dict) -> dict:
    """`first`'s settings, and `then`'s where `first` has none (tables merged key by key)."""
    out = dict(then)
    for key, value in first.items():
        out[key] = _merged(value, then[key]) if isinstance(value, dict) and isinstance(then.get(key), dict) else value
    return out


def config(only: str | None = None) -> schemathesis.Config:
    """The run's configuration. With `only`, every other operation is turned off, and the rules that name
    `only` are merged into the project's own settings: schemathesis then reads one set of settings for each
    case it checks, not a merge of every rule that applies (a tenth of a Plot Twist operation's time)."""
    if only is None:
        loaded = schemathesis.Config.from_dict({**BASE, "operations": RULES})
        loaded.projects.override.generation.update(max_examples=SIMPLE)  # below the rules, above the project's
        return loaded
    rules = {}
    for rule in RULES:
        if _names(rule, only):
            rules = _merged(rules, {k: v for k, v in rule.items() if not k.startswith("include-")})
    settings = _merged(rules, _merged({"generation": {"max-examples": SIMPLE}}, BASE))
    return schemathesis.Config.from_dict({**settings, "operations": [{"exclude-operation-id": only, "enabled": False}]})


# The embedded store, short event streams (a stream on a live table ends after SSE_MAX_SECONDS) and long-polls.
APP = create_app({"REDIS_URL": None, "SSE_KEEPALIVE": 0.05, "SSE_MAX_SECONDS": 0.3, "LONG_POLL_SECONDS": 0.3})
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=config())
OPERATION_IDS = sorted(operation["operationId"] for item in schema.raw_schema["paths"].values()
                       for operation in item.values() if isinstance(operation, dict) and "operationId" in operation)


# One test per operation, built when it runs (a lazy schema): schemathesis prepares an operation's
# coverage cases as it builds its test, some 20 CPU seconds for the whole spec, and a test built at
# collection would be built in every pytest worker, not only in the one that runs it.
@pytest.fixture(params=OPERATION_IDS)
def one_operation(request):
    # schemathesis' lazy tests read and write `node._nodeid`, which pytest 9.2 calls `_id`: give them theirs
    request.node._nodeid = request.node.nodeid
    return schemathesis.openapi.from_wsgi("/openapi.json", APP, config=config(only=request.param))


@schemathesis.pytest.from_fixture("one_operation").parametrize()
def test_api_conforms_to_its_spec(case):
    case.call_and_validate()


class GamesFollowingLinks(schema.as_state_machine()):
    def setup(self):
        # Each scenario starts from no tables: a creation with an Idempotency-Key that an earlier
        # scenario (or hypothesis replaying this one) used would find that table moved on, and a
        # replay must meet the same answers as the first run.
        APP.extensions["table_store"] = MemoryStore()


TestGamesFollowingLinks = GamesFollowingLinks.TestCase
