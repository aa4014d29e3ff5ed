"""Plot Twist: the Heroics used as Free actions for Energy, Healing and Gadgeteer
(core/games/plot_twist/spending.py, docs/rulings-plot-twist.md "Healing" and "Gadgeteer"), through the engine.

Rulebook, Experiences: "Healing - Mental or Physical: [Energy]: Regenerate Mental or Physical Stress in yourself.
Make a Chosen Roll. The chosen number is the amount of Stress Regenerated." "Gadgeteer - Mental: X [Energy]: Gain
X Ranks in another Heroic, up to your Ranks in Gadgeteer."
"""

from test_plot_twist_conflict import ATHENA, HOPE, SIMOAKLI, option, pass_until, play, refused, with_rng
from test_plot_twist_stealth import character, conflict, edited

from core.games.plot_twist import effects as FX
from core.games.plot_twist import spending as SP

TINKERBOLT = "hero/tinkerbolt"  # Mind 5, Power 4: Gadgeteer 3, Energy Projection 2, Hacking 2, Reflexes 1


def options(step, **fields) -> list[dict]:
    return [o for d in step.pending for o in d["options"] if all(o.get(k) == v for k, v in fields.items())]


def hurt(card: str, resistance: str, stress: int, trauma: int = 0):
    def change(state):
        record = next(c for c in state["characters"] if c["card"] == card)
        record["resistances"][resistance] = {"stress": stress, "trauma": trauma}
    return change


def stress(step, card: str, resistance: str) -> int:
    return character(step, card)["resistances"][resistance]["stress"]


# --- Healing ------------------------------------------------------------------------------------------------
def test_healing_regenerates_stress_in_yourself_the_chosen_number_for_1_energy():
    """Hope: Body 2 + Healing 3 is 5 coins for Physical Stress; 3 Physical Stress: she may choose 1 to 3."""
    step = edited(conflict(SIMOAKLI, (HOPE,)), hurt(HOPE, "physical", 3))
    heals = options(step, kind="heal", character=HOPE)
    assert {(o["resistance"], o["chosen"]) for o in heals} == {("physical", n) for n in (1, 2, 3)}
    energy = character(step, HOPE)["energy"]
    move = option(step, kind="heal", character=HOPE, resistance="physical", chosen=2)
    outcomes = set()
    for k in range(40):
        after = play(with_rng(step, k), move)
        roll = next(e for e in after.events if e["type"] == "roll")
        assert roll["kind"] == "chosen" and roll["purpose"] == "healing" and roll["chosen"] == 2
        assert [p["name"] for p in roll["rolls"][0]["parts"]] == ["Body", "Healing"] and roll["rolls"][0]["pool"] == 5
        won = roll["rolls"][0]["total"] > 2  # "must obtain more Successes than the chosen number"
        assert stress(after, HOPE, "physical") == (1 if won else 3)  # "the amount of Stress Regenerated"
        assert character(after, HOPE)["energy"] == energy - 1 and after.state["turn"]["energy_spent"] == {HOPE: 1}
        assert {"type": "counters_spent", "character": HOPE, "counter": "energy", "amount": 1,
                "for": "healing"} in after.events
        outcomes.add(won)
        if outcomes == {True, False}:
            return
    raise AssertionError("a Chosen Roll of 2 on 5 coins never both won and lost in 40 tries")


def test_healing_is_a_free_action_once_each_turn_and_never_heals_trauma():
    step = edited(conflict(SIMOAKLI, (HOPE,)), hurt(HOPE, "mental", 2, trauma=3))
    assert {(o["resistance"], o["chosen"]) for o in options(step, kind="heal")} == {("mental", 1), ("mental", 2)}
    after = play(step, option(step, kind="heal", character=HOPE, chosen=1))
    assert character(after, HOPE)["resistances"]["mental"]["trauma"] == 3  # "Trauma ... cannot be Healed"
    assert after.state["turn"]["free"][HOPE] == ["heal"]
    assert not options(after, kind="heal")
    assert refused(after, {"player": 1, "kind": "heal", "character": HOPE, "resistance": "mental",
                           "chosen": 1}) == "free_action_used_this_turn"
    next_turn = pass_until(after, lambda s: s.state["turn"]["number"] == 2 and s.state["turn"]["phase"] != "end")
    if stress(next_turn, HOPE, "mental"):
        assert options(next_turn, kind="heal", character=HOPE)  # renewed with the Turn


def test_healing_needs_ranks_stress_and_a_number_the_pool_can_beat():
    step = edited(edited(conflict(SIMOAKLI, (HOPE, ATHENA), players=3), hurt(ATHENA, "physical", 4)),
                  hurt(HOPE, "physical", 5))
    move = {"player": 2, "kind": "heal", "character": ATHENA, "resistance": "physical", "chosen": 1}
    assert refused(step, move) == "no_healing" and not options(step, kind="heal", character=ATHENA)
    hope = {"player": 1, "kind": "heal", "character": HOPE, "resistance": "physical"}
    assert refused(step, {**hope, "resistance": "mental", "chosen": 1}) == "nothing_to_regenerate"
    assert refused(step, {**hope, "resistance": "social", "chosen": 1}) == "wrong_move"  # "Mental or Physical"
    assert refused(step, {**hope, "chosen": 5}) == "not_a_chosen_number"  # 5 coins cannot beat 5
    assert refused(step, {**hope, "chosen": 0}) == "not_a_chosen_number"
    assert max(o["chosen"] for o in options(step, kind="heal", character=HOPE)) == 4
    broke = edited(step, lambda s: next(c for c in s["characters"] if c["card"] == HOPE).update(energy=0))
    assert refused(broke, {**hope, "chosen": 1}) == "not_enough_energy"
    spent = edited(step, lambda s: s["turn"].update(energy_spent={HOPE: 3}))  # Power 3 spent
    assert refused(spent, {**hope, "chosen": 1}) == "energy_limit" and not options(spent, kind="heal")


def test_a_villain_with_healing_heals_himself_too():
    """Dr. Simoakli prints Healing 2: Mind 4 + Healing 2 for Mental Stress."""
    step = edited(conflict(SIMOAKLI, (HOPE,)), hurt(SIMOAKLI, "mental", 2))
    step = edited(step, lambda s: s["turn"].update(at="gm", waiting=[0], since=["heroes"]))
    assert {o["chosen"] for o in options(step, kind="heal", character=SIMOAKLI)} == {1, 2}
    after = play(step, option(step, kind="heal", character=SIMOAKLI, chosen=1))
    assert after.state["turn"]["free"][SIMOAKLI] == ["heal"]


def test_a_locked_healing_costs_1_energy_more():
    """"A Locked Keyword or Heroic can only be used ... by paying (1 Energy) each time the Heroics are used"."""
    step = edited(conflict(SIMOAKLI, (HOPE,)), hurt(HOPE, "physical", 2))
    locked = edited(step, lambda s: s["turn"]["modifiers"].append(
        {"who": HOPE, "source": SIMOAKLI, "stat": "lock", "word": "healing", "attack": None, "lasts": "turn"}))
    energy = character(locked, HOPE)["energy"]
    after = play(locked, option(locked, kind="heal", character=HOPE, chosen=1))
    assert character(after, HOPE)["energy"] == energy - 2
    assert {"type": "lock_paid", "character": HOPE, "word": "healing", "amount": 1} in after.events
    two_left = edited(locked, lambda s: s["turn"].update(energy_spent={HOPE: 2}))  # Power 3: 1 left, 2 needed
    assert not options(two_left, kind="heal")


# --- Gadgeteer ----------------------------------------------------------------------------------------------
def test_gadgeteer_x_energy_gains_x_ranks_in_another_heroic_this_turn():
    step = conflict(SIMOAKLI, (TINKERBOLT,))
    gadgets = options(step, kind="gadgeteer", character=TINKERBOLT)
    assert {(o["heroic"], o["ranks"]) for o in gadgets} == {(h, x) for h in SP.GADGETS for x in (1, 2, 3)}
    assert "gadgeteer" not in SP.GADGETS and len(SP.GADGETS) == 11
    energy = character(step, TINKERBOLT)["energy"]
    after = play(step, option(step, kind="gadgeteer", character=TINKERBOLT, heroic="flight", ranks=2))
    assert FX.ratings(after.state, TINKERBOLT)["Flight"] == 2
    assert character(after, TINKERBOLT)["energy"] == energy - 2
    assert after.state["turn"]["energy_spent"] == {TINKERBOLT: 2}
    assert option(after, kind="fly", character=TINKERBOLT)  # a Flight rank of 2 lets him enter Flying
    assert not options(after, kind="gadgeteer")  # a Free action: once each Turn
    next_turn = pass_until(after, lambda s: s.state["turn"]["number"] == 2 and s.state["turn"]["phase"] != "end")
    assert FX.ratings(next_turn.state, TINKERBOLT).get("Flight", 0) == 0  # the Ranks lasted this Turn


def test_gadgeteer_ranks_are_up_to_your_ranks_in_gadgeteer_and_add_to_a_heroic_you_have():
    step = conflict(SIMOAKLI, (TINKERBOLT,))
    move = {"player": 1, "kind": "gadgeteer", "character": TINKERBOLT, "heroic": "energy-projection"}
    assert refused(step, {**move, "ranks": 4}) == "ranks_up_to_gadgeteer"
    assert refused(step, {**move, "ranks": 0}) == "ranks_up_to_gadgeteer"
    assert refused(step, {**move, "heroic": "gadgeteer", "ranks": 1}) == "not_another_heroic"
    assert refused(step, {**move, "heroic": "offend", "ranks": 1}) == "not_another_heroic"  # a Skill
    after = play(step, {**move, "ranks": 3})
    assert FX.ratings(after.state, TINKERBOLT)["Energy Projection"] == 5  # 2 printed + 3: no cap but X's
    assert refused(conflict(SIMOAKLI, (HOPE,)), {**move, "player": 1, "character": HOPE, "ranks": 1}) == "no_gadgeteer"


def test_gadgeteer_pays_its_energy_within_the_power_a_turn():
    step = edited(conflict(SIMOAKLI, (TINKERBOLT,)), lambda s: s["turn"].update(energy_spent={TINKERBOLT: 2}))
    assert {o["ranks"] for o in options(step, kind="gadgeteer")} == {1, 2}  # Power 4, 2 spent
    move = {"player": 1, "kind": "gadgeteer", "character": TINKERBOLT, "heroic": "psyche", "ranks": 3}
    assert refused(step, move) == "energy_limit"


def test_gadgeteer_may_give_healing_which_is_then_used():
    """Tinkerbolt has no Healing; 1 Rank from Gadgeteer lets him Heal this Turn (1 + 1 Energy)."""
    step = edited(conflict(SIMOAKLI, (TINKERBOLT,)), hurt(TINKERBOLT, "mental", 2))
    assert not options(step, kind="heal")
    step = play(step, option(step, kind="gadgeteer", character=TINKERBOLT, heroic="healing", ranks=1))
    assert {o["chosen"] for o in options(step, kind="heal", character=TINKERBOLT)} == {1, 2}  # Mind 5 + 1
    after = play(step, option(step, kind="heal", character=TINKERBOLT, chosen=2))
    assert after.state["turn"]["energy_spent"] == {TINKERBOLT: 2}
