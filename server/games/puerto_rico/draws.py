"""Random draws inline in the hot loops (playout.py, phases/mayor_whole.py).

``random.Random.randrange(n)`` is ``_randbelow(n)``: ``k = n.bit_length()`` random bits,
drawn again while the number is ``n`` or more. The loops repeat that without a Python
call a draw, reading ``k`` from ``BITS``, so they draw the very numbers; only for a
Random whose ``_randbelow`` is that one (a subclass with its own ``random`` draws from
floats: ``inline_bits`` says None and the loops call its ``_randbelow``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

BITS = tuple(n.bit_length() for n in range(256))  # n.bit_length() without a call
_INLINE = getattr(random.Random, "_randbelow_with_getrandbits", None)


def inline_bits(rnd: random.Random) -> Callable[[int], int] | None:
    """``rnd.getrandbits`` when its ``_randbelow`` draws from it (then the loops may
    repeat it inline, for ``n`` below 256), else None."""
    if _INLINE is not None and getattr(type(rnd), "_randbelow", None) is _INLINE:
        return rnd.getrandbits
    return None
