"""The Big Shuffle as it is registered: the game of game.py, plus where it is listed, the hooks
that tell the tests how to exercise it (`Game.sample_setups`, `Game.shuffle_hidden`) and those
of the simulations (`Game.turns_played`, `Game.roles`).

They sit here, beside game.py rather than in its class, only while game.py is being split
into modules (issue 13); they can move into the class afterwards, with nothing else to change.
"""

import copy

from core.framework.game import Setup

from .game import BIG_SHUFFLE

_LAW = {"expansions": ["the-law"]}


class RegisteredBigShuffle(type(BIG_SHUFFLE)):
    listing_order = 2

    def turns_played(self, state: dict, moves: list) -> int:
        return state["turn"]["number"]

    def roles(self, state: dict) -> list | None:
        return [s.get("character") for s in state["seats"]]

    def sample_setups(self) -> tuple[Setup, ...]:
        # A random game runs some 600 moves (as many as fifty games of Shufflers): few games each.
        return (
            Setup("standard-2", 2, {}, 5),
            Setup("standard-3", 3, {}, 4),
            Setup("standard-4", 4, {}, 4),
            Setup("beginner-2", 2, {"mode": "beginner"}, 3),
            Setup("beginner-4", 4, {"mode": "beginner", "characters": [
                "character/governor", "character/reporter", "character/mafia-don", "character/femme-fatale"]}, 3),
            Setup("expert-2", 2, {"mode": "expert"}, 3),
            Setup("expert-3", 3, {"mode": "expert", "reaction_windows": "always"}, 3),
            Setup("expert-4", 4, {"mode": "expert"}, 3),
            Setup("standard-3-always-react", 3, {"reaction_windows": "always"}, 3),
            # The Law: patrols, and its cards in every deck
            Setup("law-standard-2", 2, _LAW, 3),
            Setup("law-standard-3", 3, _LAW, 2),
            Setup("law-standard-4", 4, {**_LAW, "reaction_windows": "always"}, 2),
            Setup("law-beginner-3", 3, {**_LAW, "mode": "beginner", "characters": [
                "character/vigilante", "character/governor", "character/cat-burglar"]}, 2),
            Setup("law-expert-2", 2, {**_LAW, "mode": "expert"}, 1),
            Setup("law-expert-4", 4, {**_LAW, "mode": "expert", "characters": [
                "character/reporter", "character/vigilante", "character/police-chief", "character/mafia-don"]}, 1),
        )

    def shuffle_hidden(self, state: dict, rng) -> dict:
        """The face-down decks in another order, and the face-down part of each Midtown pile
        (all but its top two) too."""
        other = copy.deepcopy(state)

        def rotate(cards: list) -> list:
            if len(cards) < 2:
                return cards
            k = 1 + rng.below(len(cards) - 1)
            return cards[k:] + cards[:k]

        for pile in ("noir", "informants", "changes", "agendas"):
            other[pile]["deck"] = rotate(other[pile]["deck"])
        for piles in other["city"].values():
            mid = piles["midtown"]
            piles["midtown"] = rotate(mid[:-2]) + mid[-2:]
        return other


GAME = RegisteredBigShuffle()
