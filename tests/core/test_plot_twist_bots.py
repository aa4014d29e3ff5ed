"""Plot Twist's heuristic bots (core/games/plot_twist/bots/): `hero` and `gm` choose among their
seat's listed options only, from their seat's view only (a property: the same move whatever the
hidden cards are), focus fire, heal the weakest, Nullify, hunt the weakest Hero, keep Hate to stay
in play and Lairs to Flee, cure Belief for effect (Locks, an Automatic Success, a Masterplan), Relocate,
set Interviews, Pursue, answer and peek, score move kinds they do not know as neutral, and whole
games of bots play to an outcome."""

import copy

import pytest
from test_plot_twist_conflict import _step, drafted, pass_until, with_hand

import core
from core.framework import engine
from core.framework.bots import bot_names, get_bot
from core.framework.rng import Rng
from core.games.plot_twist import OUTCOME_REASONS
from core.games.plot_twist.bots import bots as B
from core.games.plot_twist.bots.thumbs import KILL_FOR_THREAT, MOOKS_ENOUGH
from core.games.plot_twist.effects import events_cluster as EC
from core.games.plot_twist.game import PlotTwist

GAME = PlotTwist()
HERO, GM = B.BOTS["hero"], B.BOTS["gm"]
SIMOAKLI, GOONS = "villain/dr-simoakli", "mook/lab-goons"
ATHENA, LUCID, HOPE, VANGUARD, TINKERBOLT = ("hero/athena", "hero/lucid", "hero/hope", "hero/vanguard",
                                             "hero/tinkerbolt")


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    """A scoring error raises in these tests instead of counting as a neutral option."""
    monkeypatch.setattr(B, "STRICT", True)


def seen(step: engine.Step, seat: int, kinds: tuple | None = None) -> dict:
    """What a bot is handed: its seat's view and decisions (only the options of `kinds`, if given:
    a bot chooses among what it is offered)."""
    mine = [d for d in step.pending if d["player"] == seat]
    if kinds is not None:
        mine = [{**d, "options": [o for o in d["options"] if o["kind"] in kinds]} for d in mine]
        assert any(d["options"] for d in mine), f"no {kinds} option for seat {seat}"
    return {"view": core.view(step.state, seat)["view"], "pending": mine}


def bot_for(seat: int):
    return GM if seat == 0 else HERO


def play_bots(players: int, seed: int, setup: str = "drafted", bots=bot_for, limit: int = 20_000):
    """A whole game, every seat played by its bot (which sees only its seat): every Step."""
    step = engine.new_game("plot-twist", players, {"setup": setup}, seed=seed)
    rng = Rng.from_seed(f"test:{seed}")
    steps = [step]
    while step.outcome is None:
        assert len(steps) < limit, "no outcome"
        seat = step.pending[0]["player"]
        move = bots(seat).choose(seen(step, seat), rng)
        assert move in [o for d in step.pending if d["player"] == seat for o in d["options"]]
        step = step.play(move)
        steps.append(step)
    return steps


def edited(step: engine.Step, change) -> engine.Step:
    state = copy.deepcopy(step.state)
    change(state)
    return _step(state)


def record(state: dict, card: str) -> dict:
    return next(c for c in state["characters"] if c["card"] == card)


# --- The game offers them ----------------------------------------------------------------------------------
def test_the_game_offers_the_hero_and_gm_bots_beside_random():
    assert bot_names(GAME) == ["gm", "hero", "random"]
    assert get_bot(GAME, "hero") is HERO and get_bot(GAME, "gm") is GM


# --- Whole games -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
# one test a game, so that the workers share them (docs/testing.md)
@pytest.mark.parametrize("seed", [0, 1], ids=lambda seed: f"seed{seed}")
def test_whole_games_of_hero_bots_against_the_gm_bot_play_to_an_outcome(players, seed):
    """The gm bot at seat 0, the hero bot at every other seat, drafted Setup made by the bots: every
    move a listed option of the seat that moved, every game to an outcome."""
    steps = play_bots(players, seed)
    end = steps[-1]
    assert end.outcome["reason"] in OUTCOME_REASONS
    if end.outcome["reason"] == "villain_surrendered":  # the gm bot keeps a Lair: he Flees first
        assert any(e["type"] == "villain_fled" for s in steps for e in s.events)


def test_a_bot_seated_on_the_other_side_plays_that_sides_rules_and_the_game_ends():
    end = play_bots(3, 5, "quick", bots=lambda seat: HERO if seat == 0 else GM)[-1]
    assert end.outcome["reason"] in OUTCOME_REASONS


# --- Only what the seat sees ---------------------------------------------------------------------------------
def hidden_changed(state: dict, seat: int, k: int) -> dict:
    """The same position as `seat` sees it, other hidden cards: the face-down decks in another order,
    each other seat's hand swapped with cards of its own deck, the Events the seat cannot see in
    other places of the Cluster, another RNG state."""
    other = GAME.shuffle_hidden(state, Rng.from_seed(k))
    for s in range(state["players"]):
        hand, deck = other["combat_hands"][s], other["combat_decks"][s]
        n = min(len(hand), len(deck))
        if s != seat and n:
            other["combat_hands"][s], other["combat_decks"][s] = deck[:n] + hand[n:], hand[:n] + deck[n:]
    if seat != 0:
        places = [i for i, e in enumerate(other["events_cluster"]) if not e["revealed"]]
        cards = [other["events_cluster"][i]["card"] for i in places]
        for i, card in zip(places, cards[1:] + cards[:1]):
            other["events_cluster"][i] = {**other["events_cluster"][i], "card": card}
    other["rng"] = Rng.from_seed(f"other:{k}").dump()
    core.check_state(other)
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_a_bot_makes_the_same_move_whatever_the_hidden_cards_are(players):
    """Property over the positions of bot games: change what the deciding seat cannot see, and its
    bot (hero or gm, and the other one in its place) still makes the same move."""
    checked = 0
    for n, step in enumerate(play_bots(players, 11, "quick")[:-1]):
        if n % 5:
            continue
        seat = step.pending[0]["player"]
        other = _step(hidden_changed(step.state, seat, n))
        assert seen(other, seat)["view"] == seen(step, seat)["view"]
        for bot in (HERO, GM):
            assert bot.choose(seen(other, seat), Rng.from_seed(n)) == bot.choose(seen(step, seat), Rng.from_seed(n))
            checked += 1
    assert checked > 20


# --- Heroes -----------------------------------------------------------------------------------------------------
def heroes_initiating(heroes: tuple, hands: dict, change=None) -> engine.Step:
    """Dr. Simoakli with Lab Goons against these Heroes, each seat's Combat hand set, the Heroes about
    to initiate their Combats (`change`: an edit of the state before that)."""
    step = drafted(len(heroes) + 1, (SIMOAKLI, "no_equipment", GOONS, "no_more_mooks") + heroes)
    for seat, hand in hands.items():
        step = with_hand(step, seat, hand, ["combat/charge"] * (10 - len(hand)))
    if change:
        step = edited(step, change)
    return pass_until(step, lambda s: s.state["turn"]["phase"] == "combat" and any(
        o["kind"] == "initiate" for d in s.pending for o in d["options"]))


def test_heroes_focus_fire_every_hero_initiates_against_the_same_villain():
    """Athena (Melee, a Charge in hand) and Lucid (Mental) rank the GM's Characters alike: both
    go for Dr. Simoakli, the Villain whose Incapacitation wins, though the Lab Goons are easier."""
    def hurt(state):
        record(state, SIMOAKLI)["resistances"]["mental"]["stress"] = 4
        record(state, GOONS)["quantity"] = 3
    step = heroes_initiating((ATHENA, LUCID), {1: ["combat/charge", "combat/haymaker", "combat/feint"]}, hurt)
    targets = {HERO.choose(seen(step, seat, ("initiate", "pass")), Rng.from_seed(0))["target"] for seat in (1, 2)}
    assert targets == {SIMOAKLI}


def test_heroes_focus_fire_on_the_most_damaged_mook_when_the_villain_is_out_of_reach():
    """With no way to hurt the Villain (Athena at Ranged, no Movement card), she still joins the
    others' order: the Lab Goons, the GM Character next in the table."""
    step = heroes_initiating((ATHENA, LUCID), {1: ["combat/haymaker", "combat/feint", "combat/flurry"]})
    move = HERO.choose(seen(step, 1, ("initiate", "pass")), Rng.from_seed(0))
    assert (move["kind"], move.get("target")) in (("initiate", GOONS), ("pass", None))


def test_a_hero_attacks_with_the_attack_that_beats_the_defenders():
    """Lucid against Dr. Simoakli at Ranged: Mind 5 + Psyche 3 against Mind 4 + Resilience 2
    (Mental), rather than Charm 3 + Offend 1 against Charm 2 + Rebutt 1 (Social)."""
    step = heroes_initiating((LUCID,), {})
    step = step.play(next(o for o in step.pending[0]["options"] if o["kind"] == "initiate" and o["target"] == SIMOAKLI))
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack" and s.pending[0]["player"] == 1)
    move = HERO.choose(seen(step, 1, ("attack", "pass")), Rng.from_seed(0))
    assert (move["kind"], move["attack"]) == ("attack", "mental")


def test_heal_the_weakest_beacon_and_shield_go_to_the_hero_nearest_harm():
    """Hope's Beacon (2 Social Stress Regenerated) goes to the Hero with the most Social Stress;
    Vanguard's Shield the Weak (1 Cover this Turn) to the Hero nearest Incapacitated; a Hero
    Regenerates the resistance nearest full."""
    def hurt(state):
        record(state, ATHENA)["resistances"]["social"]["stress"] = 5
        record(state, VANGUARD)["resistances"]["social"]["stress"] = 1
        record(state, HOPE)["resistances"]["physical"]["stress"] = 4  # 2 left of 6
        record(state, ATHENA)["resistances"]["mental"]["stress"] = 2
    step = heroes_initiating((HOPE, ATHENA, VANGUARD), {}, hurt)
    beacon = HERO.choose(seen(step, 1, ("activate",)), Rng.from_seed(0))
    assert (beacon["character"], beacon["target"]) == (HOPE, ATHENA)
    shield = HERO.choose(seen(step, 3, ("activate",)), Rng.from_seed(0))
    assert (shield["character"], shield["target"]) == (VANGUARD, HOPE)
    heal = HERO.choose(seen(step, 1, ("regenerate",)), Rng.from_seed(0))
    assert (heal["character"], heal["resistance"]) == (HOPE, "physical")


def reveal(state: dict, event: str) -> None:
    """The Event face up, and the figures a counting Nullify starts from (events_cluster.py)."""
    state["events_cluster"] = [{**e, "revealed": True} if e["card"] == event else e for e in state["events_cluster"]]
    if EC.counts_from_reveal(event):
        state["counting"] = {**state["counting"], event: {**state["tally"], "spent": 0}}


def test_heroes_nullify_a_revealed_event_when_they_can():
    """Blackout stands (Nullify: Mind + Hacking or Gadgeteer against 3): Tinkerbolt (Mind 5,
    Gadgeteer 3) rolls, a free try; Athena, who has neither, does not waste the move."""
    step = drafted(3, (SIMOAKLI, "no_equipment", "no_more_mooks", TINKERBOLT, ATHENA, "event/blackout"))
    assert any(e["card"] == "event/blackout" for e in step.state["events_cluster"])
    step = pass_until(edited(step, lambda s: reveal(s, "event/blackout")),
                      lambda s: s.state["turn"]["phase"] == "combat")
    move = HERO.choose(seen(step, 1, ("nullify_roll", "pass")), Rng.from_seed(0))
    assert move == {"player": 1, "kind": "nullify_roll", "character": TINKERBOLT, "card": "event/blackout"}
    move = HERO.choose(seen(step, 2, ("nullify_roll", "pass")), Rng.from_seed(0))
    assert move["kind"] == "pass"


def test_heroes_spend_toward_a_spending_nullify():
    """Mind Fog stands (the Heroes spend 3 Belief between them): a Hero with Belief spends toward it."""
    step = drafted(2, (SIMOAKLI, "no_equipment", "no_more_mooks", ATHENA, "event/mind-fog"))
    step = pass_until(edited(step, lambda s: reveal(s, "event/mind-fog")),
                      lambda s: s.state["turn"]["phase"] == "combat")
    move = HERO.choose(seen(step, 1, ("nullify_spend", "pass")), Rng.from_seed(0))
    assert move["kind"] == "nullify_spend" and move["card"] == "event/mind-fog"


# --- The GM -------------------------------------------------------------------------------------------------------
def gm_initiating(change=None) -> engine.Step:
    step = drafted(3, (SIMOAKLI, "no_equipment", "no_more_mooks", ATHENA, LUCID))
    step = with_hand(step, 0, ["combat/charge", "combat/haymaker", "combat/charge"], ["combat/charge"] * 7)
    if change:
        step = edited(step, change)
    return pass_until(step, lambda s: any(o["kind"] == "initiate" and o["player"] == 0
                                          for d in s.pending for o in d["options"]))


def test_the_gm_initiates_against_the_weakest_hero():
    def hurt(state):
        record(state, ATHENA)["resistances"]["physical"]["stress"] = 11  # 4 left of 15
    step = gm_initiating(hurt)
    move = GM.choose(seen(step, 0, ("initiate", "pass")), Rng.from_seed(0))
    assert (move["kind"], move["target"]) == ("initiate", ATHENA)
    step = gm_initiating(lambda s: record(s, LUCID)["resistances"]["mental"].update(stress=12))  # 3 left of 15
    move = GM.choose(seen(step, 0, ("initiate", "pass")), Rng.from_seed(0))
    assert (move["kind"], move["target"]) == ("initiate", LUCID)


def test_the_gm_spends_hate_only_above_what_keeps_his_villain_in_play():
    """Belief Damage costs 1 Hate: with Hate to spare he deals it to a Hero about to play another
    Hero (5 Belief); at the reserve (Hate enough to stay until the HORIZON Turn) he keeps it."""
    def hate(n):
        def change(state):
            record(state, SIMOAKLI)["hate"] = n
            record(state, ATHENA)["belief"] = 5
        return change
    rich = gm_initiating(hate(20))
    assert GM.choose(seen(rich, 0, ("belief_damage", "pass")), Rng.from_seed(0))["kind"] == "belief_damage"
    number = rich.state["turn"]["number"]
    poor = gm_initiating(hate(B.HORIZON - number))  # he pays 1 at each End of Turn until then
    assert GM.choose(seen(poor, 0, ("belief_damage", "pass")), Rng.from_seed(0))["kind"] == "pass"


def set_up_by_bots(players: int, seed: int) -> engine.Step:
    """A drafted Setup, every pick the seat's heuristic bot's."""
    step = engine.new_game("plot-twist", players, {"setup": "drafted"}, seed=seed)
    rng = Rng.from_seed(seed)
    while step.state["setup"]["step"] != "done":
        seat = step.pending[0]["player"]
        step = step.play(bot_for(seat).choose(seen(step, seat), rng))
    return step


def test_the_gm_keeps_a_lair_so_that_his_villain_flees_rather_than_surrenders():
    step = set_up_by_bots(3, 4)  # two Hero seats: two Lairs
    assert any(card.startswith("lair/") for card in step.state["plot_hands"][0])
    lairs = [card for card in step.state["plot_hands"][0] if card.startswith("lair/")]
    assert len(lairs) == 2  # a Lair of the Villain's or of a Mook's Color: one more Flight
    broke = edited(step, lambda s: record(s, next(c["card"] for c in s["characters"] if c.get("main"))).update(hate=0))
    end = pass_until(broke, lambda s: s.outcome is not None or s.state["aftermath"] is not None)
    assert end.outcome is None and end.state["aftermath"]["step"] == "lair"
    flee = GM.choose(seen(end, 0), Rng.from_seed(0))
    assert flee["kind"] == "flee" and flee["card"] in lairs
    assert any(e["type"] == "villain_fled" for e in end.play(flee).events)


def test_the_gm_reveals_his_objective_and_the_event_that_helps_him_most_in_the_first_combat():
    """Under Open the Rift the GM Reveals his Objective in the first Combat where he may (its ▲ Reveals
    an Event: it helps him) and Reveals Events, the one that helps his side most first: Hostage
    Situation (the Heroes' Roll Pools -1) before Mind Fog and the others."""
    step = drafted(2, (SIMOAKLI, "no_equipment", "no_more_mooks", "location/downtown-rooftops",
                       "objective/open-the-rift", ATHENA))
    assert step.state["objective"]["card"] == "objective/open-the-rift"
    step = pass_until(step, lambda s: any(o["kind"] == "initiate" for d in s.pending for o in d["options"]))
    step = step.play(next(o for d in step.pending for o in d["options"] if o["kind"] == "initiate"))
    step = pass_until(step, lambda s: any(o["kind"] == "reveal_event" for d in s.pending for o in d["options"]))
    assert GM.choose(seen(step, 0), Rng.from_seed(0))["kind"] == "reveal_objective"
    assert GM.choose(seen(step, 0, ("reveal_event", "pass")), Rng.from_seed(0)) == {
        "player": 0, "kind": "reveal_event", "card": "event/hostage-situation"}


# --- Move kinds the bots do not know -----------------------------------------------------------------------------
def test_unknown_move_kinds_score_neutral_and_never_crash(monkeypatch):
    """New rules add move kinds: the bots score them 0, like passing, so a pass is kept; with nothing
    else, one of them is chosen; a known kind in a shape the bot does not expect counts as neutral too
    (outside the tests' strict mode)."""
    step = gm_initiating()
    view = core.view(step.state, 0)["view"]
    unknown = [{"player": 0, "kind": "summon", "targets": {ATHENA: 2}, "effect": "lock"},
               {"player": 0, "kind": "parley"}]
    passing = {"view": view, "pending": [{"player": 0, "kind": "act", "options": unknown + [{"player": 0, "kind": "pass"}]}]}
    assert GM.choose(passing, Rng.from_seed(0)) == {"player": 0, "kind": "pass"}
    only = {"view": view, "pending": [{"player": 0, "kind": "interview", "options": unknown}]}
    assert GM.choose(only, Rng.from_seed(0)) in unknown
    monkeypatch.setattr(B, "STRICT", False)
    odd = [{"player": 0, "kind": "attack", "character": SIMOAKLI}, {"player": 0, "kind": "pass"}]
    assert GM.choose({"view": view, "pending": [{"player": 0, "kind": "act", "options": odd}]},
                     Rng.from_seed(0)) == odd[1]


# --- Reversal of Fortunes: the GM cures Belief for effect ------------------------------------------------------
def choose_all(bot, step: engine.Step, seat: int, kinds: tuple, stop=lambda move: False) -> tuple[list, engine.Step]:
    """The bot's moves among `kinds` (and pass), played one by one until it passes or `stop(move)`."""
    moves = []
    for _ in range(12):
        move = bot.choose(seen(step, seat, kinds + ("pass",)), Rng.from_seed(0))
        moves.append(move)
        if move["kind"] == "pass" or stop(move):
            return moves, step
        step = step.play(move)
    raise AssertionError(f"no end to {moves}")


def lucid_attacks(energy: int) -> engine.Step:
    """Lucid has initiated a Combat against Dr. Simoakli (his Mental Attack is her best) with this
    much Energy; the GM holds Initiative in its Movement Step."""
    step = heroes_initiating((LUCID, ATHENA), {}, lambda s: record(s, LUCID).update(energy=energy))
    step = step.play(next(o for o in step.pending[0]["options"] if o["kind"] == "initiate"
                          and o["character"] == LUCID and o["target"] == SIMOAKLI))
    return pass_until(step, lambda s: any(o["kind"] == "cure" for d in s.pending for o in d["options"]))


def test_the_gm_cures_1_belief_to_lock_the_psyche_of_a_hero_who_cannot_pay_for_it():
    """Lucid attacks with Psyche and has no Energy: a Lock (1 cured Belief) leaves her Heroic at 0 for
    the Turn. The GM cures the Hero to whom a counter matters least, then Locks Psyche on Lucid. With
    Energy she would pay 1 for each use: not worth a Belief given back, so he does not cure; nor from
    Turn WRAP_UP (Locks only hold the Heroes off, and a Conflict in a Lair could last for ever)."""
    moves, _ = choose_all(GM, lucid_attacks(0), 0, ("cure", "reversal"), stop=lambda m: m["kind"] == "reversal")
    assert [m["kind"] for m in moves] == ["cure", "reversal"]
    assert (moves[1]["effect"], moves[1]["target"], moves[1]["word"]) == ("lock", LUCID, "psyche")
    assert GM.choose(seen(lucid_attacks(9), 0, ("cure", "pass")), Rng.from_seed(0))["kind"] == "pass"
    late = edited(lucid_attacks(0), lambda s: s["turn"].update(number=B.WRAP_UP))  # wrapping up: no Lock
    assert GM.choose(seen(late, 0, ("cure", "pass")), Rng.from_seed(0))["kind"] == "pass"


def simoakli_swings_at_athena(stress: int) -> engine.Step:
    """Dr. Simoakli has Charged Athena (this much Physical Stress of 15) to Melee; his Attack Step."""
    step = gm_initiating(lambda s: record(s, ATHENA)["resistances"]["physical"].update(stress=stress))
    step = step.play(next(o for d in step.pending for o in d["options"]
                          if o["kind"] == "initiate" and o["target"] == ATHENA))
    charge = lambda s: next((o for d in s.pending for o in d["options"]  # noqa: E731
                             if o["kind"] == "play_card" and o["card"] == "combat/charge" and o["player"] == 0), None)
    step = pass_until(step, lambda s: charge(s) is not None)
    step = step.play(charge(step))
    return pass_until(step, lambda s: s.state["combat"]["step"] == "attack" and s.pending[0]["player"] == 0)


def test_the_gm_cures_2_belief_for_an_automatic_success_when_it_incapacitates_the_hero():
    """Athena 3 Stress from Incapacitated, Dr. Simoakli's Melee Attack causing about 2.5: an Automatic
    Success (2 cured Belief) makes the hit finish her, so he cures twice, buys it and attacks; against a
    healthy Athena he just attacks."""
    moves, step = choose_all(GM, simoakli_swings_at_athena(12), 0, ("cure", "reversal", "attack"),
                             stop=lambda m: m["kind"] == "attack")
    assert [m["kind"] for m in moves] == ["cure", "cure", "reversal", "attack"]
    assert (moves[2]["effect"], moves[2]["target"]) == ("automatic_success", SIMOAKLI)
    healthy = GM.choose(seen(simoakli_swings_at_athena(0), 0, ("cure", "attack", "pass")), Rng.from_seed(0))
    assert healthy["kind"] == "attack"


def five_heroes(physical: int) -> engine.Step:
    step = drafted(6, (SIMOAKLI, "no_equipment", "no_more_mooks", ATHENA, LUCID, HOPE, VANGUARD, TINKERBOLT))
    step = edited(step, lambda s: record(s, SIMOAKLI)["resistances"]["physical"].update(stress=physical))
    return pass_until(step, lambda s: any(o["kind"] == "cure" for d in s.pending for o in d["options"]))


def test_the_gm_cures_5_belief_for_a_masterplan_when_his_villain_is_hurt():
    """Five Heroes in play, so X is 5: a Masterplan's 5 Energy Regenerates a hurt Villain's Stress.
    With 10 Physical Stress on Dr. Simoakli the GM cures 5 (one to each Hero) and initiates it; unhurt,
    5 Energy for coins is worth less than 5 Belief given back, and he keeps them."""
    moves, _ = choose_all(GM, five_heroes(10), 0, ("cure", "reversal"), stop=lambda m: m["kind"] == "reversal")
    assert [m["kind"] for m in moves] == ["cure"] * 5 + ["reversal"] and moves[-1]["effect"] == "masterplan"
    assert len({m["hero"] for m in moves[:5]}) == 5
    assert GM.choose(seen(five_heroes(0), 0, ("cure", "pass")), Rng.from_seed(0))["kind"] == "pass"


def kragg_in_the_plot_hand(heroes: tuple) -> engine.Step:
    step = drafted(len(heroes) + 1, (SIMOAKLI, "no_equipment", "no_more_mooks", "villain/warlord-kragg") + heroes)
    assert "villain/warlord-kragg" in step.state["plot_hands"][0]
    return pass_until(step, lambda s: any(o["kind"] == "cure" for d in s.pending for o in d["options"]))


def test_the_gm_cures_3_belief_for_a_crossover_when_the_heroes_outnumber_his_villains_by_2():
    """Three Heroes against Dr. Simoakli, Warlord Kragg in the GM's Plot Hand: he cures 3 Belief (one
    to each Hero) and Kragg crosses over. Against one Hero no Crossover may be played (never as many
    Villains as Heroes): he cures nothing for it."""
    moves, _ = choose_all(GM, kragg_in_the_plot_hand((ATHENA, LUCID, HOPE)), 0, ("cure", "reversal"),
                          stop=lambda m: m["kind"] == "reversal")
    assert [m["kind"] for m in moves] == ["cure"] * 3 + ["reversal"]
    assert (moves[-1]["effect"], moves[-1]["card"]) == ("crossover", "villain/warlord-kragg")
    alone = kragg_in_the_plot_hand((ATHENA,))
    assert GM.choose(seen(alone, 0, ("cure", "pass")), Rng.from_seed(0))["kind"] == "pass"


def test_the_gm_drafts_villains_for_crossovers_into_his_plot_hand_when_the_party_will_be_large():
    """Drafting his Plot Hand at 3 Hero seats (about 5 Heroes in play) against Break Their Spirit, the GM
    bot takes both other Villains of the house set for Crossovers beside two Lairs, before Bystanders
    (only a Threat of Kills puts as many Bystanders as it counts first); at 1 Hero seat (2 Heroes: no
    Crossover possible) none."""
    def plot_hand(players):
        step = set_up_by_bots(players, 7)
        main = next(c["card"] for c in step.state["characters"] if c.get("main"))
        return main, step.state["plot_hands"][0]
    main, hand = plot_hand(4)
    others = {c for c in ("villain/dr-simoakli", "villain/madame-mirage", "villain/warlord-kragg")
              if c.split("/")[1] not in main}
    assert others <= set(hand) and sum(c.startswith("lair/") for c in hand) == 2
    assert not any(c.startswith("villain/") for c in plot_hand(2)[1])


def test_the_gm_drafts_one_lair_against_one_hero_seat_and_two_against_more():
    """Two Lairs are two Flights, three Conflicts: a lone Hero seldom ends them in 30 Turns (the one game of
    320 the balance run capped), so against one Hero seat the GM bot drafts one Lair, against more two."""
    def lairs(players):
        return sum(c.startswith("lair/") for c in set_up_by_bots(players, 7).state["plot_hands"][0])
    assert lairs(2) == 1 and lairs(3) == 2


# --- Relocation and between Conflicts ----------------------------------------------------------------------------
def gm_may_relocate(first: str, other: str) -> engine.Step:
    """Dr. Simoakli's Conflict at `first`, the Location `other` in play too; the GM holds Initiative in
    the Combat Phase before any Combat."""
    step = drafted(3, (SIMOAKLI, "no_equipment", "no_more_mooks", first, ATHENA, LUCID))
    assert step.state["location"] == first
    step = edited(step, lambda s: s.update(locations=s["locations"] + [other]))
    return pass_until(step, lambda s: any(o["kind"] == "relocate" for d in s.pending for o in d["options"]))


def test_the_gm_relocates_where_the_location_helps_his_villains():
    """From Harbor Docks (Cover for everyone, so for two Heroes against one Villain) to Sector 9 Clinic
    (his Villains Regenerate 2 Physical Stress at every End of Turn); from the Clinic he stays."""
    move = GM.choose(seen(gm_may_relocate("location/harbor-docks", "location/sector-9-clinic"), 0, ("relocate", "pass")),
                     Rng.from_seed(0))
    assert move == {"player": 0, "kind": "relocate", "card": "location/sector-9-clinic"}
    move = GM.choose(seen(gm_may_relocate("location/sector-9-clinic", "location/harbor-docks"), 0, ("relocate", "pass")),
                     Rng.from_seed(0))
    assert move["kind"] == "pass"


def fled(change=None) -> engine.Step:
    """Dr. Simoakli (a Lair in his Plot Hand) at 0 Hate against Athena and Lucid: at the End of Turn he
    Flees, and the Heroes decide Pursuit (`change`: an edit of the state before)."""
    step = drafted(3, (SIMOAKLI, "no_equipment", "no_more_mooks", ATHENA, LUCID, "lair/sunken-lab"))

    def broke(state):
        record(state, SIMOAKLI)["hate"] = 0
        if change:
            change(state)
    return pass_until(edited(step, broke), lambda s: (s.state["aftermath"] or {}).get("step") == "pursuit")


def test_heroes_pursue_only_when_healthy_enough_to_finish_the_villain_in_his_lair():
    """No Hate is paid in a Lair: the Heroes Pursue a Villain they have hurt (8 Mental Stress of 12,
    Lucid's Psyche reaches it) while they are healthy; not an unhurt one, and not when they are hurt
    themselves (the Interview lets them rest)."""
    def villain_hurt(state):
        record(state, SIMOAKLI)["resistances"]["mental"]["stress"] = 8

    def both_hurt(state):
        villain_hurt(state)
        record(state, ATHENA)["resistances"]["physical"]["stress"] = 11
        record(state, LUCID)["resistances"]["mental"]["stress"] = 9
    assert HERO.choose(seen(fled(villain_hurt), 1), Rng.from_seed(0))["pursue"] is True
    assert HERO.choose(seen(fled(), 1), Rng.from_seed(0))["pursue"] is False
    assert HERO.choose(seen(fled(both_hurt), 1), Rng.from_seed(0))["pursue"] is False


def test_the_gm_stays_in_his_lair_but_leaves_it_once_wrapping_up_and_the_heroes_pursue_no_more():
    """Pursued into the Sunken Lab, the GM keeps his Villain there (no Hate is paid in a Lair) rather than
    Relocate to Mercy General Hospital; from Turn WRAP_UP the bots play for an ending: he Relocates out,
    and the Heroes no longer Pursue even a hurt Villain (a Conflict in a Lair could last for ever)."""
    def villain_hurt(state):
        record(state, SIMOAKLI)["resistances"]["mental"]["stress"] = 8
    pursued = fled(villain_hurt).play({"player": 1, "kind": "pursue", "pursue": True})
    assert pursued.state["location"] == "lair/sunken-lab"

    def at(number):
        step = edited(pursued, lambda s: s["turn"].update(number=number))
        return pass_until(step, lambda s: any(o["kind"] == "relocate" for d in s.pending for o in d["options"]))
    assert GM.choose(seen(at(pursued.state["turn"]["number"]), 0, ("relocate", "pass")), Rng.from_seed(0))["kind"] == "pass"
    assert GM.choose(seen(at(B.WRAP_UP), 0, ("relocate", "pass")), Rng.from_seed(0)) == {
        "player": 0, "kind": "relocate", "card": "location/mercy-general-hospital"}
    assert HERO.choose(seen(fled(villain_hurt), 1), Rng.from_seed(0))["pursue"] is True
    late = edited(fled(villain_hurt), lambda s: s["turn"].update(number=B.WRAP_UP))
    assert HERO.choose(seen(late, 1), Rng.from_seed(0))["pursue"] is False


def test_the_gm_asks_no_extra_question_and_gives_no_bonus_in_an_interview():
    """An Interview only helps the Heroes (Social Stress, Energy): of the 9 ways to set it, the GM takes
    the one that adds nothing."""
    step = fled().play({"player": 1, "kind": "pursue", "pursue": False})
    assert len(step.pending[0]["options"]) == 9
    assert GM.choose(seen(step, 0), Rng.from_seed(0)) == {"player": 0, "kind": "interview", "extra": 0, "bonus": 0}


def test_heroes_answer_a_question_with_the_answer_worth_most():
    """Captain Meridian (Charm 5, Apologist 1, Public Relations 2) answers for Athena, 5 Social Stress:
    Apologist on Athena with 2 (6 coins must beat it: 66% for 2 Stress), better than a riskier 3 or
    Public Relations' Energy."""
    step = drafted(3, (SIMOAKLI, "no_equipment", "no_more_mooks", "hero/captain-meridian", ATHENA, "lair/sunken-lab"))

    def broke(state):
        record(state, SIMOAKLI)["hate"] = 0
        record(state, ATHENA)["resistances"]["social"]["stress"] = 5
    step = pass_until(edited(step, broke), lambda s: (s.state["aftermath"] or {}).get("step") == "pursuit")
    step = step.play({"player": 1, "kind": "pursue", "pursue": False})
    step = step.play(GM.choose(seen(step, 0), Rng.from_seed(0)))
    assert step.pending[0]["kind"] == "question" and step.pending[0]["player"] == 1
    move = HERO.choose(seen(step, 1), Rng.from_seed(0))
    assert move == {"player": 1, "kind": "answer", "character": "hero/captain-meridian", "skill": "apologist",
                    "chosen": 2, "target": ATHENA}


def test_heroes_peek_at_the_objective_when_the_roll_is_free_not_when_its_heroic_is_locked():
    """Lucid (Perception 2) peeks, a free Roll toward seeing the Objective; with Perception Locked this
    Turn each use costs her 1 Energy, and she keeps it."""
    step = heroes_initiating((LUCID,), {})
    assert HERO.choose(seen(step, 1, ("peek", "pass")), Rng.from_seed(0)) == {"player": 1, "kind": "peek",
                                                                                "character": LUCID}
    lock = {"who": LUCID, "source": SIMOAKLI, "stat": "lock", "word": "perception", "attack": None, "lasts": "turn"}
    locked = edited(step, lambda s: s["turn"].update(modifiers=s["turn"]["modifiers"] + [lock]))
    assert {"player": 1, "kind": "peek", "character": LUCID} in [o for d in locked.pending for o in d["options"]]
    assert HERO.choose(seen(locked, 1, ("peek", "pass")), Rng.from_seed(0))["kind"] == "pass"


def hope_hurt(physical: int) -> engine.Step:
    """Hope (Body 2 + Healing 3: 5 coins) alone against Dr. Simoakli with this much Physical Stress (of 6)."""
    step = drafted(2, (SIMOAKLI, "no_equipment", "no_more_mooks", HOPE))
    step = pass_until(step, lambda s: not s.state["turn"]["mulligan"])
    return edited(step, lambda s: record(s, HOPE)["resistances"]["physical"].update(stress=physical))


def test_a_hurt_hero_heals_with_the_chosen_number_worth_most():
    """Healing (1 Energy, a Chosen Roll): near Incapacitated Hope heals; the number she chooses weighs
    the chance of beating it against the Stress it Regenerates (not the highest, which 5 coins seldom beat:
    with 2 Stress left before Incapacitated, 1 sure point is worth about 2 likely ones)."""
    step = hope_hurt(4)
    move = HERO.choose(seen(step, 1, ("heal", "pass")), Rng.from_seed(0))
    assert move["kind"] == "heal" and move["resistance"] == "physical" and move["chosen"] in (1, 2)
    judge = B._Judge(seen(step, 1)["view"], 1)
    assert judge.value(move) > judge.value({**move, "chosen": 4})


def test_the_gm_puts_quantity_on_a_mook_about_to_go_for_1_hate():
    """The Mook section: 1 Hate for 3 Quantity counters, so a nearly spent Mook is worth refilling."""
    step = drafted(2, (SIMOAKLI, "no_equipment", "mook/lab-goons", HOPE))
    step = pass_until(step, lambda s: not s.state["turn"]["mulligan"])
    step = edited(step, lambda s: (record(s, "mook/lab-goons").update(quantity=1), record(s, SIMOAKLI).update(hate=15)))
    judge = B._Judge(seen(step, 0)["view"], 0)
    quantity = {"player": 0, "kind": "add_quantity", "character": SIMOAKLI, "target": "mook/lab-goons"}
    assert judge.value(quantity) > 0


def test_the_gm_buys_no_quantity_for_a_mook_card_that_has_enough():
    """Found by issue 31's balance run (Break Their Spirit, 4 Heroes, seed 31, Warlord Kragg): the GM spent
    14 Hate on Quantity after a Flee, a Mook card of 52 that Heroes without Belief or Energy could only chip
    1 a Turn off, and the game reached the Turn cap. From `MOOKS_ENOUGH` counters more is worth nothing."""
    step = drafted(2, (SIMOAKLI, "no_equipment", "mook/lab-goons", HOPE))
    step = pass_until(step, lambda s: not s.state["turn"]["mulligan"])
    quantity = {"player": 0, "kind": "add_quantity", "character": SIMOAKLI, "target": "mook/lab-goons"}
    for counters, worth_it in ((MOOKS_ENOUGH - 1, True), (MOOKS_ENOUGH, False)):
        edit = edited(step, lambda s: (record(s, "mook/lab-goons").update(quantity=counters),
                                       record(s, SIMOAKLI).update(hate=15)))
        judge = B._Judge(seen(edit, 0)["view"], 0)
        assert (judge.value(quantity) > 0) is worth_it


def organ_harvest_view(phase: str, initiating: str, seat: int = 0) -> dict:
    """The GM's view with Organ Harvest face down, a Bystander in his Plot Hand, at this phase and half."""
    step = drafted(2, (SIMOAKLI, "no_equipment", "no_more_mooks", HOPE))
    step = pass_until(step, lambda s: not s.state["turn"]["mulligan"])

    def change(s):
        s["objective"] = {**s["objective"], "card": "objective/organ-harvest", "revealed": False}
        s["plot_hands"][0] = ["bystander/star-reporter"]
        s["turn"].update(phase=phase, initiating=initiating)
    return seen(edited(step, change), seat)["view"]


def test_the_gm_reveals_organ_harvest_when_a_villain_may_kill_the_bystander_it_plays():
    """Organ Harvest's ▲ plays a Bystander of the GM's Plot Hand: he Reveals it in the Villains' half of the
    Combat phase (a Villain with an Attack action Kills it before any Hero may Recruit it), not before;
    and he keeps that last Bystander for it rather than play it at the Start of Turn."""
    reveal = {"player": 0, "kind": "reveal_objective"}
    ready = B._Judge(organ_harvest_view("combat", "gm"), 0)
    early = B._Judge(organ_harvest_view("combat", "heroes"), 0)
    assert ready.value(reveal) > KILL_FOR_THREAT > 0 > early.value(reveal)
    start = B._Judge(organ_harvest_view("start", "heroes"), 0)
    assert start.value({"player": 0, "kind": "play_plot", "card": "bystander/star-reporter",
                        "character": SIMOAKLI}) < 0


def test_heroes_recruit_a_bystander_the_gm_played_before_they_know_his_threat():
    """A Bystander the GM played is one he may mean to Kill: the Heroes Recruit it for more than its {R}."""
    judge = B._Judge(organ_harvest_view("combat", "heroes", seat=1), 1)  # the Objective face down to him
    judge.v = {**judge.v, "bystanders": [{"card": "bystander/star-reporter", "seat": 0, "location": judge.v["location"]}]}
    assert judge._gm_played("bystander/star-reporter")
    judge.v = {**judge.v, "bystanders": [{"card": "bystander/star-reporter", "seat": 1, "location": judge.v["location"]}]}
    assert not judge._gm_played("bystander/star-reporter")
