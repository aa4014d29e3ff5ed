"""The engine contract (DESIGN.md): purity, determinism, errors with stable codes, views,
the seeded RNG and the random bot."""

import collections
import copy
import doctest
import importlib
import subprocess
import sys

import orjson
import pytest
from time_bounds import bound
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.framework.bots import RandomBot, bot_names, get_bot
from core.framework.game import Game
from core.framework.rng import Rng
from shufflers_helpers import contribute, draw, new_state, set_row, stack


def dumps(x) -> bytes:
    return orjson.dumps(x, option=orjson.OPT_SORT_KEYS)


def playout(players: int, options: dict, seed, limit: int = 5000) -> list[core.Step]:
    """Every Step of one random game (uniform over all listed options)."""
    rng = Rng.from_seed(f"playout:{seed}")
    steps = [core.new_game("shufflers", players, options, seed=seed)]
    while steps[-1].outcome is None and len(steps) < limit:
        opts = [o for d in steps[-1].pending for o in d["options"]]
        steps.append(core.apply(steps[-1].state, opts[rng.below(len(opts))]))
    assert steps[-1].outcome is not None
    return steps


CONFIGS = [
    (1, {}),
    (1, {"vehicle": True, "sacrificial_lamb": True}),
    (3, {}),
    (3, {"collaborative": True, "vehicle": True, "sacrificial_lamb": True}),
]


# --- purity ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players,options", CONFIGS)
def test_apply_never_mutates_its_input(players, options):
    for step in playout(players, options, seed=4)[:-1]:
        before = dumps(step.state)
        for option in [o for d in step.pending for o in d["options"]]:
            core.apply(step.state, option)
            assert dumps(step.state) == before
        # a refused move changes nothing either
        with pytest.raises(core.IllegalMove):
            core.apply(step.state, {**step.pending[0]["options"][0], "extra": 1})
        assert dumps(step.state) == before


def test_apply_does_not_mutate_a_built_position_on_any_path():
    s = new_state(3, collaborative=True)
    stack(s, ["8C#0", "6S#1", "AC#2"])
    step = core.apply(core.apply(core.apply(s, draw(0)).state, draw(1)).state, draw(2))
    before = dumps(step.state)
    snapshot = copy.deepcopy(step.state)
    for o in [o for d in step.pending for o in d["options"]]:
        core.apply(step.state, o)
    assert dumps(step.state) == before and step.state == snapshot


def test_apply_bumps_the_version_by_one():
    steps = playout(2, {}, seed=9)
    assert [s.state["version"] for s in steps] == list(range(len(steps)))


def test_step_as_dict_has_the_four_fields():
    step = core.new_game("shufflers", 1, seed=1)
    labelled = [{**d, "labels": core.view(step.state, d["player"])["pending"][0]["labels"]} for d in step.pending]
    assert step.as_dict() == {"state": step.state, "pending": labelled, "events": step.events, "outcome": None}


def test_decisions_is_the_pending_of_the_step():
    for step in playout(3, {"collaborative": True}, seed=2)[::7]:
        assert core.decisions(step.state) == step.pending


# --- determinism ------------------------------------------------------------------------------
@pytest.mark.parametrize("players,options", CONFIGS)
def test_same_seed_and_moves_give_byte_identical_states(players, options):
    first = playout(players, options, seed="same")
    second = playout(players, options, seed="same")
    assert [dumps(s.state) for s in first] == [dumps(s.state) for s in second]
    assert [dumps(s.events) for s in first] == [dumps(s.events) for s in second]


def test_new_game_is_deterministic_and_seeds_differ():
    a = core.new_game("shufflers", 2, seed=123)
    assert dumps(a.as_dict()) == dumps(core.new_game("shufflers", 2, seed=123).as_dict())
    decks = {tuple(core.new_game("shufflers", 1, seed=seed).state["encounters"][0]["deck"]) for seed in range(50)}
    assert len(decks) == 50
    rngs = {core.new_game("shufflers", 1, seed=seed).state["rng"] for seed in (1, "1", 2, "2", "a")}
    assert len(rngs) == 5  # an int seed and its string are different seeds


# --- errors -----------------------------------------------------------------------------------
def _solo():
    return core.new_game("shufflers", 1, seed=1).state


def _finished():
    return playout(1, {}, seed=1)[-1].state


def _competitive_waiting_for_seat_1():
    s = new_state(2)
    s["turn"] = 1
    return s


ERRORS = [
    ("unknown game", lambda: core.new_game("poker", 2), core.UnknownGame),
    ("unknown game id not a string", lambda: core.new_game(None, 2), core.UnknownGame),
    ("get_game", lambda: core.get_game("big-shufflers"), core.UnknownGame),
    ("unknown option", lambda: core.new_game("shufflers", 1, {"turbo": True}), core.InvalidOptions),
    ("option of the wrong type", lambda: core.new_game("shufflers", 1, {"vehicle": "yes"}), core.InvalidOptions),
    ("option 1 for true", lambda: core.new_game("shufflers", 2, {"collaborative": 1}), core.InvalidOptions),
    ("options not an object", lambda: core.new_game("shufflers", 1, ["vehicle"]), core.InvalidOptions),
    ("collaborative with 1 player", lambda: core.new_game("shufflers", 1, {"collaborative": True}), core.InvalidOptions),
    ("0 players", lambda: core.new_game("shufflers", 0), core.InvalidOptions),
    ("9 players", lambda: core.new_game("shufflers", 9), core.InvalidOptions),
    ("-1 players", lambda: core.new_game("shufflers", -1), core.InvalidOptions),
    ("players as a string", lambda: core.new_game("shufflers", "2"), core.InvalidOptions),
    ("players as a bool", lambda: core.new_game("shufflers", True), core.InvalidOptions),
    ("players as a float", lambda: core.new_game("shufflers", 2.0), core.InvalidOptions),
    ("state not an object", lambda: core.apply("state", draw(0)), core.InvalidState),
    ("state without game", lambda: core.apply({"version": 0}, draw(0)), core.InvalidState),
    ("state lacks a field", lambda: core.apply({k: v for k, v in _solo().items() if k != "turn"}, draw(0)),
     core.InvalidState),
    ("check_state of a list", lambda: core.check_state([]), core.InvalidState),
    ("view of a bad state", lambda: core.view({**_solo(), "turn": 5}, 0), core.InvalidState),
    ("move not an object", lambda: core.apply(_solo(), "draw"), core.InvalidMove),
    ("move without player", lambda: core.apply(_solo(), {"kind": "draw"}), core.InvalidMove),
    ("move for seat 1 of 1", lambda: core.apply(_solo(), draw(1)), core.InvalidMove),
    ("move for seat -1", lambda: core.apply(_solo(), draw(-1)), core.InvalidMove),
    ("player as a bool", lambda: core.apply(_solo(), {"player": False, "kind": "draw"}), core.InvalidMove),
    ("player as a string", lambda: core.apply(_solo(), {"player": "0", "kind": "draw"}), core.InvalidMove),
    ("view for seat 3 of 1", lambda: core.view(_solo(), 3), core.InvalidMove),
    ("unknown move kind", lambda: core.apply(_solo(), {"player": 0, "kind": "fly"}), core.IllegalMove),
    ("pay when drawing", lambda: core.apply(_solo(), {"player": 0, "kind": "pay", "cards": ["AD"]}), core.IllegalMove),
    ("draw with extra field", lambda: core.apply(_solo(), {"player": 0, "kind": "draw", "n": 2}), core.IllegalMove),
    ("sacrifice in solo", lambda: core.apply(_solo(), {"player": 0, "kind": "sacrifice"}), core.IllegalMove),
    ("seat 0 when seat 1 draws", lambda: core.apply(_competitive_waiting_for_seat_1(), draw(0)), core.NotYourTurn),
    ("move after the end", lambda: core.apply(_finished(), draw(0)), core.GameOver),
    ("malformed move after the end", lambda: core.apply(_finished(), "nonsense"), core.GameOver),
]


@pytest.mark.parametrize("what,call,error", ERRORS, ids=[e[0] for e in ERRORS])
def test_every_error_has_its_class_and_stable_code(what, call, error):
    with pytest.raises(core.EngineError) as caught:
        call()
    assert type(caught.value) is error, f"{what}: {type(caught.value).__name__}: {caught.value.message}"
    exc = caught.value
    assert exc.code == {
        core.UnknownGame: "unknown_game", core.InvalidOptions: "invalid_options", core.InvalidState: "invalid_state",
        core.InvalidMove: "invalid_move", core.IllegalMove: "illegal_move", core.NotYourTurn: "not_your_turn",
        core.GameOver: "game_over",
    }[error]
    # messages are full sentences
    assert exc.message[0].isupper() and exc.message.rstrip().endswith(".") and str(exc) == exc.message


def test_stale_version_has_its_code():
    assert core.StaleVersion("The table moved on.").code == "stale_version"
    assert issubclass(core.StaleVersion, core.EngineError)


def test_invalid_options_say_which_option():
    with pytest.raises(core.InvalidOptions) as caught:
        core.new_game("shufflers", 1, {"turbo": True})
    assert caught.value.errors == {"turbo": ["unknown option"]}
    with pytest.raises(core.InvalidOptions) as caught:
        core.new_game("shufflers", 1, {"vehicle": "yes"})
    assert "vehicle" in caught.value.errors


def test_invalid_state_is_checked_before_game_over_and_the_move():
    bad = {**_finished(), "turn": 99}
    with pytest.raises(core.InvalidState):
        core.apply(bad, "nonsense")


def _at_help_with_retrieve(collaborative: bool) -> core.Step:
    if collaborative:
        s = new_state(2, collaborative=True)
        for p in (0, 1):
            set_row(s, p, "health", [c for c in s["seats"][p]["health"] if c != f"5H#{p}"])
        stack(s, ["QC#0"])
    else:
        s = new_state(1, vehicle=True)
        set_row(s, 0, "health", [c for c in s["seats"][0]["health"] if c != "5H"])
        stack(s, ["QC"])
    step = core.apply(s, draw(0))
    assert step.pending[0]["kind"] == "help"
    return step


@pytest.mark.parametrize("collaborative,target", [
    (False, 0.0), (False, False), (False, "0"), (True, 1.0), (True, True), (True, [1])])
def test_move_must_equal_a_listed_option_exactly(collaborative, target):
    # JSON 1.0 and true are not the seat number 1: a move is legal iff it is one of the
    # options posted back verbatim, so these are refused as illegal (and never crash).
    step = _at_help_with_retrieve(collaborative)
    before = dumps(step.state)
    with pytest.raises(core.IllegalMove):
        core.apply(step.state, {"player": 0, "kind": "retrieve", "target": target})
    assert dumps(step.state) == before


@pytest.mark.parametrize("rng", ["0x00000000000001", "-000000000000001", "+000000000000001",
                                 " 00000000000000a", "0000_0000_0000_0", "000000000000000g", "0" * 15, "0" * 17, 12])
def test_rng_field_must_be_sixteen_hex_digits(rng):
    with pytest.raises(core.InvalidState):
        core.check_state({**_solo(), "rng": rng})


# --- views ------------------------------------------------------------------------------------
def test_view_hides_deck_order_and_rng_keeps_counts():
    state = playout(2, {}, seed=5)[3].state
    for seat in (None, 0, 1):
        seen = core.view(state, seat)
        for pile, shown in zip(state["encounters"], seen["view"]["encounters"], strict=True):
            assert shown["deck"] == [{"hidden": True}] * len(pile["deck"])
            assert shown["discard"] == pile["discard"]
        assert "rng" not in seen["view"] and state["rng"].encode() not in dumps(seen)
        assert seen["outcome"] is None
        assert [{k: v for k, v in d.items() if k != "labels"} for d in seen["pending"]] == \
            [d for d in core.decisions(state) if d["player"] == seat]


@settings(max_examples=60, deadline=None)
@given(data=st.data(), config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_view_does_not_depend_on_hidden_deck_order_or_rng(data, config, seed):
    players, options = config
    steps = playout(players, options, seed)
    state = copy.deepcopy(data.draw(st.sampled_from(steps)).state)
    other = copy.deepcopy(state)
    for pile in other["encounters"]:
        pile["deck"] = data.draw(st.permutations(pile["deck"]))
    other["rng"] = data.draw(st.from_regex(r"\A[0-9a-f]{16}\Z"))
    core.check_state(other)
    for seat in [None, *range(players)]:
        assert dumps(core.view(state, seat)) == dumps(core.view(other, seat))
        assert state["rng"].encode() not in dumps(core.view(state, seat))


def test_view_does_not_change_the_state():
    state = playout(3, {"collaborative": True}, seed=8)[10].state
    before = dumps(state)
    for seat in (None, 0, 1, 2):
        core.view(state, seat)
    assert dumps(state) == before


def test_view_events_are_public_and_carry_no_rng():
    for step in playout(3, {}, seed=6):
        for seat in (None, 0, 1, 2):
            seen = core.view_events(step.state, step.events, seat)
            assert len(seen) == len(step.events) and step.state["rng"].encode() not in dumps(seen)


# --- the seeded RNG ---------------------------------------------------------------------------
def test_rng_same_seed_same_stream_and_dump_load_round_trip():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next64() for _ in range(100)] == [b.next64() for _ in range(100)]
    saved = a.dump()
    assert Rng.is_valid(saved) and len(saved) == 16
    assert [Rng.load(saved).below(1000) for _ in range(3)] == [Rng.load(saved).below(1000)] * 3
    assert Rng.load(saved).below(1000) == a.below(1000)
    assert Rng.from_seed(1).dump() != Rng.from_seed("1").dump() != Rng.from_seed(2).dump()


@given(seed=st.integers(), n=st.integers(1, 2**64))
def test_rng_below_is_in_range(seed, n):
    r = Rng.from_seed(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))


@pytest.mark.parametrize("n", [2**64 + 1])
def test_rng_below_answers_or_refuses_a_bound_above_64_bits(n):
    # below(n) must return a number in range or raise ValueError; it must never spin forever.
    # (Run in a child process so that a hang fails this test instead of the whole suite.)
    code = (f"from core.framework.rng import Rng\n"
            f"try:\n    assert 0 <= Rng.from_seed(0).below({n}) < {n}\nexcept ValueError:\n    pass\n")
    try:
        done = subprocess.run([sys.executable, "-c", code], timeout=bound(120), capture_output=True)  # a hang, not a slow host
    except subprocess.TimeoutExpired:
        pytest.fail(f"Rng.below({n}) never returns")
    assert done.returncode == 0, done.stderr.decode()


@pytest.mark.parametrize("n", [0, -1])
def test_rng_below_needs_a_positive_bound(n):
    with pytest.raises(ValueError):
        Rng.from_seed(0).below(n)


@given(seed=st.integers(), items=st.lists(st.integers(), max_size=60))
def test_rng_shuffle_is_a_permutation_and_leaves_its_input_alone(seed, items):
    original = list(items)
    out = Rng.from_seed(seed).shuffle(items)
    assert items == original and sorted(out) == sorted(items) and out is not items


def test_rng_below_is_uniform():
    r, n, draws = Rng.from_seed("uniform"), 7, 70_000
    counts = collections.Counter(r.below(n) for _ in range(draws))
    expected = draws / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    assert set(counts) == set(range(n)) and chi2 < 22.5  # 6 degrees of freedom, p = 0.001


def test_rng_shuffle_is_uniform_over_permutations():
    r, draws = Rng.from_seed("perm"), 24_000
    counts = collections.Counter(tuple(r.shuffle([0, 1, 2, 3])) for _ in range(draws))
    expected = draws / 24
    chi2 = sum((counts[p] - expected) ** 2 / expected for p in counts)
    assert len(counts) == 24 and chi2 < 49.7  # 23 degrees of freedom, p = 0.001


# --- bots, registry, docs ----------------------------------------------------------------------
@pytest.mark.parametrize("players,options", CONFIGS)
def test_random_bot_picks_only_listed_options(players, options):
    bot, rng = get_bot(core.get_game("shufflers"), "random"), Rng.from_seed("bot")
    assert isinstance(bot, RandomBot) and "random" in bot_names(core.get_game("shufflers"))
    for seed in range(3):
        step = core.new_game("shufflers", players, options, seed=seed)
        while step.outcome is None:
            seat = step.pending[rng.below(len(step.pending))]["player"]
            seen = core.view(step.state, seat)
            move = bot.choose(seen, rng)
            assert move in [o for d in seen["pending"] for o in d["options"]]
            step = core.apply(step.state, move)
        with pytest.raises(ValueError):
            bot.choose(core.view(step.state, 0), rng)
    assert get_bot(core.get_game("shufflers"), "no-such-bot") is None


def test_registry_lists_every_game_with_its_metadata():
    games = core.all_games()
    assert [g.id for g in games] == ["shufflers"] or "shufflers" in [g.id for g in games]
    for game in games:
        assert core.get_game(game.id) is game
        info = game.info()
        assert info["id"] == game.id and 1 <= info["min_players"] <= info["max_players"]
        assert all({"name", "type", "default", "description"} <= set(o) for o in info["options"])
    shufflers = core.get_game("shufflers").info()
    assert (shufflers["min_players"], shufflers["max_players"]) == (1, 8)
    assert {o["name"]: o["default"] for o in shufflers["options"]} == {
        "collaborative": False, "vehicle": False, "sacrificial_lamb": False}
    assert len(core.get_game("shufflers").cards()) == 54
    from core.framework.registry import register
    with pytest.raises(ValueError):
        register(core.get_game("shufflers"))


def test_new_game_fills_in_every_option():
    state = core.new_game("shufflers", 2, {"vehicle": True}, seed=0).state
    assert state["options"] == {"collaborative": False, "vehicle": True, "sacrificial_lamb": False}
    assert state["version"] == 0 and state["players"] == 2 and state["game"] == "shufflers"
    assert Rng.is_valid(state["rng"]) and state["outcome"] is None


def test_helper_docstring_examples_hold():
    # (core's own docstring examples run in tests/test_doctests.py)
    result = doctest.testmod(importlib.import_module("shufflers_helpers"))
    assert result.failed == 0 and result.attempted > 0


def test_collaborative_contribution_from_another_seat_is_not_your_turn():
    s = new_state(2, collaborative=True)
    set_row(s, 1, "ammo", [])
    stack(s, ["8C#0", "6S#1"])
    step = core.apply(core.apply(s, draw(0)).state, draw(1))
    assert [d["player"] for d in step.pending] == [0]
    with pytest.raises(core.NotYourTurn):
        core.apply(step.state, contribute(1, "8D#0"))


# --- Canonical moves (issue 12) ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [g.id for g in core.all_games()])
@pytest.mark.parametrize("junk", [None, [], "pay", 3, {"kind": "pay"}, {"player": 0, "kind": "pay", "cards": [1, {}]},
                                  {"player": 0, "kind": "pay", "cards": "4D2D"},
                                  {"player": 0, "kind": "play_biz", "card": ["B01"]}, {"kind": {"a": 1}}])
def test_a_move_is_put_in_canonical_form_without_ever_failing_on_junk(game_id, junk):
    # Game.canonical_move runs before the legality check on whatever a client sent: junk still
    # gets its refusal (invalid_move, not_your_turn or illegal_move), never another error
    game = core.get_game(game_id)
    state = core.new_game(game_id, game.min_players, seed=1).state
    game.canonical_move(state, junk)
    with pytest.raises((core.InvalidMove, core.NotYourTurn, core.IllegalMove)):
        core.apply(state, junk)


def test_the_default_canonical_form_is_the_move_itself():
    move = {"player": 0, "kind": "draw"}
    assert core.get_game("shufflers").canonical_move(None, move) is move
    assert Game().canonical_move(None, move) is move


# --- The draft and the lazy RNG `play` receives (core/framework/draft.py) -------------------------
def test_draft_copies_a_part_once_and_keeps_its_bookkeeping_out_of_the_data():
    from core.framework.draft import Draft

    state = {"played": ["a"], "seats": [{"hand": ["x"]}, {"hand": ["y"]}]}
    before = copy.deepcopy(state)
    draft = Draft.of(state)
    played = draft.own("played", list.copy)
    assert played is not state["played"] and draft.own("played", list.copy) is played
    played.append("b")
    seat = draft.own_item("seats", 1, dict.copy)
    assert draft.own_item("seats", 1, dict.copy) is seat and draft.state["seats"][0] is state["seats"][0]
    seat["hand"] = []
    assert state == before and type(draft.state) is dict and set(draft.state) == set(state)
    assert draft.state == {"played": ["a", "b"], "seats": [{"hand": ["x"]}, {"hand": []}]}
    fresh = Draft.fresh(state)
    assert fresh.state is state and fresh.own("played", list.copy) is state["played"]  # all its own


def test_lazy_rng_loads_on_first_use_and_stores_back_only_if_used():
    from core.framework.draft import LazyRng

    text = Rng.from_seed(5).dump()
    unused, state = LazyRng(text), {"rng": "x"}
    unused.store(state)
    assert unused.rng is None and state == {"rng": "x"}
    used, reference = LazyRng(text), Rng.load(text)
    assert [used.below(9) for _ in range(5)] == [reference.below(9) for _ in range(5)]
    used.store(state)
    assert state["rng"] == reference.dump()


@pytest.mark.parametrize("game_id", ["big-shuffle", "shufflers", "showbiz-shuffle", "plot-twist"])
def test_play_gets_the_drafts_state_and_the_rng_and_every_state_is_plain_data(game_id, monkeypatch):
    from core.framework.draft import LazyRng, current_draft

    game, seen = core.get_game(game_id), []
    original = type(game).play_step

    def spy(self, state, move, rng):
        seen.append((type(state), current_draft().state is state, type(rng)))
        return original(self, state, move, rng)

    step = core.new_game(game_id, game.min_players + 1, seed=3)
    fields = set(step.state)
    monkeypatch.setattr(type(game), "play_step", spy)
    r = Rng.from_seed(f"draft:{game_id}")
    for _ in range(60):
        if step.outcome is not None:
            break
        opts = [o for d in step.pending for o in d["options"]]
        step = step.play(opts[r.below(len(opts))])
        assert type(step.state) is dict and set(step.state) == fields
    assert seen and set(seen) == {(dict, True, LazyRng)}
    with pytest.raises(LookupError):  # no draft once the move is played
        current_draft()


def test_a_game_in_progress_is_not_registered(tmp_path, monkeypatch):
    """A package under core/games/ being built (IN_PROGRESS, no GAME yet) is in the tree, yet no list shows it."""
    import sys

    import core.games

    package = tmp_path / "toy_in_progress"
    package.mkdir()
    (package / "__init__.py").write_text('"""A game being built."""\n\nIN_PROGRESS = True\n')
    monkeypatch.setattr(core.games, "__path__", [*core.games.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "core.games.toy_in_progress", raising=False)
    found = core.games.discover()
    assert sys.modules["core.games.toy_in_progress"].IN_PROGRESS is True  # discover() did look at it
    assert [g.id for g in found] == [g.id for g in core.all_games()]
    assert "toy-in-progress" not in core.framework.registry.GAMES
