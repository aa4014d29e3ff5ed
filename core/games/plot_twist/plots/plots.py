"""Plot Twist's Plots played from the Plot Hand in the Conflict (rulebook: Plot Hand, Details,
Locations, Lairs, Bystanders, Allies; Belief; Free actions; Turns; Uniqueness Rule).

One move kind, `play_plot {player, kind, card, character, target?, location?}`: `character` is the
seat's Character who plays it ("you" in its text); one predicate, `play_error`, lists the options
(`play_options`) and names a refusal.

- **Detail** (a Player's): "played by spending 1 Belief at any phase that allows for Free action,
  but they are not considered Free actions. You may play how many Details you want each Turn": the
  Hero pays 1 Belief, in the Start of Turn or Combat phase while its side has Initiative, or in a
  Combat as its seat's combatant; its `play` effects resolve (`target`: the Hero a Detail asks for;
  `location`: the Location Safe House plays, or null), then it goes to `plot_discard`.
- **Location**: "can only be played if another card permits it" (a Detail's "Play a Location"):
  never by itself (`location_needs_a_card`). It enters play; the Conflict stays where it is.
- **Lair**: "can only be played by Villains when they are Fleeing" (`lair_only_when_fleeing`).
- **Bystander**: "played in a Location as a Free action by both Players and GM alike at the Start of
  Turn Phase. You can play as many Bystanders as you want with 1 Free action": in the Start of Turn
  phase only, any number, into `state["bystanders"]` at the Conflict's Location (never a Lair), one
  copy of each in play. Recruiting and Killing them is bystanders.py's.
- **Ally**: "played from the Plot Hand in the Start of Turn Phase. A Hero can only have one Ally at a
  time": a Player's, under his Hero (`character`), at no cost (allies.py).

An **Incapacitated Hero**'s Belief "remain in play. You can use them to play Plots, at an extra
cost of 1 more Belief per card played, even Locations or Bystanders. If a Card refers to "you" it
refers to another Hero of your choice": its seat keeps deciding when its side has Initiative (outside
Combats) and plays Details (2 Belief) and Bystanders (1 Belief) with `character` the Incapacitated
Hero and, for a Detail, `you` the Hero its effects name "you" (ruling "An Incapacitated Hero's
Plots").

Heroes and Villains in a Plot Hand enter play by other rules (Playing a Hero, Villain Crossover):
not here (`not_a_plot`).
"""

from ..conflict import actions as A
from . import allies as AL
from .. import cards as C
from ..characters import characters as CH
from ..setup import decks as D
from ..effects import effects as FX
from ..integrity.integrity import _bad, _card, _int
from ..state import GM, hero_of, new_ally

DETAIL_COST = 1  # "① To play 1 Detail"
INCAPACITATED_EXTRA = 1  # "at an extra cost of 1 more Belief per card played"
BASE_FIELDS = frozenset(("player", "kind", "card", "character"))
RULE_CODES = ("cannot_act", "wrong_move", "no_free_action_at_end_of_turn", "not_in_plot_hand", "not_a_plot",
              "location_needs_a_card", "lair_only_when_fleeing", "not_your_character", "not_enough_belief",
              "bystanders_at_start_of_turn", "no_bystanders_in_lair", "allies_at_start_of_turn",
              "one_ally_per_hero", "name_in_play", "character_copy_in_play", "wrong_color", "requirement_unmet",
              "wrong_choice", "incapacitated_hero_no_ally")
EVENTS = ("plot_played", "location_played", "bystander_played", "ally_played", "trauma_removed", "objective_peeked",
          "location_triggered", "time_counter_added", "ally_removed", "ally_sacrificed")


def _plays(card: str) -> list[dict]:
    return [e for e in C.CARD[card]["effects"] if e["on"] == "play"]


def out_of_play(state: dict, seat: int) -> str | None:
    """The seat's Hero if it is Incapacitated with Belief left (it may still play Plots), else None."""
    hero = hero_of(state, seat) if seat != GM else None
    return hero["card"] if hero and hero["belief"] > 0 and CH.is_incapacitated(hero) else None


def plotting_seats(state: dict, side: str) -> list[int]:
    """The seats of a side whose Incapacitated Hero may still play Plots."""
    if side != "heroes" or state["combat"] is not None:
        return []
    return [s for s in range(1, state["players"]) if out_of_play(state, s) and state["plot_hands"][s]]


def _players(state: dict, seat: int, out_card=False) -> list[str]:
    """Who may play the seat's Plots now: its Characters that may act, or its Incapacitated Hero
    (`out_card`: `out_of_play(state, seat)` when the caller worked it out already)."""
    out = None if state["combat"] is not None else out_of_play(state, seat) if out_card is False else out_card
    return A.acting(state, seat) + ([out] if out else [])


def cost(card: str, incapacitated: bool) -> int:
    """The Belief a Plot costs: 1 for a Detail, none for the others; 1 more from an Incapacitated Hero."""
    return (DETAIL_COST if C.TYPE[card] == "detail" else 0) + (INCAPACITATED_EXTRA if incapacitated else 0)


def choices(state: dict, card: str, who: str, seat: int) -> list[dict]:
    """The extra fields a `play_plot` of this card carries, one dict per way to play it."""
    if C.TYPE[card] != "detail":
        return [{}]
    if who == out_of_play(state, seat):  # "you" is another Hero of your choice
        return [{"you": h["card"], **ch} for h in CH.heroes_in_play(state)
                for ch in _detail_choices(state, card, h["card"], seat)]
    return _detail_choices(state, card, who, seat)


def _detail_choices(state: dict, card: str, who: str, seat: int) -> list[dict]:
    out = FX.choices(state, _plays(card), who, None) or [{"target": None}]  # no Hero to target: ignored
    if any(e["do"] == "play" and e.get("card") == "location" for e in _plays(card)):
        here = [loc for loc in state["plot_hands"][seat] if C.TYPE[loc] == "location"
                and D.uniqueness_error(loc, state["locations"]) is None and D.use_error(loc, who) is None]
        out = [{**o, "location": loc} for o in out for loc in (here or [None])]
    return out


def bystanders_in_play(state: dict) -> list[str]:
    return [b["card"] for b in state["bystanders"]]


def play_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why playing this Plot is refused now, or None."""
    refusal = _play_gate(state, move)
    if refusal:
        return refusal
    card, who, seat = move["card"], move["character"], move["player"]
    fields = {k: v for k, v in move.items() if k not in BASE_FIELDS}
    if fields not in choices(state, card, who, seat):
        return "wrong_choice", f"These choices do not fit {C.display_name(card)}: {fields!r}."
    return None


def _play_gate(state: dict, move: dict, players: list | None = None, out_card=False) -> tuple[str, str] | None:
    """`play_error` but for the choices the move carries (a listing builds them from `choices`);
    `players` and `out_card`: `_players(state, seat)` and `out_of_play(state, seat)` when the caller
    worked them out already."""
    turn = state["turn"]
    seat, card, who = move.get("player"), move.get("card"), move.get("character")
    if turn is None:
        return "cannot_act", "Plots are played in the Turns of the Conflict, after Setup."
    if not BASE_FIELDS <= set(move) or type(card) is not str:
        return "wrong_move", "A play_plot move has player, kind, card and character (and the card's choices)."
    if turn["phase"] == "end":
        return "no_free_action_at_end_of_turn", "Plots are played when a Free action may be taken: not at the End of Turn."
    if card not in state["plot_hands"][seat]:
        return "not_in_plot_hand", f"{card!r} is not in your Plot Hand."
    kind = C.TYPE[card]
    if kind not in C.PLOT_TYPES:
        return "not_a_plot", f"{C.display_name(card)} enters play by its own rules, not as a Plot."
    if kind == "location":
        return "location_needs_a_card", "Locations can only be played if another card permits it."
    if kind == "lair":
        return "lair_only_when_fleeing", "Lairs can only be played by Villains when they are Fleeing."
    if who not in (_players(state, seat) if players is None else players):
        return "not_your_character", f"{who!r} is not a Character of yours that may act now."
    out = who == (out_of_play(state, seat) if out_card is False else out_card)
    if out and kind == "ally":
        return "incapacitated_hero_no_ally", "An Incapacitated Hero brings no Ally into play."
    if kind in ("bystander", "ally") and turn["phase"] != "start":
        code = "bystanders_at_start_of_turn" if kind == "bystander" else "allies_at_start_of_turn"
        return code, f"{C.display_name(card)} is played in the Start of Turn Phase."
    c = CH.record(state, who)
    if kind == "detail":
        refusal = D.use_error(card, who)
        if refusal:
            return refusal
    if cost(card, out) and (CH.kind(who) != "hero" or c["belief"] < cost(card, out)):
        return "not_enough_belief", (f"{C.display_name(card)} costs {cost(card, out)} Belief here, and only Heroes "
                                     "have Belief.")
    if kind == "bystander":
        if not out and who != A.acting(state, seat)[0]:  # one Free action for the seat: its first Character's
            return "not_your_character", "A seat plays its Bystanders through its first Character in play."
        if C.TYPE.get(state["location"]) == "lair":
            return "no_bystanders_in_lair", "Bystanders cannot be played when in a Lair."
        refusal = D.uniqueness_error(card, bystanders_in_play(state)) or D.use_error(card, who)
        if refusal:
            return refusal
    elif kind == "ally":
        if CH.kind(who) != "hero":
            return "not_your_character", "An Ally is played under a Hero."
        if AL.ally_of(state, who) is not None:
            return "one_ally_per_hero", "A Hero can only have one Ally at a time."
        refusal = D.uniqueness_error(card, [c["card"] for c in state["characters"]])
        if refusal:
            return refusal
    return None


def play_options(state: dict, seat: int) -> list[dict]:
    if state["turn"] is None or state["turn"]["phase"] == "end":
        return []
    out = []
    players = None
    start = state["turn"]["phase"] == "start"
    for card in state["plot_hands"][seat]:
        kind = C.TYPE[card]
        if kind not in ("detail", "bystander", "ally") or not start and kind != "detail":
            continue  # Bystanders and Allies are played in the Start of Turn only (`_play_gate`)
        if players is None:
            out_card = out_of_play(state, seat)
            players = _players(state, seat, out_card)
        who_may = players
        if kind == "bystander":  # never in a Lair, and through the seat's first Character or its Incapacitated
            if C.TYPE.get(state["location"]) == "lair":  # Hero (`_play_gate`): the others not built
                continue
            who_may = [who for who in players if who == players[0] or who == out_card]
        for who in who_may:
            price = cost(card, who == out_card)  # Belief to pay: a Hero's, enough of it (`_play_gate`), or not built
            if price and (C.TYPE[who] != "hero" or CH.record(state, who)["belief"] < price):
                continue
            move = {"player": seat, "kind": "play_plot", "card": card, "character": who}
            if _play_gate(state, move, players, out_card) is None:  # it reads none of the choices: asked once, before them
                out += [{**move, **choice} for choice in choices(state, card, who, seat)]  # built from what
                # `play_error` checks last
    return out


def on_play_plot(state: dict, move: dict, rng, events: list) -> None:
    seat, card, who = move["player"], move["card"], move["character"]
    kind = C.TYPE[card]
    hands = list(state["plot_hands"])
    hands[seat] = [c for c in hands[seat] if c != card]
    state["plot_hands"] = hands
    events.append({"type": "plot_played", "player": seat, "character": who, "card": card, "plot": kind})
    price = cost(card, who == out_of_play(state, seat))
    if price:
        c = CH.record(state, who)
        CH.update(state, who, belief=c["belief"] - price)
        events.append({"type": "counter_changed", "character": who, "counter": "belief", "amount": -price,
                       "value": c["belief"] - price})
    if kind == "detail":
        FX.resolve_plot(state, rng, _plays(card), move.get("you", who), seat, events, choice=move)
        state["plot_discard"] = state["plot_discard"] + [card]
    elif kind == "bystander":
        state["bystanders"] = state["bystanders"] + [{"card": card, "seat": seat, "location": state["location"]}]
        events.append({"type": "bystander_played", "player": seat, "card": card, "location": state["location"]})
    else:
        state["characters"] = state["characters"] + [new_ally(card, seat, who)]
        events.append({"type": "ally_played", "player": seat, "card": card, "hero": who})


def play_free_bystander(state: dict, hero: str, events: list) -> None:
    """Crowd Gathers: "A target Hero plays a Bystander from his Plot Hand at no cost": the first
    Bystander of the Hero's seat's Plot Hand that may be played now (ruling "Crowd Gathers"); none,
    nothing happens ("If you cannot resolve an effect ... just ignore it")."""
    seat = CH.record(state, hero)["seat"]
    if C.TYPE.get(state["location"]) == "lair":
        return
    card = next((c for c in state["plot_hands"][seat] if C.TYPE[c] == "bystander"
                 and D.uniqueness_error(c, bystanders_in_play(state)) is None and D.use_error(c, hero) is None), None)
    if card is not None:
        on_play_plot(state, {"player": seat, "card": card, "character": hero}, None, events)


# --- Start and End of Turn -----------------------------------------------------------------------------
def start_of_turn(state: dict, events: list) -> None:
    """"Here all cards that trigger at the beginning of a Turn take effect": the Location's."""
    FX.location_trigger(state, "start_of_turn", events)


def end_of_turn(state: dict, events: list) -> None:
    """The Location's End of Turn effects, then every Ally gains a Time counter."""
    FX.location_trigger(state, "end_of_turn", events)
    AL.gain_time(state, events)


# --- The state check -------------------------------------------------------------------------------------
BYSTANDER_FIELDS = frozenset(("card", "seat", "location"))


def check(state: dict, done: bool) -> None:
    """The Bystanders in play, the Allies, and every Plot in one place."""
    AL.check(state, done)
    n = state["players"]
    bystanders = state["bystanders"]
    if type(bystanders) is not list or len(bystanders) > len(C.IDS_OF["bystander"]) or bystanders and not done:
        raise _bad("'bystanders' lists the Bystanders in play, none before the first Turn.", "bystanders")
    names = set()
    for i, b in enumerate(bystanders):
        where = f"bystanders.{i}"
        if type(b) is not dict or b.keys() != BYSTANDER_FIELDS:
            raise _bad(f"A Bystander in play is an object with exactly the fields {sorted(BYSTANDER_FIELDS)}.", where)
        _card(b["card"], ("bystander",), "A Bystander in play", f"{where}.card")
        _int(b["seat"], 0, n - 1, "The seat that played a Bystander", f"{where}.seat")
        if b["location"] not in state["locations"] or C.TYPE.get(b["location"]) != "location":
            raise _bad("A Bystander is played at a Location in play (never a Lair).", f"{where}.location")
        if C.NAME[b["card"]] in names or b["card"] in state["plot_hands"][b["seat"]]:
            raise _bad("One copy of each Bystander is in play, and not also in its Plot Hand.", where)
        names.add(C.NAME[b["card"]])
    allies = [c for c in state["characters"] if C.TYPE[c["card"]] == "ally"]
    for a in allies:
        if a["card"] in state["plot_hands"][a["seat"]]:
            raise _bad("An Ally in play is not also in its Plot Hand.", "characters")
    # every seat holds one copy of a card at most: no more copies than seats anywhere
    everywhere = [c for hand in state["plot_hands"] for c in hand] + bystanders_in_play(state) + \
        [a["card"] for a in allies] + state["locations"][1:] + state["plot_discard"]
    for card in set(everywhere):
        if everywhere.count(card) > n:
            raise _bad(f"{C.display_name(card)} is in more places than there are Plot Hands.", "plot_discard")
    if len(state["locations"]) > 1 and not done:
        raise _bad("Locations beyond the initial one are played in the Conflict.", "locations")
    if not done and state["plot_discard"]:
        raise _bad("'plot_discard' is empty until the first Turn.", "plot_discard")

