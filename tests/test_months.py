"""Classification and areas: the rules of SPEC §4, one behaviour per case."""

from __future__ import annotations

import pytest

from summarizer.activity import FileChange
from summarizer.months import area_of, classify


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
    ],
)
def test_title_rules(title: str, expected: tuple[str, str]) -> None:
    assert classify(title) == expected


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
    ],
)
def test_area_of(title: str, paths: list[str], expected: str | None) -> None:
    files = [FileChange(path=path, added=10) for path in paths]
    assert area_of(title, files, "pytorch/helion") == expected
