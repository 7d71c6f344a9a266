"""Values built by hand with the public constructors: checked when built, or refused with a CardRulesError by
every public function they are handed to; their text says what is wrong instead of failing."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules import ConfigError, IllegalMoveError, SerializationError, maldicion, malilla


class TestHandBuiltMoves:
    """A move with a field of another type."""

    def test_repr_and_str_say_what_is_wrong(self) -> None:
        move = malilla.Move(seat=0, card=None)  # type: ignore[arg-type]
        assert repr(move) == "<malilla Move: at card: expected a Card, got None>"
        text = str(maldicion.UseAbility(seat=0, direction=""))  # type: ignore[arg-type]
        assert text == "<maldicion UseAbility: at direction: expected int | None, got ''>"

    def test_to_dict_refuses_rather_than_writing_what_from_dict_refuses(self) -> None:
        with pytest.raises(SerializationError, match="not a well-formed move: malilla Move: at card"):
            malilla.Move(seat=0, card=None).to_dict()  # type: ignore[arg-type]

    def test_apply_refuses(self) -> None:
        state = malilla.Game().new_state(seed=1)
        with pytest.raises(IllegalMoveError, match="not a well-formed move"):
            state.apply(malilla.Move(seat=1, card=None))  # type: ignore[arg-type]

    def test_well_formed_moves_keep_their_text(self) -> None:
        move = malilla.Move.parse(1, "7s")
        assert (repr(move), str(move)) == ("Move.parse(1, '7s')", "play 7♠")


class TestHandBuiltViews:
    """A real view edited with attrs.evolve: every public function refuses it, naming the field."""

    @pytest.fixture
    def edited(self) -> malilla.View:
        view = malilla.Game().new_state(seed=1).view(0)
        return attrs.evolve(view, hand=("x",))  # type: ignore[arg-type]

    def test_render_hint_and_json(self, edited: malilla.View) -> None:
        for use in (edited.render, edited.hint, edited.to_dict):
            with pytest.raises(
                SerializationError, match=r"malilla view: at hand\[0\]: expected a Card, got 'x'"
            ):
                use()

    def test_news_refuses_an_edited_earlier_view(self, edited: malilla.View) -> None:
        view = malilla.Game().new_state(seed=1).view(0)
        with pytest.raises(SerializationError, match=r"at hand\[0\]"):
            view.news(edited)

    def test_search_and_encoding(self, edited: malilla.View) -> None:
        game = edited.game
        with pytest.raises(ConfigError, match=r"sample_state needs a view the rules can reach; .*hand\[0\]"):
            game.sample_state(edited, 1)
        with pytest.raises(SerializationError, match=r"hand\[0\]"):
            game.encode_view(edited)

    def test_an_unreachable_view_of_the_right_types(self) -> None:
        """Types right, facts wrong: a card twice in the hand is no view a seat can have.  It can still be shown
        (a front end may edit a view for show), but search refuses it, and so does reading it back."""
        view = malilla.Game().new_state(seed=1).view(0)
        doubled = attrs.evolve(view, hand=(view.hand[0], *view.hand[:-1]))
        assert doubled.render().splitlines()[0] == view.render().splitlines()[0]
        with pytest.raises(ConfigError, match="sample_state needs a view the rules can reach"):
            view.game.sample_state(doubled, 1)
        with pytest.raises(SerializationError):
            malilla.View.from_dict(doubled.to_dict())

    def test_an_edited_view_that_is_still_reachable_works(self) -> None:
        view = malilla.Game().new_state(seed=1).view(0)
        same = attrs.evolve(view)
        assert same.render() == view.render() and same.to_dict() == view.to_dict()


#: For each game, a field of a real state set to another type, and set to a value of its type that no
#: match reaches, with what the refusal names.
_STATE_EDITS: dict[str, tuple[dict[str, object], str, dict[str, object], str]] = {
    "malilla": ({"leader": "1"}, "at leader: expected an integer", {"leader": 9}, "leader must be a seat"),
    "mala_suerte": ({"turn": "x"}, "at turn", {"hands": ((),) * 4}, "do not hold the game's cards once each"),
    "magyar_nepmesek": ({"turn": None}, "at turn", {"turn": 99}, "turn must be a seat"),
    "mala_e_cuia": ({"scores": None}, "at scores", {"scores": (-1, 0, 0, 0)}, "scores"),
    "maldicion": ({"direction": "x"}, "at direction", {"direction": 2}, "direction"),
}


class TestHandBuiltStates:
    """A state made by calling its class, or with attrs.evolve, is checked as ``from_dict`` checks one before
    the rules first work on it: refused, naming the field, if no match reaches it; the rules' own states are
    not checked again."""

    @pytest.mark.parametrize("name", sorted(_STATE_EDITS))
    @pytest.mark.parametrize("kind", ["type", "fact"])
    def test_every_use_refuses_it_and_nothing_changes(self, name: str, kind: str) -> None:
        wrong_type, type_says, unreachable, fact_says = _STATE_EDITS[name]
        state = cardrules.game(name).new_state(seed=1)
        edited = attrs.evolve(state, **(wrong_type if kind == "type" else unreachable))
        says = type_says if kind == "type" else fact_says
        move = state.legal_moves()[0]
        for use in (edited.legal_moves, lambda: edited.apply(move), lambda: edited.view(0)):
            with pytest.raises(SerializationError, match=f"{name} state: .*{says}"):
                use()
        assert attrs.evolve(edited) == edited  # refused, and left as it was

    def test_json_refuses_a_field_of_another_type_and_writes_an_unreachable_one(self) -> None:
        """As for views: writing checks the types (what from_dict reads back), reading checks the rest."""
        state = malilla.Game().new_state(seed=1)
        with pytest.raises(SerializationError, match="malilla state: at leader"):
            attrs.evolve(state, leader="1").to_dict()  # type: ignore[arg-type]
        written = attrs.evolve(state, leader=9).to_dict()
        with pytest.raises(SerializationError, match="leader must be a seat"):
            malilla.State.from_dict(written)

    def test_the_solver_and_the_events_refuse_it(self) -> None:
        state = malilla.Game().new_state(seed=1)
        edited = attrs.evolve(state, board=attrs.evolve(state.board, trump="x"))  # type: ignore[arg-type]
        with pytest.raises(SerializationError, match=r"malilla state: at board\.trump: expected a Card"):
            malilla.solve(edited)
        with pytest.raises(SerializationError, match=r"at board\.trump"):
            malilla.opening_events(edited)

    @pytest.mark.parametrize("name", sorted(_STATE_EDITS))
    def test_a_reachable_one_plays_as_the_original(self, name: str) -> None:
        state = cardrules.game(name).new_state(seed=1)
        same = attrs.evolve(state)
        assert same.legal_moves() == state.legal_moves()
        assert same.apply(state.legal_moves()[0]) == state.apply(state.legal_moves()[0])
        assert same.view(0) == state.view(0)

    def test_its_text_says_what_is_wrong(self) -> None:
        """As a move's and a view's do: a value Python cannot write as text (an integer of 16,610 bits) is named."""
        state = malilla.Game().new_state(seed=1)
        edited = attrs.evolve(state, leader=10**5000)
        assert (
            repr(edited)
            == str(edited)
            == "<malilla State: at leader: expected an integer, got <an integer of 16610 bits>>"
        )
        assert repr(attrs.evolve(state)) == repr(state)
