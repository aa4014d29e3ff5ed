"""Hidden information stays hidden, as a property over seeded random games of every mode.

For every viewer (each seat and the spectator), at many positions of random games:
1. the view names no card that viewer may not see: another seat's hand, a face-down agenda
   (standard and expert modes: the shared ones too, unless the viewer shares them), any card of
   a face-down deck, a Midtown scene below the two that show;
2. moving hidden cards around (swapping cards between two other seats' hands, a hidden personal
   agenda with the agenda deck, reordering the decks) changes neither the view nor the viewer's
   decisions.
With The Law too: patrols and Not On My Watch! are public, and hands hold patrols.
"""

import copy

import pytest

import core
from core.framework.rng import Rng
from core.games.big_shuffle.cards import ALL_IDS


def _ids(x) -> set:
    out = set()
    if isinstance(x, str) and x in ALL_IDS:
        out.add(x)
    elif isinstance(x, list):
        for y in x:
            out |= _ids(y)
    elif isinstance(x, dict):
        for y in x.values():
            out |= _ids(y)
    return out


def _hidden_from(state: dict, viewer) -> set:
    """Every card id the viewer may not see in this state."""
    hidden = set()
    beginner = state["options"]["mode"] == "beginner"
    for i, seat in enumerate(state["seats"]):
        if i != viewer:
            hidden |= set(seat["hand"])
            if seat["agenda"]:
                hidden.add(seat["agenda"])
    for sh in state["shared"]:
        if sh["agenda"] and not beginner and viewer not in sh["seats"]:
            hidden.add(sh["agenda"])
    hidden -= set(state["public"])  # back from a discard: public knowledge, wherever it went
    for pile in ("noir", "informants", "changes", "agendas"):
        hidden |= set(state[pile]["deck"])
    for piles in state["city"].values():
        hidden |= set(piles["midtown"][:-2])
    return hidden


def _shuffle_hidden(state: dict, viewer, rng: Rng) -> dict:
    """The same position for `viewer`, with hidden cards moved around."""
    other = copy.deepcopy(state)
    public = set(other["public"])
    seats = [i for i, s in enumerate(other["seats"]) if i != viewer and set(s["hand"]) - public]
    if len(seats) >= 2:
        a, b = seats[0], seats[1]
        ha, hb = other["seats"][a]["hand"], other["seats"][b]["hand"]
        free_a = [k for k, c in enumerate(ha) if c not in public]  # public cards stay put
        free_b = [k for k, c in enumerate(hb) if c not in public]
        i, j = free_a[rng.below(len(free_a))], free_b[rng.below(len(free_b))]
        ha[i], hb[j] = hb[j], ha[i]
    hiders = [i for i, s in enumerate(other["seats"]) if i != viewer and s["agenda"]]
    if hiders and other["agendas"]["deck"]:
        k = hiders[rng.below(len(hiders))]
        deck = other["agendas"]["deck"]
        other["seats"][k]["agenda"], deck[-1] = deck[-1], other["seats"][k]["agenda"]
    for pile in ("noir", "informants", "changes"):
        other[pile]["deck"] = rng.shuffle(other[pile]["deck"])
    return other


LAW = ("the-law",)
MODES = [("standard", 2, ()), ("standard", 4, ()), ("beginner", 3, ()), ("expert", 3, ()), ("expert", 4, ()),
         ("standard", 3, LAW), ("expert", 4, LAW)]


@pytest.mark.parametrize("mode,players,expansions", MODES)
def test_views_name_no_hidden_card_and_do_not_depend_on_hidden_cards(mode, players, expansions):
    checked = 0
    for seed in range(3):
        rng = Rng.from_seed(f"hidden:{mode}:{players}:{seed}")
        step = core.new_game("big-shuffle", players, {"mode": mode, "expansions": list(expansions)}, seed)
        while step.outcome is None and step.state["version"] < 400:
            if rng.below(4) == 0:
                for viewer in [None, *range(players)]:
                    seen = core.view(step.state, viewer)
                    leaked = _ids(seen) & _hidden_from(step.state, viewer)
                    assert not leaked, f"seat {viewer} sees hidden cards {sorted(leaked)}"
                    other = _shuffle_hidden(step.state, viewer, rng)
                    try:
                        core.check_state(other)
                    except core.InvalidState:
                        continue  # the swap made the active player's agendas match: not a position
                    assert core.view(other, viewer) == seen, f"seat {viewer}'s view depends on hidden cards"
                    checked += 1
            options = [o for d in step.pending for o in d["options"]]
            step = step.play(options[rng.below(len(options))])
    assert checked > 50


def test_events_show_a_drawn_card_to_its_drawer_only():
    for seed in range(4):
        rng = Rng.from_seed(f"events:{seed}")
        step = core.new_game("big-shuffle", 3, {}, seed)
        drawn = 0
        while step.outcome is None and drawn < 20:
            options = [o for d in step.pending for o in d["options"]]
            step = step.play(options[rng.below(len(options))])
            for e in step.events:
                if e["type"] in ("card_drawn", "card_stolen", "deck_searched") and e.get("from") != "discard" \
                        and e["card"] is not None:
                    drawn += 1
                    owners = {e["player"], e["target"]} if "target" in e else {e["player"]}
                    for viewer in [None, 0, 1, 2]:
                        shown = core.view_events(step.state, [e], viewer)[0]["card"]
                        assert shown == (e["card"] if viewer in owners else {"hidden": True})
        assert drawn >= 20


# --- Public knowledge (issue 12) ----------------------------------------------------------------
def test_cards_returned_from_the_discard_are_public_in_every_view():
    # "Any discarded card (or cards returned from the discard) ... are public knowledge. Players
    # can check these at any time": the views show such a card in the hand it went to, to every
    # seat and to spectators; the state tracks them in `public`
    from big_shuffle_helpers import edit, game, move, put, step_of

    s = edit(game(3, ["reporter", "femme-fatale", "governor"]))
    card = s["noir"]["deck"][0]
    put(s, card, ("noir", "discard"))
    s["turn"]["step"] = "start"  # (with the discard empty The Reporter's ability was not offered)
    step = move(step_of(s), player=0, kind="ability", card="character/reporter")  # The Reporter takes it
    assert card in step.state["seats"][0]["hand"] and step.state["public"] == [card]
    for viewer in (1, 2, None):
        hand = core.view(step.state, viewer)["view"]["seats"][0]["hand"]
        assert hand[0] == card and hand[1:] == [{"hidden": True}] * (len(hand) - 1)
    core.check_state(step.state)


def test_a_public_card_stays_public_when_stolen_and_is_forgotten_once_shuffled_into_the_deck():
    from big_shuffle_helpers import edit, game, move, put, step_of, to_main

    s = edit(game(3, ["reporter", "femme-fatale", "governor"]))
    card = s["noir"]["deck"][0]
    put(s, card, ("noir", "discard"))
    s["turn"]["step"] = "start"  # (with the discard empty The Reporter's ability was not offered)
    step = move(step_of(s), player=0, kind="ability", card="character/reporter")
    s = edit(to_main(step, 0))
    for c in [c for c in s["seats"][0]["hand"] if c != card]:  # seat 0 holds only the public card
        put(s, c, ("noir", "deck"), top=False)
    step = move(step_of(s), player=0, kind="end_turn")
    step = move(step, player=1, kind="ability", card="character/femme-fatale", target=0)  # she steals it
    [stolen] = [e for e in step.events if e["type"] == "card_stolen"]
    assert stolen["card"] == card and stolen["public"] is True
    assert core.view_events(step.state, [stolen], 2)[0]["card"] == card
    assert core.view(step.state, 2)["view"]["seats"][1]["hand"][0] == card
    # a card that leaves the hands is no longer listed: it is seen where it lies
    s = edit(step)
    put(s, card, ("noir", "discard"))
    s["public"] = []
    core.check_state(s)
    s["public"] = [card]  # listed but in no hand
    with pytest.raises(core.InvalidState):
        core.check_state(s)


def test_old_states_without_public_are_refused_as_invalid():
    from big_shuffle_helpers import edit, game

    s = edit(game(2))
    del s["public"]
    with pytest.raises(core.InvalidState):
        core.check_state(s)
