"""States known valid (core/framework/checked.py): a state is checked in full once; posted again with
exactly the same content it is not checked again, and anything else is."""

import copy
import random

import orjson
import pytest

import core
from core.framework import checked
from core.framework.errors import InvalidState
from core.framework.registry import GAMES


def _mid_game(game="plot-twist", players=4, options=None, moves=40, seed=3):
    step = core.new_game(game, players, options if options is not None else {"setup": "quick"}, seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if not step.pending:
            break
        step = step.play(pick.choice([o for d in step.pending for o in d["options"]]))
    return step


@pytest.fixture
def counted(monkeypatch):
    """Count the game's full checks."""
    checked.forget()
    game = GAMES["plot-twist"]
    calls = []
    original = type(game).check

    def check(self, state):
        calls.append(state["version"])
        return original(self, state)

    monkeypatch.setattr(type(game), "check", check)
    yield calls
    checked.forget()


def test_a_state_checked_once_is_not_checked_again(counted):
    step = _mid_game()
    state = orjson.loads(orjson.dumps(step.state))  # as a client posts it: new objects, the same content
    core.check_state(state)
    core.view(orjson.loads(orjson.dumps(state)), 1)
    move = step.pending[0]["options"][0]
    after = core.apply(orjson.loads(orjson.dumps(state)), move)
    assert counted == [state["version"]]
    assert after == core.apply(state, move)  # the same answer as a fresh check's


def test_a_state_the_engine_made_is_checked_the_first_time_it_is_posted(counted):
    step = _mid_game()
    nxt = core.apply(step.state, step.pending[0]["options"][0])
    core.apply(nxt.state, nxt.pending[0]["options"][0])
    assert counted == [step.state["version"], nxt.state["version"]]


def test_a_changed_copy_of_a_known_state_is_checked_in_full(counted):
    step = _mid_game()
    core.check_state(step.state)
    tampered = copy.deepcopy(step.state)
    tampered["characters"][0]["energy"] = 999_999  # beyond any Energy
    with pytest.raises(InvalidState):
        core.check_state(tampered)
    with pytest.raises(InvalidState):  # refusals are not remembered: refused again, in full
        core.check_state(tampered)
    assert len(counted) == 3


def test_a_known_state_changed_in_place_is_checked_in_full(counted):
    step = _mid_game()
    state = copy.deepcopy(step.state)
    core.check_state(state)
    state["players"] = 9
    with pytest.raises(InvalidState):
        core.check_state(state)


@pytest.mark.parametrize("change", [
    lambda s: s.__setitem__("plot_hands", tuple(s["plot_hands"])),  # a tuple where JSON has a list: no key
    lambda s: s.__setitem__("conflict", float(s["conflict"])),  # 1.0 == 1: no key
    lambda s: s.__setitem__("masterplan", int(s["masterplan"])),  # 0 == False: another key
])
def test_a_state_like_a_known_one_but_in_other_types_gets_another_key_and_is_checked_in_full(counted, change):
    step = _mid_game()
    state = copy.deepcopy(step.state)
    core.check_state(state)
    other = copy.deepcopy(state)
    change(other)
    assert checked.digest(other) != checked.digest(state)  # another key, or none (not JSON's types)
    with pytest.raises(InvalidState):
        core.check_state(other)


def test_a_key_names_the_content_exactly():
    step = _mid_game()
    state = copy.deepcopy(step.state)
    assert checked.digest(state) == checked.digest(orjson.loads(orjson.dumps(state)))
    state["version"] += 1
    assert checked.digest(state) != checked.digest(step.state)
    assert checked.digest({"n": 2**53}) is None  # beyond the safe integers: no key, the full check


def test_the_memory_is_bounded(monkeypatch):
    checked.forget()
    monkeypatch.setattr(checked, "SIZE", 3)
    game = GAMES["plot-twist"]
    for i in range(10):
        checked.remember(game, checked.digest({"i": i}))
    assert len(checked._KNOWN) == 3
    assert checked.known(game, checked.digest({"i": 9})) and not checked.known(game, checked.digest({"i": 0}))
    checked.forget()


def test_without_orjson_the_key_is_taken_from_repr_and_names_the_content_exactly(monkeypatch):
    monkeypatch.setattr(checked, "_dumps", None)
    state = copy.deepcopy(_mid_game().state)
    assert checked.digest(state) == checked.digest(orjson.loads(orjson.dumps(state)))
    other = copy.deepcopy(state)
    other["masterplan"] = int(other["masterplan"])
    assert checked.digest(other) != checked.digest(state)


def test_a_game_that_does_not_opt_in_is_checked_in_full_every_time():
    checked.forget()
    step = _mid_game("shufflers", 2, {}, moves=5)
    assert not GAMES["shufflers"].check_once and GAMES["plot-twist"].check_once
    core.check_state(step.state)
    assert checked._KNOWN == {}
