"""The validator on real histories (../shared/real-history): true summaries of real months
pass, summaries with planted errors are caught, and the offline drafts of the busiest
authors validate without an error."""

from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path

import pytest

from summarizer.cache import RunCache
from summarizer.drafting.offline import draft_offline
from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.sources import collect_activity
from summarizer.validation import validate
from tests.conftest import SHARED
from tests.gitrepo import clone

BUNDLES = SHARED / "real-history"
pytestmark = pytest.mark.skipif(not BUNDLES.is_dir(), reason="../shared/real-history is absent (it is not part of a clone)")


@pytest.fixture(scope="module")
def repos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("real-validation")
    return {name: clone(BUNDLES / f"{name}.bundle", root / name) for name in ("tritonbench", "helion")}


def history_of(repo: Path, author: str, since: str = "2024-01", until: str = "2026-12") -> History:
    cache = RunCache(Path("unused"), enabled=False)
    return build_history(collect_activity([str(repo)], [author], Period(since=since, until=until), None, cache))


def kinds_and_texts(text: str, history: History) -> set[tuple[str, str]]:
    return {(finding.kind, finding.text) for finding in validate(text, history) if finding.severity == "error"}


XU_ZHAO_JUNE_2025 = (
    "In June 2025, Xu Zhao landed 11 commits in tritonbench. He added a `cuda_time` metric and switched it to "
    "CUDA graphs with variance reporting, added tflops to grouped_gemm (#254), supported the abtest benchmark (#244) "
    "and added a gemm autotune benchmark. He also fixed ServiceLab failures on MI300X and fixed the linter (#250)."
)
OGUZ_ULGEN_JUNE_2026 = (
    "Oguz Ulgen's June 2026 work focused on the CuTe backend: 21 commits, including on-disk compile caching (#2685), "
    "float32 atomic_max/atomic_min via integer-bitcast dispatch (#2689) and scalar associative_scan over non-last "
    "dimensions (#2665). He also started testing Python 3.14t in CI (#2642)."
)


def test_true_summary_of_a_tritonbench_month_passes(repos: dict[str, Path]) -> None:
    assert kinds_and_texts(XU_ZHAO_JUNE_2025, history_of(repos["tritonbench"], "xzhao9@meta.com")) == set()


def test_true_summary_of_a_helion_month_passes(repos: dict[str, Path]) -> None:
    assert kinds_and_texts(OGUZ_ULGEN_JUNE_2026, history_of(repos["helion"], "oulgen7@gmail.com")) == set()


def test_planted_errors_in_a_tritonbench_month_are_caught(repos: dict[str, Path]) -> None:
    text = (
        "In June 2025, Xu Zhao landed 14 commits in tritonbench, added NCCL support (#256), "
        "made benchmarks 35% faster and updated cutlass and other submodules (#219)."
    )
    assert kinds_and_texts(text, history_of(repos["tritonbench"], "xzhao9@meta.com")) == {
        ("wrong_count", "14 commits"),
        ("ungrounded_term", "NCCL"),
        ("unknown_pr", "#256"),
        ("unsupported_number", "35%"),
        ("wrong_month", "#219"),
    }


def test_planted_errors_in_a_helion_month_are_caught(repos: dict[str, Path]) -> None:
    text = (
        "In June 2026, Oguz Uglen ported the backend to TPU (Tensor Parallel Unit) and landed 40 commits, "
        "among them #2690, #9999 and the docs fix (#2162)."
    )
    assert kinds_and_texts(text, history_of(repos["helion"], "oulgen7@gmail.com")) == {
        ("name_mismatch", "Oguz Uglen"),
        ("unsupported_expansion", "TPU (Tensor Parallel Unit)"),
        ("wrong_count", "40 commits"),
        ("unknown_pr", "#9999"),
        ("wrong_month", "#2162"),
    }


@pytest.mark.parametrize("name", ["tritonbench", "helion"])
def test_offline_drafts_of_the_busiest_authors_validate_cleanly(repos: dict[str, Path], name: str) -> None:
    log = subprocess.run(["git", "-C", str(repos[name]), "log", "--no-merges", "--format=%aE"], capture_output=True, text=True, check=True)
    for email, _ in Counter(log.stdout.split()).most_common(5):
        history = history_of(repos[name], email)
        errors = [f for f in validate(draft_offline(history).text(), history) if f.severity == "error"]
        assert errors == [], (email, errors)
