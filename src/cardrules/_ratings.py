"""Ratings of a tournament's lineup entries, with openskill's Plackett-Luce model (the ``ratings`` extra).

Each lineup entry is one participant, as two entrants of a real tournament
may run the same program: ``random`` at two seats is two participants, so a
lineup that repeats a bot still rates every entry.  An entry is named by its
bot, and where the lineup repeats that bot by its bot and lineup position,
``random@2`` (:attr:`TournamentResult.entries`).

Each match is one update, in match order.  The teams of the update are the
game's sides where seats share an outcome (partnerships, teams), otherwise
each entry alone; the entry at each seat follows from the match's index
(:func:`cardrules._tournament.seating`).  Winners rank first, everyone else
ties second.  A match with only one team or where every team won or lost
alike tells nothing and is left out; so is a match a bot's error ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from ._tournament import MatchResult, TournamentResult

__all__ = ["Rating", "entry_labels", "rate"]


@attrs.frozen
class Rating:
    """A lineup entry's skill estimate: mean ``mu`` and uncertainty ``sigma`` (openskill's scale, 25 ± 8.3 to start)."""

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


def entry_labels(lineup: tuple[str, ...]) -> tuple[str, ...]:
    """A distinct name per lineup position: the bot's, with ``@position`` where the lineup repeats it."""
    return tuple(bot if lineup.count(bot) == 1 else f"{bot}@{p}" for p, bot in enumerate(lineup))


def rate(result: TournamentResult) -> dict[str, Rating] | None:
    """Every lineup entry's rating after the tournament's matches, by entry name in lineup order,
    or ``None`` if openskill is not installed."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    names = result.entries
    current: list[Any] = [model.rating(name=name) for name in names]
    for match in result.matches:
        if match.error is not None:
            continue
        teams = _teams(result, match)
        ranks = [0.0 if won else 1.0 for _, won in teams]
        if len(teams) < 2 or len(set(ranks)) < 2:
            continue
        updated = model.rate([[current[p] for p in positions] for positions, _ in teams], ranks=ranks)
        for (positions, _), ratings in zip(teams, updated, strict=True):
            for p, rating in zip(positions, ratings, strict=True):
                current[p] = rating
    return {name: Rating(float(r.mu), float(r.sigma)) for name, r in zip(names, current, strict=True)}


def _teams(result: TournamentResult, match: MatchResult) -> list[tuple[tuple[int, ...], bool]]:
    """The match's teams: each side's lineup positions, in seat order, and whether the side won."""
    n = len(result.lineup)
    if any(len(side) > 1 for side in result.seat_sides):
        groups = [sorted(side) for side in result.seat_sides]
    else:
        groups = [[seat] for seat in range(n)]
    return [
        (tuple((seat + match.index) % n for seat in seats), any(s in match.winners for s in seats))
        for seats in groups
    ]
