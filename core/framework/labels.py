"""Labels: a line of text per option of a decision, for a button or a log.

Options stay what they are (moves posted back verbatim); a decision handed out by `core.view`
or `Step.as_dict()` carries beside them `labels`, one string per option in the same order:

    >>> import core
    >>> step = core.new_game("shufflers", players=1, seed=1)
    >>> step.as_dict()["pending"][0]["labels"]
    ['Draw an encounter card']

Each game writes its labels (`Game.labels(seen, decision)`) from the card catalog's names and
what the deciding seat may see: `seen` is that seat's view, or the state itself where the
holder sees everything anyway (the stateless endpoints); a test checks that both give the same
labels, so a label never tells a seat what it may not know. The framework only guarantees the
shape: as many labels as options, none empty, no two alike in one decision (a repeat, such as
two copies of one card, is numbered: "Hire A Thug for your scene change (2)").
"""


def labelled(game, seen: dict, pending: list) -> list:
    """Copies of the decisions in `pending`, each with its `labels`."""
    return [{**d, "labels": decision_labels(game, seen, d)} for d in pending]


def decision_labels(game, seen: dict, decision: dict) -> list[str]:
    options = decision["options"]
    try:
        labels = list(game.labels(seen, decision))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        labels = []  # a state the game's labels do not expect: the generic ones still name the moves
    if len(labels) != len(options):
        labels = [generic_label(o) for o in options]
    return distinct([label or generic_label(o) for label, o in zip(labels, options)])


def distinct(labels: list[str]) -> list[str]:
    """Number the repeats of a label, so that no two options read alike."""
    seen: dict[str, int] = {}
    out = []
    taken = set(labels)
    for label in labels:
        n = seen.get(label, 0) + 1
        seen[label] = n
        if n > 1:
            while f"{label} ({n})" in taken:
                n += 1
            seen[label] = n
            label = f"{label} ({n})"
            taken.add(label)
        out.append(label)
    return out


def generic_label(option: dict) -> str:
    """A move in words without knowing its game: its kind, then its other fields."""
    kind = str(option.get("kind", "move")).replace("_", " ")
    rest = ", ".join(f"{k} {v}" for k, v in option.items() if k not in ("kind", "player"))
    return f"{kind[:1].upper()}{kind[1:]}" + (f" ({rest})" if rest else "")
