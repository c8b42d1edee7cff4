"""The package's stages import one way down: import-linter checks the contracts of pyproject.toml."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports() -> subprocess.CompletedProcess[str]:
    command = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if command is None:
        pytest.fail("lint-imports is missing: pip install '.[test]' installs import-linter")
    return subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_no_stage_imports_a_stage_above_it_and_no_package_has_an_import_cycle() -> None:
    linted = lint_imports()
    assert linted.returncode == 0, linted.stdout[-3000:] + linted.stderr[-2000:]
    assert "0 broken" in linted.stdout
