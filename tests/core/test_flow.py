"""The framework's flow (core/framework/flow.py): the machinery every game's order of play runs on.

Each test builds a tiny flow of its own over a plain dict, so that what is proved is the
framework's behaviour, not one game's; the last tests check that every registered game plays
its moves through its flow.
"""

import pytest

import core
from core.framework import flow
from core.framework.errors import WorkLimit
from core.framework.flow import WAIT, Flow, Round, Watch
from core.framework.game import decision
from core.framework.registry import GAMES


def _state(**fields) -> dict:
    return {"outcome": None, **fields}


def _log(name):
    def handler(state, move, rng, events):
        events.append({"type": name, **{k: v for k, v in move.items() if k != "kind"}})
    return handler


# --- pending work: a stack that runs until a task waits for a decision ------------------------------
def test_new_work_resolves_before_the_work_already_waiting():
    state = _state(queue=[{"do": "old"}])
    flow.push(state, "queue", [{"do": "new-1"}, {"do": "new-2"}])
    assert [t["do"] for t in state["queue"]] == ["new-1", "new-2", "old"]
    assert flow.pop(state, "queue") == {"do": "new-1"}
    assert [t["do"] for t in state["queue"]] == ["new-2", "old"]


def test_pushing_nothing_leaves_the_queue_as_it_is():
    queue = [{"do": "old"}]
    state = _state(queue=queue)
    flow.push(state, "queue", [])
    assert state["queue"] is queue


def test_tasks_run_by_themselves_until_one_waits_for_a_decision():
    ran = []

    def execute(state, rng, task, events):
        ran.append(task["do"])
        if task["do"] == "spawn":
            flow.push(state, "queue", [{"do": "child"}])

    f = Flow(moves={"go": lambda s, m, r, e: flow.push(s, "queue", [{"do": "spawn"}, {"do": "after"}])},
             queue="queue", waits=lambda s, t: t["do"] == "ask", execute=execute)
    state = _state(queue=[{"do": "ask"}])
    events, result = f.play(state, {"kind": "go"}, rng=None)
    assert ran == ["spawn", "child", "after"]
    assert result is WAIT and state["queue"] == [{"do": "ask"}]


def test_the_order_of_play_advances_once_no_work_waits_and_stops_where_it_says():
    def advance(state, rng, events):
        if state["step"] < 3:
            state["step"] += 1
            events.append({"type": "stepped", "to": state["step"]})
            return None
        return ["the game's own stop value"]

    f = Flow(moves={"go": _log("went")}, advance=advance)
    events, result = f.play(_state(step=0), {"kind": "go"}, rng=None)
    assert [e["type"] for e in events] == ["went", "stepped", "stepped", "stepped"]
    assert result == ["the game's own stop value"]


def test_a_flow_stops_at_once_when_the_game_is_over():
    def end(state, move, rng, events):
        state["outcome"] = {"winners": [0]}

    f = Flow(moves={"end": end}, advance=lambda s, r, e: pytest.fail("advanced after the game ended"))
    assert f.play(_state(), {"kind": "end"}, rng=None) == ([], None)


def test_a_flow_that_never_stops_is_cut_off_by_the_step_budget():
    f = Flow(moves={"go": _log("went")}, advance=lambda s, r, e: None)
    with pytest.raises(WorkLimit):
        f.play(_state(), {"kind": "go"}, rng=None)


def test_a_flow_that_writes_too_many_events_is_cut_off():
    def advance(state, rng, events):
        events.append({"type": "noise"})

    f = Flow(moves={"go": _log("went")}, advance=advance)
    with pytest.raises(WorkLimit):
        f.play(_state(), {"kind": "go"}, rng=None)


# --- the watch: a check that runs when the position it reads changed ----------------------------------
def _counting_watch(key=lambda s: s["total"]):
    checks = []

    def check(state, events):
        checks.append(state["total"])
        if state["total"] >= 10:
            state["outcome"] = {"winners": [0]}
            events.append({"type": "won"})

    return Watch(key, check), checks


def test_the_watch_checks_when_the_position_it_reads_changed_not_when_events_name_it():
    def add(state, move, rng, events):
        state["total"] += move["amount"]
        events.append({"type": "something_else_entirely"})  # the name steers nothing

    watch, checks = _counting_watch()
    f = Flow(moves={"add": add}, watch=watch)
    state = _state(total=0)
    f.play(state, {"kind": "add", "amount": 4}, rng=None, checked=0)
    assert checks == [4]
    f.play(state, {"kind": "add", "amount": 0}, rng=None, checked=4)  # something happened; nothing changed
    assert checks == [4]
    events, _ = f.play(state, {"kind": "add", "amount": 6}, rng=None, checked=4)
    assert checks == [4, 10] and state["outcome"] == {"winners": [0]} and events[-1] == {"type": "won"}


def test_the_watch_checks_the_first_time_when_nothing_was_checked_before():
    watch, checks = _counting_watch()
    Flow(moves={"noop": lambda s, m, r, e: None}, watch=watch).play(_state(total=3), {"kind": "noop"}, rng=None)
    assert checks == [3]


def test_a_watch_key_of_none_means_nothing_to_check_now():
    watch, checks = _counting_watch(key=lambda s: None if s["paused"] else s["total"])
    f = Flow(moves={"add": lambda s, m, r, e: (s.__setitem__("total", s["total"] + 1), e.append({"type": "x"}))},
             watch=watch)
    state = _state(total=0, paused=True)
    f.play(state, {"kind": "add"}, rng=None)
    assert checks == []
    state["paused"] = False
    f.play(state, {"kind": "add"}, rng=None)
    assert checks == [2]


# --- automatic answers: a decision with one legal answer is made at once --------------------------------
def _asking_game(answers: list, kind: str = "choose"):
    """A flow whose move `start` asks seat 0 a question with `answers`; answering records it."""
    state = _state(question=None, chosen=[])

    def decisions(s):
        if s["question"] is None:
            return [decision(0, "start", "", [{"player": 0, "kind": "start"}])]
        return [decision(0, s["question"], "", [{"player": 0, "kind": "answer", "value": v} for v in answers])]

    def start(s, move, rng, events):
        s["question"] = kind

    def answer(s, move, rng, events):
        s["chosen"] = s["chosen"] + [move["value"]]
        s["question"] = None
        events.append({"type": "answered", "value": move["value"]})

    f = Flow(moves={"start": start, "answer": answer}, automatic=frozenset({"choose"}))
    return f, state, decisions


def test_a_question_with_a_single_legal_answer_is_answered_at_once():
    f, state, decisions = _asking_game(["only"])
    events, pending = f.play(state, {"player": 0, "kind": "start"}, rng=None, decisions=decisions)
    assert state["chosen"] == ["only"] and events == [{"type": "answered", "value": "only"}]
    assert pending == decisions(state) and pending[0]["kind"] == "start"


def test_a_question_with_two_legal_answers_waits_for_the_player():
    f, state, decisions = _asking_game(["one", "two"])
    events, pending = f.play(state, {"player": 0, "kind": "start"}, rng=None, decisions=decisions)
    assert state["chosen"] == [] and [len(d["options"]) for d in pending] == [2]


def test_only_the_kinds_a_game_names_are_answered_automatically():
    f, state, decisions = _asking_game(["only"], kind="confirm")
    _, pending = f.play(state, {"player": 0, "kind": "start"}, rng=None, decisions=decisions)
    assert state["chosen"] == [] and pending[0]["kind"] == "confirm"


# --- rounds that go on until every seat passes in a row -----------------------------------------------
def _clockwise(after: int, seats: int = 3) -> list:
    return [(after + k) % seats for k in range(1, seats + 1)]


def test_a_round_goes_on_until_every_seat_has_passed_in_a_row():
    r, rec = Round("at", "out", "since"), {"at": 0, "out": [], "since": []}
    r.passed(rec, 0, leaves=False)
    assert r.next(rec, _clockwise(0)) == 1
    r.passed(rec, 1, leaves=False)
    assert r.next(rec, _clockwise(1)) == 2
    r.acted(rec)  # seat 2 acts: everyone may act again
    assert r.next(rec, _clockwise(2)) == 0
    for seat in (0, 1, 2):
        r.passed(rec, seat, leaves=False)
        nxt = r.next(rec, _clockwise(seat))
    assert nxt is None and rec["at"] is None


def test_a_seat_out_of_the_round_is_skipped_even_after_someone_acts():
    r, rec = Round("at", "out", "since"), {"at": 0, "out": [], "since": []}
    r.passed(rec, 0, leaves=True)
    r.acted(rec)
    assert r.next(rec, _clockwise(1)) == 2 and r.next(rec, _clockwise(2)) == 1  # 0 is out for good


# --- decision windows ------------------------------------------------------------------------------------
def test_a_window_in_turn_asks_one_seat_after_another():
    rec = {}
    flow.ask_in_turn(rec, "ask", [2, 0])
    assert rec["ask"][0] == 2
    flow.answered(rec, "ask")
    assert rec["ask"] == [0]
    flow.answered(rec, "ask")
    assert rec["ask"] == []


def test_a_window_at_once_gives_each_seat_with_options_its_own_decision():
    options = [{"player": 2, "card": "a"}, {"player": 0, "card": "b"}, {"player": 2, "card": "c"}]
    got = flow.at_once(options, "contribute", lambda p: f"seat {p}")
    assert [(d["player"], d["kind"], d["prompt"], [o["card"] for o in d["options"]]) for d in got] == [
        (2, "contribute", "seat 2", ["a", "c"]), (0, "contribute", "seat 0", ["b"])]


# --- every game plays its moves through its flow ---------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_plays_its_moves_through_the_framework_flow(game_id, monkeypatch):
    played = []
    original = Flow.play

    def counting(self, state, move, rng, *args, **kwargs):
        played.append(move["kind"])
        return original(self, state, move, rng, *args, **kwargs)

    monkeypatch.setattr(Flow, "play", counting)
    game = GAMES[game_id]
    step = core.new_game(game_id, game.min_players, seed=3)
    for _ in range(5):
        if step.outcome is not None:
            break
        move = step.pending[0]["options"][0]
        step = core.apply(step.state, move)
        assert played[-1] == move["kind"]
    assert len(played) >= 1
