"""The web table's log in words (issue 33): the events of seeded games of every game, written by the page's
own log.js with the real catalogs, names cards by their names, seats by "Seat n" (Plot Twist's
GM as "the GM"), and carries no id, slug, boolean, `undefined` or `null`; the sentences players
found wrong read right (who a Shufflers thief robbed, whom a Big Shuffle goon is hired for,
Showbiz's movie slots counted from 1 as the board counts them).
"""

import json
import re

from selenium.webdriver.common.by import By

import core
from core.framework.rng import Rng
from tests.conformance.test_engine_conformance import OPTION_SETS

from .test_web_table import _wait

PER_TYPE = 4  # events of each type, of each game, read
MAX_STEPS = 1_500
ID_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:/[a-z0-9-]*[a-z0-9]|(?:_[a-z0-9]+)+)\b|\b(?:true|false|undefined|null|NaN)\b"
                     r"|\[object")
RENDER = """
const [events, done] = arguments;
Promise.all([import('/play/log.js'), import('/play/words.js')]).then(async ([ev, words]) => {
  const out = {};
  for (const [game, list] of Object.entries(events)) {
    await words.loadCatalog(game);
    out[game] = list.map((e) => [e, ev.eventText(game, e)]);
  }
  done(out);
}).catch((error) => done(String(error)));
"""


def _events() -> dict:
    """Up to PER_TYPE events of each type, from seeded random games of every game and option set."""
    found: dict = {}
    for game_id, table in OPTION_SETS.items():
        for _, players, options, _ in table:
            rng = Rng.from_seed(f"event-words:{game_id}")
            step = core.new_game(game_id, players, options, 3)
            for _ in range(MAX_STEPS):
                for e in step.events:
                    kept = found.setdefault(game_id, {}).setdefault(e["type"], [])
                    if len(kept) < PER_TYPE and e not in kept:
                        kept.append(e)
                if step.outcome is not None:
                    break
                d = step.pending[rng.below(len(step.pending))]
                step = step.play(d["options"][rng.below(len(d["options"]))])
    return {game: [e for kept in types.values() for e in kept] for game, types in found.items()}


def _slugs(game_id: str) -> re.Pattern:
    ids = {c["id"] for c in core.get_game(game_id).cards()}
    slugs = sorted({i.split("/", 1)[-1] for i in ids if "-" in i} | {i for i in ids if re.fullmatch(r"[A-Z0-9]+", i)},
                   key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, slugs)) + r")(?![\w-])")


def test_every_event_of_every_game_reads_as_words(server, browser):
    browser.get(f"{server['url']}/play")
    _wait(browser, lambda d: d.find_elements(By.ID, "game"))
    browser.set_script_timeout(60)
    written = browser.execute_async_script(RENDER, _events())
    assert isinstance(written, dict), written
    assert set(written) == {g.id for g in core.all_games()}
    wrong = {}
    for game, pairs in written.items():
        slugs = _slugs(game)
        for event, text in pairs:
            raw = ID_LIKE.findall(text) + slugs.findall(text)
            if raw or not text.strip():
                wrong.setdefault(game, []).append((event["type"], raw, text))
    assert not wrong, json.dumps(wrong, indent=1)[:3000]

    def text_of(game, **fields):
        return next(t for e, t in written[game] if all(e.get(k) == v for k, v in fields.items()))

    stolen = text_of("shufflers", type="card_stolen")
    assert re.fullmatch(r"The thief steals .+ from Seat \d", stolen), stolen
    hired = text_of("big-shuffle", type="goon_hired")
    assert hired.endswith("the scene change"), hired
    cast = next(t for e, t in written["showbiz-shuffle"] if e["type"] == "bod_cast" and e["movie"] == 0)
    assert "slot 1" in cast and "slot 0" not in cast, cast
    attack = text_of("plot-twist", type="attack_declared")
    assert "Attack on" in attack, attack
