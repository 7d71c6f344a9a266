"""Whole numbers typed by people: a terminal answer, a bot's budget, a port, a header."""

from __future__ import annotations

import re

__all__ = ["whole_number"]

#: ASCII digits only (``str.isdigit`` also admits "²", which ``int`` refuses), and few of them:
#: Python refuses to convert more than 4,300, and no count here needs more than 18.
_DIGITS = re.compile(r"[0-9]{1,18}")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number if it is 1 to 18 ASCII digits, else ``None``."""
    return int(text) if _DIGITS.fullmatch(text) else None
