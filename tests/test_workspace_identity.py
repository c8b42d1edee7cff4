"""A review belongs to the repositories it reviews and to the developer: the same --author and
months over other repositories never show it.

Two repositories, `alpha` and `beta`, each with two commits by Eve Tester in January 2025.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.gitrepo import GitRepo, lines

EVE = "Eve Tester <eve@example.com>"
PERIOD = ("--since", "2025-01", "--until", "2025-01")
ALPHA_REVIEW = "Eve Tester rebuilt the alpha scheduler (reviewed text)."


def repository(path: Path, topic: str) -> Path:
    repo = GitRepo(path)
    repo.commit(f"Add {topic} scheduler", {f"{topic}/scheduler.py": lines(10)}, EVE, "2025-01-10T10:00:00+00:00")
    repo.commit(f"Fix {topic} queue order", {f"{topic}/queue.py": lines(3)}, EVE, "2025-01-20T10:00:00+00:00")
    return path


def editor(tmp_path: Path, text: str) -> str:
    script = tmp_path / "editor.sh"
    script.write_text(f"#!/bin/sh\nprintf '%s\\n' '{text}' > \"$1\"\n")
    script.chmod(0o755)
    return str(script)


def workspaces() -> list[Path]:
    return sorted((Path(os.environ["SUMMARIZER_HOME"]) / "workspaces").glob("*.json"))


@pytest.fixture
def alpha_reviewed(tmp_path: Path) -> Path:
    """alpha's overview edited and saved in review."""
    alpha = repository(tmp_path / "alpha", "alpha")
    review = run_cli("review", str(alpha), "--author", "Eve Tester", *PERIOD, stdin="e\nq\n", env={"EDITOR": editor(tmp_path, ALPHA_REVIEW), "NO_COLOR": "1"})
    assert review.returncode == 0, review.stderr
    return alpha


def test_a_review_of_one_repository_is_never_shown_for_another(alpha_reviewed: Path, tmp_path: Path) -> None:
    beta = repository(tmp_path / "beta", "beta")
    result = run_cli("run", str(beta), "--author", "Eve Tester", *PERIOD, "--format", "json")
    assert result.returncode == 0, result.stderr
    profile = json.loads(result.stdout)
    assert ALPHA_REVIEW not in result.stdout
    assert profile["overview_review"] == "draft" and "beta" in profile["overview"]


def test_the_same_repository_finds_its_review_again(alpha_reviewed: Path) -> None:
    result = run_cli("run", str(alpha_reviewed), "--author", "Eve Tester", *PERIOD, "--format", "json")
    assert json.loads(result.stdout)["overview"] == ALPHA_REVIEW


def test_each_set_of_repositories_keeps_its_own_workspace(alpha_reviewed: Path, tmp_path: Path) -> None:
    before = workspaces()[0].read_text()
    run_cli("run", str(repository(tmp_path / "beta", "beta")), "--author", "Eve Tester", *PERIOD)
    assert len(workspaces()) == 2
    assert json.loads(before)["sections"]["overview"]["text"] == ALPHA_REVIEW
    assert json.loads(workspaces()[0].read_text())["sections"] == json.loads(before)["sections"]


def test_export_with_reviews_of_two_repository_sets_asks_which(alpha_reviewed: Path, tmp_path: Path) -> None:
    run_cli("run", str(repository(tmp_path / "beta", "beta")), "--author", "Eve Tester", *PERIOD)
    ambiguous = run_cli("export", "--author", "Eve Tester", *PERIOD)
    assert ambiguous.returncode == 2 and ambiguous.stdout == ""
    assert "2 reviewed profiles of Eve Tester from 2025-01 to 2025-01, each of other repositories: " in ambiguous.stderr
    assert f"{tmp_path / 'alpha'} (" in ambiguous.stderr and f"{tmp_path / 'beta'} (" in ambiguous.stderr
    assert "--repository NAME" in ambiguous.stderr and len(ambiguous.stderr.strip().splitlines()) == 1
    chosen = run_cli("export", "--author", "Eve Tester", *PERIOD, "--repository", "alpha")
    assert chosen.returncode == 0 and ALPHA_REVIEW in chosen.stdout
    other = run_cli("export", "--author", "Eve Tester", *PERIOD, "--repository", "beta")
    assert other.returncode == 0 and ALPHA_REVIEW not in other.stdout


def test_a_workspace_saved_before_repositories_were_recorded_is_opened_for_its_own(alpha_reviewed: Path) -> None:
    plain = workspaces()[0]
    saved = json.loads(plain.read_text())
    del saved["repositories"], saved["developer"]
    plain.write_text(json.dumps(saved))
    result = run_cli("run", str(alpha_reviewed), "--author", "Eve Tester", *PERIOD, "--format", "json")
    assert json.loads(result.stdout)["overview"] == ALPHA_REVIEW
    assert workspaces() == [plain]


def test_a_workspace_saved_before_repositories_were_recorded_is_never_attached_to_others(alpha_reviewed: Path, tmp_path: Path) -> None:
    plain = workspaces()[0]
    saved = json.loads(plain.read_text())
    del saved["repositories"], saved["developer"]
    plain.write_text(json.dumps(saved))
    before = plain.read_bytes()
    result = run_cli("run", str(repository(tmp_path / "beta", "beta")), "--author", "Eve Tester", *PERIOD, "--format", "json")
    assert ALPHA_REVIEW not in result.stdout
    assert plain.read_bytes() == before


def test_an_old_workspace_that_cannot_be_told_is_said_and_left_as_it_is(alpha_reviewed: Path) -> None:
    plain = workspaces()[0]
    saved = json.loads(plain.read_text())
    del saved["repositories"], saved["developer"], saved["profile"]
    plain.write_text(json.dumps(saved))
    before = plain.read_bytes()
    result = run_cli("run", str(alpha_reviewed), "--author", "Eve Tester", *PERIOD, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert ALPHA_REVIEW not in result.stdout
    assert f"the workspace {plain} does not say which repositories it reviewed" in result.stderr
    assert plain.read_bytes() == before


def test_two_unrelated_repositories_that_share_a_folders_name_never_share_a_review(alpha_reviewed: Path, tmp_path: Path) -> None:
    other = repository(tmp_path / "elsewhere" / "alpha", "alpha")
    result = run_cli("run", str(other), "--author", "Eve Tester", *PERIOD, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert ALPHA_REVIEW not in result.stdout and len(workspaces()) == 2


def test_a_workspace_of_another_developer_is_refused_and_left_as_it_is(alpha_reviewed: Path) -> None:
    plain = workspaces()[0]
    saved = json.loads(plain.read_text())
    saved["developer"] = ["Someone Else", "someone@example.com"]
    plain.write_text(json.dumps(saved))
    before = plain.read_bytes()
    result = run_cli("run", str(alpha_reviewed), "--author", "Eve Tester", *PERIOD)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"the workspace {plain} reviews the work of Someone Else, someone@example.com, not of Eve Tester" in result.stderr
    assert plain.read_bytes() == before
