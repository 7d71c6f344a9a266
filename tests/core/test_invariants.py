"""The validation helpers every game's ``_validate`` shares word a refusal the same way: the value, the
field, what is wrong."""

from __future__ import annotations

import pytest

from cardrules import SerializationError
from cardrules._invariants import RNG_MAX, check_accounted, check_each_sorted, check_per_seat, check_rng


class TestSharedChecks:
    """Each helper passes what the rules reach and refuses the rest, naming the field."""

    def test_rng_is_a_64_bit_generator_state(self) -> None:
        check_rng("malilla state", 0)
        check_rng("malilla state", RNG_MAX)
        with pytest.raises(
            SerializationError, match=r"^malilla state: rng must be from 0 to 18446744073709551615"
        ):
            check_rng("malilla state", RNG_MAX + 1)
        with pytest.raises(SerializationError, match="rng must be from 0"):
            check_rng("malilla state", -1)

    def test_per_seat_fields_have_one_entry_a_seat(self) -> None:
        check_per_seat("mala_suerte state", 3, (("hands", ((), (), ())), ("alive", (True, True, False))))
        with pytest.raises(
            SerializationError, match=r"^mala_suerte state: alive has length 2; it must be 3$"
        ):
            check_per_seat("mala_suerte state", 3, (("hands", ((), (), ())), ("alive", (True, False))))

    def test_each_row_sorted_names_the_row(self) -> None:
        check_each_sorted("malilla state", "hands", ((1, 2), (), (0, 5)))
        with pytest.raises(SerializationError, match=r"^malilla state: hands\[1\] is not in the order"):
            check_each_sorted("malilla state", "hands", ((1, 2), (3, 0)))

    def test_a_view_accounts_for_every_card(self) -> None:
        check_accounted("mala_suerte view", ("deck_size", 30), 10, 40)
        with pytest.raises(
            SerializationError,
            match=r"^mala_suerte view: hand_sizes and deck_size leave 41 cards in the match, not 40$",
        ):
            check_accounted("mala_suerte view", ("deck_size", 31), 10, 40)
