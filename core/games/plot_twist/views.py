"""What each seat of Plot Twist may see: views of a state and of its events.

Hidden (each card becomes `{"hidden": true}`, counts stay visible):
- the face-down Objective, from every seat but the GM's and those that peeked at it (`objective.peeked`:
  a Detail, Perception or Hacking), until it is Revealed;
- the unrevealed Events of the Events Cluster, from every seat but the GM's;
- a Plot Hand and a Combat hand, from every seat but its owner's;
- a Combat Deck: from the other seats while its owner builds it; once shuffled at the end of Setup,
  from everyone (deck order is hidden, even from the owner);
- the Twists! Deck: from the GM (and spectators) while the Heroes build it; once shuffled, from
  everyone.
Everything else (Characters and their counters, Equipment, Locations, discard piles, Twists in
play, the Turn and the Combat in progress, every roll, the cards in play's `timers`, `choice`,
`counting` and `nullify_tries`, which only ever name face-up cards) is face up; an Event's card shows
once it is Revealed (`reveal_event`, or a card that Reveals it), the Objective's once the GM Reveals
it, a card Reveals it, or its Threat is fulfilled; in the Conflict the Combat cards
a seat draws (`combat_cards_drawn`) are seen by that seat only. `player=None` is a spectator, who sees no hidden card.

    >>> from core.framework.rng import Rng
    >>> from .setup.setup import new_state
    >>> fields, _ = new_state(2, {"setup": "quick"}, Rng.from_seed(3))
    >>> state = {"players": 2, **fields}
    >>> view(state, 1)["objective"]["card"], view(state, 0)["objective"]["card"] == fields["objective"]["card"]
    ({'hidden': True}, True)
    >>> view(state, 1)["plot_hands"][0] == [{"hidden": True}] * 5, view(state, 1)["plot_hands"][1] == fields["plot_hands"][1]
    (True, True)
"""

from .state import GM, HIDDEN


def _hidden(cards: list) -> list:
    return [HIDDEN] * len(cards)


def _sees_own(seat: int, player: int | None) -> bool:
    return player is not None and player == seat


def view(state: dict, player: int | None) -> dict:
    """The state as `player` may see it (the framework drops the RNG state itself)."""
    seen = dict(state)
    building = state["setup"]["step"] != "done"
    gm = player == GM
    hero = player is not None and player != GM
    objective = state["objective"]
    if objective["card"] is not None and not objective["revealed"] and not gm and player not in objective["peeked"]:
        seen["objective"] = {**objective, "card": HIDDEN}
    if not gm:
        seen["events_cluster"] = [e if e["revealed"] else {**e, "card": HIDDEN} for e in state["events_cluster"]]
    seen["plot_hands"] = [h if _sees_own(p, player) else _hidden(h) for p, h in enumerate(state["plot_hands"])]
    seen["combat_hands"] = [h if _sees_own(p, player) else _hidden(h) for p, h in enumerate(state["combat_hands"])]
    seen["combat_decks"] = [d if building and _sees_own(p, player) else _hidden(d)
                            for p, d in enumerate(state["combat_decks"])]
    if not (building and hero):
        seen["twists_deck"] = _hidden(state["twists_deck"])
    return seen


# Who may see the card of an event of a hidden pick: (event type) -> (event, player) -> bool.
_SEES = {
    "objective_placed": lambda event, player: player == GM,
    "event_added": lambda event, player: player == GM,
    "plot_added": lambda event, player: player is not None and player == event["player"],
    "combat_card_added": lambda event, player: player is not None and player == event["player"],
    "twist_added": lambda event, player: player is not None and player != GM,
    "objective_peeked": lambda event, player: player in (GM, event["player"]),
}


def view_event(event: dict, player: int | None) -> dict:
    """An event as `player` may see it: the card of a hidden pick becomes `{"hidden": true}`, and
    the Combat cards a seat draws are seen by that seat only (their number by everyone)."""
    if event.get("type") == "combat_cards_drawn" and not _sees_own(event["player"], player):
        return {**event, "cards": _hidden(event["cards"])}
    sees = _SEES.get(event.get("type"))
    if sees is None or sees(event, player):
        return event
    return {**event, "card": HIDDEN}
