"""The web table at /play in a real browser (Debian's Chromium, Selenium): a whole game of each
game against a bot by clicking (Shufflers by keyboard only), a spectator following from a
second page, no hidden card of another seat ever in the page's DOM, a 412 answered by
refreshing, the sealed one-device mode at a phone's width; Plot Twist's own board checked
against the state at every position of a game and of a drafted Setup. Each game's last screen is saved
as docs/screenshots/<game>.png (the README shows them).
"""

import re
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import core
from time_bounds import bound

from .conftest import SCREENSHOTS

MAX_MOVES = 800
GAME_SECONDS = 60
# Seeds whose games end in a few dozen of our clicks (the human always takes the first option).
SEEDS = {"shufflers": 4, "big-shuffle": 1, "showbiz-shuffle": 2}
OPTIONS = {"shufflers": {"vehicle": True, "sacrificial_lamb": True}}
# The README's screenshots: a decision with at least this many options, after this many moves
SHOT_WHEN = {"shufflers": (1, 2), "big-shuffle": (6, 3), "showbiz-shuffle": (6, 3)}
CARDS_IN_DOM = "return [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"


def _wait(driver, condition, seconds=15):
    """Wait for the condition; an element the page drew anew while it was read (a step came in) is
    looked up again on the next poll."""
    return WebDriverWait(driver, bound(seconds), poll_frequency=0.05,
                         ignored_exceptions=[StaleElementReferenceException]).until(lambda d: condition(d))


def _create(driver, url: str, game: str, seed=None, where: str = "table", options=None, players=None,
            seats=None) -> None:
    """`seats`: {seat: "" (a person) or a bot's name} where the lobby's choice is not wanted."""
    driver.get(f"{url}/play")
    Select(_wait(driver, lambda d: d.find_element(By.ID, "game"))).select_by_value(game)
    for count in [players] if isinstance(players, int) else players or []:  # a count, or the counts typed in turn
        field = driver.find_element(By.ID, "players")
        field.clear()
        field.send_keys(str(count), Keys.TAB)
        _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-seat]")) == count)
    for seat, choice in (seats or {}).items():
        Select(driver.find_element(By.ID, f"seat-{seat}")).select_by_value(choice)
    for name, value in (options or {}).items():
        field = driver.find_element(By.ID, f"opt-{name}")
        if value is True:
            field.click()  # a checkbox
        else:
            Select(field).select_by_value(value)
    if seed is not None:  # the seed is in the Advanced fold
        driver.find_element(By.CSS_SELECTOR, "#advanced summary").click()
        driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, f"where-{where}").click()
    driver.find_element(By.ID, "create").click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option, #outcome"))


def _fragment(driver) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(driver.current_url).fragment).items()}


def _card_ids(value, out: set) -> set:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, list):
        for v in value:
            _card_ids(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _card_ids(v, out)
    return out


def _hidden_from(state: dict, seat) -> set:
    """The card ids in the state that `seat` may not see (in another hand, a deck, face down)."""
    game = core.get_game(state["game"])
    catalog = {c["id"] for c in game.cards()}
    known = lambda ids: {i for i in ids if i.split("#")[0] in catalog}  # noqa: E731
    return known(_card_ids(state, set())) - known(_card_ids(core.view(state, seat, trusted=True)["view"], set()))


def _check_no_leak(driver, server, table_id: str, seat) -> bool:
    """No hidden card's id in the DOM; True when the page showed the table's current version."""
    record = server["app"].extensions["table_store"].get(table_id)
    shown = driver.find_element(By.ID, "main").get_attribute("data-version")
    if shown != str(record["version"]):
        return False  # the page is a step behind: what was visible then may be hidden now
    leaked = set(driver.execute_script(CARDS_IN_DOM)) & _hidden_from(record["state"], seat)
    assert not leaked, f"hidden cards in the page of seat {seat}: {sorted(leaked)}"
    if record["state"]["game"] == "big-shuffle":  # its ids are words no random id contains
        source = driver.page_source
        assert not [c for c in _hidden_from(record["state"], seat) if f'"{c}"' in source]
    return True


def _play(driver, server, table_id: str, keyboard: bool = False, shot=None, shot_when=(6, 3), seat: int = 0,
          until=None, check=None, reload_at=None) -> int:
    """Take the first option of every decision until the game is over; check for leaks as we go.
    `shot`: where to save a screenshot of the table mid-game, a decision on screen. `until`: stop
    after that many moves if the game has not ended by then. `check(driver, state)`: more checks
    of each position the page shows at the table's current version; True stops the play there.
    `reload_at`: reload the page after that many moves, as a person might; the log comes back."""
    moves, checked, deadline = 0, 0, time.monotonic() + bound(GAME_SECONDS)
    while not driver.find_elements(By.ID, "outcome") and moves != until:
        assert moves < MAX_MOVES and time.monotonic() < deadline, "the game did not end"
        if moves == reload_at:
            reload_at, lines = None, len(driver.find_elements(By.CSS_SELECTOR, "#log li"))
            driver.refresh()
            _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log li")) >= lines
                  and d.find_elements(By.CSS_SELECTOR, "#decision button, #outcome"))
        buttons = driver.find_elements(By.CSS_SELECTOR, "#decision button.option:not([disabled])")
        groups = driver.find_elements(By.CSS_SELECTOR, "#decision button.group:not([disabled])")
        if not buttons and groups:  # every choice is in a group: open the first (the second click plays)
            try:
                groups[0].click()
            except StaleElementReferenceException:
                pass
            continue
        if not buttons:
            time.sleep(0.03)
            continue
        current = _check_no_leak(driver, server, table_id, seat)
        checked += current
        if current and check is not None and check(driver, server["app"].extensions["table_store"].get(table_id)["state"]):
            break
        if shot is not None and moves >= shot_when[0] and (len(buttons) >= shot_when[1] or moves >= 20):
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(shot))
            shot = None
        version = driver.find_element(By.ID, "main").get_attribute("data-version")
        try:
            if keyboard:  # the prompt has the focus (Enter there plays nothing); Tab reaches the first option
                active = driver.switch_to.active_element
                assert "prompt" in (active.get_attribute("class") or ""), "the prompt should have the focus"
                active.send_keys(Keys.ENTER)
                assert driver.find_element(By.ID, "main").get_attribute("data-version") == version
                active.send_keys(Keys.TAB)
                active = driver.switch_to.active_element
                assert "option" in (active.get_attribute("class") or ""), "Tab goes from the prompt to the options"
                active.send_keys(Keys.ENTER)
            else:
                buttons[0].click()
        except StaleElementReferenceException:
            continue
        moves += 1
        _wait(driver, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") != version
              or d.find_elements(By.ID, "outcome"))
    assert checked > 0
    if shot is not None:  # a short game: its last screen
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(shot))
    return moves


@pytest.mark.parametrize("game", ["shufflers", "big-shuffle", "showbiz-shuffle"])
def test_a_whole_game_against_a_bot_by_clicking(game, server, browser_factory):
    player = browser_factory()
    # a person changes the count and comes back to two: the seats chosen are kept
    _create(player, server["url"], game, seed=SEEDS[game], options=OPTIONS.get(game), players=[3, 2])
    where = _fragment(player)
    assert set(where) == {"table", "seat", "token"} and where["seat"] == "0"
    assert "?" not in player.current_url.split("#")[0], "the token never goes in a query string"
    labels = [b.text for b in player.find_elements(By.CSS_SELECTOR, "#decision button.option")]
    assert labels and all(labels) and len(set(labels)) == len(labels)

    spectator = None
    if game == "showbiz-shuffle":  # a second page follows the table as a spectator
        spectator = browser_factory(800, 900)
        spectator.get(player.find_element(By.ID, "spectator-link").get_attribute("href"))
        _wait(spectator, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .seat"))
        assert not spectator.find_elements(By.CSS_SELECTOR, "#decision button.option")

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    moves = _play(player, server, where["table"], keyboard=(game == "shufflers"), shot=SCREENSHOTS / f"{game}.png",
                  shot_when=SHOT_WHEN[game], reload_at=3)
    assert moves > 3
    record = server["app"].extensions["table_store"].get(where["table"])
    assert record["state"]["outcome"] is not None
    _wait(player, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log li")) > moves)
    assert "Game over" in player.find_element(By.ID, "outcome").text
    # the end screen says why, in words, with every seat's score, and keeps a place for a rematch
    reason = player.find_element(By.ID, "end-reason").text
    assert reason and "_" not in reason, reason
    scores = record["state"]["outcome"]["scores"]
    rows = [r.text for r in player.find_elements(By.CSS_SELECTOR, ".end-scores tbody tr")]
    assert len(rows) == len(scores) and all(str(n) in row for n, row in zip(scores.values(), rows))
    assert player.find_elements(By.CSS_SELECTOR, "#rematch[data-slot=rematch]")
    if game == "big-shuffle":  # the agendas by name, with their scenes by name: a win by agendas explained
        agenda = next(c for c in core.get_game(game).cards() if c["id"] == record["state"]["seats"][0]["agenda"])
        end = player.find_element(By.ID, "end-screen").text
        assert agenda["name"] in end and agenda["text"].rstrip(".") in end, end
    _check_no_leak(player, server, where["table"], 0)

    if spectator is not None:
        _wait(spectator, lambda d: d.find_elements(By.ID, "outcome"), 20)
        _wait(spectator, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") == str(record["version"]))
        assert len(spectator.find_elements(By.CSS_SELECTOR, "#log li")) >= moves
        _check_no_leak(spectator, server, where["table"], None)


def test_a_stale_move_is_answered_by_refreshing_the_table(server, browser):
    """412: the seat moved on another device; the page says so and shows the table as it is."""
    _create(browser, server["url"], "shufflers", seed=5)
    where = _fragment(browser)
    # the page no longer hears the stream, so it cannot know about the other device's move
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events*"]})
    browser.refresh()
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option"))
    stale = browser.find_element(By.ID, "main").get_attribute("data-version")
    client = server["app"].test_client()
    auth = {"Authorization": f"Bearer {where['token']}"}
    table = client.get(f"/v1/tables/{where['table']}", headers=auth).get_json()
    moved = client.post(f"/v1/tables/{where['table']}/moves", json={"move": table["pending"][0]["options"][0]},
                        headers={**auth, "If-Match": f'"{table["version"]}"'})
    assert moved.status_code == 200
    browser.find_element(By.CSS_SELECTOR, "#decision button.option").click()
    _wait(browser, lambda d: "moved on" in d.find_element(By.ID, "status").text)
    # the page then reads the table again (the status is set first)
    _wait(browser, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") == str(moved.get_json()["version"]))
    assert str(moved.get_json()["version"]) != stale


def test_one_device_sealed_game_at_a_phone_width(server, browser_factory):
    phone = browser_factory(375, 800)
    phone.get(f"{server['url']}/play")
    _wait(phone, lambda d: d.find_elements(By.ID, "create"))
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    Select(phone.find_element(By.ID, "game")).select_by_value("shufflers")
    phone.find_element(By.ID, "where-device").click()
    phone.find_element(By.ID, "create").click()
    _wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option"))
    assert _fragment(phone) == {"device": "shufflers"}, "the sealed string stays out of the URL"
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), \
        "the table fits a phone's width"
    moves = 0
    while not phone.find_elements(By.ID, "outcome"):
        assert moves < MAX_MOVES
        version = phone.find_element(By.ID, "main").get_attribute("data-version")
        try:
            phone.find_element(By.CSS_SELECTOR, "#decision button.option").click()
        except StaleElementReferenceException:
            continue
        moves += 1
        _wait(phone, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") != version
              or d.find_elements(By.ID, "outcome"))
    assert "Game over" in phone.find_element(By.ID, "outcome").text


def test_one_device_pass_and_play_shows_each_person_their_seat(server, browser):
    """Two people, no bot, one device: the page looks as whoever is due, and the game ends."""
    browser.get(f"{server['url']}/play")
    Select(_wait(browser, lambda d: d.find_element(By.ID, "game"))).select_by_value("shufflers")
    Select(browser.find_element(By.ID, "seat-1")).select_by_value("")
    browser.find_element(By.ID, "where-device").click()
    browser.find_element(By.ID, "create").click()
    seats_seen, moves, handovers = set(), 0, 0
    while not browser.find_elements(By.ID, "outcome"):
        assert moves < MAX_MOVES
        buttons = _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision button.option, #handover-ready")
                        or d.find_elements(By.ID, "outcome"))
        if browser.find_elements(By.ID, "outcome"):
            break
        if browser.find_elements(By.ID, "handover-ready"):  # the next person's cards stay hidden until then
            assert not browser.find_elements(By.CSS_SELECTOR, "#board .seat")
            handovers += 1
            browser.find_element(By.ID, "handover-ready").click()
            continue
        seats_seen.add(browser.find_element(By.CSS_SELECTOR, ".seat.mine h3").text.split(" ")[1])
        version = browser.find_element(By.ID, "main").get_attribute("data-version")
        try:
            buttons[0].click()
        except StaleElementReferenceException:
            continue
        moves += 1
        _wait(browser, lambda d: d.find_element(By.ID, "main").get_attribute("data-version") != version
              or d.find_elements(By.ID, "outcome"))
    assert seats_seen == {"0", "1"} and handovers > 0


# --- Plot Twist: its own board (api/static/play/plot_twist.js) ------------------------------------
PLOT_TWIST_SEED = 4  # quick Setup, 3 seats, the person at seat 1: a game of ~26 clicks, 2 Turns
PLOT_TWIST_MOVES = 120  # a bound: the game ends first with this seed, but another engine may differ
# What the page shows of Plot Twist's board, read in one go (the page may redraw between two reads)
PLOT_TWIST_BOARD = """
const board = document.querySelector('#board .board-plot-twist');
if (!board) return null;
const text = (n) => (n ? n.textContent : null);
const cards = (n) => (n ? [...n.querySelectorAll('[data-card]')].map((e) => e.dataset.card) : []);
const box = (label) => board.querySelector(`section[aria-label="${label}"]`);
const rowOf = (root, label) => root && [...root.querySelectorAll('.row')]
  .find((r) => r.querySelector('.label').textContent === label);
return {
  plain: board.querySelectorAll('details').length,
  setup: text(box('Setup')), current: text(board.querySelector('.pt-steps [aria-current=step]')),
  turn: text(board.querySelector('.pt-turn h3')), combat: text(box('Combat')),
  location: text(board.querySelector('.pt-location .card.active')),
  objective: text(rowOf(box('Cards in play'), 'Objective')), objectiveCards: cards(rowOf(box('Cards in play'), 'Objective')),
  events: text(rowOf(box('Cards in play'), 'Events Cluster')), eventCards: cards(rowOf(box('Cards in play'), 'Events Cluster')),
  characters: [...board.querySelectorAll('.pt-character')].map((li) => ({
    card: li.querySelector('.pt-name [data-card]').dataset.card,
    side: li.closest('section').getAttribute('aria-label'), text: li.textContent })),
  hands: [...board.querySelectorAll('.pt-hands section.seat')].map((s) => ({
    mine: s.classList.contains('mine'), title: text(s.querySelector('h3')),
    plot: cards(rowOf(s, 'Plot Hand')), plotText: text(rowOf(s, 'Plot Hand')),
    combat: cards(rowOf(s, 'Combat Hand')), combatText: text(rowOf(s, 'Combat Hand')),
    deck: cards(rowOf(s, 'Combat Deck')) })),
};
"""
SETUP_LABELS = {"villain": "Main Villain", "villain_equipment": "Villain's Equipment", "mooks": "Mooks",
                "location": "first Location", "objective": "Objective", "hero": "Heroes",
                "hero_equipment": "Heroes' Equipment", "plot_hands": "Plot Hands", "combat_decks": "Combat Decks",
                "twists": "Twists! Deck", "events": "Events Cluster"}


def _names() -> dict:
    return {c["id"]: c["name"] for c in core.get_game("plot-twist").cards()}


def _check_plot_twist_board(driver, state: dict, seat: int) -> dict:
    """The board the page shows is Plot Twist's, and says what the state says, as `seat` may see it."""
    names, shown = _names(), driver.execute_script(PLOT_TWIST_BOARD)
    assert shown is not None, "Plot Twist has its own board, not the plain one"
    assert shown["plain"] == 0
    step = state["setup"]["step"]
    if step != "done":
        assert shown["setup"] and shown["current"].startswith(SETUP_LABELS[step]) and shown["turn"] is None
    else:
        assert shown["setup"] is None and shown["turn"] == f"Turn {state['turn']['number']}"
    if state["location"]:
        assert shown["location"] == names[state["location"]]
    combat = state["combat"]
    assert (shown["combat"] is not None) == (combat is not None)
    if combat:
        assert names[combat["attacker"]] in shown["combat"] and names[combat["defender"]] in shown["combat"]

    # every Character on its side, with its counters
    by_card = {c["card"]: c for c in shown["characters"]}
    assert set(by_card) == {c["card"] for c in state["characters"]}
    for c in state["characters"]:
        drawn = by_card[c["card"]]
        assert drawn["side"] == ("The GM's side" if c["seat"] == 0 else "The Heroes' side"), c["card"]
        assert ("Main Villain" in drawn["text"]) == bool(c.get("main"))
        assert ("Crossover Villain" in drawn["text"]) == ("crossed" in c and not c["main"] and "away" not in c)
        assert ("Surrendered" in drawn["text"]) == (c.get("away") == "surrendered")
        for counter in ("belief", "hate", "energy", "quantity", "time"):
            if counter in c:
                assert re.search(rf"{counter.capitalize()} {c[counter]}(?!\d)", drawn["text"]), (c["card"], counter)
        for name, r in c.get("resistances", {}).items():
            assert f"{name.capitalize()} {r['stress']} Stress + {r['trauma']} Trauma of" in drawn["text"]
        if c.get("equipment"):
            assert names[c["equipment"]] in drawn["text"]
        for status in c["statuses"]:
            assert status.capitalize() in drawn["text"]
        if c["card"] in state["identities"]:
            assert state["identities"][c["card"]].capitalize() in drawn["text"]

    # the Objective and the Events Cluster: face down for a Hero's seat until Revealed
    objective = state["objective"]
    if objective["card"] and (objective["revealed"] or seat == 0):
        assert shown["objectiveCards"] == [objective["card"]]
    elif objective["card"]:
        assert shown["objectiveCards"] == [] and "face down" in shown["objective"]
    events = state["events_cluster"]
    assert shown["events"].count("face down") == sum(not e["revealed"] for e in events)
    assert shown["events"].count("Nullified") == sum(e["nullified"] for e in events)
    assert sorted(shown["eventCards"]) == sorted(e["card"] for e in events if e["revealed"] or seat == 0)

    # this seat's hands by name, the others' as counts
    assert [h["mine"] for h in shown["hands"]] == [i == seat for i in range(state["players"])]
    for i, hand in enumerate(shown["hands"]):
        if i == seat:
            assert sorted(hand["plot"]) == sorted(state["plot_hands"][i])
            assert sorted(hand["combat"]) == sorted(state["combat_hands"][i])
            if step != "done":  # its Combat Deck while Setup builds it
                assert sorted(hand["deck"]) == sorted(state["combat_decks"][i])
        else:
            assert hand["plot"] == hand["combat"] == hand["deck"] == []
            for key, cards in (("plotText", state["plot_hands"][i]), ("combatText", state["combat_hands"][i])):
                assert (f"{len(cards)} face down" if cards else "empty") in hand[key]
    return shown


def test_plot_twist_against_bots_by_clicking(server, browser_factory):
    """Quick Setup, 3 seats: the person plays the Hero of seat 1 against the GM's bot and the other
    Hero's bot. The board shows both sides, the Location, the cards in play and the person's hands,
    never the others' hidden cards; checked against the state at every position, to the game's end
    (or PLOT_TWIST_MOVES clicks)."""
    player = browser_factory()
    _create(player, server["url"], "plot-twist", seed=PLOT_TWIST_SEED, options={"setup": "quick"}, players=3,
            seats={0: "random", 1: ""})
    where = _fragment(player)
    assert where["seat"] == "1"
    state = server["app"].extensions["table_store"].get(where["table"])["state"]
    assert state["setup"]["step"] == "done" and state["players"] == 3
    board = _wait(player, lambda d: d.execute_script(PLOT_TWIST_BOARD))
    names = _names()
    villain = next(c["card"] for c in state["characters"] if c.get("main"))
    heroes = [c["card"] for c in state["characters"] if c["card"].startswith("hero/")]
    assert len(heroes) == 2 and {c["side"] for c in board["characters"] if c["card"] in heroes} == {"The Heroes' side"}
    assert next(c for c in board["characters"] if c["card"] == villain)["side"] == "The GM's side"
    assert board["location"] == names[state["location"]]
    assert board["hands"][1]["plot"] and names[heroes[0]] in board["hands"][1]["title"]
    assert "5 face down" in board["hands"][0]["plotText"] and not board["hands"][0]["plot"]

    seen = {"combat": 0, "turns": set()}

    def check(driver, state):
        shown = _check_plot_twist_board(driver, state, 1)
        seen["turns"].add(shown["turn"])
        if shown["combat"] and not seen["combat"]:  # the README's screenshot: a Combat in progress
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(SCREENSHOTS / "plot-twist.png"))
        seen["combat"] += bool(shown["combat"])

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    moves = _play(player, server, where["table"], seat=1, until=PLOT_TWIST_MOVES, check=check, reload_at=5)
    record = server["app"].extensions["table_store"].get(where["table"])
    assert moves > 10 and seen["combat"] > 0, (moves, seen)
    if record["state"]["outcome"] is not None:
        assert "Game over" in _wait(player, lambda d: d.find_element(By.ID, "outcome")).text
        reason = player.find_element(By.ID, "end-reason").text  # the outcome's reason as a sentence
        assert reason and "_" not in reason and ("Hero" in reason or "Villain" in reason or "Threat" in reason), reason
    else:
        assert moves == PLOT_TWIST_MOVES
    _wait(player, lambda d: _check_no_leak(d, server, where["table"], 1))
    _check_plot_twist_board(player, record["state"], 1)


def test_plot_twist_drafted_setup_shows_its_progress(server, browser):
    """Drafted Setup, the person as the GM against a Hero's bot: the Setup's steps with the current
    one marked, the GM's own Combat Deck, Events and face-down Objective by name while they are
    built; then the first Turn."""
    _create(browser, server["url"], "plot-twist", seed=1)
    where = _fragment(browser)
    assert where["seat"] == "0"
    steps = set()

    def check(driver, state):
        shown = _check_plot_twist_board(driver, state, 0)
        steps.add(state["setup"]["step"])
        if state["setup"]["step"] == "events":
            assert "face down" in shown["objective"] and shown["objectiveCards"] == [state["objective"]["card"]]
        return shown["turn"] == "Turn 1"  # Setup is over: the Setup box gone, the first Turn shown

    moves = _play(browser, server, where["table"], until=60, check=check)
    assert {"villain", "objective", "plot_hands", "combat_decks", "events", "done"} <= steps, steps
    assert moves < 60
