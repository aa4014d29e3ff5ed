"""The End Game's scoring: each studio's total, the winners, the outcome (rules: "The End Game").

Both the game (game.py, when it ends) and the state check (integrity.py, which recomputes the
outcome of a finished state) use it, so neither imports the other.
"""

from .movies import penalty


def final_scores(state: dict) -> list[int]:
    """Each studio's total: its finished movies, less what its unfinished movies cost."""
    return [sum(m["points"] for m in s["completed"]) - sum(penalty(m) for m in s["movies"] if m is not None)
            for s in state["seats"]]


def winners(state: dict, scores: list[int]) -> list[int]:
    """Most points wins; a tie goes to the most movies finished; a tie on both is shared."""
    best = max(scores)
    tied = [p for p, x in enumerate(scores) if x == best]
    most = max(len(state["seats"][p]["completed"]) for p in tied)
    return [p for p in tied if len(state["seats"][p]["completed"]) == most]


def expected_outcome(state: dict, reason: str) -> dict:
    scores = final_scores(state)
    return {"winners": winners(state, scores), "scores": {str(p): x for p, x in enumerate(scores)},
            "reason": reason}
