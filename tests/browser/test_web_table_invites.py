"""The web table at a table people really play at (issue 32), in a real browser: the clock counted
down to the server's deadline (whatever the device's own clock says), a move taken back with the
undo button (and a refused one in words), a friend joining by an invitation link from a second
browser (names on the board and in the log, the waiting room, a spent invitation refused in
words), the creator's Start button, and a timeout made by the server and told in both logs.
"""

import copy
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from api.schemas.tables import CreateTableRequest
from time_bounds import bound

# Showbiz Shuffle, seed 1: seat 0's "End your turn" reveals nothing (it may be taken back), its
# first option (Tom Cruse's, in his group) draws a Biz card (it may not): tests/api/test_table_undo.py
GAME, SEED = "showbiz-shuffle", 1
DRAWS = "Start an action movie with Tom Cruse (star, 4) from your hand"
DEVICE_AHEAD_MS = 3_600_000  # a device whose clock is an hour fast
INVITE = "@invite"  # the lobby's seat choice "a friend, by invitation link"
# Invitations, names and rematches come with the tables' side of issue 32 (branch i32tables): until
# it is merged the page's feature check answers in words, and these tests wait for it
needs_seats = pytest.mark.skipif("open_seats" not in CreateTableRequest().fields,
                                 reason="the API has no invitations yet (issue 32's tables side, branch i32tables)")


def _wait(driver, condition, seconds=20):
    """Wait for the condition; an element the page drew anew meanwhile (a step came in) is looked up again."""
    return WebDriverWait(driver, bound(seconds), poll_frequency=0.05,
                         ignored_exceptions=[StaleElementReferenceException]).until(lambda d: condition(d))


def _texts(driver, css: str) -> list[str]:
    """The texts of the elements that match, read again if the page drew them anew while they were read."""
    found = []

    def read(d):
        found[:] = [e.text for e in d.find_elements(By.CSS_SELECTOR, css)]
        return True

    _wait(driver, read)
    return found


def _fragment(driver) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(driver.current_url).fragment).items()}


def _create(driver, url: str, seconds=None, on_timeout="default", seats=None, name=None, game=GAME, seed=SEED) -> None:
    """A table of two people from the lobby (`seats`: {seat: the seat select's value}), seeded."""
    driver.get(f"{url}/play")
    Select(_wait(driver, lambda d: d.find_element(By.ID, "game"))).select_by_value(game)
    for seat, choice in {"1": "", **(seats or {})}.items():
        Select(driver.find_element(By.ID, f"seat-{seat}")).select_by_value(choice)
    if name is not None:
        driver.find_element(By.ID, "my-name").send_keys(name)
    if seconds is not None:
        driver.find_element(By.ID, "clock-seconds").send_keys(str(seconds))
        Select(driver.find_element(By.ID, "clock-timeout")).select_by_value(on_timeout)
    driver.find_element(By.CSS_SELECTOR, "#advanced summary").click()
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "where-table").click()
    driver.find_element(By.ID, "create").click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option, #decision .waiting, #waiting-room"))


def _log(driver) -> list[str]:
    return _texts(driver, "#log li")


def _timers(driver) -> list[str]:
    return _texts(driver, "#clock [role=timer]")


def _seconds(text: str) -> int:
    h, m, s = ([0] + [int(x) for x in re.search(r"(\d+:)?\d+:\d\d$", text).group(0).split(":")])[-3:]
    return h * 3600 + m * 60 + s


def _click(driver, element_id: str) -> None:
    """Click the element with that id, again if the page drew it anew meanwhile (a step came in)."""

    def clicked(d):
        try:
            d.find_element(By.ID, element_id).click()
            return True
        except (StaleElementReferenceException, NoSuchElementException):
            return False

    _wait(driver, clicked)


def _text(driver, element_id: str) -> str | None:
    """The text of the element with that id (None while there is none, or the page draws it anew)."""
    try:
        return driver.find_element(By.ID, element_id).text
    except (StaleElementReferenceException, NoSuchElementException):
        return None


def _click_option(driver, label: str) -> None:
    version = driver.find_element(By.ID, "main").get_attribute("data-version")

    def clicked(d):
        button = next((b for b in d.find_elements(By.CSS_SELECTOR, "#decision button.option") if b.text == label), None)
        if button is None:
            return False
        button.click()
        return True

    _wait(driver, clicked)
    _wait(driver, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") != version)


def test_the_clock_counts_the_servers_time_and_a_move_is_taken_back(server, browser_factory):
    player = browser_factory()
    # this device's clock is an hour fast: the page counts by the server's Date, not by it
    player.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        f"(() => {{ const real = Date.now; Date.now = () => real() + {DEVICE_AHEAD_MS}; }})();")})
    _create(player, server["url"], seconds=600)
    where = _fragment(player)
    _wait(player, lambda d: _timers(d) and _timers(d)[0].startswith("Your time"))
    rule = _texts(player, "#clock .clock-rule")[0]
    assert "600 seconds per move" in rule and "default move" in rule
    left = _seconds(_timers(player)[0])
    assert 600 - bound(60) <= left <= 600, _timers(player)  # not 0:00, as an hour-fast clock would say
    _wait(player, lambda d: _seconds(_timers(d)[0]) < left)  # and it counts down
    assert not player.find_elements(By.ID, "undo")  # nothing to take back yet

    # a move that revealed nothing: the button takes it back, for everyone
    start = int(player.find_element(By.ID, "main").get_attribute("data-version"))
    store = server["app"].extensions["table_store"]
    before = copy.deepcopy(store.get(where["table"])["state"])
    _click_option(player, "End your turn")
    assert player.find_element(By.ID, "decision").text.startswith("Waiting for seat 1")
    assert _timers(player)[0].startswith("Seat 1's time")  # whose time runs
    _click(player, "undo")
    _wait(player, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") == str(start + 2))
    assert player.find_element(By.ID, "status").text == "Your last move was taken back."
    _wait(player, lambda d: "Seat 0 takes back their last move" in _log(d))
    assert "End your turn" in _texts(player, "#decision button.option")
    assert _timers(player)[0].startswith("Your time") and not player.find_elements(By.ID, "undo")
    record = store.get(where["table"])
    assert record["version"] == start + 2  # one version on, the position as it was
    assert {**record["state"], "version": None} == {**before, "version": None}

    # a move that drew a card: its answer says `can_undo: false`, so no button at all
    before, at = copy.deepcopy(record["state"]), record["version"]
    player.find_element(By.CSS_SELECTOR, '#decision button.group[data-subject="S24"]').click()  # Tom Cruse's moves
    _click_option(player, DRAWS)
    assert not player.find_elements(By.ID, "undo")
    record = store.get(where["table"])
    assert record["version"] == at + 1 and record["undo"]["reason"] == "revealed"
    player.refresh()  # nor after a reload
    _wait(player, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") == str(at + 1)
          and d.find_elements(By.CSS_SELECTOR, "#decision button.option"))
    assert not player.find_elements(By.ID, "undo")

    # the same move as a host of the version before `can_undo` kept it (the state before it, the
    # face-down cards and draws left to the undo): the button shows, the server refuses, the page
    # says why in words and the button goes
    record["undo"] = {"seat": 0, "version": at + 1, "state": before, "events": store.entries(where["table"], at, 0)[-1]["events"]}
    assert store.commit(where["table"], at + 1, record, [], 600)
    player.refresh()
    _click(player, "undo")
    _wait(player, lambda d: "cannot be taken back" in d.find_element(By.ID, "status").text)
    status = player.find_element(By.ID, "status").text
    assert "drew a card" in status and "_" not in status, status
    _wait(player, lambda d: not d.find_elements(By.ID, "undo"))


def _join(driver, link: str, name: str) -> None:
    """Open an invitation link, give a name, take the seat."""
    driver.get(link)
    field = _wait(driver, lambda d: d.find_element(By.ID, "join-name"))
    assert driver.switch_to.active_element == field  # the name field has the focus
    field.send_keys(name)
    driver.find_element(By.ID, "join-button").click()
    _wait(driver, lambda d: _fragment(d).get("token"))


def _invitation(creator, seat: int = 1) -> str:
    field = _wait(creator, lambda d: d.find_element(By.CSS_SELECTOR, f'.invite-link[data-invite][data-seat="{seat}"]'))
    link = field.get_attribute("value")
    assert set(_fragment_of(link)) == {"table", "invite"}  # the code in the fragment: never sent to a server
    return link


def _fragment_of(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).fragment).items()}


@needs_seats
def test_a_friend_joins_by_invitation_and_names_are_on_the_board_and_in_the_log(server, browser_factory):
    creator = browser_factory()
    _create(creator, server["url"], seconds=600, seats={"1": INVITE}, name="Ana")
    # the waiting room until the open seat is taken; the creator may start it now
    room = _wait(creator, lambda d: _texts(d, "#waiting-room"))[0]
    assert "Seat 1: waiting for a friend to join" in room and "Ana (you): here" in room, room
    assert creator.find_element(By.ID, "start-table").is_displayed()
    assert not _timers(creator)  # no clock runs before the start
    link = _invitation(creator)

    friend = browser_factory(800, 900)
    _join(friend, link, "Bo")
    # the table starts as the last open seat is taken: both pages show it, with names
    _wait(friend, lambda d: "Bo joins at seat 1" in _log(d) and d.find_elements(By.CSS_SELECTOR, "#board .seat"))
    headings = _texts(friend, "#board .seat h3")
    assert headings[0].startswith("Ana · seat 0") and headings[1].startswith("Bo · seat 1 (you)"), headings
    _wait(friend, lambda d: _timers(d) and _timers(d)[0].startswith("Ana's time"))
    _wait(creator, lambda d: not d.find_elements(By.ID, "waiting-room")
          and d.find_elements(By.CSS_SELECTOR, "#decision button.option"))
    # the invitation box has done its work: it goes (it said who joined)
    _wait(creator, lambda d: not d.find_element(By.ID, "invite").is_displayed())
    assert "Bo joined" in creator.find_element(By.ID, "invite").get_attribute("textContent")
    assert creator.find_element(By.ID, "decision").find_elements(By.CSS_SELECTOR, "button.option")
    assert _timers(creator)[0].startswith("Your time")

    # Ana's move taken back: Bo's page reads it by name
    _click_option(creator, "End your turn")
    assert creator.find_element(By.ID, "decision").text.startswith("Waiting for Bo…")
    _wait(friend, lambda d: _timers(d) and _timers(d)[0].startswith("Your time"))
    _click(creator, "undo")
    _wait(friend, lambda d: "Ana takes back their last move" in _log(d))
    _wait(friend, lambda d: _timers(d)[0].startswith("Ana's time"))

    # the same invitation again: its seat is taken, said in words
    late = browser_factory(800, 900)
    late.get(link)
    _wait(late, lambda d: d.find_element(By.ID, "join-name")).send_keys("Cy")
    _click(late, "join-button")
    _wait(late, lambda d: "used already" in d.find_element(By.ID, "join-error").text)


@needs_seats
def test_the_creator_starts_the_table_and_a_bot_takes_the_open_seat(server, browser):
    _create(browser, server["url"], seats={"1": INVITE})
    _click(browser, "start-table")
    _wait(browser, lambda d: any(line.startswith("The game begins (bots take seat 1)") for line in _log(d)))
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option"))
    assert not browser.find_elements(By.ID, "waiting-room")


@needs_seats
def test_a_seat_whose_time_runs_out_is_moved_for_and_everyone_reads_it(server, browser_factory):
    creator = browser_factory()
    _create(creator, server["url"], seconds=5, seats={"1": INVITE}, name="Ana")
    friend = browser_factory(800, 900)
    _join(friend, _invitation(creator), "Bo")
    # nobody moves: the server moves for Ana when her 5 seconds are up (its sweeper, or a read)
    for page in (creator, friend):
        _wait(page, lambda d: "Ana's time ran out: the server moves for them" in _log(d), seconds=60)
    # the clock shows whose time runs now, on both pages
    for page in (creator, friend):
        _wait(page, lambda d: _timers(d))
        assert all(re.fullmatch(r"(Your time|Ana's time|Bo's time)( is up)?: \d+:\d\d", t) for t in _timers(page)), _timers(page)


# The tables' own events (api/table_undo.py, api/table_clock.py, api/table_seats.py), as the log writes them
TABLE_EVENTS = {
    "timed_out": ({"type": "timed_out", "player": 1}, "Bo's time ran out: the server moves for them"),
    "move_undone": ({"type": "move_undone", "player": 0, "version": 7}, "Ana takes back their last move"),
    "seat_joined": ({"type": "seat_joined", "player": 1, "name": "Bo"}, "Bo joins at seat 1"),
    "table_started": ({"type": "table_started", "bots": {"2": "heuristic"}}, "The game begins (bots take seat 2)"),
    "seat_left": ({"type": "seat_left", "player": 2, "to": "invite"},
                  "Seat 2's player leaves the table: the seat is open again"),
}
RENDER_NAMED = """
const [events, done] = arguments;
Promise.all([import('/play/log.js'), import('/play/words.js')]).then(([log, words]) => {
  const out = {};
  for (const names of [[], [{seat: 0, name: "Ana"}, {seat: 1, name: "Bo"}, {seat: 2, name: null}]]) {
    words.setSeatNames(names);
    out[names.length ? "named" : "plain"] = events.map((e) => log.eventText("showbiz-shuffle", e));
  }
  done(out);
}).catch((error) => done(String(error)));
"""


def test_the_tables_events_read_as_words_with_the_seats_names(server, browser):
    browser.get(f"{server['url']}/play")
    _wait(browser, lambda d: d.find_elements(By.ID, "game"))
    written = browser.execute_async_script(RENDER_NAMED, [event for event, _ in TABLE_EVENTS.values()])
    assert isinstance(written, dict), written
    assert written["named"] == [text for _, text in TABLE_EVENTS.values()]
    # without names, "Seat n"
    assert written["plain"][:2] == ["Seat 1's time ran out: the server moves for them", "Seat 0 takes back their last move"]


@needs_seats
def test_a_rematch_proposed_at_the_end_is_accepted_from_the_other_page_and_seats_the_same_people(server, browser_factory):
    creator = browser_factory()
    _create(creator, server["url"], game="shufflers", seed=4, seats={"1": INVITE}, name="Ana")
    where = _fragment(creator)
    # Bo takes the open seat through the API and follows the table in a second browser
    client = server["app"].test_client()
    code = _fragment_of(_invitation(creator))["invite"]
    joined = client.post(f"/v1/tables/{where['table']}/join", json={"invite": code, "name": "Bo"}).get_json()
    friend = browser_factory(800, 900)
    friend.get(f"{server['url']}/play#table={where['table']}&seat=1&token={joined['token']}")
    _wait(friend, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .seat"))
    # the game played to its end through the API, each seat with its own token (faster than clicking)
    tokens = {0: where["token"], 1: joined["token"]}
    for _ in range(800):
        table = client.get(f"/v1/tables/{where['table']}").get_json()
        if table["outcome"] is not None:
            break
        seat = table["waiting_for"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        mine = client.get(f"/v1/tables/{where['table']}", headers=auth).get_json()
        client.post(f"/v1/games/shufflers/tables/{where['table']}/moves",
                    json={"move": mine["pending"][0]["options"][0]}, headers={**auth, "If-Match": f'"{mine["version"]}"'})
    assert table["outcome"] is not None
    # Ana proposes: her page goes to the new table's waiting room (Bo has not accepted yet)
    _wait(creator, lambda d: _text(d, "rematch-button") == "Propose a rematch", seconds=60)
    _click(creator, "rematch-button")
    _wait(creator, lambda d: _fragment(d).get("table") not in (None, where["table"]))
    again = _fragment(creator)
    assert again["seat"] == "0" and again["token"] != where["token"]
    room = _wait(creator, lambda d: _texts(d, "#waiting-room"))[0]
    assert "Bo: not here yet" in room and "Ana (you): here" in room, room
    # Bo's page learns of it from its stream (rematch=wait) and accepts: both at the new table, by name
    _wait(friend, lambda d: _text(d, "rematch-button") == "Accept the rematch", seconds=60)
    _click(friend, "rematch-button")
    _wait(friend, lambda d: _fragment(d).get("table") == again["table"] and _fragment(d).get("seat") == "1")
    for page, me in ((creator, 0), (friend, 1)):
        _wait(page, lambda d: not d.find_elements(By.ID, "waiting-room") and d.find_elements(By.CSS_SELECTOR, "#board .seat"))
        headings = _texts(page, "#board .seat h3")
        assert headings[0].startswith("Ana · seat 0") and headings[1].startswith("Bo · seat 1"), headings
        assert "(you)" in headings[me], headings
    assert server["app"].extensions["table_store"].get(where["table"])["rematch"] == {"table_id": again["table"]}
