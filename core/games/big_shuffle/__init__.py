from .game import BIG_SHUFFLE
from .registered import GAME

__all__ = ["BIG_SHUFFLE", "GAME"]
