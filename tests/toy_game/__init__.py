"""The toy game, Race to Ten, and the one way tests register it (never in production).

    with registered() as game:
        core.new_game(game.id, 2, seed=1)

registers the game with the engine (and its wire schemas with the API, for an app created
inside the block), and takes both off again on the way out, so the toy never shows in the
games list or the spec of another test in the same process.
"""

from contextlib import contextmanager

from api.schemas import GAMES  # the API's per-game schema modules
from core.framework.registry import register, unregister

from . import race_to_ten, race_to_ten_schemas


@contextmanager
def registered():
    game = register(race_to_ten.GAME)
    GAMES[game.id] = race_to_ten_schemas
    try:
        yield game
    finally:
        GAMES.pop(game.id, None)
        unregister(game.id)
