"""What a table does for a seat whose clock ran out: the game's default move.

A server that holds a table with a clock acts for a seat whose time is up. It asks the engine
for that seat's *default move*: one of the seat's listed options, chosen by its game
(`Game.default_move`). The rule every game follows: pass, decline or end the turn where the
rules offer it (the game names those move kinds in `Game.pass_kinds`); else a documented safe
choice, by default the first option the engine lists (the engine lists options in a fixed
order, so the choice is the same on every server).

    >>> import core
    >>> from core.framework.timeouts import default_move
    >>> step = core.new_game("showbiz-shuffle", players=2, seed=1)
    >>> default_move(step.state, step.pending[0]["player"])["kind"]
    'end_turn'
"""

from .errors import GameOver, NotYourTurn
from .game import pass_or_first  # noqa: F401  (the default's rule, with the hook it serves)
from .registry import get_game


def default_move(state: dict, player: int) -> dict:
    """The move a table makes for `player` when its clock runs out: one of its listed options."""
    if state["outcome"] is not None:
        raise GameOver("The game is over; no seat has a move to make.")
    game = get_game(state["game"])
    mine = [d for d in game.decisions(state) if d["player"] == player]
    if not mine:
        raise NotYourTurn(f"Seat {player} has no decision to make now.")
    return game.default_move(state, mine)
