"""Plot Twist: Villain Crossovers, Personas and a new Main Villain (rulebook: Reversal of Fortunes,
Villain Crossover, Uniqueness Rule, Fleeing).

Two effects Reversal of Fortunes buys (reversal.py lists them, checks their cost and calls `enter`):

- `crossover {card}` (3 cured Belief): "Initiate a Villain Crossover". A Villain from the GM's Plot
  Hand, or a Crossover Villain Hiding, enters play: "Crossover Villains enter play at 6 Hate Counters
  and at 6 maximum Hate and cannot Flee" (ruling "Villain Crossover": one from the Plot Hand enters
  without Equipment and, like every Character placed, with no Combat action before the next Start
  of Turn; its record carries `crossed`, the Turn it came in, as a played Hero's carries `joined`).
- `persona {card}` (5): "A Character with the same Name but different Persona can be played if his
  other Persona (or his version with no Persona) has been Incapacitated, by restoring 5 Belief ... It
  enters play with 6 Hate. Remove the original Persona from the game": from the GM's Plot Hand, the
  original's record stays in `characters` with `away: "replaced"` (out of play, its card no longer in
  play for the Uniqueness Rule).

Both: "The GM can never play the same number of Villains as there are Heroes played, only less"
(the Villains and the Heroes in play, not Incapacitated: `villains_fewer_than_heroes`).

A Crossover Villain is a Villain who is not the Main Villain (`main` false): at most 6 Hate
(`characters.hate_max`), he cannot Flee, Sneak Attack (conflict.py) or add Quantity counters to
Mooks (spending.py, Main Villain only). "If their Hate is reduced to 0 they simply Hide, turning face
down and waiting to be called for a Crossover again. His counters remain except for Hate": at the
End of Turn, after the Villains pay their Hate, each one at 0 Hides (`away: "hiding"`; ruling
"Hiding"); another `crossover` calls him back with 6 Hate. "If a Crossover Villain is Incapacitated,
they are discarded, and cannot enter play again": his record stays Incapacitated.

A new Main Villain: "If the Main Villain is Defeated or Surrenders, the GM chooses another Villain in
play to become the Main Villain, and recover his maximum Hate": while the Main Villain is out of play
(Incapacitated, or `away: "surrendered"`, conflict.py) and another Villain is in play, the GM's only
decision is `new_main_villain {card}` (made by itself when one Villain may be chosen); the chosen one
becomes the Main Villain at his printed Hate (Power x3). With no other Villain in play, the Heroes
win as before.
"""

from core.framework.game import decision

from .. import cards as C
from ..characters import characters as CH
from ..setup import decks as D
from ..state import CROSSOVER_HATE, GM, in_play, main_villain, new_character

COSTS = {"crossover": 3, "persona": 5}  # "{3} ... Initiate a Villain Crossover"; Personas "by restoring 5 Belief"
AWAY = ("hiding", "surrendered", "replaced")
MOVE_KINDS = ("new_main_villain",)
PROMPTS = {"new_main_villain": "Your Main Villain is out of play: choose another Villain in play to become the Main Villain."}
EVENTS = ("villain_crossed", "persona_played", "villain_hid", "main_villain_chosen")
RULE_CODES = ("villains_fewer_than_heroes", "not_a_crossover_villain", "not_a_persona", "no_main_villain_to_choose",
              "not_a_villain_in_play", "crossover_no_sneak_attack")


# --- Crossovers and Personas -----------------------------------------------------------------------------
def _fewer(state: dict) -> tuple[str, str] | None:
    villains, heroes = len(CH.villains_in_play(state)), len(CH.heroes_in_play(state))
    if villains + 1 >= heroes:
        return "villains_fewer_than_heroes", (
            f"The GM can never play the same number of Villains as there are Heroes played, only less: "
            f"{villains} Villain(s) and {heroes} Hero(es) are in play.")
    return None


def _hiding(state: dict) -> list[str]:
    return [c["card"] for c in state["characters"] if c.get("away") == "hiding"]


def _in_hand(state: dict) -> list[str]:
    return [card for card in state["plot_hands"][GM] if C.TYPE.get(card) == "villain"]


def _replaced(state: dict, card: str) -> dict | None:
    """The Incapacitated Villain of `card`'s Name, another Persona, that `card` may replace."""
    for c in state["characters"]:
        if (C.TYPE[c["card"]] == "villain" and "away" not in c and c["card"] != card
                and C.NAME[c["card"]] == C.NAME[card] and CH.is_incapacitated(c)):
            return c
    return None


def error(state: dict, effect: str, card) -> tuple[str, str] | None:
    """Why this Crossover or Persona is refused now (its cost aside: reversal.py), or None."""
    if effect == "crossover":
        if card not in _hiding(state) and (card not in _in_hand(state)
                                          or D.uniqueness_error(card, in_play(state)) is not None):
            return "not_a_crossover_villain", (f"{card!r} is no Villain of the GM's Plot Hand that may enter play, "
                                               "nor a Crossover Villain Hiding.")
    else:
        original = _replaced(state, card) if card in _in_hand(state) else None
        if original is None or D.uniqueness_error(card, [c for c in in_play(state) if c != original["card"]]):
            return "not_a_persona", (f"{card!r} is no Villain of the GM's Plot Hand whose other Persona is "
                                     "Incapacitated.")
    return _fewer(state)


def candidates(state: dict) -> list[tuple[str, str]]:
    """(effect, card) for every Crossover and Persona `error` would accept now."""
    if _fewer(state):
        return []
    pairs = [("crossover", c) for c in _in_hand(state) + _hiding(state)] + [("persona", c) for c in _in_hand(state)]
    return [(e, c) for e, c in pairs if error(state, e, c) is None]


def enter(state: dict, effect: str, card: str, events: list) -> None:
    """The Villain enters play with 6 Hate, not the Main Villain."""
    number = state["turn"]["number"]
    if card in _hiding(state):
        CH.update(state, card, hate=CROSSOVER_HATE)
        state["characters"] = [{k: v for k, v in c.items() if k != "away"} if c["card"] == card else c
                               for c in state["characters"]]
        events.append({"type": "villain_crossed", "character": card, "hate": CROSSOVER_HATE, "from": "hiding"})
        return
    hand = list(state["plot_hands"])
    hand[GM] = [c for c in hand[GM] if c != card]
    state["plot_hands"] = hand
    if effect == "persona":
        original = _replaced(state, card)["card"]
        CH.update(state, original, away="replaced")
        events.append({"type": "persona_played", "character": card, "replaces": original})
    record = {**new_character(card, GM), "main": False, "hate": CROSSOVER_HATE, "crossed": number}
    state["characters"] = state["characters"] + [record]
    events.append({"type": "villain_crossed", "character": card, "hate": CROSSOVER_HATE, "from": "plot_hand"})


# --- Hiding, at the End of Turn ------------------------------------------------------------------------------
def hide(state: dict, events: list) -> None:
    """Every Crossover Villain in play at 0 Hate turns face down."""
    for v in CH.villains_in_play(state):
        if not v["main"] and v["hate"] == 0:
            CH.update(state, v["card"], away="hiding")
            events.append({"type": "villain_hid", "character": v["card"]})


# --- A new Main Villain ----------------------------------------------------------------------------------------
def successors(state: dict) -> list[str]:
    """The Villains the GM may choose as his new Main Villain now: none while the Main Villain is in
    play (or before the Conflict, or between two Conflicts)."""
    if state["turn"] is None or state["aftermath"] is not None or state["outcome"] is not None:
        return []
    villains = CH.villains_in_play(state)  # (the Main Villain is in play iff he is among them, in play)
    if any(v.get("main") for v in villains):
        return []
    return [v["card"] for v in villains]


def decisions(state: dict) -> list[dict]:
    opts = [{"player": GM, "kind": "new_main_villain", "card": card} for card in successors(state)]
    return [decision(GM, "new_main_villain", PROMPTS["new_main_villain"], opts)]


def move_error(state: dict, move: dict) -> tuple[str, str] | None:
    if set(move) != {"player", "kind", "card"}:
        return "wrong_move", "A new_main_villain move has the fields player, kind and card."
    chosen = successors(state)
    if not chosen or move["player"] != GM:
        return "no_main_villain_to_choose", "The GM chooses a new Main Villain only when his Main Villain is out of play."
    if move["card"] not in chosen:
        return "not_a_villain_in_play", f"{move['card']!r} is no other Villain in play."
    return None


def on_move(state: dict, move: dict, rng, events: list) -> None:
    """The chosen Villain becomes the Main Villain and recovers his maximum Hate (his printed Hate)."""
    card, old = move["card"], main_villain(state)
    if old is not None:
        CH.update(state, old["card"], main=False)
    hate = C.CARD[card]["hate"]
    CH.update(state, card, main=True, hate=hate)
    events.append({"type": "main_villain_chosen", "character": card, "hate": hate})
