"""Bots choose a move from what their seat may see: its view and its own decisions.

A bot never receives the full state, so it cannot read hidden cards by construction.
Games may add their own bots (`Game.bots()`); the random bot serves every game.
"""

from .rng import Rng


def seat_options(seen: dict) -> list[dict]:
    """Every option of the seat's pending decisions (ValueError when it has none to make)."""
    options = [o for d in seen["pending"] for o in d["options"]]
    if not options:
        raise ValueError("the bot's seat has no decision to make")
    return options


class RandomBot:
    """Uniform over every option of the seat's pending decisions."""

    name = "random"

    def choose(self, seen: dict, rng: Rng) -> dict:
        options = seat_options(seen)
        return options[rng.below(len(options))]


BOTS = {"random": RandomBot()}


def bot_names(game) -> list[str]:
    return sorted({**BOTS, **getattr(game, "bots", lambda: {})()})


def get_bot(game, name: str):
    bots = {**BOTS, **getattr(game, "bots", lambda: {})()}
    return bots.get(name)
