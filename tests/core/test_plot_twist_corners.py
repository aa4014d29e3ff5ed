"""Plot Twist: corners of the rulebook that the engine had not been tried on through its moves (issue 31): Mooks'
Quantity coins, Doomsday Clock's count of Turns, Identity, Prone ending Flying, Demoralized "cannot gain Energy"
and Trauma beyond a Resistance. One test per rule, named after it.
"""

import copy

from test_plot_twist_conflict import ATHENA, HOPE, SIMOAKLI, _step, option, pass_until, play, refused
from test_plot_twist_in_play import next_turn, next_twist, table
from test_plot_twist_stealth import KRAGG, character, conflict, edited, set_statuses

from core.games.plot_twist import GAME
from core.games.plot_twist import cards as C
from core.games.plot_twist.characters import characters as CH
from core.games.plot_twist.effects import effects as FX

GOONS, TINKERBOLT, LUCID = "mook/lab-goons", "hero/tinkerbolt", "hero/lucid"


def options(step, **fields) -> list[dict]:
    return [o for d in step.pending for o in d["options"] if all(o.get(k) == v for k, v in fields.items())]


def gm_to_act(step):
    return edited(step, lambda s: s["turn"].update(at="gm", waiting=[0], since=["heroes"]))


def with_goons(quantity: int):
    def change(state):
        state["characters"].insert(1, {"card": GOONS, "seat": 0, "quantity": quantity, "statuses": [],
                                       "actions": {"move": 2, "attack": 1}})
    return change


# --- Mooks -----------------------------------------------------------------------------------------------------
def test_mooks_spend_quantity_counters_for_coins_limited_to_x_per_turn_where_x_is_their_power():
    """Mook cards: "They can spend their Quantity Counters to obtain 1 added Coin in any Roll, limited to X
    counters per turn, where X is their Power." Lab Goons: Power 2."""
    step = gm_to_act(edited(conflict(SIMOAKLI, (HOPE,)), with_goons(5)))
    coins = options(step, kind="buy_coin", character=GOONS)
    assert {o["pool"] for o in coins} == {"attack_pool", "damage_pool"}  # Defense: in a Combat
    step = play(step, option(step, kind="buy_coin", character=GOONS, pool="attack_pool"))
    assert character(step, GOONS)["quantity"] == 4 and step.state["turn"]["energy_spent"] == {GOONS: 1}
    assert {"type": "counters_spent", "character": GOONS, "counter": "quantity", "amount": 1,
            "for": "attack_pool"} in step.events
    assert {"who": GOONS, "source": GOONS, "stat": "attack_pool", "amount": 1, "attack": None,
            "lasts": "attack"} in step.state["turn"]["modifiers"]
    step = play(step, option(step, kind="buy_coin", character=GOONS, pool="damage_pool"))
    assert character(step, GOONS)["quantity"] == 3
    move = {"player": 0, "kind": "buy_coin", "character": GOONS, "pool": "attack_pool"}
    assert refused(step, move) == "quantity_limit" and not options(step, kind="buy_coin", character=GOONS)
    assert GAME.labels({}, {"options": [move]}) == ["Lab Goons: 1 coin in the Attack Pool (1 Quantity counter)"]


def test_a_mook_never_spends_its_last_quantity_counter_for_a_coin():
    """"If a Mook has no Quantity Counters there's no Mook in play": the last Mook is the one that rolls."""
    step = gm_to_act(edited(conflict(SIMOAKLI, (HOPE,)), with_goons(1)))
    assert not options(step, kind="buy_coin", character=GOONS)
    assert refused(step, {"player": 0, "kind": "buy_coin", "character": GOONS, "pool": "damage_pool"}) == \
        "quantity_limit"


# --- Doomsday Clock -------------------------------------------------------------------------------------------
def test_doomsday_clock_counts_the_turns_of_the_game_and_strikes_at_the_xth_end_of_turn():
    """▼ "In X Turns (this card gains a Time counter every End of Turn from the start of the game; at X the
    Villains win)": the (X-1)th End of Turn passes, the Xth wins, whatever Conflict the Turns were in. X is the
    card's number (9 since issue 31's balance, 8 before: docs/balance.md), read from the catalog."""
    x = C.CARD["objective/doomsday-clock"]["threat"]["count"]
    step = table((HOPE,), ("objective/doomsday-clock",))
    state = copy.deepcopy(step.state)
    state["turn"]["number"], state["conflict"] = x - 1, 2  # Turns are numbered on through the Conflicts
    step = pass_until(_step(state), lambda s: s.outcome is not None or s.state["turn"]["number"] == x)
    assert step.outcome is None and not step.state["objective"]["revealed"]
    step = pass_until(step, lambda s: s.outcome is not None)
    assert step.outcome["reason"] == "threat_fulfilled"
    assert step.state["turn"]["number"] == x and step.state["turn"]["phase"] == "end"


# --- Identity ----------------------------------------------------------------------------------------------------
def test_you_can_only_have_1_identity_at_a_time_a_new_one_replaces_it_and_every_seat_sees_it():
    """"As a Free action, you may identify as anything you wish, or choose to have no Identity. You can only have
    1 Identity at a time." """
    step = conflict(SIMOAKLI, (HOPE, ATHENA), players=3)
    step = play(step, option(step, kind="identity", character=HOPE, identity="masked vigilante"))
    step = play(step, option(step, kind="identity", character=ATHENA, identity="civilian"))  # one each
    assert step.state["identities"] == {HOPE: "masked vigilante", ATHENA: "civilian"}
    for seat in (None, 0, 1, 2):
        assert GAME.view(step.state, seat)["identities"] == {HOPE: "masked vigilante", ATHENA: "civilian"}
    step = next_turn(step)
    assert step.state["identities"][HOPE] == "masked vigilante"  # it lasts until changed
    assert {o["identity"] for o in options(step, kind="identity", character=HOPE)} == {"civilian", "public hero", None}
    step = play(step, option(step, kind="identity", character=HOPE, identity="public hero"))
    assert step.state["identities"] == {HOPE: "public hero", ATHENA: "civilian"}  # replaced, never two


# --- Prone and Flying ------------------------------------------------------------------------------------------
def test_prone_exits_flying_and_you_cannot_enter_flying_on_a_turn_in_which_you_were_sent_prone():
    """Prone: "Exit Flying and the Character cannot Move ... You may spend one Move action to end this Status.
    You cannot enter Flying on a Turn in which you were sent Prone." Tripwire (a Twist!) sends Kragg Prone."""
    step = table((ATHENA,), villain=KRAGG)
    step = next_twist(edited(step, set_statuses(KRAGG, ["flying"])), "twist/tripwire")
    step = next_turn(step)
    assert character(step, KRAGG)["statuses"] == ["prone"]
    assert step.state["turn"]["sent_prone"] == [KRAGG]
    step = gm_to_act(step)
    fly = {"player": 0, "kind": "fly", "character": KRAGG}
    assert refused(step, fly) == "prone_this_turn"
    step = play(step, option(step, kind="recover", character=KRAGG, status="prone"))
    assert character(step, KRAGG)["statuses"] == [] and refused(step, fly) == "prone_this_turn"
    step = next_turn(step)
    step = gm_to_act(step)
    assert option(step, kind="fly", character=KRAGG)  # a new Turn: he may fly again


# --- Demoralized -----------------------------------------------------------------------------------------------
def demoralized(card: str, social: int):
    def change(state):
        c = next(c for c in state["characters"] if c["card"] == card)
        c["resistances"]["social"]["stress"], c["energy"], c["belief"] = social, 0, 0
    return change


def test_demoralized_cannot_gain_energy_until_it_loses_social_stress():
    """Demoralized: "The Character loses all Energy and Belief, and cannot gain Energy. If you lose Social Stress,
    you stop being Demoralized." Power Surge (a Twist!): "Each Hero gains 2 Energy"; Tinkerbolt's Social
    Resistance is 6."""
    step = table((HOPE, TINKERBOLT))
    step = edited(step, demoralized(TINKERBOLT, 6))
    step = next_twist(step, "twist/power-surge")
    hope = character(step, HOPE)["energy"]
    step = next_turn(step)
    assert character(step, TINKERBOLT)["energy"] == 0  # cannot gain Energy
    assert character(step, HOPE)["energy"] == hope + 2
    beacon = option(step, kind="activate", character=HOPE, target=TINKERBOLT)  # Regenerates 2 Social Stress
    step = play(step, beacon)
    assert character(step, TINKERBOLT)["resistances"]["social"]["stress"] == 4
    step = next_twist(step, "twist/power-surge")
    step = next_turn(step)
    assert character(step, TINKERBOLT)["energy"] == 2  # no longer Demoralized


def test_demoralized_gains_no_energy_from_any_card():
    """Lab Access (a Detail): "You gain 2 Energy": not for a Demoralized Hero."""
    step = edited(table((TINKERBOLT,)), demoralized(TINKERBOLT, 6))
    state, events = copy.deepcopy(step.state), []
    FX.resolve_plot(state, None, [{"on": "play", "do": "gain", "counter": "energy", "amount": 2, "target": "self"}],
                    TINKERBOLT, 1, events)
    assert next(c for c in state["characters"] if c["card"] == TINKERBOLT)["energy"] == 0
    assert not [e for e in events if e["type"] == "counter_changed"]


# --- Trauma beyond a Resistance ------------------------------------------------------------------------------------
def test_trauma_beyond_a_resistance_is_not_dealt_and_not_paid_for():
    """"The number of Stress+Trauma counters in a Character may never be bigger than the Resistance value";
    "If your Character deals any amount of Trauma, he pays 1 point of Belief for every point of Trauma dealt"
    (Hate for a Villain). Hope: Physical 6, 4 Stress: of 3 Trauma, 2 are dealt and paid; she is Incapacitated."""
    step = edited(conflict(SIMOAKLI, (HOPE,)),
                  lambda s: next(c for c in s["characters"] if c["card"] == HOPE)["resistances"]["physical"].update(
                      stress=4))
    state, events = copy.deepcopy(step.state), []
    hate = character(step, SIMOAKLI)["hate"]
    placed = FX.deal(state, SIMOAKLI, HOPE, "physical", 3, True, events)
    hope = next(c for c in state["characters"] if c["card"] == HOPE)
    assert placed == 2 and hope["resistances"]["physical"] == {"stress": 4, "trauma": 2}
    assert next(c for c in state["characters"] if c["card"] == SIMOAKLI)["hate"] == hate - 2
    assert {"type": "trauma_paid", "character": SIMOAKLI, "counter": "hate", "amount": 2} in events
    assert CH.is_incapacitated(hope)  # Stress+Trauma equal to the Resistance


def test_trauma_into_a_full_resistance_is_not_dealt_and_costs_nothing():
    """Lucid (a Hero, Belief) deals 2 Mental Trauma to Dr. Simoakli with 1 Mental room left: 1 dealt, 1 Belief."""
    step = edited(conflict(SIMOAKLI, (LUCID,)),
                  lambda s: s["characters"][0]["resistances"]["mental"].update(stress=6, trauma=2))  # Mind 3: 9
    state, events = copy.deepcopy(step.state), []
    belief = character(step, LUCID)["belief"]
    assert FX.deal(state, LUCID, SIMOAKLI, "mental", 2, True, events) == 1
    assert next(c for c in state["characters"] if c["card"] == LUCID)["belief"] == belief - 1
    events = []
    assert FX.deal(state, LUCID, SIMOAKLI, "mental", 2, True, events) == 0  # full: nothing dealt, nothing paid
    assert next(c for c in state["characters"] if c["card"] == LUCID)["belief"] == belief - 1
    assert not [e for e in events if e["type"] == "trauma_paid"]
