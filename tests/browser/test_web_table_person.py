"""The web table as a newcomer meets it (issue 33): a lobby that keeps the seats chosen while the
player count changes, Plot Twist's roles, the other person's seat link in sight, words rather
than ids and schema messages; each test reproduced what a person met before the fix.
"""

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from .test_web_table import _fragment, _wait

# an id or a slug as the engine writes them: "character/femme-fatale", "the-law", "left_behind"
ID_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:[-_/][a-z0-9]+)+\b|\b(?:true|false)\b")


def _lobby(driver, url: str, game: str):
    driver.get(f"{url}/play")
    Select(_wait(driver, lambda d: d.find_element(By.ID, "game"))).select_by_value(game)
    _wait(driver, lambda d: d.find_element(By.ID, "game-details").get_attribute("data-game") in (game, None)
          and d.find_elements(By.ID, "players"))


def _seats(driver) -> dict:
    return {int(s.get_attribute("data-seat")): s.get_attribute("value")
            for s in driver.find_elements(By.CSS_SELECTOR, "select[data-seat]")}


def _type_players(driver, count: int, leave: bool = False) -> None:
    field = driver.find_element(By.ID, "players")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(str(count), *([Keys.TAB] if leave else []))


def test_the_lobby_keeps_seat_choices_when_the_player_count_changes(server, browser):
    """A seat chosen right after typing the count stays chosen; growing, shrinking and leaving the
    field keep every choice of the seats that remain; the table is made with those choices."""
    _lobby(browser, server["url"], "shufflers")
    _type_players(browser, 3)  # no Tab: the person goes straight to a seat
    _wait(browser, lambda d: len(_seats(d)) == 3)
    Select(browser.find_element(By.ID, "seat-1")).select_by_value("")  # a second person
    _type_players(browser, 4, leave=True)
    _wait(browser, lambda d: len(_seats(d)) == 4)
    assert _seats(browser) == {0: "", 1: "", 2: "random", 3: "random"}
    _type_players(browser, 3, leave=True)
    _wait(browser, lambda d: len(_seats(d)) == 3)
    assert _seats(browser) == {0: "", 1: "", 2: "random"}
    browser.find_element(By.ID, "create").click()
    _wait(browser, lambda d: d.find_elements(By.ID, "invite"))
    table = server["app"].extensions["table_store"].get(_fragment(browser)["table"])
    assert table["state"]["players"] == 3 and table["bots"] == {"2": "random"}


def test_the_other_persons_seat_link_is_in_sight(server, browser):
    """Two people at one table: the creator's page shows seat 1's link at the top, not at the
    bottom of the page, and the link opens seat 1."""
    _lobby(browser, server["url"], "shufflers")
    Select(browser.find_element(By.ID, "seat-1")).select_by_value("")
    browser.find_element(By.ID, "create").click()
    link = _wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#invite .invite-link[data-seat='1']"))
    assert link.is_displayed()
    assert browser.execute_script("return arguments[0].getBoundingClientRect().bottom <= window.innerHeight", link)
    url = link.get_attribute("value")
    assert "seat=1" in url and "token=" in url
    browser.get(url)
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option, #decision .waiting"))
    assert _fragment(browser)["seat"] == "1"


def test_plot_twists_lobby_names_the_roles_and_seats_a_hero_bot_on_hero_seats(server, browser):
    _lobby(browser, server["url"], "plot-twist")
    _type_players(browser, 4, leave=True)
    _wait(browser, lambda d: len(_seats(d)) == 4)
    labels = {i: browser.find_element(By.CSS_SELECTOR, f"label[for='seat-{i}']").text for i in range(4)}
    assert "Game Master" in labels[0] and all("Hero" in labels[i] for i in (1, 2, 3)), labels
    assert _seats(browser) == {0: "", 1: "hero", 2: "hero", 3: "hero"}
    Select(browser.find_element(By.ID, "seat-0")).select_by_value("gm")
    Select(browser.find_element(By.ID, "seat-2")).select_by_value("")
    _type_players(browser, 3, leave=True)
    _wait(browser, lambda d: len(_seats(d)) == 3)
    assert _seats(browser) == {0: "gm", 1: "hero", 2: ""}


def test_a_player_count_out_of_range_is_answered_in_words(server, browser):
    _lobby(browser, server["url"], "shufflers")
    _type_players(browser, 9, leave=True)
    browser.find_element(By.ID, "create").click()
    message = _wait(browser, lambda d: d.find_element(By.ID, "lobby-error").text)
    assert "1 to 8 players" in message and "schema" not in message


def test_the_lobby_speaks_words_and_folds_the_developer_options(server, browser):
    """Options whose values are cards show their names, expansions their titles; options that
    tune the engine (stall rounds, reaction windows) and the seed are under "Advanced"."""
    for game, advanced in (("big-shuffle", "opt-reaction_windows"), ("showbiz-shuffle", "opt-stall_rounds")):
        _lobby(browser, server["url"], game)
        form = browser.find_element(By.ID, "lobby")
        words = [e.text for e in form.find_elements(By.CSS_SELECTOR, "label, legend, option")]
        assert not [w for w in words if ID_LIKE.search(w)], words
        if game == "big-shuffle":
            assert "The Femme Fatale" in words and "The Law (Patrols)" in words
        assert not browser.find_element(By.ID, advanced).is_displayed()
        assert not browser.find_element(By.ID, "seed").is_displayed()
        browser.find_element(By.CSS_SELECTOR, "#advanced summary").click()
        assert browser.find_element(By.ID, advanced).is_displayed()
