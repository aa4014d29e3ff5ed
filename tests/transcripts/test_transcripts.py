"""The golden transcripts (transcripts/, docs/transcripts.md): every one replays, answer for answer,
through the engine, and through the app in-process, where its plan generates the very same bytes again
(tests/cli's `shuffle verify` replays them over a socket); together they show every decision kind, move
kind, event type and error code of each game."""

from pathlib import Path

import orjson
import pytest

import core
from api.errors import ERRORS
from cli import transcripts as T

FILES = T.find([T.DEFAULT_DIR])
LOADED = {f.relative_to(T.DEFAULT_DIR).as_posix(): T.load(f) for f in FILES}
PLANS = {f"{plan.id}.jsonl": plan for plan in T.PLAN}  # a plan writes transcripts/<game>/<name>.jsonl
MAX_TOTAL_BYTES = 9_000_000  # 14 + 5 Plot Twist transcripts (its games are long; drafted-4 is 2 MB since
# Healing and Gadgeteer: of seeds 1-400 only 52 shows, with the other rows, all of Plot Twist's vocabulary)


@pytest.fixture(scope="module")
def client():
    return T.app().test_client()


@pytest.mark.parametrize("name", sorted(LOADED))
def test_transcript_replays_through_the_app_and_generating_it_again_gives_the_same_bytes(client, name):
    """Its plan played again through the app in-process writes the very same bytes: the file's every
    request, sent through the app, gets its recorded answer, byte for byte. A rules change that changes a
    transcript fails here (and in the other replays): regenerate on purpose."""
    generated = b"".join(T.dumps_line(line) for line in T.record(PLANS[name], client)).splitlines()
    recorded = (T.DEFAULT_DIR / name).read_bytes().splitlines()
    if generated != recorded:
        pytest.fail(f"{name} is not what its plan generates now: {_first_difference(recorded, generated)}\n"
                    f"run `{T.REGENERATE}` and review the diff")


def _first_difference(recorded: list[bytes], generated: list[bytes]) -> str:
    line = next((i for i, (a, b) in enumerate(zip(recorded, generated)) if a != b), min(len(recorded), len(generated)))
    old, new = (lines[line] if line < len(lines) else b"(the end)" for lines in (recorded, generated))
    at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    return f"line {line + 1}, byte {at + 1}:\n  file: ...{old[max(0, at - 60):at + 120]!r}\n  now:  ...{new[max(0, at - 60):at + 120]!r}"


@pytest.mark.parametrize("name", sorted(LOADED))
def test_transcript_replays_through_the_engine(name):
    """Every 200 answer of new, apply and view is what `core` itself gives for that request."""
    header, exchanges = LOADED[name]
    checked = 0
    for exchange, expected, state in T.expanded(exchanges):
        request, path = exchange["request"], exchange["request"]["path"]
        if expected["status"] != 200 or not path.startswith(f"/v1/games/{header['game']}/"):
            continue
        body = T.resolve(request.get("body"), state)
        if path.endswith("/new"):
            got = core.new_game(header["game"], body["players"], body.get("options"), body["seed"]).as_dict()
        elif path.endswith("/apply"):
            got = core.apply(body["state"], body["move"]).as_dict()
        elif path.endswith("/view"):
            got = core.view(body["state"], body["player"])
        else:
            continue
        assert _sorted(got) == _sorted(expected["body"]), f"{name} step {exchange['step']}: {path}"
        checked += 1
    assert checked > header["moves"]


def test_every_game_and_mode_has_a_transcript():
    """One per game (Plot Twist's comes when the game lands: this test then asks for it)."""
    games = {header["game"] for header, _ in LOADED.values()}
    assert games == {g.id for g in core.all_games()}
    assert {p.id for p in T.PLAN} == {h["transcript"] for h, _ in LOADED.values()}, \
        f"transcripts/ and the plan differ: run `{T.REGENERATE}`"
    assert set(PLANS) == set(LOADED), f"each plan writes its own file: run `{T.REGENERATE}`"


def test_every_error_code_is_covered_or_a_documented_exception():
    assert set(T.GAME_ERRORS) | set(T.EXCEPTIONS) == set(ERRORS), "classify every error code of api/errors.py"
    assert not set(T.GAME_ERRORS) & set(T.EXCEPTIONS)
    documented = (Path(__file__).resolve().parents[2] / "docs" / "transcripts.md").read_text()
    for code in T.EXCEPTIONS:
        assert f"`{code}`" in documented, f"docs/transcripts.md must say why {code} is not in a transcript"


@pytest.mark.parametrize("game", sorted({h["game"] for h, _ in LOADED.values()}))
def test_transcripts_cover_every_decision_move_event_and_error_of_the_game(game):
    seen = {kind: set() for kind in ("decisions", "moves", "events", "errors")}
    for header, exchanges in LOADED.values():
        if header["game"] == game:
            covers = T.coverage(game, exchanges)
            assert covers == header["covers"], f"{header['transcript']}: its header's `covers` is out of date"
            for kind, items in covers.items():
                seen[kind].update(items)
    for kind, items in T.vocabulary(game).items():
        unshown = set(T.UNSHOWN.get(game, {}).get(kind, ()))
        missing = sorted(set(items) - seen[kind] - unshown)
        assert not missing, f"no {game} transcript shows these {kind}: {missing}"
        assert not unshown & seen[kind], f"{game}: shown now, drop from cli/transcripts.py UNSHOWN: {unshown & seen[kind]}"


def test_transcripts_are_short():
    total = sum(f.stat().st_size for f in FILES)
    assert total < MAX_TOTAL_BYTES, f"{total} bytes of transcripts"
    for header, exchanges in LOADED.values():
        assert header["comment"] and header["requests"] == len(exchanges)


def test_patches_roundtrip():
    a = {"x": [1, 2, 3, 4], "y": {"a/b": 1, "c~": [1]}, "z": None}
    b = {"x": [0, 1, 3, 4, 5], "y": {"a/b": 2, "d": 3}, "w": True}
    assert T.apply_patch(a, T.make_patch(a, b)) == b
    assert T.apply_patch(b, T.make_patch(b, a)) == a


def _sorted(x) -> bytes:
    return orjson.dumps(x, option=orjson.OPT_SORT_KEYS)
