"""Property tests of the payment rule (core/games/shufflers/payment.py and the engine's pay and
contribute decisions) against brute force over every subset, and of state validation:
any tampering with a real state is refused as InvalidState, never another exception.

The rule (rules text, DESIGN.md, rulings): paying N, the card of value N if held (and then
it must be that card); else any set adding up to exactly N, the player's choice among all of
them; else the set(s) with the smallest total above N. Ammo first, then Health.
"""

import copy
import functools
from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import core
from step_helpers import get_path, paths
from core.framework.rng import Rng
from core.games.shufflers import payment
from core.games.shufflers.cards import ROLE, SORT_KEY, VALUE
from shufflers_helpers import all_options, card, cards, draw, new_state, of_type, ready, set_row, stack, value

AMMO = cards(range(1, 11), "D")
HEALTH = cards(range(1, 11), "H")
POOLED = [c for d in range(3) for c in cards(range(1, 11), "D", d)]


def legal(row, n: int) -> set[frozenset]:
    """The payment rule by brute force over every non-empty subset of the row."""
    held = [c for c in row if VALUE[c] == n]
    if held:
        return {frozenset([c]) for c in held}
    subsets = [s for k in range(1, len(row) + 1) for s in combinations(row, k)]
    exact = {frozenset(s) for s in subsets if value(s) == n}
    if exact:
        return exact
    above = [s for s in subsets if value(s) > n]
    if not above:
        return set()
    least = min(value(s) for s in above)
    return {frozenset(s) for s in above if value(s) == least}


def highest_first(cs) -> list:
    return sorted(cs, key=SORT_KEY.__getitem__, reverse=True)


def check_listing(row, n: int, listed) -> None:
    """`listed` (tuples or lists of cards) is exactly the legal payments, each once, highest first."""
    as_sets = [frozenset(p) for p in listed]
    for p in listed:
        assert len(set(p)) == len(p) and set(p) <= set(row), f"{p} is not a subset of {row}"
        assert list(p) == highest_first(p)
    assert len(as_sets) == len(set(as_sets)), "a payment is listed twice"
    expected = legal(row, n)
    assert set(as_sets) == expected
    held = [c for c in row if VALUE[c] == n]
    if held:
        assert sorted(as_sets, key=sorted) == sorted(({c} for c in held), key=sorted)
    elif any(value(p) == n for p in as_sets):
        assert all(value(p) == n for p in as_sets)
    elif as_sets:
        assert len({value(p) for p in as_sets}) == 1 and value(as_sets[0]) > n


solo_rows = st.lists(st.sampled_from(AMMO), unique=True)
pooled_rows = st.lists(st.sampled_from(POOLED), unique=True, max_size=12)


# --- payment.py ---------------------------------------------------------------------------------
@settings(max_examples=400, deadline=None)
@given(row=solo_rows, n=st.integers(1, 10))
def test_payments_of_a_row_are_exactly_the_legal_ones(row, n):
    listed = payment.payments(tuple(row), n)
    if value(row) < n:
        assert listed == []  # the caller pays everything instead
    else:
        assert listed, "a row that covers N always has a payment"
        check_listing(row, n, listed)


@settings(max_examples=300, deadline=None)
@given(row=pooled_rows, n=st.integers(1, 60))
def test_payments_of_a_pooled_row_are_exactly_the_legal_ones(row, n):
    listed = payment.payments(tuple(row), n)
    if value(row) < n:
        assert listed == []
    else:
        check_listing(row, n, listed)


@given(row=solo_rows, n=st.integers(1, 10), data=st.data())
def test_payments_do_not_depend_on_row_order(row, n, data):
    shuffled = data.draw(st.permutations(row))
    assert {frozenset(p) for p in payment.payments(tuple(row), n)} == {
        frozenset(p) for p in payment.payments(tuple(shuffled), n)}


@given(values=st.lists(st.integers(1, 10), max_size=14), n=st.integers(0, 80))
def test_cheapest_total_and_can_complete_match_brute_force(values, n):
    totals = {sum(s) for k in range(len(values) + 1) for s in combinations(values, k)}
    at_least = [t for t in totals if t >= n]
    assert payment.cheapest_total(values, n) == (min(at_least) if at_least else None)
    assert payment.can_complete(values, n) == (n in totals)
    assert payment.can_complete(values, -1) is False


# --- the engine's pay decisions (solo) -------------------------------------------------------------
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ammo=solo_rows, health=st.lists(st.sampled_from(HEALTH), unique=True, min_size=1),
       n=st.integers(1, 10), suit=st.sampled_from("CS"))
def test_engine_pay_decision_lists_every_legal_payment(ammo, health, n, suit):
    s = new_state()
    set_row(s, 0, "ammo", ammo)
    set_row(s, 0, "health", health)
    stack(s, [card(n, suit)])
    step = core.apply(ready(s), draw(0))
    paid = of_type(step, "paid")
    source, row, due = "ammo", sorted(ammo, key=SORT_KEY.__getitem__), n
    if value(ammo) < n:  # all the Ammo goes, the rest comes from Health
        if ammo:
            assert paid.pop(0) == {"type": "paid", "player": 0, "source": "ammo",
                                   "cards": highest_first(ammo), "amount": value(ammo)}
        source, row, due = "health", sorted(health, key=SORT_KEY.__getitem__), n - value(ammo)
        if value(health) <= due:
            assert paid == [{"type": "paid", "player": 0, "source": "health",
                             "cards": highest_first(health), "amount": value(health)}]
            assert step.state["seats"][0]["status"] == "dead" and step.outcome["reason"] == "all_dead"
            return
    ways = legal(row, due)
    if len(ways) == 1:  # no choice: the engine pays
        [only] = ways
        assert paid == [{"type": "paid", "player": 0, "source": source, "cards": highest_first(only),
                         "amount": value(only)}]
        assert step.state["task"] is None
        return
    assert paid == []
    assert step.state["task"] == {"kind": "payment", "seat": 0, "amount": due, "source": source, "paid": []}
    [decision] = step.pending
    assert decision["kind"] == "pay" and decision["player"] == 0
    assert all(o == {"player": 0, "kind": "pay", "cards": o["cards"]} for o in decision["options"])
    check_listing(row, due, [o["cards"] for o in decision["options"]])
    for o in decision["options"]:
        after = core.apply(step.state, o)
        seat = after.state["seats"][0]
        assert seat[source] == [c for c in row if c not in o["cards"]]
        assert seat[source + "_discard"][-len(o["cards"]):] == o["cards"]


# --- the engine's contribute decisions (collaborative, pooled Ammo) --------------------------------
def _completions(step: core.Step, paid: frozenset, seen: set, out: set) -> None:
    """Every set of cards the group can end up paying from here, one contribution at a time."""
    for d in step.pending:
        assert d["kind"] == "contribute" and d["options"]
        for o in d["options"]:
            assert o["player"] == d["player"] and o["card"] in step.state["seats"][d["player"]]["ammo"]
            nxt = core.apply(step.state, o)
            got = paid | {c for e in of_type(nxt, "paid") for c in e["cards"]}
            if nxt.state["task"] is None:
                out.add(got)
            elif got not in seen:
                seen.add(got)
                _completions(nxt, got, seen, out)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(row0=st.lists(st.sampled_from(cards(range(1, 11), "D", 0)), unique=True, max_size=5),
       row1=st.lists(st.sampled_from(cards(range(1, 11), "D", 1)), unique=True, max_size=5),
       a=st.integers(1, 10), b=st.integers(0, 10))
def test_engine_contributions_reach_exactly_the_legal_pooled_payments(row0, row1, a, b):
    due = a + b
    assume(value(row0 + row1) >= due)
    s = new_state(2, collaborative=True)
    set_row(s, 0, "ammo", row0)
    set_row(s, 1, "ammo", row1)
    stack(s, [card(a, "C", 0), card(b, "S", 1) if b else "X1#0"])  # the first Joker adds nothing
    step = core.apply(core.apply(s, draw(0)).state, draw(1))
    if step.state["task"] is None:  # one legal answer, paid at once
        out = {frozenset(c for e in of_type(step, "paid") for c in e["cards"])}
    else:
        assert step.state["task"] == {"kind": "payment", "seat": None, "amount": due, "source": "ammo", "paid": []}
        out: set = set()
        _completions(step, frozenset(), set(), out)
    assert out == legal(row0 + row1, due)


# --- invalid states ------------------------------------------------------------------------------
@functools.cache
def sample_states() -> list[dict]:
    """Real states from seeded random games of every variant (built on first use, so that an
    engine bug fails the tests that use them rather than the collection of this file)."""
    configs = [(1, {}), (1, {"vehicle": True, "sacrificial_lamb": True}), (2, {}),
               (2, {"collaborative": True}), (3, {"collaborative": True, "vehicle": True, "sacrificial_lamb": True})]
    states = []
    for players, options in configs:
        for seed in range(3):
            rng = Rng.from_seed(seed)
            step = core.new_game("shufflers", players, options, seed=seed)
            trail = [step.state]
            while step.outcome is None:
                opts = all_options(step)
                if rng.below(20):  # seldom sacrifice: keep the group together for longer
                    opts = [o for o in opts if o["kind"] != "sacrifice"]
                step = core.apply(step.state, opts[rng.below(len(opts))])
                trail.append(step.state)
            paying = [x for x in trail if x["task"] is not None and x["task"]["kind"] == "payment"]
            choosing = [x for x in trail if x["task"] is not None and x["task"]["kind"] != "payment"]
            states += trail[::9] + paying[::3] + choosing + [trail[-1]]
    return states


SAFETY_NET = "is not a consistent position of"  # engine.check_state's catch-all: reaching it is a bug


def _card_lists(state: dict) -> list[tuple[str, list]]:
    out = []
    for seat in state["seats"]:
        for zone in ("ammo", "health", "ammo_discard", "health_discard", "stolen"):
            out.append((zone, seat[zone]))
    for pile in state["encounters"]:
        out += [("deck", pile["deck"]), ("discard", pile["discard"])]
    return out


ALLOWED = {"ammo": {"ammo"}, "ammo_discard": {"ammo"}, "health": {"health"}, "health_discard": {"health"},
           "stolen": {"ammo", "health"}, "deck": {"shuffler", "thief", "doctor", "prepper", "joker"},
           "discard": {"shuffler", "thief", "doctor", "prepper", "joker"}}


def _dicts(state: dict) -> list[dict]:
    found = [state, state["options"], *state["seats"], *state["encounters"]]
    found += [d for d in (state["task"], state["outcome"]) if isinstance(d, dict)]
    return found


def tamper(state: dict, data) -> tuple[str, dict]:
    s = copy.deepcopy(state)
    n = s["players"]
    how = data.draw(st.sampled_from(["duplicate", "drop", "wrong zone", "foreign card", "bad seat", "counter",
                                     "wrong type", "unknown field", "missing field", "bad rng"]))
    lists = _card_lists(s)
    full = [(z, cs) for z, cs in lists if cs]
    if how == "duplicate":
        _, src = data.draw(st.sampled_from(full))
        _, dst = data.draw(st.sampled_from(lists))
        dst.insert(data.draw(st.integers(0, len(dst))), data.draw(st.sampled_from(src)))
    elif how == "drop":
        _, src = data.draw(st.sampled_from(full))
        src.pop(data.draw(st.integers(0, len(src) - 1)))
    elif how == "wrong zone":
        _, src = data.draw(st.sampled_from(full))
        c = data.draw(st.sampled_from(src))
        _, dst = data.draw(st.sampled_from([(z, cs) for z, cs in lists if ROLE[c] not in ALLOWED[z]]))
        src.remove(c)
        dst.insert(data.draw(st.integers(0, len(dst))), c)
    elif how == "foreign card":
        _, src = data.draw(st.sampled_from(full))
        i = data.draw(st.integers(0, len(src) - 1))
        plain = src[i].split("#")[0]
        if s["options"]["collaborative"]:
            choices = [plain, f"{plain}#7", "X1#1", "X2#1"] if n < 8 else [plain, "X1#1"]
        else:
            choices = [f"{plain}#0", "X3", "1D", "11D"]
        src[i] = data.draw(st.sampled_from(choices))
    elif how == "bad seat":
        fields = ["turn"] + (["task"] if isinstance(s["task"], dict) and s["task"]["seat"] is not None else [])
        fields += ["outcome"] if s["outcome"] else []
        field = data.draw(st.sampled_from(fields))
        bad = data.draw(st.sampled_from([-1, n, n + 3, 10**12]))
        if field == "turn":
            s["turn"] = bad
        elif field == "task":
            s["task"]["seat"] = bad
        else:
            s["outcome"]["winners"] = s["outcome"]["winners"] + [bad]
    elif how == "counter":
        field = data.draw(st.sampled_from(["lambs", "round_shufflers", "version", "players", "amount"]))
        big = data.draw(st.sampled_from([-1, -(10**12), 10**12]))
        if field == "lambs":
            data.draw(st.sampled_from(s["encounters"]))["lambs"] = big
        elif field == "round_shufflers":
            s["round_shufflers"] = big if s["options"]["collaborative"] else data.draw(st.sampled_from([big, 3]))
        elif field == "version":
            s["version"] = data.draw(st.sampled_from([-1, -(10**12)]))
        elif field == "players":
            s["players"] = data.draw(st.sampled_from([0, -1, 9, 10**12] + ([n + 1] if n < 8 else [])))
        elif isinstance(s["task"], dict) and s["task"]["kind"] == "payment":
            s["task"]["amount"] = data.draw(st.sampled_from([0, -1, 10**12]))
        else:
            s["version"] = -1
    elif how == "wrong type":
        path = data.draw(st.sampled_from(list(paths(s))))
        old = get_path(s, path)
        candidates = [v for v in (None, True, 1.5, "x", 7, [], [None], {}, {"x": 1})
                      if type(v) is not type(old) and v != old and not (path == ("task",) and v is None)]
        get_path(s, path[:-1])[path[-1]] = data.draw(st.sampled_from(candidates))
    elif how == "unknown field":
        data.draw(st.sampled_from(_dicts(s)))["zzz"] = data.draw(st.sampled_from([0, None, "x", []]))
    elif how == "missing field":
        d = data.draw(st.sampled_from([d for d in _dicts(s) if d]))
        del d[data.draw(st.sampled_from(sorted(d)))]
    else:
        s["rng"] = data.draw(st.sampled_from(["", "z" * 16, "0" * 15, "0" * 17, s["rng"].upper() + "0", "0x" + "0" * 16]))
    return how, s


def _refused(state) -> None:
    with pytest.raises(core.InvalidState) as caught:
        core.check_state(state)
    assert SAFETY_NET not in caught.value.message, caught.value.message


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_tampered_state_is_invalid_state(data):
    state = data.draw(st.sampled_from(sample_states()))
    how, bad = tamper(state, data)
    _refused(bad)
    with pytest.raises(core.InvalidState):
        core.apply(bad, {"player": 0, "kind": "draw"})
    with pytest.raises(core.InvalidState):
        core.view(bad, None)


def test_sampled_states_are_valid_and_varied():
    states = sample_states()
    for state in states:
        core.check_state(state)
    assert any(s["outcome"] for s in states) and any(s["task"] for s in states)
    assert {s["task"]["kind"] for s in states if s["task"]} == {"payment", "help", "thief"}


@pytest.mark.parametrize("junk", [None, 7, "shufflers", [], {}, {"game": "shufflers"}, {"game": 7}])
def test_junk_is_invalid_state(junk):
    _refused(junk)


def test_payment_in_progress_lists_only_spent_cards_as_paid():
    # A collaborative payment after Rik spent his 9: claiming that Vivien's 9 (still in her
    # row) was the one spent puts one card in two places.
    s = new_state(3, collaborative=True)
    stack(s, ["3C#0", "7S#1", "4C#2"])
    step = core.apply(core.apply(core.apply(s, draw(0)).state, draw(1)).state, draw(2))
    step = core.apply(step.state, {"player": 1, "kind": "contribute", "card": "9D#1"})
    bad = copy.deepcopy(step.state)
    bad["task"]["paid"] = ["9D#2"]
    assert "9D#2" in bad["seats"][2]["ammo"]
    _refused(bad)


def test_collaborative_ammo_never_changes_seats():
    # Ammo is never passed between players (only Health, by the ultimate sacrifice): a seat
    # holding another deck's Diamond is not a position of the game.
    s = new_state(2, collaborative=True)
    s["seats"][1]["ammo"].remove("9D#1")
    s["seats"][0]["ammo"] = sorted(s["seats"][0]["ammo"] + ["9D#1"], key=SORT_KEY.__getitem__)
    _refused(s)


# --- closure: from any state the engine accepts, every legal move leads to one it accepts ----------
def assert_plays_on_validly(state: dict, depth: int = 1) -> None:
    """Either `state` is refused, or every listed move applies and gives an accepted state."""
    try:
        core.check_state(state)
    except core.InvalidState:
        return
    for o in [o for d in core.decisions(state) for o in d["options"]]:
        after = core.apply(state, o)
        try:
            core.check_state(after.state)
        except core.InvalidState as exc:
            pytest.fail(f"{o} from an accepted state gives a refused one: {exc.message}")
        if depth > 1 and after.outcome is None:
            assert_plays_on_validly(after.state, depth - 1)


def _related_zones(state: dict, seats: list[int]) -> list[list]:
    return [state["seats"][i][z] for i in seats for z in ("ammo", "health", "ammo_discard", "health_discard", "stolen")]


def plausible_change(state: dict, data) -> dict:
    """A change that keeps every card where a card of its kind can lie: the result may well be
    a position of the game (then it must play on), or not (then it must be refused)."""
    s = copy.deepcopy(state)
    collab = s["options"]["collaborative"]
    seats = list(range(s["players"])) if collab else [data.draw(st.integers(0, s["players"] - 1))]
    pile = s["encounters"][0 if collab else seats[0]]
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(["card", "encounter card", "turn", "status", "lambs", "round", "task"]))
        if how == "card":
            src = data.draw(st.sampled_from([z for z in _related_zones(s, seats) if z]))
            c = data.draw(st.sampled_from(src))
            kind = ROLE[c]
            dst = data.draw(st.sampled_from([s["seats"][i][z] for i in seats for z in (kind, kind + "_discard", "stolen")]))
            src.remove(c)
            dst.insert(data.draw(st.integers(0, len(dst))), c)
            for i in seats:
                for z in ("ammo", "health"):
                    s["seats"][i][z].sort(key=SORT_KEY.__getitem__)
        elif how == "encounter card":
            src = data.draw(st.sampled_from([z for z in (pile["deck"], pile["discard"]) if z]))
            c = data.draw(st.sampled_from(src))
            src.remove(c)
            dst = data.draw(st.sampled_from([pile["deck"], pile["discard"]]))
            dst.insert(data.draw(st.integers(0, len(dst))), c)
        elif how == "turn":
            s["turn"] = data.draw(st.integers(0, s["players"] - 1))
        elif how == "status":
            s["seats"][data.draw(st.sampled_from(seats))]["status"] = data.draw(
                st.sampled_from(["alive", "dead", "sacrificed", "escaped"]))
        elif how == "lambs":
            pile["lambs"] = data.draw(st.integers(0, 3))
        elif how == "round":
            s["round_shufflers"] = data.draw(st.integers(0, 10 * s["players"]))
        else:
            s["task"] = data.draw(st.sampled_from([
                None,
                {"kind": "payment", "seat": None if collab else seats[0], "amount": data.draw(st.integers(1, 25)),
                 "source": data.draw(st.sampled_from(["ammo", "health"])), "paid": []},
                {"kind": data.draw(st.sampled_from(["help", "thief"])), "seat": data.draw(st.sampled_from(seats)),
                 "card": pile["discard"][-1] if pile["discard"] else "QC"}]))
    return s


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_accepted_state_plays_on_to_accepted_states(data):
    assert_plays_on_validly(plausible_change(data.draw(st.sampled_from(sample_states())), data), depth=2)


def test_a_pending_queen_or_king_has_offered_no_lamb_yet():
    # One King drawn, its choice still open: no lamb can have been offered yet, so lambs = 1 is
    # not a position of the game; accepting it lets the lamb move make a refused state.
    s = new_state(1, sacrificial_lamb=True)
    stack(s, ["KC"])
    step = core.apply(s, draw(0))
    assert step.state["task"] == {"kind": "help", "seat": 0, "card": "KC"}
    bad = copy.deepcopy(step.state)
    bad["encounters"][0]["lambs"] = 1
    assert_plays_on_validly(bad)


def test_collaborative_round_total_fits_the_cards_drawn_this_round():
    # Nobody has drawn yet this round (seat 1 is next, the discard pile is empty), yet the round
    # claims 11 Shufflers: accepting it lets seat 1's 10 make a payment of 21 that is refused.
    s = new_state(2, collaborative=True)
    s["turn"], s["round_shufflers"] = 1, 11
    stack(s, ["10C#0"])
    assert_plays_on_validly(s)


def test_lambs_need_the_lamb_option_or_a_sacrifice():
    # Without the Sacrificial Lamb option a Queen or King offers no lamb, and only the
    # collaborative ultimate sacrifice adds one: a solo game cannot have a lamb waiting.
    s = new_state(1)
    stack(s, ["QC"])
    step = core.apply(s, draw(0))
    bad = copy.deepcopy(step.state)
    bad["encounters"][0]["lambs"] = 1
    _refused(bad)
