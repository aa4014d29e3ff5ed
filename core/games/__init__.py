"""Registers every game with the framework. The framework itself imports no game.

Every package under `core/games/` is a game: it exposes its `Game` object as `GAME`, and its
name is the game id with `_` for `-` (`big-shuffle` is `core/games/big_shuffle/`). Nothing
else names the games: the API finds each game's wire schemas by the same name
(`api/schemas/<package>.py`), and the tests loop over `core.all_games()`. Games are registered
(and so listed) by `Game.listing_order`, then by id.

A game being built sets `IN_PROGRESS = True` in its package (and no `GAME`): its modules and
their tests live in the tree, but nothing registers it, so no list, spec or suite shows it until
it plays to an end.
"""

import importlib
import pkgutil

from core.framework.game import Game
from core.framework.registry import register


def package_name(game_id: str) -> str:
    """The package (and API schema module) of a game: `big-shuffle` -> `big_shuffle`."""
    return game_id.replace("-", "_")


def discover() -> list[Game]:
    """The `GAME` of every package under core/games/, in listing order."""
    games = []
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        if getattr(package, "IN_PROGRESS", False):
            continue
        game = getattr(package, "GAME", None)
        if not isinstance(game, Game):
            raise ImportError(f"core/games/{module.name}/ exposes no Game as `GAME`.")
        if package_name(game.id) != module.name:
            raise ImportError(f"core/games/{module.name}/ holds the game {game.id!r}: its package must be "
                              f"named {package_name(game.id)!r}.")
        games.append(game)
    return sorted(games, key=lambda g: (g.listing_order, g.id))


for _game in discover():
    register(_game)
