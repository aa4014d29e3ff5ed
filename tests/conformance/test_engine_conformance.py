"""Engine conformance: seeded random games of EVERY registered game, in every option set of
its table, played to the end through `core`, checking the engine contract at each step.

Per step: the pending decisions are well formed, equal a fresh listing of the state, and are
empty iff the game is over; the chosen option (at random among all options of all decisions, see
`_pick`) applies through `apply` on the state as a client would post it (validated: the step's one
full state check) and through the fast path `Step.play`, and both agree; moves that are not listed
are refused with the right error; the input state is never mutated; every seat's and the
spectator's view is independent of the hidden information (a second state that differs only
there, itself checked, gives the same view) and never contains the RNG state. Per game: a replay
of the same seed and moves gives byte-identical states.

The options of a step are listed once (`Step.pending`) and reused by its refused variants, the
wrong seat, the malformed moves and the views (`Step.play` and the views below take the listed
decisions), so a step costs a few listings, not a few dozen; validation stays covered by the
one untrusted `apply` per step.

Each game says which tables to play (`Game.sample_setups`: its modes and option sets, default
the fewest and the most players) and how to reshuffle its hidden cards (`Game.shuffle_hidden`);
until it says the latter, its cases fail (they are never skipped).
"""

import orjson
import pytest

import core
from core.framework.engine import _seen as view_of_listed  # core.view, given the decisions already listed
from core.framework.game import Game
from core.framework.rng import Rng

MIN_GAMES_PER_GAME = 100
# A game whose random games are long needs fewer of them to check as many moves: a random
# Big Shuffle game runs some 600 moves, as many as fifty games of Shufflers; a Plot Twist game
# 60 to 500, each state's check replaying its Setup (one game per table, two at 2 seats).
# (Halved from 200 and 30 for the suite's time, issue 30: docs/testing.md.)
MIN_GAMES = {"big-shuffle": 25, "plot-twist": 8}
MAX_STEPS = 20_000


def option_sets(game) -> list[tuple]:
    """The tables a game asks to be played (`Game.sample_setups`): [(case id, players, options, games)]."""
    return [(setup.name, setup.players, setup.options, setup.games) for setup in game.sample_setups()]


# game id -> [(case id, players, options, games)], for every registered game
OPTION_SETS = {game.id: option_sets(game) for game in core.all_games()}

# game id -> function(state, rng) -> a state that differs from it only in hidden content (`Game.shuffle_hidden`)
HIDDEN = {game.id: game.shuffle_hidden for game in core.all_games()}


def declares_hidden_zones(game) -> bool:
    return type(game).shuffle_hidden is not Game.shuffle_hidden


def _cases():
    """One case per table and seed, so that pytest-xdist shares a table's games between workers."""
    for game in core.all_games():
        for case_id, players, options, games in option_sets(game):
            for seed in range(games):
                yield pytest.param(game.id, players, options, seed, id=f"{game.id}-{case_id}-seed{seed}")


def dumps(x) -> bytes:
    return orjson.dumps(x, option=orjson.OPT_SORT_KEYS)


def _plain_json(x, path="state") -> None:
    if isinstance(x, dict):
        for k, v in x.items():
            assert type(k) is str, f"{path} has a non-string key {k!r}"
            _plain_json(v, f"{path}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            _plain_json(v, f"{path}[{i}]")
    else:
        assert x is None or type(x) in (str, int, bool), f"{path} is a {type(x).__name__}, not plain JSON"


def _mutations(move: dict):
    """Variants of a listed move that differ from it in one field."""
    yield {**move, "zz_extra": True}
    yield {**move, "kind": f"{move.get('kind')}?"}
    for k, v in move.items():
        if k in ("player", "kind"):
            continue
        if isinstance(v, bool):
            new = not v
        elif isinstance(v, int):
            new = v + 1000
        elif isinstance(v, str):
            new = v + "?"
        elif isinstance(v, list):
            new = v + ["?"]
        elif isinstance(v, dict):
            new = {**v, "?": 1}
        else:
            new = "?"
        yield {**move, k: new}
        yield {kk: vv for kk, vv in move.items() if kk != k}


def _check_step(step: core.Step, players: int, hidden, rng: Rng) -> None:
    """The step's own contract. Its state is validated by the untrusted `apply` (or the final
    GameOver refusal) that follows: one full check per state."""
    state = step.state
    _plain_json(state)
    assert orjson.loads(orjson.dumps(state)) == state
    assert step.outcome == state["outcome"]
    assert (step.pending == []) == (step.outcome is not None), "pending must be empty iff the game is over"
    for d in step.pending:
        assert set(d) >= {"player", "kind", "prompt", "options"}
        assert type(d["player"]) is int and 0 <= d["player"] < players
        assert isinstance(d["kind"], str) and isinstance(d["prompt"], str) and d["prompt"]
        assert d["options"], f"decision {d['kind']} of seat {d['player']} has no options"
        for o in d["options"]:
            assert isinstance(o, dict) and o.get("player") == d["player"] and type(o["player"]) is int
            _plain_json(o, "option")
        assert len({dumps(o) for o in d["options"]}) == len(d["options"]), "an option is listed twice"
    # the decisions the move left equal a fresh listing of its state
    assert dumps(core.decisions(state, trusted=True)) == dumps(step.pending)
    _plain_json(step.events, "events")
    assert all(isinstance(e.get("type"), str) for e in step.events)

    # views: independent of the hidden content, never the RNG state
    other = hidden(state, rng)
    other["rng"] = Rng.from_seed(state["rng"]).dump()
    assert other["rng"] != state["rng"]
    other_pending = core.decisions(other)  # check_state's validation, and the other state's listing
    game = core.get_game(state["game"])
    secret = state["rng"].encode()
    labelled = step.as_dict()["pending"]
    for seat in [None, *range(players)]:
        seen = view_of_listed(game, state, step.pending, seat)
        raw = dumps(seen)
        assert secret not in raw, f"the rng leaks into the view of {seat}"
        assert raw == dumps(view_of_listed(game, other, other_pending, seat)), \
            f"the view of {seat} depends on hidden content"
        # the labels written from the seat's view equal those written from the whole state
        assert dumps(seen["pending"]) == dumps([d for d in labelled if d["player"] == seat])
        assert secret not in dumps(core.view_events(state, step.events, seat))


def _check_refusals(step: core.Step, move: dict, nxt: core.Step, players: int) -> None:
    """Variants of `move` refused against the step's listed decisions (`Step.play`: no listing
    again); `nxt` is what `move` itself gave."""
    state = step.state
    player = move["player"]
    listed = [o for d in step.pending if d["player"] == player for o in d["options"]]
    game = core.get_game(state["game"])
    for bad in _mutations(move):
        if bad in listed or game.canonical_move(state, bad) in listed:  # (a field that may be left out)
            continue
        with pytest.raises(core.IllegalMove):
            step.play(bad)
    # a set of cards in another order is the same move (Game.canonical_move)
    for k, v in move.items():
        if isinstance(v, list) and len(v) > 1:
            other = {**move, k: v[::-1]}
            assert dumps(step.play(other).as_dict()) == dumps(nxt.as_dict())
    waiting = {d["player"] for d in step.pending}
    for seat in range(players):
        if seat not in waiting:
            with pytest.raises(core.NotYourTurn):
                step.play({**move, "player": seat})
            break
    for bad in ({k: v for k, v in move.items() if k != "player"}, {**move, "player": players}, [move]):
        with pytest.raises(core.InvalidMove):
            step.play(bad)


RARE = {("shufflers", "sacrifice")}  # options that end a player's game at once: rarely taken by a patient player


def _pick(game_id: str, listed: list[dict], rng: Rng, patient: bool) -> dict:
    """A listed option at random. Half of the games are played by uniform players, half by
    patient ones, who take a RARE option one time in 25 only: uniform play in a collaborative
    game sacrifices a player almost every round, and would leave the group play untested."""
    if patient:
        common = [o for o in listed if (game_id, o.get("kind")) not in RARE]
        if common and rng.below(25):
            listed = common
    return listed[rng.below(len(listed))]


def _play_one(game_id: str, players: int, options: dict, seed: int) -> None:
    game = core.get_game(game_id)
    assert declares_hidden_zones(game), f"declare how to perturb the hidden zones of {game_id!r}: Game.shuffle_hidden"
    hidden = game.shuffle_hidden
    rng = Rng.from_seed(f"conformance:{game_id}:{players}:{seed}")
    step = core.new_game(game_id, players, options, seed=seed)
    states, events, moves = [dumps(step.state)], [dumps(step.events)], []
    _check_step(step, players, hidden, rng)
    while step.outcome is None:
        assert len(moves) < MAX_STEPS, "the game does not end"
        move = _pick(game_id, [o for d in step.pending for o in d["options"]], rng, patient=seed % 2 == 1)
        before = dumps(step.state)
        nxt = core.apply(step.state, move)  # untrusted: the state is validated as a client's would be
        assert dumps(step.state) == before, "apply mutated its input"
        fast = step.play(move)
        assert dumps(fast.as_dict()) == dumps(nxt.as_dict()), "Step.play and apply disagree"
        _check_refusals(step, move, nxt, players)
        assert dumps(step.state) == before, "a refused move changed the state"
        assert nxt.state["version"] == step.state["version"] + 1
        moves.append(move)
        step = nxt
        states.append(dumps(step.state))
        events.append(dumps(step.events))
        _check_step(step, players, hidden, rng)
    with pytest.raises(core.GameOver):  # untrusted: the last state's check
        core.apply(step.state, moves[-1])
    # the same seed and the same moves give byte-identical states (and events)
    replay = core.new_game(game_id, players, options, seed=seed)
    assert dumps(replay.state) == states[0] and dumps(replay.events) == events[0]
    for i, move in enumerate(moves, 1):
        replay = replay.play(move)
        assert dumps(replay.state) == states[i], f"replay differs after move {i}"
        assert dumps(replay.events) == events[i]


@pytest.mark.parametrize("game_id,players,options,seed", list(_cases()))
def test_random_games_keep_the_engine_contract(game_id, players, options, seed):
    _play_one(game_id, players, options, seed)


def test_every_registered_game_has_a_table_and_hidden_zones():
    for game in core.all_games():
        assert option_sets(game), f"{game.id!r}: Game.sample_setups lists no table to play"
        assert declares_hidden_zones(game), f"{game.id!r}: add the hidden-zone perturbation, Game.shuffle_hidden"


def test_at_least_100_games_per_game():
    for game in core.all_games():
        assert sum(g for *_, g in option_sets(game)) >= MIN_GAMES.get(game.id, MIN_GAMES_PER_GAME)
