"""What has happened in the Conflict so far that a card's condition counts (a Nullify, a Threat):
`state["tally"]`, one whole number per kind, from 0 at the first Turn.

- `recruit`, `kill`: Bystanders Recruited and Killed, by anyone;
- `incapacitate_hero`, `incapacitate_villain`, `incapacitate_mook`: Characters Incapacitated (a Mook
  card counts once, when its last Quantity counter goes).

A condition that counts "since" something (an Event's Nullify counts from its Reveal) keeps its own
starting figures; the tally itself only grows.
"""

KINDS = ("recruit", "kill", "incapacitate_hero", "incapacitate_villain", "incapacitate_mook")


def empty() -> dict:
    return {kind: 0 for kind in KINDS}


def record(state: dict, kind: str, amount: int = 1) -> None:
    """Count `amount` more of `kind` (one of KINDS)."""
    state["tally"] = {**state["tally"], kind: state["tally"][kind] + amount}  # a new record: copy-on-write
