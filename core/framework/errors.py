"""Engine errors: one class per stable code. Messages are full sentences."""


class EngineError(Exception):
    """Base class. `code` is stable and machine-readable; `message` is for people."""

    code = "engine_error"

    def __init__(self, message: str, errors: dict | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors


class UnknownGame(EngineError):
    code = "unknown_game"


class UnknownBot(EngineError):
    code = "unknown_bot"


class InvalidOptions(EngineError):
    code = "invalid_options"


class InvalidState(EngineError):
    code = "invalid_state"


class InvalidMove(EngineError):
    """The move is not a well-formed move object (not a dict, no seat...)."""

    code = "invalid_move"


class IllegalMove(EngineError):
    """A well-formed move that the rules do not allow right now.

    `rule`, when the game can name it, is a stable snake_case name of the rule the move
    breaks (e.g. "one_card_per_turn"); the code stays "illegal_move".
    """

    code = "illegal_move"

    def __init__(self, message: str, errors: dict | None = None, rule: str | None = None):
        super().__init__(message, errors)
        self.rule = rule


class NotYourTurn(EngineError):
    code = "not_your_turn"


class GameOver(EngineError):
    code = "game_over"


class WorkLimit(EngineError):
    """Resolving the move would take more work than any position reached by play needs:
    the state is not one the engine made (framework/budget.py)."""

    code = "work_limit"


class StaleVersion(EngineError):
    code = "stale_version"
