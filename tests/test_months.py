"""Classification and areas: the rules of SPEC §4, one behaviour per case."""

from __future__ import annotations

import datetime as dt

import pytest

from summarizer.classification import classify
from summarizer.models.activity import Commit, FileChange
from summarizer.months import area_of, month_stats

WHEN = dt.datetime(2025, 3, 4, 12, tzinfo=dt.timezone.utc)


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("feat(mps): add fused kernels", ("feature", "conventional:feat")),
        ("fix: handle empty input", ("bug", "conventional:fix")),
        ("docs: explain caching", ("other", "conventional:docs")),
        ("perf(matmul): tile the inner loop", ("other", "conventional:perf")),
        ("chore!: drop Python 3.9", ("other", "conventional:chore")),
        ("Add a pager", ("feature", "verb:add")),
        ("[MPS] Implement fused softmax", ("feature", "verb:implement")),
        ("Support REDEFINES clauses", ("feature", "verb:support")),
        ("Fix off-by-one in pager", ("bug", "verb:fix")),
        ("[Pallas] Resolve shape mismatch", ("bug", "verb:resolve")),
        ("Avoid crash when the cache is empty", ("bug", "keyword:crash")),
        ("Autotuner regression on sm90", ("bug", "keyword:regression")),
        ('Revert "Add a pager"', ("other", "revert")),
        ("Reland fused softmax", ("other", "revert")),
        ("autotuner: add config priors", ("feature", "verb:add")),
        ("Refactor the parser", ("other", "default")),
        ("Bump version to 1.2", ("other", "default")),
        # Tests, docs and typos are what they are, whatever verb opens the title.
        ("Add unit tests for the pager", ("other", "tests:title")),
        ("Tests for the block-size heuristic", ("other", "tests:title")),
        ("Fix flaky test in autotuner", ("other", "tests:title")),
        ("Add Metal backend Python preprocessing, partitioning, and tests", ("feature", "verb:add")),
        ("Update test-infra pin", ("other", "default")),
        ("Add the autotuner to README", ("other", "docs:title")),
        ("Add docs for the cache", ("other", "docs:title")),
        ("Document the cache flags", ("other", "docs:title")),
        ("Fix typo in error message", ("other", "typo")),
        ("fix: typos", ("other", "typo")),
    ],
)
def test_title_rules(title: str, expected: tuple[str, str]) -> None:
    assert classify(title) == expected


def test_an_item_that_changes_only_tests_is_tests_whatever_its_title() -> None:
    assert classify("Add coverage for empty input", paths=["tests/test_pager.py", "test/conftest.py"]) == ("other", "tests:files")
    assert classify("Add coverage for empty input", paths=["tests/test_pager.py", "pager.py"]) == ("feature", "verb:add")


def test_an_item_that_changes_only_docs_is_docs() -> None:
    assert classify("Explain the cache", paths=["docs/cache.md", "README.md"]) == ("other", "docs:files")


def test_labels_decide_before_the_title() -> None:
    assert classify("Add a pager", ["type: bug"]) == ("bug", "label:type: bug")
    assert classify("Rework caching", ["enhancement"]) == ("feature", "label:enhancement")


def test_revert_of_a_fix_is_not_a_bug() -> None:
    assert classify('Revert "Fix crash in pager"')[0] == "other"


@pytest.mark.parametrize(
    ("title", "paths", "expected"),
    [
        ("[MPS] Add fused kernels", ["aten/mps/x.mm"], "MPS"),
        ("feat(parser): add COPYBOOK", ["src/x.py"], "parser"),
        ("autotuner: add config priors", ["helion/autotuner/x.py"], "autotuner"),
        ("Add pager", ["ui/pager.py", "ui/keys.py", "docs/pager.md"], "ui"),
        ("Add pager", ["README.md"], None),
        ("Tune the compiler", ["helion/_compiler/device.py"], "compiler"),
        ("[1/3] [Autodiff] Add backward_experimental", ["helion/autodiff.py"], "Autodiff"),
        ("[WIP] Add pager", ["ui/pager.py"], "ui"),
    ],
)
def test_area_of(title: str, paths: list[str], expected: str | None) -> None:
    files = [FileChange(path=path, added=10) for path in paths]
    assert area_of(title, files, "pytorch/helion") == expected


def test_an_expected_output_file_does_not_decide_the_area() -> None:
    files = [FileChange(path="test/test_matmul.expected", added=400), FileChange(path="helion/_compiler/tile.py", added=12)]
    assert area_of("Speed up tiled matmul", files, "pytorch/helion") == "compiler"


def test_a_test_file_does_not_decide_the_area_of_a_change_beside_code() -> None:
    files = [FileChange(path="test/test_unroll_tuples.py", added=520), FileChange(path="helion/_compiler/device_ir.py", added=96)]
    assert area_of("Add support for listcomp", files, "pytorch/helion") == "compiler"


def test_a_change_to_tests_alone_is_in_the_tests() -> None:
    files = [FileChange(path="test/test_matmul.py", added=40), FileChange(path="test/test_matmul.expected", added=300)]
    assert area_of("Cover split-k matmul", files, "pytorch/helion") == "test"


def test_a_change_to_tests_and_top_level_files_is_in_the_tests() -> None:
    files = [FileChange(path="test/test_matmul.py", added=40), FileChange(path="README.md", added=3)]
    assert area_of("Cover split-k matmul", files, "pytorch/helion") == "test"


def test_notebook_lines_do_not_outweigh_code() -> None:
    commit = Commit(
        sha="a" * 40, repo="r", author_name="Ada", author_email="ada@example.com", authored_at=WHEN, committed_at=WHEN,
        month="2025-03", subject="Add demo", files=[FileChange(path="demo.ipynb", added=900), FileChange(path="lib.py", added=30)],
    )  # fmt: skip
    assert month_stats([commit], []).languages == ["Python", "Jupyter Notebook"]
