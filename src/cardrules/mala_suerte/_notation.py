"""Mala Suerte's cards in the one-line notation: ``red_Clover``, ``blue_Black_Cat`` (the JSON's text
with ``_`` for spaces, which :meth:`Card.parse` also reads)."""

from __future__ import annotations

from collections.abc import Mapping

from ._cards import CARDS

__all__ = ["CODES"]

#: The word the notation writes for each card's JSON text.
CODES: Mapping[str, str] = {card.to_json(): card.to_json().replace(" ", "_") for card in CARDS}
