"""Counts in words: a number and its noun agree, in every message that counts something."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.models.drafts import DraftPlan
from summarizer.render.plan import render_plan
from summarizer.words import count_as
from tests.conftest import run_cli
from tests.gitrepo import GitRepo

MARCH = ("--since", "2025-03", "--until", "2025-03")


@pytest.mark.parametrize(
    ("number", "noun", "said"),
    [
        (1, "commits", "1 commit"), (3, "commit", "3 commits"), (1, "bug fixes", "1 bug fix"), (2, "fix", "2 fixes"),
        (1, "repositories", "1 repository"), (2, "repository", "2 repositories"), (1, "PRs", "1 PR"),
        (0, "change", "0 changes"), (1_200, "work item", "1,200 work items"),
    ],
)  # fmt: skip
def test_a_count_takes_its_noun_in_the_form_its_number_needs(number: int, noun: str, said: str) -> None:
    assert count_as(number, noun) == said


@pytest.fixture
def one_commit(tmp_path: Path) -> Path:
    """Grace's repository with a single one-line feature in March 2025."""
    repo = GitRepo(tmp_path / "tools")
    repo.commit("Add parser", {"parser.py": "x = 1\n"}, "Grace Hopper <grace@example.com>", "2025-03-05T10:00:00+00:00")
    return repo.path


def checked(repo: Path, tmp_path: Path, text: str) -> list[dict[str, str]]:
    summary = tmp_path / "summary.md"
    summary.write_text(text)
    result = run_cli("check", str(summary), str(repo), "-a", "grace", *MARCH, "--format", "json")
    return json.loads(result.stdout)["findings"]


def test_a_wrong_count_where_the_statistics_say_one_says_1_commit(one_commit: Path, tmp_path: Path) -> None:
    (finding,) = checked(one_commit, tmp_path, "In March 2025, Grace Hopper landed 3 commits in tools.")
    assert (finding["message"], finding["suggestion"]) == ("the statistics say 1 commit in March 2025, not 3", "1 commit")


def test_a_share_with_tests_of_one_feature_says_1_feature_or_fix(one_commit: Path, tmp_path: Path) -> None:
    (finding,) = checked(one_commit, tmp_path, "In March 2025, Grace Hopper landed 1 commit in tools. In all, 100% of her features and fixes came with tests.")
    assert finding["message"].startswith("only 1 feature or fix in March 2025: fewer than 5")


def test_the_size_of_one_line_items_is_a_median_of_1_line(one_commit: Path) -> None:
    markdown = run_cli("run", str(one_commit), "-a", "grace", *MARCH, "--format", "markdown").stdout
    assert "| Size | median 1 line, 90th percentile 1; 0 of 1 over 1,000 lines |" in markdown


def test_a_dry_run_of_one_call_says_1_call() -> None:
    plan = DraftPlan(model="gpt-4o-mini", months=[], other_prompt_tokens=0, calls=1, prompt_tokens=1, completion_tokens_estimate=1, estimated_cost_usd=None, approximate=False)
    assert "1 call, 1 prompt token and about 1 completion token (repairs not counted)" in render_plan(plan)
