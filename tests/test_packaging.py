"""The installed package holds every module: pyproject lists each subpackage by hand."""

from __future__ import annotations

from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_installed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    present = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "summarizer").rglob("__init__.py")}
    assert present <= listed, f"not installed: {present - listed}"
