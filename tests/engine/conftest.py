"""The toy game is registered for the engine tests only, and taken out again after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engine import toygame


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    toygame.register()
    yield
    toygame.unregister()
