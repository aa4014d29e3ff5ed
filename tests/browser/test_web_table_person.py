"""The web table as a newcomer meets it (issue 33): a lobby that keeps the seats chosen while the
player count changes, Plot Twist's roles, the other person's seat link in sight, words rather
than ids and schema messages; each test reproduced what a person met before the fix.
"""

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from .test_web_table import _create, _fragment, _wait

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


def _log(driver) -> list[str]:
    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]


def _click_options(driver, count: int) -> None:
    for _ in range(count):
        version = driver.find_element(By.ID, "main").get_attribute("data-version")
        _wait(driver, _click_first_option)
        _wait(driver, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") != version
              or d.find_elements(By.ID, "outcome"))


def _click_first_option(driver) -> bool:
    """Click the first option, if one is there (within `_wait`: a button redrawn before the click is found again)."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#decision button.option:not([disabled])")
    if buttons:
        buttons[0].click()
    return bool(buttons)


def test_the_log_survives_a_reload_and_a_spectator_reads_the_story_so_far(server, browser_factory):
    player = browser_factory()
    _create(player, server["url"], "showbiz-shuffle", seed=2)
    _click_options(player, 4)
    _wait(player, lambda d: len(_log(d)) >= 4)
    before = _log(player)
    player.refresh()
    _wait(player, lambda d: len(_log(d)) >= len(before))
    after = _log(player)  # newest first: the lines before the reload end it
    assert after[len(after) - len(before):] == before
    spectator = browser_factory(800, 900)
    spectator.get(player.find_element(By.ID, "spectator-link").get_attribute("href"))
    _wait(spectator, lambda d: len(_log(d)) >= len(before))
    seen = _log(spectator)  # the spectator's lines hide the cards the seat sees: as many, by the same seats
    assert len(seen) >= len(before) and seen[-1].split()[:3] == before[-1].split()[:3]


def test_the_log_of_a_game_on_this_device_survives_a_reload(server, browser):
    _create(browser, server["url"], "shufflers", where="device")
    _click_options(browser, 3)
    before = _log(browser)
    assert before
    browser.refresh()
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option, #outcome"))
    assert _log(browser) == before


def test_a_cards_text_and_figures_show_on_tap_and_on_focus(server, browser):
    """No hover needed: a tap on a card, or the keyboard's focus, opens the card panel with the
    catalog's name, text and figures (a Big Shuffle character's influence, an agenda's scenes by name)."""
    import core

    catalog = {c["id"]: c for c in core.get_game("big-shuffle").cards()}
    _create(browser, server["url"], "big-shuffle", seed=1)
    _click_options(browser, 3)

    def tap(d):  # within `_wait`: a card the page drew anew before the tap is found again
        tapped = next(c for c in d.find_elements(By.CSS_SELECTOR, "#board .card[data-card]")
                      if c.get_attribute("data-card").split("#")[0] in catalog)
        card = tapped.get_attribute("data-card")
        tapped.click()
        return card

    card = _wait(browser, tap)
    panel = _wait(browser, lambda d: d.find_element(By.ID, "card-panel") if d.find_element(By.ID, "card-panel").is_displayed() else None)
    entry = catalog[card.split("#")[0]]
    assert browser.find_element(By.ID, "card-panel-name").text.startswith(entry["name"])
    assert entry["text"] in panel.text
    browser.find_element(By.ID, "card-panel-close").click()
    assert not panel.is_displayed()

    def focus(d):  # as Tab reaches it
        agenda = d.find_elements(By.CSS_SELECTOR, "#board .seat.mine .card[data-card^='agenda/']")
        target = agenda[0] if agenda else d.find_elements(By.CSS_SELECTOR, "#board .card[data-card]")[-1]
        card = target.get_attribute("data-card")
        d.execute_script("arguments[0].focus()", target)
        return card

    focused = _wait(browser, focus)
    _wait(browser, lambda d: d.find_element(By.ID, "card-panel").get_attribute("data-card") == focused)
    text = browser.find_element(By.ID, "card-panel").text
    assert not ID_LIKE.search(text.replace("\n", " ")), text
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not browser.find_element(By.ID, "card-panel").is_displayed()


def _labels_within_two_clicks(driver) -> set:
    """The labels reachable in one click (top-level options) or two (a group, then its option)."""
    reach = {b.text for b in driver.find_elements(By.CSS_SELECTOR, "#decision .options > button.option")}
    for i in range(len(driver.find_elements(By.CSS_SELECTOR, "#decision button.group"))):
        driver.find_elements(By.CSS_SELECTOR, "#decision button.group")[i].click()
        reach |= {b.text for b in driver.find_elements(By.CSS_SELECTOR, "#decision .sub-options button.option")}
    return reach


def test_decisions_are_grouped_and_every_option_is_two_clicks_away(server, browser_factory):
    """Showbiz's turn (up to 17 options) and a Plot Twist Hero's Initiative (~20, all of one Hero):
    grouped by the card (or, for one Hero, the kind of move) they act on, each option at most two
    clicks away, and the focus on the prompt, never on an option."""
    for game, kwargs in (("showbiz-shuffle", {"seed": 2}),
                         ("plot-twist", {"seed": 4, "options": {"setup": "quick"}, "players": 3, "seats": {0: "gm", 1: ""}})):
        driver = browser_factory()
        _create(driver, server["url"], game, **kwargs)
        where = _fragment(driver)
        client = server["app"].test_client()
        grouped = 0
        for _ in range(40):
            table = client.get(f"/v1/tables/{where['table']}", headers={"Authorization": f"Bearer {where['token']}"}).get_json()
            if table["outcome"]:
                break
            _wait(driver, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") == str(table["version"]))
            labels = {x for d in table["pending"] for x in d["labels"]}
            if labels and max(len(d["options"]) for d in table["pending"]) > 6:
                assert "prompt" in driver.switch_to.active_element.get_attribute("class")
                grouped += bool(driver.find_elements(By.CSS_SELECTOR, "#decision button.group"))
                assert _labels_within_two_clicks(driver) == labels  # options acting on different things stay flat
                if grouped >= 2:
                    break
            _click_options(driver, 1) if driver.find_elements(By.CSS_SELECTOR, "#decision .options > button.option") else \
                (driver.find_element(By.CSS_SELECTOR, "#decision button.group").click(), _click_options(driver, 1))
        assert grouped, game
