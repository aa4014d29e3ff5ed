"""Schemathesis over the whole spec, in-process against create_app(): every check, positive and
negative data, each operation on its own, then the stateful phase following the spec's links
(new game -> apply the first option -> ...; new table -> seat 0's view -> its first option -> ...).

The configuration (checks, the statuses that count as accepting valid data) is schemathesis.toml
at the repository root, the one docs/conformance.md's recipe uses; its example database
(.hypothesis/examples, under the directory pytest starts in) replays a failure found once first.
This run adds the number of examples of each operation, sized by what its input can hide (SIZES).
"""

import sys
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
TOML = ((Path(__file__).resolve().parents[2] / "schemathesis.toml").read_text()
        + "".join(f'\n[[operations]]\ninclude-operation-id-regex = "{regex}"\ngeneration.max-examples = {examples}\n'
                  for regex, examples in SIZES.items())
        + f'\n[[operations]]\ninclude-operation-id-regex = "{COVERED_ELSEWHERE}"\nphases.coverage.enabled = false\n')


def config(only: str | None = None) -> schemathesis.Config:
    """The run's configuration; with `only`, every other operation is turned off."""
    text = TOML if only is None else f'{TOML}\n[[operations]]\nexclude-operation-id = "{only}"\nenabled = false\n'
    loaded = schemathesis.Config.from_str(text)
    loaded.projects.override.generation.update(max_examples=SIMPLE)
    return loaded


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
