"""One predicate per kind of move both lists and explains (issue 13, item 3): the options are the
candidates with no reason against them, and a refusal names the first reason.

Over seeded random positions of The Big Shuffle and Showbiz Shuffle:
- every listed option gets no reason from the predicate of its kind;
- a candidate move that is not an option (a listed option with one field changed: another card
  from the hand, another seat's card, another target, line, scene, destination, side, source,
  movie, genre, or another kind) gets the rule the refusals named before the predicates
  replaced them (tests/core/refusals_before_issue_13.py, frozen), and the engine's refusal
  (`core.apply`) names it too.

The positions include, at The Big Shuffle's main step, the same state with the turn's card
allowance used up and with a scene change attempted already: the driver never stops there, but
the state check accepts them from a client.

The deliberate differences, where the old chain gave the generic refusal and the predicate of
the kind names a rule: an attempt during Endless Rain's or The Cruiser's "continue" decision is
explained like any attempt (`top_scene_only`, `one_step_only`, ...), and a second attempt in a
turn is `card_or_scene_change`.
"""

import copy
import random
import re

import pytest
from refusals_before_issue_13 import big_shuffle_rule, showbiz_explain

import core
from core.games.big_shuffle import refusals as big_shuffle_refusals
from core.games.big_shuffle.cards import ALL_IDS, LINES, PLACES, TYPE
from core.games.big_shuffle.vocabulary import MOVE_KINDS as BIG_SHUFFLE_KINDS
from core.games.showbiz_shuffle import refusals as showbiz_refusals
from core.games.showbiz_shuffle.cards import BIZ, GENRES, GENRES_OF
from core.games.showbiz_shuffle.vocabulary import MOVE_KINDS as SHOWBIZ_KINDS

SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
BIG_SHUFFLE_TABLES = [
    (2, {}),
    (3, {"mode": "beginner", "expansions": ["the-law"], "reaction_windows": "always"}),
    (4, {"mode": "expert", "expansions": ["the-law"]}),
    (4, {"expansions": ["the-law"]}),
    (2, {"mode": "expert", "reaction_windows": "always"}),
    (3, {"expansions": ["the-law"]}),
]
PATROL_CARDS = sorted(c for c in ALL_IDS if TYPE[c] == "patrol")


def positions(game_id: str, players: int, options: dict, seed: int, every: int, limit: int):
    """(state, decision) every `every` steps of a seeded random game, at most `limit` steps."""
    pick = random.Random(seed)
    step = core.new_game(game_id, players, options, seed)
    for n in range(limit):
        if not step.pending:
            return
        if n % every == 0:
            for d in step.pending:
                yield step.state, d
        step = step.play(pick.choice([o for d in step.pending for o in d["options"]]))


def listed(decision: dict, move: dict) -> bool:
    """The engine's legality: equal to an option, with the same JSON types."""
    return any(o == move and all(type(o[k]) is type(move[k]) for k in o) for o in decision["options"])


def mutated(decision: dict, values: dict, kinds) -> list[dict]:
    """Each option with one field changed to another value of its kind, or another move kind;
    and a move of each kind with nothing but a card (each card of `values`). Options left out."""
    p = decision["player"]
    moves = [{**o, field: v} for o in decision["options"] for field, value in o.items()
             for v in ([k for k in kinds if k != value] if field == "kind" else values.get(field, ())) if v != value]
    moves += [{"player": p, "kind": kind, "card": card} for kind in kinds for card in values["card"]]
    out, seen = [], set()
    for move in moves:
        key = repr(sorted(move.items()))
        if key not in seen and not listed(decision, move):
            seen.add(key)
            out.append(move)
    return out


# --- The Big Shuffle -------------------------------------------------------------------------------
def big_shuffle_values(state: dict, rng: random.Random) -> dict:
    seats = state["seats"]
    cards = {c for s in seats for c in s["hand"] + s["loot"]} | {s["character"] for s in seats if s["character"]}
    cards |= {c for c in state.get("patrols", {}).values() if c} | set(rng.sample(sorted(ALL_IDS), 6))
    scenes = {pile[i] for piles in state["city"].values() for pile in piles.values() if pile for i in (0, -1)}
    return {"card": sorted(cards), "target": list(range(state["players"])),
            "loot": sorted({c for s in seats for c in s["loot"]}), "scene": sorted(scenes), "to": list(PLACES),
            "line": list(LINES), "patrol": PATROL_CARDS, "side": ["for", "against"], "from": ["deck", "discard"]}


def big_shuffle_positions(table: int, count: int = 80):
    """`count` positions of seeded games at this table (one game can end early: then the next
    seed), and at a main step the same with the card allowance used up or an attempt made."""
    players, options = BIG_SHUFFLE_TABLES[table]
    n = 0
    for seed in range(10 * table, 10 * table + 10):
        for state, d in positions("big-shuffle", players, options, seed=seed, every=9, limit=900):
            yield state, d
            if d["kind"] == "main":
                for field, value in (("played", state["turn"]["allowed"]), ("attempted", True)):
                    other = copy.deepcopy(state)
                    other["turn"][field] = value
                    yield other, core.decisions(other)[0]
            n += 1
            if n == count:
                return


@pytest.mark.parametrize("table", range(len(BIG_SHUFFLE_TABLES)))
def test_big_shuffle_lists_no_option_its_kinds_predicate_refuses(table):
    checked = 0
    for state, d in big_shuffle_positions(table):
        for o in d["options"]:
            assert big_shuffle_refusals.why_not(state, d["player"], o, d["kind"]) is None, (d["kind"], o)
            checked += 1
    assert checked > 400


@pytest.mark.parametrize("table", range(len(BIG_SHUFFLE_TABLES)))
def test_big_shuffle_refuses_a_move_for_the_rule_the_old_refusals_named(table):
    rng = random.Random(table)
    named = 0
    rules = set()
    for state, d in big_shuffle_positions(table):
        p, at = d["player"], d["kind"]
        for move in mutated(d, big_shuffle_values(state, rng), BIG_SHUFFLE_KINDS):
            before = big_shuffle_rule(state, [d], move)
            now = big_shuffle_refusals.why_not(state, p, move, at)
            if before is not None:
                assert now is not None and now.rule == before[0], (at, move, before, now)
                named += 1
            elif now is not None:  # the deliberate additions (see the docstring)
                assert move["kind"] == "attempt" and (at == "continue" or state["turn"]["attempted"]), (at, move, now)
            if now is not None:
                assert SNAKE.match(now.rule) and now.sentence[0].isupper() and now.sentence.endswith("."), now
                rules.add(now.rule)
                if named % 97 == 1:  # the engine asks the same predicate
                    with pytest.raises(core.IllegalMove) as refused:
                        core.apply(state, move, trusted=True)
                    assert (refused.value.rule, refused.value.message) == now
    assert named > 500 and len(rules) >= 6, (named, rules)


def test_big_shuffle_gives_the_generic_refusal_for_a_kind_it_does_not_know():
    step = core.new_game("big-shuffle", 2, {}, 1)
    move = {"player": 0, "kind": "bribe"}
    assert big_shuffle_refusals.why_not(step.state, 0, move, step.pending[0]["kind"]) is None
    assert big_shuffle_refusals.why_not(step.state, 0, {"player": 0, "kind": ["play"]}, "main") is None


# --- Showbiz Shuffle -------------------------------------------------------------------------------
def showbiz_values(state: dict, rng: random.Random) -> dict:
    seats = state["seats"]
    bods = set(state["cattle_call"]) | {b for s in seats for b in s["hand"]} | set(rng.sample(sorted(GENRES_OF), 4))
    bods |= {e["bod"] for s in seats for m in s["movies"] if m for e in m["cast"]}
    return {"bod": sorted(bods), "from": ["hand", "cattle_call"], "movie": [0, 1], "genre": list(GENRES),
            "card": sorted({c for s in seats for c in s["biz"]} | set(rng.sample(sorted(BIZ), 4))),
            "seat": list(range(state["players"]))}


def showbiz_positions(players: int):
    for seed in range(3):
        yield from positions("showbiz-shuffle", players, {}, seed=10 * players + seed, every=2, limit=400)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_showbiz_lists_no_option_its_kinds_predicate_refuses(players):
    checked = 0
    for state, d in showbiz_positions(players):
        for o in d["options"]:
            assert showbiz_refusals.explain(state, o) is None, o
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_showbiz_refuses_a_move_for_the_rule_the_old_refusals_named(players):
    rng = random.Random(players)
    named = 0
    rules = set()
    for state, d in showbiz_positions(players):
        for move in mutated(d, showbiz_values(state, rng), SHOWBIZ_KINDS):
            before = showbiz_explain(state, move)
            now = showbiz_refusals.explain(state, move)
            assert now == before, (move, before, now)  # the rule and its sentence
            if now is not None:
                named += 1
                rules.add(now.rule)
                if named % 97 == 1:
                    with pytest.raises(core.IllegalMove) as refused:
                        core.apply(state, move, trusted=True)
                    assert (refused.value.rule, refused.value.message) == now
    assert named > 1000 and len(rules) >= 10, (named, rules)


def test_every_showbiz_rule_code_of_the_predicates_is_documented():
    """The codes turn.py gives (beside movies.py's) are in refusals.py's table."""
    import pathlib

    from core.games.showbiz_shuffle import turn

    documented = set(re.findall(r"`([a-z_]+)`", showbiz_refusals.__doc__.split("Anything else")[0]))
    source = pathlib.Path(turn.__file__).with_name("turn.py")  # the source, also beside a compiled module
    used = set(re.findall(r'"([a-z]+(?:_[a-z]+){2,})"', source.read_text()))
    assert used - {"start_movie", "play_biz", "shake_up"} <= documented
