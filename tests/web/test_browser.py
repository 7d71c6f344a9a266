"""The web table in headless Chromium: whole matches by clicking, two people at one table, a restart."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from .clicking import click_once, click_to_the_end, wait_for_decision
from .conftest import LiveServer

#: Small configurations, bots in every seat but one: a whole match takes a few dozen clicks.
MATCHES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "malilla": ({"target": 1}, ["human", "heuristic", "heuristic", "heuristic"]),
    "mala_suerte": ({"players": 2}, ["human", "heuristic"]),
    "magyar_nepmesek": ({"players": 2}, ["human", "heuristic"]),
    "mala_e_cuia": ({"players": 3}, ["human", "heuristic", "heuristic"]),
    "maldicion": ({"players": 2, "mode": "pvp", "start_hp": 1}, ["human", "heuristic"]),
}


def new_table(server: LiveServer, game: str, options: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/tables", json={"game": game, "options": options, "seats": seats})
    assert answer.status_code == 201, answer.text
    links: dict[str, Any] = answer.json()
    return links


def hub_table(server: LiveServer, table_id: str) -> Any:
    return server.app.state.hub.tables[table_id]


def open_page(browser: Any, url: str, **context: Any) -> Any:
    # The page's own policy forbids eval; Playwright's waiting functions need it.
    page = browser.new_context(bypass_csp=True, **context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    return page


def test_refused_cards_say_why_and_the_keyboard_plays(live: LiveServer, browser: Any) -> None:
    links = new_table(live, "malilla", {"target": 1}, ["human", "heuristic", "heuristic", "heuristic"])
    page = open_page(browser, live.url + links["seats"][0]["link"], viewport={"width": 390, "height": 844})
    table = hub_table(live, links["table"])
    while wait_for_decision(page) == "mine":
        refused = page.locator("#hand button.refused")
        if refused.count():
            card = refused.first
            reason = card.get_attribute("title")
            assert reason and "cannot play" in reason, "the engine's reason, on hover"
            card.click(force=True)  # Playwright counts aria-disabled as disabled; a finger does not
            assert page.locator("#reason").inner_text() == reason, "... and on tap"
            assert table.state.current_player == 0, "a refused card plays nothing"
            break
        click_once(page)
    else:
        pytest.fail("a hand without a single card that could not be played")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "nothing wider than a phone's screen"
    made = len(table.moves)
    page.locator("#hand button.playable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("made => Number(document.body.dataset.version) > made", arg=made)
    assert table.moves[made].seat == 0, "Enter on a focused card plays it"
    if wait_for_decision(page) == "mine":
        made = sum(1 for move in table.moves if move.seat == 0)
        before = len(table.moves)  # read before the key: the bots may answer before the wait begins
        page.keyboard.press("Enter")  # the focus stayed on the hand
        page.wait_for_function(
            "made => document.body.dataset.state === 'over' || document.body.dataset.state === 'waiting'"
            " || Number(document.body.dataset.version) > made",
            arg=before,
        )
        wait_for_decision(page)
        assert sum(1 for move in table.moves if move.seat == 0) == made + 1, "the next card by keyboard alone"


def test_mala_e_cuia_writes_that_cannot_be_made_say_why(live: LiveServer, browser: Any) -> None:
    options, seats = MATCHES["mala_e_cuia"]
    links = new_table(live, "mala_e_cuia", options, seats)
    page = open_page(browser, live.url + links["seats"][0]["link"], viewport={"width": 390, "height": 844})
    table = hub_table(live, links["table"])
    assert wait_for_decision(page) == "mine"
    assert page.locator("#hand button.refused").count() == 0, "an empty tile: every write is legal"
    assert page.locator("#hand button.card").count() == len(table.state.table), "the items on the table"
    packed = table.state.legal_moves()[0].item
    click_once(page)
    assert wait_for_decision(page) == "mine"
    refused = page.locator("#hand button.refused")
    assert refused.count() == 1, "the item packed, and no other, can be written no more"
    item = refused.first
    assert item.get_attribute("aria-label") == f"{packed}: cannot be played now"
    reason = item.get_attribute("title")
    assert reason and f"{packed} is already written on seat 0's Suitcase Tile" in reason, "on hover"
    assert item.get_attribute("aria-disabled") == "true"
    made = len(table.moves)
    item.click(force=True)  # Playwright counts aria-disabled as disabled; a finger does not
    assert page.locator("#reason").inner_text() == reason, "... and on tap"
    assert len(table.moves) == made, "a refused write makes no move"
    page.locator("#hand button.playable").first.click()
    choices = page.locator("#actions button.move:not(.cancel)").evaluate_all(
        "buttons => buttons.map(b => b.textContent)"
    )
    assert [c.rsplit(" (", 1)[1] for c in choices] == ["General)", "Bonus)"], "an item: in which field"
    assert page.errors == []


def test_two_people_at_one_table_each_see_only_their_own_hand(live: LiveServer, browser: Any) -> None:
    links = new_table(live, "malilla", {"target": 1}, ["human", "heuristic", "human", "heuristic"])
    table = hub_table(live, links["table"])
    pages: dict[int, Any] = {}
    frames: dict[int, list[Any]] = {0: [], 2: []}

    def listen(seat: int) -> Any:
        def on_socket(socket: Any) -> None:
            socket.on("framereceived", lambda payload: frames[seat].append(payload))

        return on_socket

    for seat in (0, 2):
        page = browser.new_context(bypass_csp=True).new_page()
        page.on("websocket", listen(seat))
        page.goto(live.url + links["seats"][seat]["link"])
        pages[seat] = page
    clicks = 0
    while not table.state.is_terminal and clicks < 40:
        seat = table.state.current_player
        if seat not in pages:
            pages[0].wait_for_timeout(20)
            continue
        page = pages[seat]
        wait_for_decision(page)
        shown = page.locator("#hand button.card").evaluate_all("cards => cards.map(c => c.dataset.card)")
        own = [card.to_json() for card in table.state.view(seat).hand]
        assert shown == own, "the page shows the seat's own hand"
        click_once(page)
        clicks += 1
    assert table.state.is_terminal, "one hand of Malilla to 1 point ends the match"
    states = list(table.match.states())
    for seat, received in frames.items():
        assert received, "the seat was pushed its table"
        for frame in received:
            message = json.loads(frame if isinstance(frame, str) else frame["payload"])
            version = message["version"]
            assert message["view"] == states[version].view(seat).to_dict(), "its own view, nothing more"
            assert ("record" in message) == states[version].is_terminal, "the seed only at the end"


def test_a_restart_mid_match_resumes_it(live: LiveServer, browser: Any) -> None:
    links = new_table(live, "malilla", {"target": 1}, ["human", "heuristic", "heuristic", "heuristic"])
    page = open_page(browser, live.url + links["seats"][0]["link"])
    for _ in range(3):
        wait_for_decision(page)
        click_once(page)
    wait_for_decision(page)
    before = hub_table(live, links["table"]).state
    version = int(page.evaluate("document.body.dataset.version"))
    live.restart()
    table = hub_table(live, links["table"])
    assert table.state == before, "replayed from the database"
    page.wait_for_function("() => true")
    for _ in range(300):  # the page reconnects by itself
        if table.watchers:
            break
        page.wait_for_timeout(50)
    assert table.watchers, "the page came back to the restarted server"
    assert wait_for_decision(page) == "mine"
    assert int(page.evaluate("document.body.dataset.version")) == version
    click_to_the_end(page, limit=20)
    assert hub_table(live, links["table"]).state.is_terminal


def test_the_lobby_opens_a_table_with_seat_links(live: LiveServer, browser: Any) -> None:
    page = open_page(browser, live.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "mala_suerte")
    page.fill("#option-players", "3")
    page.locator("#option-players").dispatch_event("change")
    assert page.locator("#seat-choices select").count() == 3
    page.select_option("#seat-1", "human")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#link-list a.seat-link")
    links = page.locator("#link-list a.seat-link").evaluate_all("links => links.map(a => a.href)")
    assert len(links) == 2, "one link for each human seat"
    assert page.locator("#link-list button.copy").count() == 3, (
        "a copy button by each link, the spectators' too"
    )
    (table,) = live.app.state.hub.tables.values()
    assert table.game.players == 3 and sorted(table.bots) == [2]
    page.goto(links[1])
    page.wait_for_selector("#seats article")
    assert page.locator("#whoami").inner_text() == "You are seat 1."
    spectator = open_page(browser, live.url + f"/table/{table.id}")
    spectator.wait_for_selector("#seats article")
    assert "watching" in spectator.locator("#whoami").inner_text()
    assert spectator.locator("#hand button").count() == 0, "a spectator holds no hand"
    assert page.errors == [] and spectator.errors == []
