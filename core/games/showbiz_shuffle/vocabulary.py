"""The words of Showbiz Shuffle on the wire: what a move, a decision, an event, an outcome, a
card can be called. The engine speaks only these (tests/core/test_vocabulary.py plays games to
check it), and the API's schemas (api/schemas/showbiz_shuffle.py) are written from them. The
genres and Bod types are the catalog's (cards.py: GENRES, TYPES).
"""

BOD_ID = r"^[DSA][0-9]{2}$"  # Director, Star, supporting Actor
BIZ_ID = r"^B[0-9]{2}$"

MOVE_KINDS = ("start_movie", "cast", "play_biz", "shake_up", "end_turn")
DECISION_KINDS = ("turn",)
EVENT_TYPES = (
    "bods_drawn", "biz_drawn", "biz_reshuffled", "cattle_call_filled", "turn_started", "turn_ended",
    "end_game_started", "studio_shake_up", "movie_started", "bod_cast", "biz_played", "movie_completed",
    "movie_unfinished", "game_over",
)
OUTCOME_REASONS = ("end_game", "stalled")

SOURCES = ("hand", "cattle_call")  # where a Bod comes from

# The card catalog
DECKS = ("bod", "biz", "genre")
EFFECT_KINDS = ("draw_biz", "requires", "feud", "partner", "modify", "upstage", "needs")
CARD_SOURCES = ("house", "rules")
BIZ_TARGETS = ("bod", "movie")
GENRE_COLOURS = ("yellow", "red", "blue", "green", "purple")
