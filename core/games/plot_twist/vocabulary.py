"""Plot Twist's words: every word the card data (and later the wire) may use, as tuples.

`cards.py` checks the catalog against them and re-exports them; docs/rulings-plot-twist.md says
how the house starter set was built with them.
"""

CARD_TYPES = ("hero", "villain", "mook", "equipment", "objective", "event", "twist", "combat",
              "detail", "location", "lair", "bystander", "ally")
PLOT_TYPES = ("detail", "location", "lair", "bystander", "ally")  # "5 types of Plot"
CHARACTER_TYPES = ("hero", "villain", "mook", "ally")
COLORS = ("white", "silver", "black", "red", "blue", "green", "golden")
CHARACTER_COLORS = COLORS[:-1]  # every Character has a Color; Golden "is not associated with any Colors"
CLASSES = ("mentalist", "captain", "sergeant", "tank", "inventor", "support")
CLASS_COLOR = dict(zip(CLASSES, CHARACTER_COLORS))  # White: Mentalist, Silver: Captain, ...
INTRINSIC_KEYWORDS = ("armor", "mental-armor", "overcharged", "spirit-of-the-night", "tactician")
KEYWORDS = INTRINSIC_KEYWORDS + ("teleporter", "telekinesis", "speedster", "rich") + CLASSES
ATTRIBUTES = ("body", "mind", "charm", "power")
RESISTANCES = ("physical", "mental", "social")
RESISTANCE_ATTRIBUTE = {"physical": "body", "mental": "mind", "social": "charm"}
APTITUDES = ("agility", "perception", "resilience", "reflexes")
EXPERIENCES = ("healing", "gadgeteer", "hacking", "psyche")
TALENTS = ("fighting", "energy-projection", "stealth", "flight")
HEROICS = APTITUDES + EXPERIENCES + TALENTS
SKILLS = ("apologist", "public-relations", "offend", "rebutt")
WEAPON_KINDS = ("melee", "ranged", "mental")  # "There are no Social Weapons"
COMBAT_KINDS = ("movement", "maneuver", "attack", "special")
ATTACK_KINDS = ("melee", "ranged", "mental", "social", "special")
DISTANCES = ("melee", "ranged")
MOVEMENT_KINDS = DISTANCES + ("either",)  # the Distance a movement card sets
MANEUVER_DISTANCES = DISTANCES + ("any",)  # where a maneuver may be played
ACTIONS = ("move", "attack", "none")  # what playing a combat card spends
# An attack kind's own requirement ("Ranged Attacks ... require Energy Projection"; "Mental
# Attacks ... require Psyche"): a card of that kind needs it without printing it.
ATTACK_REQUIRES = {"ranged": "energy-projection", "mental": "psyche"}

# Effects: {on, do, ...}. `on` is when it happens, `do` the verb; `then` (a roll's) holds effects
# without `on`. Common parameters: target (TARGETS, default "self"), attack (only for that kind of
# attack), lasts (DURATIONS) or for_turns / in_turns (Time counters), cost (activate only).
TRIGGERS = ("static", "play", "reveal", "recruit", "kill", "activate", "hit",
            "start_of_turn", "end_of_turn")
EFFECT_VERBS = (
    "deal",           # deal Stress (or Trauma, trauma = true) directly, ignoring Armor and Cover
    "cause",          # cause Damage: a Damage Roll of `amount` coins after Armor+Cover
    "regenerate",     # remove Stress counters
    "remove_trauma",  # remove Trauma counters
    "gain",           # gain counters or actions (COUNTERS)
    "lose",           # lose counters or actions
    "modify",         # + `amount` to (or `set` of) a number (STATS)
    "status",         # inflict a status (STATUSES)
    "end_status",     # end a status
    "keyword",        # gain a keyword
    "heroic",         # gain `amount` ranks in a heroic (or `set` it)
    "lock",           # Lock a keyword or a heroic
    "roll",           # make a Fixed or Chosen Roll; `then` happens on a win
    "draw",           # draw Combat cards
    "peek",           # look at a face-down card
    "reveal",         # Reveal a face-down card
    "nullify",        # Nullify a card in play
    "play",           # play a card of that type from the Plot Hand, at no cost
)
TARGETS = ("self", "opponent", "character", "hero", "villain", "mook", "characters", "heroes",
           "villains", "mooks", "main_villain", "event")
COUNTERS = ("belief", "energy", "hate", "quantity", "cover", "move_action", "attack_action",
            "automatic_success")
COSTS = ("belief", "energy", "hate")
STATS = ("attack_pool", "defense_pool", "roll_pool", "damage_pool", "automatic_successes", "armor",
         "quantity_removed")
STATUSES = ("stunned", "prone", "surprised", "flying", "hidden")
# Identity: "identify as anything you wish": a bounded choice (ruling "Identities"; no house card reads one)
IDENTITIES = ("civilian", "masked vigilante", "public hero")
DURATIONS = ("attack", "combat", "turn")  # the next Attack of this Combat, this Combat, this Turn
ROLL_KINDS = ("fixed", "chosen")
AMOUNTS = ("chosen", "margin", "heroes")  # the chosen number, the Margin, non-Incapacitated Heroes
CONDITIONS = ("roll", "spend", "recruit", "kill", "incapacitate", "turns", "revealed")
CARD_OF_VERB = {"peek": ("objective", "event"), "reveal": ("event", "objective"),
                "nullify": ("event", "twist"), "play": PLOT_TYPES}
# the triggers each type of card may have
CHARACTER_TRIGGERS = ("static", "activate", "hit", "start_of_turn", "end_of_turn")
PLACE_TRIGGERS = ("static", "play", "start_of_turn", "end_of_turn")
TRIGGERS_OF = {
    "hero": CHARACTER_TRIGGERS, "villain": CHARACTER_TRIGGERS, "mook": (), "ally": (),
    "equipment": ("static", "activate", "hit"), "objective": ("reveal",),
    "event": ("reveal", "start_of_turn", "end_of_turn"), "twist": ("reveal",),
    "combat": ("play", "hit"), "detail": ("play",), "location": PLACE_TRIGGERS,
    "lair": PLACE_TRIGGERS, "bystander": ("recruit", "kill"),
}
