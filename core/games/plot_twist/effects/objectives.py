"""Plot Twist's Objective in the Conflict (rulebook: Objective Cards, Goal of the Game).

"Objectives begin the game face-down ... As soon as a Villain triggers the requisites of the Threat
symbol, he wins the game." "The Reveal Symbol (▲). This Symbol defines what happens when this card is
Revealed and flipped face-up." "For Villains, the goal is to Fulfill his Objective ... If they
fulfill their Objective, they win **immediately**."

- `reveal_refusal`: the GM may Reveal his Objective once, whenever he may take a Free action (ruling
  "When the Objective is Revealed"); its ▲ effects then happen (card_effects.reveal_objective);
- `threat_fulfilled`: the ▼ condition (conditions.py), counted from the first Turn, face down or up:
  the win Watch asks it whenever a figure it reads changed; a fulfilled Threat Reveals the card and
  the GM wins at once (`threat_fulfilled`).
"""

from .. import cards as C
from . import conditions as CO

RULE_CODES = ("objective_already_revealed",)


def threat(state: dict) -> dict | None:
    card = state["objective"]["card"]
    return C.CARD[card]["threat"] if card is not None else None


def threat_fulfilled(state: dict) -> bool:
    condition = threat(state)
    return condition is not None and CO.met(state, condition)


def reveal_refusal(state: dict) -> tuple[str, str] | None:
    objective = state["objective"]
    if objective["card"] is None or objective["revealed"]:
        return "objective_already_revealed", "The Objective is Revealed once, and it is face up already."
    return None


def fulfil(state: dict, events: list) -> None:
    """The Threat is fulfilled: the card is flipped face up (its ▲ no longer matters: the game ends)."""
    card = state["objective"]["card"]
    if not state["objective"]["revealed"]:
        state["objective"] = {**state["objective"], "revealed": True}
        events.append({"type": "objective_revealed", "card": card, "by": "threat"})
    events.append({"type": "threat_fulfilled", "card": card})
