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

Heroes and Villains in a Plot Hand enter play by other rules (Playing a Hero, Villain Crossover):
not here (`not_a_plot`).
"""

from . import actions as A
from . import allies as AL
from . import cards as C
from . import characters as CH
from . import decks as D
from . import effects as FX
from .integrity import _bad, _card, _int
from .state import new_ally

DETAIL_COST = 1  # "① To play 1 Detail"
BASE_FIELDS = frozenset(("player", "kind", "card", "character"))
RULE_CODES = ("cannot_act", "wrong_move", "no_free_action_at_end_of_turn", "not_in_plot_hand", "not_a_plot",
              "location_needs_a_card", "lair_only_when_fleeing", "not_your_character", "not_enough_belief",
              "bystanders_at_start_of_turn", "no_bystanders_in_lair", "allies_at_start_of_turn",
              "one_ally_per_hero", "name_in_play", "character_copy_in_play", "wrong_color", "requirement_unmet",
              "wrong_choice")
EVENTS = ("plot_played", "location_played", "bystander_played", "ally_played", "trauma_removed", "objective_peeked",
          "location_triggered", "time_counter_added", "ally_removed", "ally_sacrificed")


def _plays(card: str) -> list[dict]:
    return [e for e in C.CARD[card]["effects"] if e["on"] == "play"]


def choices(state: dict, card: str, who: str, seat: int) -> list[dict]:
    """The extra fields a `play_plot` of this card carries, one dict per way to play it."""
    if C.TYPE[card] != "detail":
        return [{}]
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
    if who not in A.acting(state, seat):
        return "not_your_character", f"{who!r} is not a Character of yours that may act now."
    if kind in ("bystander", "ally") and turn["phase"] != "start":
        code = "bystanders_at_start_of_turn" if kind == "bystander" else "allies_at_start_of_turn"
        return code, f"{C.display_name(card)} is played in the Start of Turn Phase."
    c = CH.record(state, who)
    if kind == "detail":
        refusal = D.use_error(card, who)
        if refusal:
            return refusal
        if CH.kind(who) != "hero" or c["belief"] < DETAIL_COST:
            return "not_enough_belief", f"A Detail is played by spending {DETAIL_COST} Belief, and only Heroes have Belief."
    elif kind == "bystander":
        if who != A.acting(state, seat)[0]:  # one Free action for the seat: its first Character's
            return "not_your_character", "A seat plays its Bystanders through its first Character in play."
        if C.TYPE.get(state["location"]) == "lair":
            return "no_bystanders_in_lair", "Bystanders cannot be played when in a Lair."
        refusal = D.uniqueness_error(card, bystanders_in_play(state)) or D.use_error(card, who)
        if refusal:
            return refusal
    else:
        if CH.kind(who) != "hero":
            return "not_your_character", "An Ally is played under a Hero."
        if AL.ally_of(state, who) is not None:
            return "one_ally_per_hero", "A Hero can only have one Ally at a time."
        refusal = D.uniqueness_error(card, [c["card"] for c in state["characters"]])
        if refusal:
            return refusal
    fields = {k: v for k, v in move.items() if k not in BASE_FIELDS}
    if fields not in choices(state, card, who, seat):
        return "wrong_choice", f"These choices do not fit {C.display_name(card)}: {fields!r}."
    return None


def play_options(state: dict, seat: int) -> list[dict]:
    if state["turn"] is None or state["turn"]["phase"] == "end":
        return []
    out = []
    for card in state["plot_hands"][seat]:
        if C.TYPE[card] not in ("detail", "bystander", "ally"):
            continue
        for who in A.acting(state, seat):
            for choice in choices(state, card, who, seat):
                move = {"player": seat, "kind": "play_plot", "card": card, "character": who, **choice}
                if play_error(state, move) is None:
                    out.append(move)
    return out


def on_play_plot(state: dict, move: dict, rng, events: list) -> None:
    seat, card, who = move["player"], move["card"], move["character"]
    kind = C.TYPE[card]
    hands = list(state["plot_hands"])
    hands[seat] = [c for c in hands[seat] if c != card]
    state["plot_hands"] = hands
    events.append({"type": "plot_played", "player": seat, "character": who, "card": card, "plot": kind})
    if kind == "detail":
        c = CH.record(state, who)
        CH.update(state, who, belief=c["belief"] - DETAIL_COST)
        events.append({"type": "counter_changed", "character": who, "counter": "belief", "amount": -DETAIL_COST,
                       "value": c["belief"] - DETAIL_COST})
        FX.resolve_plot(state, rng, _plays(card), who, seat, events, choice=move)
        state["plot_discard"] = state["plot_discard"] + [card]
    elif kind == "bystander":
        state["bystanders"] = state["bystanders"] + [{"card": card, "seat": seat, "location": state["location"]}]
        events.append({"type": "bystander_played", "player": seat, "card": card, "location": state["location"]})
    else:
        state["characters"] = state["characters"] + [new_ally(card, seat, who)]
        events.append({"type": "ally_played", "player": seat, "card": card, "hero": who})


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

