"""Ratings across a tournament's bots, with openskill's Plackett-Luce model (the ``ratings`` extra).

Each match is one update, in match order.  The teams of the update are the
game's sides where seats share an outcome (partnerships, teams), otherwise
one team per distinct bot (a bot at several seats is one team, which wins if
any of its seats does).  Winners rank first, everyone else ties second.  A
match tells nothing about a bot playing itself, so a match with one bot on
two opposing sides, or only one team, is left out; so is a match a bot's
error ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from ._tournament import MatchResult, TournamentResult

__all__ = ["Rating", "rate"]


@attrs.frozen
class Rating:
    """A bot's skill estimate: mean ``mu`` and uncertainty ``sigma`` (openskill's scale, 25 ± 8.3 to start)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill, ``mu - 3 sigma``: what leaderboards sort by."""
        return self.mu - 3 * self.sigma

    def __str__(self) -> str:
        return f"{self.mu:.1f}±{self.sigma:.1f}"

    def to_dict(self) -> dict[str, float]:
        """JSON-ready: mu, sigma and the ordinal."""
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def rate(result: TournamentResult) -> dict[str, Rating] | None:
    """Every bot's rating after the tournament's matches, or ``None`` if openskill is not installed."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    current: dict[str, Any] = {bot: model.rating(name=bot) for bot in dict.fromkeys(result.lineup)}
    for match in result.matches:
        if match.error is not None:
            continue
        teams = _teams(result, match)
        labels = [bot for bots, _ in teams for bot in bots]
        if len(teams) < 2 or len(labels) != len(set(labels)):
            continue
        ranks = [0.0 if won else 1.0 for _, won in teams]
        if len(set(ranks)) < 2:
            continue
        updated = model.rate([[current[bot] for bot in bots] for bots, _ in teams], ranks=ranks)
        for (bots, _), ratings in zip(teams, updated, strict=True):
            current.update(zip(bots, ratings, strict=True))
    return {bot: Rating(float(r.mu), float(r.sigma)) for bot, r in current.items()}


def _teams(result: TournamentResult, match: MatchResult) -> list[tuple[tuple[str, ...], bool]]:
    """The match's teams: each side's distinct bots and whether the side won."""
    if any(len(side) > 1 for side in result.seat_sides):
        groups = [sorted(side) for side in result.seat_sides]
    else:
        by_bot: dict[str, list[int]] = {}
        for seat, bot in enumerate(match.seating):
            by_bot.setdefault(bot, []).append(seat)
        groups = list(by_bot.values())
    return [
        (tuple(dict.fromkeys(match.seating[seat] for seat in seats)), any(s in match.winners for s in seats))
        for seats in groups
    ]
