"""Playing a seat in the browser by clicking, as a person would: a playable card, else the first move."""

from __future__ import annotations

from typing import Any

#: JavaScript: whether the page shows a position newer than ``version``, or the end.
_MOVED_ON = "v => Number(document.body.dataset.version) > v || document.body.dataset.state === 'over'"


def wait_for_decision(page: Any) -> str:
    """Wait until the seat is to decide or the match is over; returns ``mine`` or ``over``."""
    page.wait_for_function("['mine', 'over'].includes(document.body.dataset.state)", timeout=60_000)
    state: str = page.evaluate("document.body.dataset.state")
    return state


def click_once(page: Any) -> None:
    """Make the seat's decision by clicking, and wait until the server has taken it."""
    version = int(page.evaluate("document.body.dataset.version"))
    playable = page.locator("#hand button.playable")
    if playable.count():
        playable.first.click()
        chooser = page.locator("#actions button.move:not(.cancel):not(.refused)")
        if page.locator("#actions button.cancel").count():
            chooser.first.click()
    else:
        page.locator("#actions button.move:not(.refused)").first.click()
    page.wait_for_function(_MOVED_ON, arg=version, timeout=60_000)


def click_to_the_end(page: Any, limit: int) -> int:
    """Click the seat's decisions until the match is over; returns how many clicks it took."""
    clicks = 0
    while wait_for_decision(page) == "mine":
        assert clicks < limit, f"the match was not over after {limit} decisions"
        click_once(page)
        clicks += 1
    return clicks
