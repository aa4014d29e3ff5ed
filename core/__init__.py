"""The Shuffle rules engine: pure functions over plain JSON-able data.

    >>> import core
    >>> step = core.new_game("shufflers", players=1, seed=1)
    >>> step.pending[0]["kind"]
    'draw'
"""

from core.framework.engine import (
    Step, apply, bot_move, check_state, decisions, new_game, play_bots, view, view_events,
)
from core.framework.errors import (
    EngineError,
    GameOver,
    IllegalMove,
    InvalidMove,
    InvalidOptions,
    InvalidState,
    NotYourTurn,
    StaleVersion,
    UnknownBot,
    UnknownGame,
    WorkLimit,
)
from core.framework.registry import all_games, get_game
import core.games  # noqa: F401  (registers every game)

__all__ = [
    "Step", "apply", "bot_move", "check_state", "decisions", "new_game", "play_bots", "view", "view_events",
    "EngineError", "GameOver", "IllegalMove", "InvalidMove", "InvalidOptions", "InvalidState",
    "NotYourTurn", "StaleVersion", "UnknownBot", "UnknownGame", "WorkLimit", "all_games", "get_game",
]
