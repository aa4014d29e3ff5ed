"""The words of Shufflers on the wire: what a move, a decision, an event, an outcome, a card
can be called. The engine speaks only these (tests/core/test_vocabulary.py plays games to check
it), and the API's schemas (api/schemas/shufflers.py) are written from them.
"""

# Rank and suit, then the deck it came from in the collaborative variation ("7C#1"); Jokers X1, X2.
CARD_ID = r"^(?:(?:A|[2-9]|10|J|Q|K)[CDHS]|X[12])(?:#[0-7])?$"

MOVE_KINDS = ("draw", "sacrifice", "pay", "contribute", "retrieve", "ignore", "vehicle", "sacrificial_lamb", "rob")
DECISION_KINDS = ("draw", "pay", "contribute", "help", "thief")
EVENT_TYPES = (
    "first_player", "card_drawn", "joker_drawn", "shufflers_attack", "shuffler_eaten", "paid", "card_retrieved",
    "card_stolen", "vehicle_passed", "lamb_offered", "player_died", "sacrificed", "escaped", "game_over",
)
OUTCOME_REASONS = ("escaped", "all_dead")

SEAT_STATUSES = ("alive", "dead", "sacrificed", "escaped", "left_behind")
PAYMENT_SOURCES = ("ammo", "health")  # what a payment spends, Ammo first
TASK_KINDS = ("payment", "help", "thief")  # the task in progress (state `task`)

# The card catalog
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "joker")
SUITS = ("C", "D", "H", "S", "none")
ROLES = ("shuffler", "ammo", "health", "thief", "doctor", "prepper", "joker")
