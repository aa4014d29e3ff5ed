"""The web table at a table people really play at (issue 32), in a real browser: the clock counted
down to the server's deadline (whatever the device's own clock says), a timeout made by the server
and told in the log, a move taken back with the undo button (and a refused one in words).
"""

import copy
import re
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from time_bounds import bound

# Showbiz Shuffle, seed 1: seat 0's "End your turn" reveals nothing (it may be taken back), its
# "Shake up your studio" shuffles (it may not): tests/api/test_table_undo.py
GAME, SEED = "showbiz-shuffle", 1
DEVICE_AHEAD_MS = 3_600_000  # a device whose clock is an hour fast


def _wait(driver, condition, seconds=20):
    return WebDriverWait(driver, bound(seconds), poll_frequency=0.05).until(lambda d: condition(d))


def _fragment(driver) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(driver.current_url).fragment).items()}


def _create(driver, url: str, seconds=None, on_timeout="default", seats=None) -> None:
    """A table of two people from the lobby (`seats`: {seat: the seat select's value}), seeded."""
    driver.get(f"{url}/play")
    Select(_wait(driver, lambda d: d.find_element(By.ID, "game"))).select_by_value(GAME)
    for seat, choice in {"1": "", **(seats or {})}.items():
        Select(driver.find_element(By.ID, f"seat-{seat}")).select_by_value(choice)
    if seconds is not None:
        driver.find_element(By.ID, "clock-seconds").send_keys(str(seconds))
        Select(driver.find_element(By.ID, "clock-timeout")).select_by_value(on_timeout)
    driver.find_element(By.CSS_SELECTOR, "#advanced summary").click()
    driver.find_element(By.ID, "seed").send_keys(str(SEED))
    driver.find_element(By.ID, "where-table").click()
    driver.find_element(By.ID, "create").click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option, #decision .waiting"))


def _log(driver) -> list[str]:
    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]


def _timers(driver) -> list[str]:
    return [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#clock [role=timer]")]


def _seconds(text: str) -> int:
    h, m, s = ([0] + [int(x) for x in re.search(r"(\d+:)?\d+:\d\d$", text).group(0).split(":")])[-3:]
    return h * 3600 + m * 60 + s


def _click_option(driver, label: str) -> None:
    version = driver.find_element(By.ID, "main").get_attribute("data-version")
    button = next(b for b in driver.find_elements(By.CSS_SELECTOR, "#decision button.option") if b.text == label)
    button.click()
    _wait(driver, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") != version)


def test_the_clock_counts_the_servers_time_and_a_move_is_taken_back(server, browser_factory):
    player = browser_factory()
    # this device's clock is an hour fast: the page counts by the server's Date, not by it
    player.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        f"(() => {{ const real = Date.now; Date.now = () => real() + {DEVICE_AHEAD_MS}; }})();")})
    _create(player, server["url"], seconds=600)
    where = _fragment(player)
    _wait(player, lambda d: _timers(d) and _timers(d)[0].startswith("Your time"))
    rule = player.find_element(By.CSS_SELECTOR, "#clock .clock-rule").text
    assert "600 seconds per move" in rule and "default move" in rule
    left = _seconds(_timers(player)[0])
    assert 540 <= left <= 600, _timers(player)  # not 0:00, as an hour-fast clock would say
    _wait(player, lambda d: _seconds(_timers(d)[0]) < left)  # and it counts down
    assert not player.find_elements(By.ID, "undo")  # nothing to take back yet

    # a move that revealed nothing: the button takes it back, for everyone
    start = int(player.find_element(By.ID, "main").get_attribute("data-version"))
    store = server["app"].extensions["table_store"]
    before = copy.deepcopy(store.get(where["table"])["state"])
    _click_option(player, "End your turn")
    assert player.find_element(By.ID, "decision").text.startswith("Waiting for seat 1")
    assert _timers(player)[0].startswith("Seat 1's time")  # whose time runs
    player.find_element(By.ID, "undo").click()
    _wait(player, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") == str(start + 2))
    assert player.find_element(By.ID, "status").text == "Your last move was taken back."
    _wait(player, lambda d: "Seat 0 takes back their last move" in _log(d))
    assert "End your turn" in [b.text for b in player.find_elements(By.CSS_SELECTOR, "#decision button.option")]
    assert _timers(player)[0].startswith("Your time") and not player.find_elements(By.ID, "undo")
    record = store.get(where["table"])
    assert record["version"] == start + 2  # one version on, the position as it was
    assert {**record["state"], "version": None} == {**before, "version": None}

    # a move that shuffled: the server refuses, and the page says why in words
    _click_option(player, "Shake up your studio (this takes the whole turn)")
    player.find_element(By.ID, "undo").click()
    _wait(player, lambda d: "cannot be taken back" in d.find_element(By.ID, "status").text)
    status = player.find_element(By.ID, "status").text
    assert "randomness" in status and "_" not in status, status
    _wait(player, lambda d: not d.find_elements(By.ID, "undo"))


def test_a_seat_whose_time_runs_out_is_moved_for_and_everyone_reads_it(server, browser_factory):
    creator = browser_factory()
    _create(creator, server["url"], seconds=5)
    # the other person opens their seat's link (the invitation at the top of the creator's page)
    link = _wait(creator, lambda d: d.find_element(By.CSS_SELECTOR, '.invite-link[data-seat="1"]')).get_attribute("value")
    friend = browser_factory(800, 900)
    friend.get(link)
    _wait(friend, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .seat"))
    # nobody moves: the server moves for seat 0 when its 5 seconds are up (its sweeper, or a read)
    for page in (creator, friend):
        _wait(page, lambda d: "Seat 0's time ran out: the server moves for them" in _log(d), seconds=60)
    # the clock shows whose time runs now, on both pages
    _wait(friend, lambda d: any(t.startswith(("Your time", "Seat 0's time")) for t in _timers(d)))
    assert all(re.fullmatch(r"(Your time|Seat \d's time)( is up)?: \d+:\d\d", t) for t in _timers(friend)), _timers(friend)
