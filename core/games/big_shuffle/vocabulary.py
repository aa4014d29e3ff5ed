"""The words of The Big Shuffle on the wire: what a move, a decision, an event, an outcome, a
queued task, an effect can be called. The engine speaks only these (tests/core/test_vocabulary.py
plays games to check it), and the API's schemas (api/schemas/big_shuffle.py) are written from
them. Card ids, scene types, places and lines are the catalog's (cards.py).
"""

MODES = ("beginner", "standard", "expert")

MOVE_KINDS = (
    "choose_character", "ability", "skip_ability", "draw", "play", "attempt", "end_turn", "stop", "hire", "pass",
    "react", "decline", "trash", "discard_goon", "lose_informant", "resolve", "score", "choose_drawer",
)
DECISION_KINDS = ("choose_character", "start_of_turn", "main", "score", "draw", "trash", "crazed_killer", "order",
                  "react", "hire", "continue", "choose_drawer")
EVENT_TYPES = (
    "game_started", "character_chosen", "cards_dealt", "turn_started", "ability_used", "card_drawn", "deck_empty",
    "deck_reshuffled", "card_played", "card_taken", "card_discarded", "card_stolen", "loot_stolen", "loot_trashed",
    "deck_searched", "informant_killed", "informant_replaced", "informant_revealed", "attempt_started",
    "change_revealed", "reaction_played", "goon_hired", "passed", "attempt_resolved", "scene_changed", "scene_moved",
    "scene_activated", "title_removed", "big_shuffle", "agenda_scored", "agenda_dealt", "agendas_matched",
    "game_over",
    "patrol_played", "patrol_moved", "scene_protected", "move_prevented", "protection_ended",  # The Law
)
OUTCOME_REASONS = ("agendas", "points")

STEPS = ("character", "start", "draw", "main", "end", "over")  # of a turn
ATTEMPT_STEPS = ("reveal", "revealed", "hire", "success", "changed", "done", "continue")  # of a scene change
WINDOWS = ("revealed", "success", "changed")  # the reaction moments
SIDES = ("for", "against")
DRAW_SOURCES = ("deck", "discard")
RESHUFFLED_DECKS = ("noir", "informants", "changes")

# Card types
SEARCH_TYPES = ("goon", "loot", "action", "reaction")  # what a `search` looks for (game.py `_check_task`)
NOIR_TYPES = SEARCH_TYPES + ("patrol",)  # patrol: The Law
CARD_TYPES = ("character", "informant", "change", "agenda", "scene", "title") + NOIR_TYPES
CARD_SOURCES = ("rulebook", "house")

# The queue of effects (state `queue`): each task's `do`
TASK_KINDS = ("draw", "trash", "kill_unless_goon", "discard", "end_attempt", "effect", "order")

# Card effects: when (`on`) and what (`do`)
TRIGGERS = ("static", "start", "play", "hire_for", "hire_against", "reveal", "success", "fail", "activate",
            "changed", "you_change", "react",
            "hire", "you_hire", "patrol", "patrol_success", "patrol_fail")  # The Law
STATIC_VERBS = ("influence", "no_loot", "no_abilities", "draw_from_discard", "ignore_scenes", "hire_after_pass",
                "soften_against", "goon_bonus", "extra_draw",
                "cruise", "ignore_patrols")  # The Law
ONE_SHOT_VERBS = ("draw", "draw_each", "take_discard", "replace_informant", "kill_informant", "steal_loot",
                  "steal_random", "search", "bottom_active", "big_shuffle", "extra_plays", "extra_play", "attempt",
                  "repeat", "no_goons", "kill_unless_goon", "discard_random", "modify",
                  "support", "protect", "move_patrol", "no_informant", "draw_chosen")  # The Law
# The verbs a queued `effect` task can carry (game.py `_VERBS`).
TASK_VERBS = ("draw", "draw_each", "take_discard", "replace_informant", "kill_informant", "steal_loot",
              "steal_random", "search", "bottom_active", "big_shuffle", "extra_plays", "extra_play",
              "discard_random", "modify", "attempt",
              "draw_chosen")  # The Law: Neighborhood Watch, the attempting character chooses who draws
