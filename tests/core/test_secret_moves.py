"""IS-MCTS and secret moves: no seat of the search chooses on a move it could not have seen.

The test game is matching pennies played as two sequential decisions: seat 0
writes heads or tails in secret, then seat 1 writes its own; seat 1 wins if
they match.  Seat 1 cannot see seat 0's choice, so whatever seat 0 writes, it
wins half the time against a seat 1 that plays well (the search's bandits,
learning from each other, settle lower but well above zero).  A search that
let seat 1 see the secret choice would find that seat 0 always loses.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Literal, Self

import attrs

from cardrules import BaseGame, BaseMove, BaseState, Encoding, Outcome, Sampler
from cardrules._base import BaseView
from cardrules._random import Rng
from cardrules.bots import ISMCTSPlayer
from cardrules.bots._ismcts import _Node

Side = Literal["heads", "tails"]


@attrs.frozen
class Write(BaseMove):
    game_name: ClassVar[str] = "pennies"
    seat: int
    side: Side


@attrs.frozen
class PenniesView(BaseView["Pennies"]):
    game_name: ClassVar[str] = "pennies"
    game: Pennies
    seat: int
    own: Side | None
    written: int  # how many seats have written
    outcome: Outcome | None


@attrs.frozen
class PenniesState(BaseState["Pennies", Write, PenniesView]):
    game_name: ClassVar[str] = "pennies"
    _move_type = Write
    game: Pennies
    sides: tuple[Side, ...]
    secret: bool  # whether seat 1 does not see seat 0's side

    @property
    def current_player(self) -> int | None:
        return len(self.sides) if len(self.sides) < 2 else None

    @property
    def outcome(self) -> Outcome | None:
        if len(self.sides) < 2:
            return None
        winner = 1 if self.sides[0] == self.sides[1] else 0
        return Outcome(winners=frozenset({winner}), scores=(float(winner == 0), float(winner == 1)))

    def _legal_moves(self) -> tuple[Write, ...]:
        seat = len(self.sides)
        return (Write(seat, "heads"), Write(seat, "tails"))

    def _apply(self, move: Write) -> Self:
        return attrs.evolve(self, sides=(*self.sides, move.side))

    def _view(self, seat: int) -> PenniesView:
        own = self.sides[seat] if seat < len(self.sides) else None
        return PenniesView(self.game, seat, own, len(self.sides), self.outcome)

    def observation(self, move: Write, seat: int) -> Hashable:
        if self.secret and seat != move.seat:
            return ("wrote", move.seat)
        return move


@attrs.frozen
class Pennies(BaseGame[PenniesState, PenniesView]):
    name: ClassVar[str] = "pennies"
    view_type: ClassVar[type[BaseView[Any]]] = PenniesView
    secret: bool = True

    @property
    def players(self) -> int:
        return 2

    def _new_state(self, rng: Rng) -> PenniesState:
        return PenniesState(self, (), self.secret)

    def _sampler(self, view: PenniesView) -> PenniesSampler:
        return PenniesSampler(view)

    @classmethod
    def examples(cls) -> Sequence[Self]:
        return (cls(),)

    def _make_encoding(self) -> PenniesEncoding:
        return PenniesEncoding()


class PenniesEncoding(Encoding[Write, PenniesView]):
    """Heads is action 0, tails 1; a view is the own side and how many seats have written."""

    def __init__(self) -> None:
        super().__init__(
            Write, actions=[("write (heads, tails)", 2)], observation=[("own side", 2), ("written", 1)]
        )

    def index(self, move: Write) -> int:
        return ("heads", "tails").index(move.side)

    def fill(self, view: PenniesView, out: list[float]) -> None:
        if view.own is not None:
            out[("heads", "tails").index(view.own)] = 1.0
        out[2] = view.written / 2


class PenniesSampler(Sampler[PenniesState]):
    """The other seat's written side, heads or tails at random."""

    def __init__(self, view: PenniesView) -> None:
        super().__init__(view.game_name)
        self.view = view

    def _sample(self, rng: Rng) -> PenniesState:
        view = self.view
        sides: list[Side] = []
        for seat in range(view.written):
            hidden: Side = "heads" if rng.below(2) else "tails"
            sides.append(view.own if seat == view.seat and view.own is not None else hidden)
        return PenniesState(view.game, tuple(sides), view.game.secret)


def _root_values(game: Pennies) -> list[float]:
    """Seat 0's search from the first state: the mean result of each of its two choices."""
    bot = ISMCTSPlayer(game, iterations=2000, seed=3)
    state = game.new_state(1)
    root = _Node(None, 0)
    rng = Rng.from_seed(3)
    for _ in range(bot.iterations):
        bot._iterate(root, game.sampler(state.view(0)), rng)
    return [root.children[move].reward / root.children[move].visits for move in state.legal_moves()]


class TestSecretMoves:
    """ "Simultaneous secret choices are sequential decisions whose content stays hidden" (API.md)."""

    def test_a_later_seat_cannot_answer_a_secret_choice(self) -> None:
        """Seat 1 cannot see seat 0's side: each of seat 0's choices wins a good share of the time."""
        for value in _root_values(Pennies(secret=True)):
            assert 0.15 < value < 0.6

    def test_a_choice_made_in_the_open_can_be_answered(self) -> None:
        """The same game with seat 0's side shown: seat 1 matches it, and seat 0 always loses."""
        for value in _root_values(Pennies(secret=False)):
            assert value < 0.05

    def test_open_moves_keep_one_tree(self) -> None:
        """While every move is public the seats share one tree: both decisions hang under the root."""
        game = Pennies(secret=False)
        bot = ISMCTSPlayer(game, iterations=50, seed=1)
        root = _Node(None, 0)
        rng = Rng.from_seed(1)
        for _ in range(50):
            bot._iterate(root, game.sampler(game.new_state(1).view(0)), rng)
        assert set(root.children) == {Write(0, "heads"), Write(0, "tails")}
        for child in root.children.values():
            assert set(child.children) <= {Write(1, "heads"), Write(1, "tails")}


class TestGamesSecretMoves:
    """The games' own secret moves: the mover sees its choice, the others only that it was made."""

    def test_mala_e_cuia_packing(self) -> None:
        """ "Each player secretly chooses which of the items displayed on the table they would take": every Pack of seat 0 looks the same to seat 1."""
        from cardrules import mala_e_cuia

        state = mala_e_cuia.Game().new_state(1)
        packs = state.legal_moves()
        assert {state.observation(m, 1) for m in packs} == {("pack", 0)}
        assert [state.observation(m, 0) for m in packs] == list(packs)

    def test_mala_suerte_mulligan(self) -> None:
        """The others learn what a seat returned only when every seat has decided (ruling 5): a card set
        aside is not seen at all (``None``), so the seats still to decide cannot count them; ending
        the choice is seen."""
        from cardrules import mala_suerte

        state = mala_suerte.Game(mulligan=True).new_state(1)
        moves = state.legal_moves()
        picks = [m for m in moves if isinstance(m, mala_suerte.Mulligan)]
        assert len(picks) > 1 and {state.observation(m, 2) for m in picks} == {None}
        keep = next(m for m in moves if isinstance(m, mala_suerte.Keep))
        assert state.observation(keep, 2) == ("keep", 0)
        assert state.observation(keep, 0) == keep
