"""Why a move is illegal: the rule it breaks (`IllegalMove.rule`), for a move that is not an option.

Legality comes from the options alone (one source of legality); this module only explains a
refusal in the rulebook's words: one card per turn, goons only while hiring, a reaction at its
moment, scenes one step at a time, the loot limit.
"""

from core.framework.errors import IllegalMove

from .abilities import LOOT_LIMIT
from .cards import ALL_IDS, CARD, FOR, LAW, LINES, PATROLS, PLACES, REACTION_WINDOW, SCENE_TYPE, TYPE, effects
from .city import destinations, where


def refuse(state: dict, pending: list, move: dict) -> None:
    kind = move.get("kind")
    kinds = {d["kind"] for d in pending}
    seat = state["seats"][move["player"]]
    card = move.get("card") if isinstance(move.get("card"), str) and move.get("card") in ALL_IDS else None

    def no(rule: str, message: str):
        raise IllegalMove(message, rule=rule)

    if "patrols" not in state and (card in LAW or kind == "choose_drawer"):
        no("needs_the_law", "That belongs to The Law, which is not in this game (option `expansions`).")
    if kind == "hire" and "hire" not in kinds:
        no("goons_only_in_scene_change", "Goons can only be hired during a scene change, at the goon hiring step.")
    if kind == "hire" and card is not None and card == seat["character"] and card in FOR:
        if state["attempt"]["player"] == move["player"]:
            no("support_others_only", "The Vigilante backs another character's scene change, not his own.")
        if move.get("side") != "for":
            no("support_is_for", "The Vigilante's backing is +1 for the attempting character, never against.")
        no("support_once", "The Vigilante backs a scene change once (and only while abilities work).")
    a = state["attempt"]
    if kind == "react" and "react" in kinds and card in seat["hand"] and a is not None \
            and REACTION_WINDOW.get(card) == a["step"]:
        if any(e["do"] == "move_patrol" for e in effects(card, "react")):
            patrol, line = move.get("patrol"), move.get("line")
            if not isinstance(line, str) or line not in LINES:
                no("no_such_line", f"A patrol goes on a column or a row: one of {list(LINES)}.")
            if not isinstance(patrol, str) or patrol not in state["patrols"].values():
                no("no_patrol_there", "Only a patrol on a column or row can be moved.")
            if state["patrols"][line] == patrol:
                no("patrol_already_there", "A patrol moves to a column or row it is not already on.")
        if any(e["do"] == "protect" for e in effects(card, "react")):
            no("top_scene_only", "Not On My Watch! goes on a scene on top of one of the nine piles.")
    if kind == "react":
        if card not in seat["hand"] or TYPE.get(card) != "reaction":
            no("card_not_in_hand", "A reaction is played from your hand.")
        no("reaction_outside_its_moment",
           f"{CARD[card]['name']} can only be played when its \"play when\" moment comes ({REACTION_WINDOW[card]}).")
    turn = state["turn"]
    if kind == "play" and turn["player"] == move["player"] and "main" not in kinds \
            and not turn["unlimited"] and turn["played"] >= turn["allowed"]:
        no("one_card_per_turn", "You may play only one action or loot card on your turn.")
    if kind == "play" and "main" in kinds:
        if card in seat["hand"] and card in PATROLS and (turn["unlimited"] or turn["played"] < turn["allowed"]) \
                and not (isinstance(move.get("line"), str) and move["line"] in LINES):
            no("no_such_line", f"A patrol goes on a column or a row: one of {list(LINES)}.")
        if card in seat["hand"] and TYPE[card] == "goon":
            no("goons_only_in_scene_change", "Goons can only be played during a scene change, when hiring goons.")
        if card in seat["hand"] and TYPE[card] == "reaction":
            no("reaction_outside_its_moment", "Reactions are played at their \"play when\" moment, not as your card.")
        if not turn["unlimited"] and turn["played"] >= turn["allowed"]:
            no("one_card_per_turn", "You may play only one action or loot card on your turn.")
        if card not in seat["hand"]:
            no("card_not_in_hand", "That card is not in your hand.")
        no("no_legal_target", "That card has no legal target as given; its legal uses are listed in the options.")
    if kind == "attempt" and "main" in kinds:
        if turn["played"] or turn["unlimited"]:
            no("card_or_scene_change", "A character who played a card this turn cannot attempt a scene change.")
        scene, to = move.get("scene"), move.get("to")
        if isinstance(scene, str) and scene in SCENE_TYPE and isinstance(to, str):
            frm = where(state, scene)
            if frm is None:
                no("top_scene_only", "Only the top scene of an Uptown, Midtown or Downtown pile can be chosen.")
            if to in PLACES and to not in destinations(frm):
                if to == frm == "midtown":
                    no("midtown_needs_uptown_or_downtown", "Only a scene Uptown or Downtown can move to Midtown.")
                no("one_step_only", "Scenes move one destination at a time (never straight from Uptown to Downtown).")
    if kind == "end_turn" and "trash" in kinds:
        no("loot_limit", f"A character can only have {LOOT_LIMIT} loot: trash one first.")
    if kind == "trash" and "trash" not in kinds:
        no("trash_only_over_limit", "Loot is trashed only when you control more than three.")
    if "trash" in kinds:
        no("loot_limit", f"A character can only have {LOOT_LIMIT} loot: choose one to trash.")
