from .game import BIG_SHUFFLE

__all__ = ["BIG_SHUFFLE"]
