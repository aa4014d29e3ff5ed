from .game import BIG_SHUFFLE

GAME = BIG_SHUFFLE  # what core/games/__init__.py registers

__all__ = ["BIG_SHUFFLE", "GAME"]
