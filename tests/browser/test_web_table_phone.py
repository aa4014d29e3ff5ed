"""The web table on a phone (issue 33): at a 390 px viewport, a table of each game, a few moves
in, has no element wider than the screen and no clipped card name (The Big Shuffle's city grid
cut "The Kidnapping" short); each game's phone screenshot is saved for the README
(docs/screenshots/<game>-phone.png).
"""

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

import core

from .conftest import SCREENSHOTS
from .test_web_table import _create, _wait

WIDTH, HEIGHT = 390, 844
MOVES = 6
GAMES = {  # game -> what _create is given
    "shufflers": {"seed": 4},
    "big-shuffle": {"seed": 1},
    "showbiz-shuffle": {"seed": 2},
    "plot-twist": {"seed": 4, "options": {"setup": "quick"}, "players": 3, "seats": {0: "gm", 1: ""}},
}
# Visible elements reaching past the viewport's sides, and cards whose name does not fit its box
# or runs out of its table cell.
OVERFLOW = """
const width = window.innerWidth, wide = [], clipped = [];
for (const node of document.querySelectorAll('main *')) {
  const box = node.getBoundingClientRect();
  if (!box.width || !box.height || node.closest('[hidden]')) continue;
  if (box.right > width + 0.5 || box.left < -0.5) wide.push(`${node.tagName}.${node.className} ${Math.round(box.left)}-${Math.round(box.right)}`);
}
for (const card of document.querySelectorAll('main .card')) {
  const box = card.getBoundingClientRect(), cell = card.closest('td, th');
  const out = cell && box.right > cell.getBoundingClientRect().right + 0.5;
  if (card.scrollWidth > card.clientWidth + 1 || out) clipped.push(card.textContent);
}
return {wide: wide.slice(0, 10), clipped, scroll: document.documentElement.scrollWidth, width,
        height: document.documentElement.scrollHeight};
"""


# a city cell's card, given each scene's name in turn: the names that do not fit
EVERY_SCENE = """
const card = document.querySelector('.city-grid td .card'), cell = card.closest('td'), was = card.textContent, out = [];
for (const name of arguments[0]) {
  card.textContent = name;
  if (card.scrollWidth > card.clientWidth + 1 || card.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5) out.push(name);
}
card.textContent = was;
return out;
"""


def _moves(driver, count: int) -> None:
    for _ in range(count):
        if driver.find_elements(By.ID, "outcome"):
            return
        version = driver.find_element(By.ID, "main").get_attribute("data-version")
        try:
            groups = driver.find_elements(By.CSS_SELECTOR, "#decision button.group")
            options = driver.find_elements(By.CSS_SELECTOR, "#decision button.option:not([disabled])")
            if not options and groups:
                groups[0].click()
            _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option:not([disabled])"))[0].click()
        except StaleElementReferenceException:
            continue
        _wait(driver, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") != version
              or d.find_elements(By.ID, "outcome"))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_fits_a_phone(game, server, browser_factory):
    phone = browser_factory(WIDTH, HEIGHT)
    _create(phone, server["url"], game, **GAMES[game])
    _moves(phone, MOVES)
    shown = phone.execute_script(OVERFLOW)
    assert shown["width"] == WIDTH
    assert shown["scroll"] <= WIDTH and not shown["wide"], shown
    assert not shown["clipped"], shown["clipped"]
    if game == "plot-twist":  # a person met 4,842 px of ~20 flat buttons; grouped and compact: ~3,700
        assert shown["height"] < 4_500, shown["height"]
    if game == "big-shuffle":  # every scene's name fits a city cell, whichever scene is shown there
        names = [c["name"] for c in core.get_game(game).cards() if c["id"].startswith("scene/")]
        assert not phone.execute_script(EVERY_SCENE, names)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.execute_script("window.scrollTo(0, 0)")
    phone.save_screenshot(str(SCREENSHOTS / f"{game}-phone.png"))
