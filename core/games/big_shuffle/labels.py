"""The Big Shuffle's decisions in words: the prompt of each decision (`PROMPTS`), and the
options in words, from the catalog's names: "Move The Docks down to Downtown", "Hire A Thug
for your scene change", "Play The Smash and Grab on The Femme Fatale's A Fedora".

A label names only what the deciding seat sees: its own cards, the face-up city (the top of
each pile), characters, informants, loot, patrols and the top of the noir discard. It never
looks at another seat's hand, a face-down agenda or a deck.
"""

from .cards import CARD, PLACES, SCENE_TYPES


# Decision prompts, written once per seat (PROMPTS[kind][seat]).
_PROMPT_TEXTS = {
    "choose_character": "Seat {seat}: choose your character.",
    "start_of_turn": "Seat {seat}: use a start of turn ability, or skip.",
    "main": "Seat {seat}: play a card, attempt a scene change, or end your turn.",
    "score": "Seat {seat}: reveal an agenda to score it, or end your turn.",
    "draw": "Seat {seat}: draw a noir card from the deck or the top of the discard.",
    "trash": "Seat {seat}: you may keep only 3 loot; trash one.",
    "crazed_killer": "Seat {seat}: discard a goon, or your informant is killed.",
    "order": "Seat {seat}: choose which of your effects resolves first.",
    "react": "Seat {seat}: play a reaction now, or decline.",
    "continue": "Seat {seat}: Endless Rain: attempt another scene change at -2, or stop.",
    "cruise": "Seat {seat}: The Cruiser: attempt another scene change, or stop.",
    "choose_drawer": "Seat {seat}: Neighborhood Watch: choose a character (yourself too) to draw a noir card.",
}
PROMPTS = {kind: [text.format(seat=seat) for seat in range(8)] for kind, text in _PROMPT_TEXTS.items()}
HIRE_PROMPTS = [[f"Seat {q}: hire a goon for your own scene change, or pass." if p == q else
                  f"Seat {q}: hire a goon for or against seat {p}, or pass." for p in range(8)] for q in range(8)]


_LINE = {**{t: f"the {t.upper()} column" for t in SCENE_TYPES}, **{p: f"the {p.capitalize()} row" for p in PLACES}}


def name(card: str) -> str:
    return CARD[card]["name"] if card in CARD else str(card)


def bare(card: str) -> str:
    """The name without its article, after a possessive: "your Fedora", not "your A Fedora"."""
    text = name(card)
    for article in ("A ", "An "):
        if text.startswith(article):
            return text[len(article):]
    return text


def _who(seen: dict, seat: int, me: int) -> str:
    """A seat by its character (the one deciding: "you")."""
    if seat == me:
        return "you"
    character = seen["seats"][seat].get("character")
    return f"{name(character)} (seat {seat})" if isinstance(character, str) else f"seat {seat}"


def _whose(seen: dict, seat: int, me: int) -> str:
    return "your" if seat == me else f"{_who(seen, seat, me)}'s"


def _where(seen: dict, scene: str) -> str | None:
    """The part of town whose pile `scene` tops (None: on no top)."""
    for piles in seen["city"].values():
        for place in PLACES:
            pile = piles.get(place) or []
            if pile and pile[-1] == scene:
                return place
    return None


def scene_move(seen: dict, scene: str, to: str) -> str:
    """'The Docks down to Downtown'."""
    frm = _where(seen, scene)
    way = "" if frm is None else (" up" if PLACES.index(to) < PLACES.index(frm) else " down")
    return f"{name(scene)}{way} to {to.capitalize()}"


def _targets(seen: dict, o: dict, me: int) -> str:
    """What a played card or an ability aims at, as words after its name."""
    if "scene" in o and "to" in o:
        return f": move {scene_move(seen, o['scene'], o['to'])}"
    if "loot" in o and "target" in o:
        return f" on {_whose(seen, o['target'], me)} {bare(o['loot'])}"
    if "target" in o:
        return f" on {'yourself' if o['target'] == me else _who(seen, o['target'], me)}"
    if "line" in o:
        return f" on {_LINE.get(o['line'], o['line'])}"
    return ""


def _attempter(seen: dict, me: int) -> str:
    a = seen.get("attempt") or {}
    p = a.get("player")
    return "the scene change" if p is None else f"{_whose(seen, p, me)} scene change"


def _discard_top(seen: dict) -> str:
    pile = seen["noir"]["discard"]
    return name(pile[-1]) if pile else "the top card"


def labels(seen: dict, decision: dict) -> list[str]:
    me = decision["player"]
    out = []
    for o in decision["options"]:
        kind = o["kind"]
        if kind == "choose_character":
            out.append(f"Play as {name(o['character'])}")
        elif kind == "ability":
            card = o["card"]
            whose = "Use your ability" if card == seen["seats"][me].get("character") else f"Use {name(card)}"
            out.append(whose + _targets(seen, o, me))
        elif kind == "skip_ability":
            out.append("Skip your start-of-turn ability")
        elif kind == "draw":
            out.append("Draw from the noir deck" if o["from"] == "deck"
                       else f"Take {_discard_top(seen)} from the noir discard")
        elif kind == "play":
            out.append(f"Play {name(o['card'])}{_targets(seen, o, me)}")
        elif kind == "attempt":
            out.append(f"Move {scene_move(seen, o['scene'], o['to'])}")
        elif kind == "end_turn":
            out.append("End your turn")
        elif kind == "stop":
            out.append("Stop: no more scene changes this turn")
        elif kind == "hire":
            if CARD.get(o["card"], {}).get("type") == "character":
                out.append(f"Back {_attempter(seen, me)} as {name(o['card'])}")
            else:
                out.append(f"Hire {name(o['card'])} {o['side']} {_attempter(seen, me)}")
        elif kind == "pass":
            out.append("Pass: hire no more goons")
        elif kind == "react":
            text = f"Play {name(o['card'])}"
            if "side" in o:
                text += f" {o['side']} {_attempter(seen, me)}"
            elif "patrol" in o:
                text += f": move {name(o['patrol'])} to {_LINE.get(o['line'], o['line'])}"
            elif "scene" in o:
                text += f" on {name(o['scene'])}"
            out.append(text)
        elif kind == "decline":
            out.append("Play no reaction")
        elif kind == "trash":
            out.append(f"Trash your {bare(o['card'])}")
        elif kind == "discard_goon":
            out.append(f"Discard {name(o['card'])}")
        elif kind == "lose_informant":
            informant = seen["seats"][me].get("informant")
            out.append(f"Lose your informant{f' ({name(informant)})' if isinstance(informant, str) else ''}")
        elif kind == "resolve":
            out.append(f"Resolve {name(o['card'])} first")
        elif kind == "choose_drawer":
            out.append("You draw a noir card" if o["target"] == me else f"{_who(seen, o['target'], me)} draws a noir card")
        elif kind == "score":
            out.append(f"Score the agenda {name(o['agenda'])}")
        else:
            out.append("")
    return out
