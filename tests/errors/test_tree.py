"""One root exception: every error class defined in prtui or server derives from
``server.errors.PrtuiError``, so ``except PrtuiError`` catches any of the project's own."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import prtui
import server
from server.errors import PrtuiError


def project_modules() -> list[str]:
    names = []
    for package in (prtui, server):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if not info.name.endswith("__main__"):  # running it would start the program
                names.append(info.name)
    return sorted(names)


def error_classes() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for name in project_modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == name:
                found[f"{name}.{cls.__qualname__}"] = cls
    return [found[key] for key in sorted(found)]


ERRORS = error_classes()


def test_the_known_errors_are_found() -> None:
    names = {cls.__name__ for cls in ERRORS}
    assert {"EngineError", "IllegalAction", "FrameError", "ConnectionClosed",
            "ProtocolError", "DiffError", "DataDirBusy", "NetError", "Rejected",
            "ConnectFailed", "Refuse", "RequestError"} <= names


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_every_project_error_derives_from_the_root(cls: type[BaseException]) -> None:
    assert issubclass(cls, PrtuiError)


def test_built_in_kinds_are_kept() -> None:
    from server.protocol.diff import DiffError
    from server.protocol.framing import ConnectionClosed

    assert issubclass(DiffError, ValueError) and issubclass(ConnectionClosed, ConnectionError)
    closed = ConnectionClosed("gone", clean=False)
    assert str(closed) == "gone" and not closed.clean
