"""The game registry. The framework imports no game: `core.games` registers them."""

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}
GAMES = _GAMES  # read-only for the framework's hot paths


def register(game: Game) -> Game:
    if game.id in _GAMES:
        raise ValueError(f"game {game.id!r} is registered twice")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> Game:
    """Take a game off the registry (tests that register a game of their own clean up with it)."""
    return _GAMES.pop(game_id)


def get_game(game_id) -> Game:
    game = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise UnknownGame(f"There is no game called {game_id!r}; known games: {sorted(_GAMES)}.")
    return game


def all_games() -> list[Game]:
    return list(_GAMES.values())
