"""The web table as a person meets it, in headless Chromium: every game played to the end by clicking, at a
desktop's width and a phone's, with no JSON id on the page, nothing overflowing its box, the hand and the
moves on the first screen of a phone, no serious accessibility fault (axe-core); the lobby creates every
game with its defaults; the hint at the table, and a table started from a position in the lobby."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import httpx
import pytest

import cardrules
from cardrules import CardRulesError, game
from cardrules.web._catalogue import catalogue

from .clicking import click_once, click_to_the_end, wait_for_decision
from .conftest import LiveServer
from .test_browser import MATCHES, hub_table, new_table, open_page

WIDTHS = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}

#: What the page shows, measured in the page: its text, what overflows, where the decision sits.
_MEASURE = """() => {
  window.scrollTo(0, 0);
  const over = [];
  for (const node of document.querySelectorAll("body *")) {
    if (node.closest("svg") || node.hidden || node.closest("[hidden]")) continue;
    const style = getComputedStyle(node);
    if (style.display === "inline" || style.display === "none" || node.clientWidth === 0) continue;
    const name = `${node.tagName.toLowerCase()}#${node.id}.${node.className}`;
    if (node.scrollWidth > node.clientWidth + 1) over.push(`${name} is ${node.scrollWidth}px wide in ${node.clientWidth}px`);
    if (["auto", "scroll", "hidden"].includes(style.overflowY) && node.scrollHeight > node.clientHeight + 1)
      over.push(`${name} hides ${node.scrollHeight - node.clientHeight}px in a scroll box`);
  }
  const box = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return [r.top, r.bottom]; };
  return {
    text: document.body.innerText,
    over,
    width: document.documentElement.scrollWidth,
    screen: [window.innerWidth, window.innerHeight],
    hand: box("hand"),
    actions: box("actions"),
  };
}"""


def json_ids(game: Any, view: object) -> set[str]:
    """The ids a view's (or moves') JSON writes for things with a name: card ids, enum names, snake_case tags."""
    entry = catalogue(game)
    ids = {key for key, info in entry["cards"].items() if key != info["name"] and not key.isdigit()}
    ids |= {key for key, name in entry["names"].items() if key != name}
    ids |= set(entry.get("heroes", ()))

    def walk(value: object) -> None:
        if isinstance(value, str) and re.fullmatch(r"[A-Z][A-Z_]{2,}|[a-z]+(_[a-z]+)+", value):
            ids.add(value)
        elif isinstance(value, dict):
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(view)
    return ids


def shown_ids(text: str, ids: set[str]) -> list[str]:
    return sorted(i for i in ids if re.search(rf"(?<![\w/+-]){re.escape(i)}(?![\w/-])", text))


@pytest.fixture(scope="module")
def axe_source() -> str | None:
    """axe-core's script (from the axe-playwright-python package), or ``None`` when it is not installed."""
    try:
        return resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
    except (ImportError, FileNotFoundError):
        return None


#: Why a test skips at its end when axe-core is missing (whatever else it checks has passed by then).
NO_AXE = "SKIPPED LOUDLY: axe-core missing (pip install axe-playwright-python): accessibility NOT checked"


def serious_faults(page: Any, axe_source: str | None) -> list[str]:
    """axe-core's serious and critical violations on the page as it is (none looked for without axe-core)."""
    if axe_source is None:
        return []
    page.add_script_tag(content=axe_source)
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


#: Each game's short match, and the modes that draw the table otherwise (teams, a shared win).
CASES: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    **{game: (game, options, seats) for game, (options, seats) in MATCHES.items()},
    "mala_e_cuia-cooperative": (
        "mala_e_cuia",
        {"players": 3, "mode": "cooperative"},
        ["human", "random", "random"],
    ),
    "maldicion-guild_war": (
        "maldicion",
        {"players": 4, "mode": "guild_war"},
        ["human", "random", "random", "random"],
    ),
}


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_whole_match_by_clicking(
    live: LiveServer, browser: Any, axe_source: str | None, case: str, width: str
) -> None:
    game, options, seats = CASES[case]
    links = new_table(live, game, options, seats)
    page = open_page(browser, live.url + links["seats"][0]["link"], viewport=WIDTHS[width])
    table = hub_table(live, links["table"])
    assert wait_for_decision(page) == "mine"
    assert serious_faults(page, axe_source) == [], "no serious accessibility fault"
    decisions = 0
    while True:
        state = wait_for_decision(page)
        seen = page.evaluate(_MEASURE)
        legal = table.state.legal_moves() if table.state.current_player == 0 else ()
        ids = json_ids(table.game, [table.state.view(0).to_dict(), [m.to_dict() for m in legal]])
        assert shown_ids(seen["text"], ids) == [], f"JSON ids on the page, decision {decisions}"
        assert seen["over"] == [], f"nothing overflows its box, decision {decisions}"
        assert seen["width"] <= seen["screen"][0], "nothing wider than the screen"
        if width == "phone" and state == "mine":
            for part in ("hand", "actions"):
                top, bottom = seen[part]
                assert top >= 0 and bottom <= seen["screen"][1], (
                    f"the {part} on the first screen: {top}-{bottom}"
                )
        if state == "over":
            break
        assert decisions < 400, "the match was not over after 400 decisions"
        click_once(page)
        decisions += 1
    assert table.state.is_terminal
    assert page.locator("#outcome h2").inner_text() in ("You won", "You lost")
    assert serious_faults(page, axe_source) == [], "no serious accessibility fault at the end either"
    assert str(table.seed) in page.locator("#outcome").inner_text(), (
        "the seed is shown once the match is over"
    )
    assert page.locator("#events li").count() == min(len(table.log), 200), "the log's last 200 lines"
    last = re.sub(r"\bseat 0\b", "seat 0 (you)", table.log[-1])
    assert page.locator("#events li").last.inner_text() == last, "the log says 'you' to you"
    page.click("#outcome button.again")
    page.wait_for_url(re.compile(r".*/table/(?!" + links["table"] + ").*#seat=.*"))
    page.wait_for_selector("#seats article")
    again = [t for t in live.app.state.hub.tables.values() if t.id != links["table"]]
    assert len(again) == 1 and again[0].game == table.game, "play again: the same game and options"
    assert [s.get("bot") for s in again[0].seats] == [s.get("bot") for s in table.seats], "... and seats"
    assert page.errors == []
    if axe_source is None:
        pytest.skip(NO_AXE)


def test_the_table_shows_printed_names_and_the_rules_words(live: LiveServer, browser: Any) -> None:
    links = new_table(live, "maldicion", {"players": 4}, ["human", "heuristic", "heuristic", "heuristic"])
    page = open_page(browser, live.url + links["seats"][0]["link"], viewport=WIDTHS["desktop"])
    table = hub_table(live, links["table"])
    wait_for_decision(page)
    view = table.state.view(0)
    text = page.locator("body").inner_text()
    entry = catalogue(table.game)
    hero = entry["heroes"][view.hero.name]
    assert hero["text"] in text, "the Hero's ability, in the rulebook's words"
    assert f"Element in play: {view.element}" in text
    labels = page.locator("#hand button.card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert [label.split(",")[0] for label in labels] == [str(card) for card in view.hand], "printed names"
    assert "voids" not in text and "hand sizes" not in text, "no inference of the sampler, no raw vector"


def test_mala_e_cuia_shows_the_situation_card(live: LiveServer, browser: Any) -> None:
    links = new_table(live, "mala_e_cuia", {"players": 3}, ["human", "heuristic", "heuristic"])
    page = open_page(browser, live.url + links["seats"][0]["link"], viewport=WIDTHS["phone"])
    table = hub_table(live, links["table"])
    wait_for_decision(page)
    situation = table.game.deck.situations[table.state.view(0).progress.situation]
    assert [line for line in page.locator(".situation").inner_text().split("\n") if line][1:] == [
        situation.general.text,
        f"Bonus: {situation.bonus.text}",
    ]


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_the_lobby_creates_every_game_with_its_defaults(
    live: LiveServer, browser: Any, axe_source: str | None, game: str
) -> None:
    page = open_page(browser, live.url + "/", viewport=WIDTHS["phone"])
    page.wait_for_function("document.body.dataset.ready === 'yes'")
    page.select_option("#game", game)
    entry = catalogue(cardrules.game(game))
    assert page.locator("#game-about").inner_text() == entry["description"]
    for option in entry["options"]:
        if option["kind"] == "data":
            assert page.locator(f"#option-{option['name']}").count() == 0, "a deck stays the built-in one"
            continue
        field = page.locator(f"#option-{option['name']}")
        help_text = page.locator(f"#option-{option['name']}-help").inner_text()
        assert option["help"].rstrip(".;") in help_text and "efault: " in help_text
        if option["kind"] == "choice":
            assert field.evaluate("s => [...s.options].map(o => o.value)") == option["choices"]
        if option["kind"] == "integer":
            assert field.get_attribute("type") == "number" and field.get_attribute("min") == str(
                option["min"]
            )
    if game == "malilla":
        assert serious_faults(page, axe_source) == [], "no serious accessibility fault in the lobby"
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#link-list a.seat-link")
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    (table,) = live.app.state.hub.tables.values()
    assert table.game == cardrules.game(game), "the game with its defaults"
    assert page.errors == []
    if axe_source is None:
        pytest.skip(NO_AXE)


def test_a_favicon_of_its_own(live: LiveServer) -> None:
    answer = httpx.get(f"{live.url}/favicon.ico")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in answer.text
    assert 'rel="icon" href="/static/favicon.svg"' in httpx.get(f"{live.url}/").text


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_spectator_sees_the_table_without_a_hand(live: LiveServer, browser: Any, game: str) -> None:
    options, seats = MATCHES[game]
    links = new_table(live, game, options, seats)
    player = open_page(browser, live.url + links["seats"][0]["link"])
    for _ in range(3):
        if wait_for_decision(player) != "mine":
            break
        click_once(player)
    table = hub_table(live, links["table"])
    page = open_page(browser, live.url + links["spectate"], viewport=WIDTHS["phone"])
    page.wait_for_function(f"Number(document.body.dataset.version) === {len(table.moves)}")
    assert page.locator("#seats article").count() == table.game.players
    assert page.locator("#hand button").count() == 0, "a spectator holds no hand"
    seen = page.evaluate(_MEASURE)
    assert shown_ids(seen["text"], json_ids(table.game, table.state.view(0).to_dict())) == []
    assert seen["over"] == []
    assert page.errors == [] and player.errors == []


def test_the_hint_shows_the_advised_card_and_why_and_enter_plays_it(
    live: LiveServer, browser: Any, axe_source: str | None
) -> None:
    links = new_table(live, "malilla", {"target": 1}, ["human", "heuristic", "heuristic", "heuristic"])
    page = open_page(browser, live.url + links["seats"][0]["link"], viewport={"width": 390, "height": 844})
    table = hub_table(live, links["table"])
    assert wait_for_decision(page) == "mine"
    assert page.locator("#advice").is_hidden() and page.locator("#hint").is_visible()
    version = len(table.moves)
    page.locator("#hint").focus()
    page.keyboard.press("Enter")  # the hint by keyboard alone
    page.wait_for_selector("#advice:not([hidden]) figure.card")
    kept = table.advice[0]
    assert kept[0] == version, "the advice of this position"
    best = kept[1]["advice"][0]
    advised = table.state.legal_moves()[best["index"]]
    shown = page.locator("#hand button.advised")
    assert shown.count() == 1 and shown.get_attribute("data-card") == advised.card.to_json()
    assert page.evaluate("document.activeElement.dataset.card") == advised.card.to_json(), "focus on it"
    box = page.locator("#advice")
    figure = box.locator("figure.card")
    assert figure.get_attribute("aria-label") == f"advised: {figure.get_attribute('title')}"
    text = box.inner_text()
    assert best["text"] in text and best["reason"] in text.replace("seat 0 (you)", "seat 0"), text
    assert serious_faults(page, axe_source) == [], "no serious accessibility fault with the advice shown"
    page.keyboard.press("Enter")
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    assert table.moves[version] == advised, "Enter on the advised card plays it"
    if wait_for_decision(page) == "mine":
        assert page.locator("#advice").is_hidden() and page.locator("#hand button.advised").count() == 0, (
            "the advice of an old position is gone"
        )
    assert page.errors == []
    if axe_source is None:
        pytest.skip(NO_AXE)


def test_the_lobby_starts_a_table_from_a_position(
    live: LiveServer, browser: Any, axe_source: str | None
) -> None:
    page = open_page(browser, live.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "mala_suerte")
    page.fill("#option-players", "2")
    page.locator("#option-players").dispatch_event("change")
    page.locator("#from-position summary").click()
    assert page.locator("#position").is_visible()
    assert serious_faults(page, axe_source) == [], "no serious accessibility fault with the box open"
    bad = "mala_suerte:1 rng=12 hands=[["
    with pytest.raises(CardRulesError) as caught:
        game("mala_suerte", players=2).from_notation(bad)
    page.fill("#position", bad)
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#error").inner_text() == str(caught.value), "the engine's reason, in the lobby"
    assert live.app.state.hub.tables == {} and page.locator("#links").is_hidden(), "no table"
    state = game("mala_suerte", players=2).new_state(21)
    for _ in range(4):
        state = state.apply(state.legal_moves()[0])
    page.fill("#position", "  " + state.to_notation() + "\n")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#link-list a.seat-link")
    assert page.locator("#error").is_hidden()
    (table,) = live.app.state.hub.tables.values()
    assert table.position == state.to_notation() and table.match.start() == state
    page.goto(page.locator("#link-list a.seat-link").first.evaluate("a => a.href"))
    page.wait_for_selector("#seats article")
    assert "starts from a position" in page.locator("#events").inner_text()
    click_to_the_end(page, limit=200)
    assert page.locator("#outcome code.position").inner_text() == state.to_notation(), "shown at the end"
    assert page.errors == []
    if axe_source is None:
        pytest.skip(NO_AXE)
