"""The locks in requirements/ (what `make play`, `make test` and CI install) match
pyproject.toml: every dependency and dev tool it names is locked, at a version its range
admits, with hashes. A range changed without `make lock` fails here, not on a new machine."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^ ;\\]+)")


def locked(path: Path) -> dict[str, Version]:
    """name -> version of every pin in a lock; each pin must carry a hash."""
    pins: dict[str, Version] = {}
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        m = PIN.match(line)
        if not m:
            continue
        assert i + 1 < len(lines) and "--hash=sha256:" in lines[i + 1], f"{line}: no hash"
        pins[canonicalize_name(m.group(1))] = Version(m.group(2))
    return pins


def requirements(groups: list[list[str]]) -> list[Requirement]:
    return [Requirement(text) for group in groups for text in group]


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


@pytest.mark.parametrize(("lock", "wanted"), [
    ("dev.lock", requirements([PYPROJECT["project"]["dependencies"],
                               PYPROJECT["project"]["optional-dependencies"]["dev"]])),
    ("build.lock", requirements([PYPROJECT["build-system"]["requires"]])),
])
def test_every_requirement_is_locked_within_its_range(lock: str, wanted: list[Requirement]) -> None:
    pins = locked(ROOT / "requirements" / lock)
    assert wanted
    for req in wanted:
        name = canonicalize_name(req.name)
        assert name in pins, f"{req} is not in requirements/{lock}: run `make lock`"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"requirements/{lock} pins {name}=={pins[name]} outside {req.specifier}: "
            "run `make lock`")


def test_a_lock_pin_out_of_range_is_caught(tmp_path: Path) -> None:
    """The check above can fail: a pin outside its range is seen as one."""
    lock = tmp_path / "x.lock"
    lock.write_text("textual==7.0.0 \\\n    --hash=sha256:00\n")
    req = Requirement("textual>=8.0,<9")
    assert not req.specifier.contains(locked(lock)["textual"])
