"""Themes: a month's work items grouped by what they are about, named from what they share."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from summarizer.cache import RunCache
from summarizer.drafting.offline import draft_offline
from summarizer.models.history import History
from summarizer.months import PRACTICES, build_history
from summarizer.paths import is_docs_path, is_test_path
from summarizer.period import Period
from summarizer.sources import collect_activity
from summarizer.themes import Theme, ThemeItem, month_themes, period_themes
from tests.conftest import SHARED, run_cli
from tests.gitrepo import GitRepo, clone


def item(id: str, title: str, paths: tuple[str, ...] = ("src/x.py",), body: str = "", weight: int = 10) -> ThemeItem:
    return ThemeItem(id=id, title=title, body=body, paths=paths, weight=weight)


METAL_MONTH = [
    item("#15020", "Add Metal backend core ETMetal runtime", ("backends/apple/metal/runtime/etmetal.mm",), weight=900),
    item("#15024", "Add Metal backend build system and runtime integration", ("backends/apple/metal/CMakeLists.txt",), weight=400),
    item("#15015", "Add Metal backend Python preprocessing, partitioning, and tests", ("backends/apple/metal/metal_backend.py",), weight=700),
    item("#15030", "Add Metal backend CI workflow", (".github/workflows/metal.yml",), weight=80),
    item("#15041", "Metal backend: add docs", ("docs/source/backends-metal.md",), weight=60),
    item("#15050", "Update aoti_common shims for the new runtime", ("backends/aoti/common_shims.cpp",), weight=50),
    item("#15051", "Move aoti_common utils into one header", ("backends/aoti/utils.h",), weight=40),
    item("#15060", "Bump pinned torch nightly", (".ci/docker/ci_commit_pins/pytorch.txt",), weight=2),
]


def test_items_sharing_significant_title_words_form_a_theme_named_by_those_words():
    themes = month_themes(METAL_MONTH)

    assert themes[0].name == "Metal backend"
    assert themes[0].kind == "words"
    assert set(themes[0].items) == {"#15020", "#15024", "#15015", "#15030", "#15041"}


def test_a_theme_lists_its_items_heaviest_first():
    assert month_themes(METAL_MONTH)[0].items[:3] == ["#15020", "#15015", "#15024"]


def test_the_json_says_why_items_grouped():
    theme = month_themes(METAL_MONTH)[0]

    assert theme.reason == "titles share “metal”, “backend”"


def test_a_smaller_theme_follows_and_an_item_that_shares_nothing_is_in_none():
    themes = month_themes(METAL_MONTH)

    assert [theme.name for theme in themes] == ["Metal backend", "aoti_common"]
    assert all("#15060" not in theme.items for theme in themes)


def test_items_that_share_only_a_folder_below_the_top_level_group_by_that_folder():
    themes = month_themes([
        item("a1", "Speed up the tiling pass", ("compiler/passes/tiling.py",)),
        item("a2", "Handle empty loops", ("compiler/passes/loops.py",)),
        item("a3", "Bump CI image", (".ci/image.txt",)),
    ])  # fmt: skip

    assert [(theme.name, theme.kind, sorted(theme.items)) for theme in themes] == [("compiler/passes", "folder", ["a1", "a2"])]
    assert themes[0].reason == "their files are under compiler/passes/"


def test_snapshot_files_do_not_make_a_folder_theme():
    themes = month_themes([
        item("s1", "Speed up matmul kernel", ("kernels/matmul.py", "test/expected/test_matmul.expected")),
        item("s2", "Handle empty input in softmax", ("kernels/softmax.py", "test/expected/test_softmax.expected")),
    ])  # fmt: skip

    assert themes == []


def test_a_pr_series_is_one_theme_whatever_its_titles_share():
    themes = month_themes([
        item("p1", "[ghstack] Rework the scheduler (1/3)", ("a.py",)),
        item("p2", "[ghstack] Rework the scheduler (2/3)", ("b.py",)),
        item("p3", "Typo", ("c.py",)),
    ])  # fmt: skip

    assert themes[0].kind == "series"
    assert sorted(themes[0].items) == ["p1", "p2"]


def test_a_body_word_joins_an_item_to_a_group_its_titles_formed_but_never_forms_one():
    themes = month_themes([
        item("b1", "Add autotuner cache", body="The autotuner now remembers configs."),
        item("b2", "Autotuner: skip invalid configs"),
        item("b3", "Speed up search", body="Summary: makes the autotuner faster"),
        item("b4", "Add logging", body="Mentions the scheduler."),
        item("b5", "Add metrics", body="Also the scheduler."),
    ])  # fmt: skip

    assert [(theme.name, sorted(theme.items)) for theme in themes] == [("autotuner", ["b1", "b2", "b3"])]
    assert themes[0].reason.endswith("1 more by their descriptions")


def test_the_repository_own_name_is_no_theme():
    themes = month_themes([item("r1", "helion: add foo kernel"), item("r2", "Make helion faster")], repositories=["pytorch/helion"])

    assert themes == []


def test_a_verb_any_change_could_use_names_no_theme():
    # Jason Ansel's September 2025 in helion: three "Increase …" titles about three different things.
    themes = month_themes([
        item("#691", "Increase tolerance for _validate_against_baseline", ("helion/autotuner/base_search.py",)),
        item("#677", "Increase default num_generations to 40", ("helion/autotuner/differential_evolution.py",)),
        item("#697", "Increase test timeout to 60", (".github/workflows/test.yml",)),
    ])  # fmt: skip

    assert not any("increase" in theme.name.lower() for theme in themes)


def test_themes_are_the_same_for_the_same_items_in_any_order():
    assert month_themes(METAL_MONTH) == month_themes(list(reversed(METAL_MONTH)))


def test_a_period_theme_is_one_that_ran_through_more_than_one_month():
    march = [Theme(name="autotuner", kind="words", items=["#1", "#2"], reason="titles share “autotuner”")]
    april = [
        Theme(name="Autotuner", kind="words", items=["#5", "#6", "#7"], reason="titles share “autotuner”"),
        Theme(name="docs", kind="words", items=["#8", "#9"], reason="titles share “docs”"),
    ]

    themes = period_themes([("2025-03", march), ("2025-04", april)])

    assert [(theme.name, theme.items, theme.months) for theme in themes] == [("autotuner", ["#1", "#2", "#5", "#6", "#7"], ["2025-03", "2025-04"])]


# Naming (issue 29): a theme is named by what a reader can picture, or its items stay unthemed.


def test_a_theme_is_named_by_the_phrase_most_of_its_titles_write() -> None:
    themes = month_themes([
        item("c1", "Add stable API compatibility tests for the loader"),
        item("c2", "Run the stable API compatibility tests nightly"),
        item("c3", "Fix flaky stable API compatibility tests on Windows"),
    ])  # fmt: skip

    assert [theme.name for theme in themes] == ["stable API compatibility tests"]


def test_the_phrase_that_names_a_theme_drops_the_verbs_and_function_words_around_it() -> None:
    # Jason Ansel's October 2025 in helion.
    themes = month_themes([
        item("#901", "Fix timeouts in autotuning"),
        item("#902", "Print out errors vs timeouts in autotuning status"),
        item("#903", "Remove extra debug log for timeouts"),
    ])  # fmt: skip

    assert [theme.name for theme in themes] == ["timeouts in autotuning"]


def test_a_plain_word_alone_names_no_theme() -> None:
    # Jason Ansel's August 2025 in helion: "warning" and "size" were themes, then skills.
    themes = month_themes([
        item("#480", "Fix non-tuple indexing warning"),
        item("#481", "Fix allow_tf32 warning"),
        item("#482", "Fix handling of fixed size reductions"),
        item("#483", "Fix missing min block size for hl.dot"),
    ])  # fmt: skip

    assert themes == []


def test_a_word_written_as_a_name_names_a_theme_alone() -> None:
    themes = month_themes([
        item("n1", "Add support for hl.grid(begin, end, step)"),
        item("n2", "Simplify codegen for hl.grid"),
        item("n3", "Disable TMA GEMM kernels for AMD machines"),
        item("n4", "Disable tma on AMD by default"),
        item("n5", "Add Pallas emit_pipeline"),
        item("n6", "Lower reductions to Pallas"),
    ])  # fmt: skip

    assert sorted(theme.name for theme in themes) == ["AMD", "Pallas", "hl.grid"]


def test_a_capital_at_a_titles_start_or_in_a_title_case_title_is_no_name() -> None:
    themes = month_themes([
        item("s1", "Stable ordering of results"),
        item("s2", "Stable fix for the loader"),
        item("m1", "Update The Modules Index Page"),
        item("m2", "Document Modules Layout Rules"),
    ])  # fmt: skip

    assert themes == []


def test_a_number_word_names_no_theme() -> None:
    themes = month_themes([item("o1", "Merge the two passes into one kernel"), item("o2", "Keep one copy of the config")])

    assert themes == []


def test_the_projects_label_names_its_group_as_the_label_writes_it() -> None:
    # Will Feng's December 2025 in helion: two of the six carry the label, all six say the word.
    themes = month_themes([
        item("d1", "Move distributed examples to examples/distributed/"),
        item("d2", "[Distributed] one_shot_allreduce_bias_rmsnorm example"),
        item("d3", "[Distributed] matmul_reduce_scatter example"),
        item("d4", "[CI] Fix NVSHMEM env vars and re-enable distributed CI job"),
        item("d5", "Clean up distributed examples path refs"),
        item("d6", "[CI] Skip failing distributed test"),
    ])  # fmt: skip

    assert themes[0].name == "Distributed"
    assert len(themes[0].items) == 6


def test_a_phrase_opens_on_a_titles_first_word_only_when_it_is_a_name() -> None:
    # "Pin" is the imperative every title opens on, not part of what they are about.
    themes = month_themes([
        item("p1", "Pin AMD runners to ROCm 6.4"),
        item("p2", "Pin AMD images to the nightly"),
        item("p3", "Pin AMD wheels"),
    ])  # fmt: skip

    assert [theme.name for theme in themes] == ["AMD"]


def test_a_phrase_says_more_than_its_word_and_the_repositorys_name() -> None:
    themes = month_themes(
        [item("h1", "Print Helion kernel source line"), item("h2", "Better error for calling Helion kernel from another kernel")],
        repositories=["pytorch/helion"],
    )

    assert themes == []


def test_descriptions_join_a_group_only_while_most_of_its_titles_name_it() -> None:
    themes = month_themes([
        item("a1", "Add aten_loader for ops"),
        item("a2", "Speed up aten_loader"),
        item("a3", "Enable more tests", body="Runs the aten_loader inputs."),
        item("a4", "Fix broken matmul test case", body="Found by the aten_loader."),
        item("a5", "Update nightly test generation script", body="Uses aten_loader."),
    ])  # fmt: skip

    assert [(theme.name, sorted(theme.items)) for theme in themes] == [("aten_loader", ["a1", "a2"])]


def test_a_folder_the_items_change_only_in_passing_is_no_theme() -> None:
    # Jason Ansel's October 2025 in helion: each change updated docs/api/settings.md beside its code.
    themes = month_themes([
        item("#965", "Verify compiled kernels in subprocess", ("helion/autotuner/base_search.py", "helion/runtime/settings.py", "docs/api/settings.md")),
        item("#961", "Retry failed precompiles", ("helion/exc.py", "test/test_autotuner.py", "docs/api/settings.md")),
        item("#940", "Shrink precompile jobs on low memory", ("helion/autotuner/base_search.py", "docs/api/settings.md")),
    ], repositories=["pytorch/helion"])  # fmt: skip

    assert themes == []


def test_a_folder_that_holds_half_of_each_items_own_files_is_a_theme_though_they_change_docs_and_tests_too() -> None:
    themes = month_themes([
        item("t1", "Speed up the tiling pass", ("compiler/passes/tiling.py", "test/test_tiling.py", "docs/passes.md")),
        item("t2", "Handle empty loops", ("compiler/passes/loops.py", "compiler/ir.py")),
    ])  # fmt: skip

    assert [(theme.name, theme.kind) for theme in themes] == [("compiler/passes", "folder")]


def test_run_leaves_unthemed_what_only_a_plain_word_or_a_passing_folder_would_group(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "kernels")
    for day, (title, path) in enumerate([
        ("Fix non-tuple indexing warning", "kernels/indexing.py"),
        ("Fix allow_tf32 warning", "kernels/matmul.py"),
        ("Add retries to the loader", "loader/retry.py"),
        ("Verify compiled kernels in a subprocess", "runtime/verify.py"),
    ], start=3):  # fmt: skip
        repo.commit(title, {path: f"{title}\n", "docs/api/settings.md": f"{title}\n"}, date=f"2025-03-{day:02}T12:00:00+00:00")

    result = run_cli("run", str(repo.path), "--author", "Grace", "--since", "2025-03", "--until", "2025-03", "--format", "json", "--backend", "offline")

    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert json.loads(result.stdout)["months"][0]["themes"] == []


BUNDLES = SHARED / "real-history"
# Developers and periods the tester read: helion's "docs/api", "unit", "warning", "size", "message".
REAL_PROFILES = [("helion", "Jason Ansel", "2025-06", "2025-11"), ("helion", "Will Feng", "2025-05", "2025-12"), ("tritonbench", "Xu Zhao", "2024-10", "2025-08")]


@pytest.fixture(scope="module", params=REAL_PROFILES, ids=lambda profile: f"{profile[0]}-{profile[1]}")
def real_history(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, History]:
    if not BUNDLES.is_dir():
        pytest.skip("../shared/real-history is absent (it is not part of a clone)")
    bundle, author, since, until = request.param
    repo = clone(BUNDLES / f"{bundle}.bundle", tmp_path_factory.mktemp("real") / bundle)
    activity = collect_activity([str(repo)], [author], Period(since=since, until=until), None, RunCache(Path("unused"), enabled=False))
    return repo, build_history(activity)


def every_theme(history: History) -> list[tuple[Theme, list[str]]]:
    """Each month's themes and their parts, with the titles of their items."""
    found = []
    for month in history.months:
        titles = {item.id: item.title for item in month.items}
        for theme in month.themes:
            found += [(named, [titles[item_id] for item_id in named.items]) for named in [theme, *theme.parts]]
    return found


def a_label_or_a_name(word: str, titles: list[str]) -> bool:
    """Whether `word` is written as more than a plain lower-case word, or is a `[label]` or `label:` of a title."""
    plain = word.isalpha() and word.islower()
    return not plain or any(f"[{word}]" in title.lower() or title.lower().startswith(f"{word}:") for title in titles)


def test_real_history_a_one_word_theme_is_a_label_or_a_name_its_titles_write(real_history: tuple[Path, History]) -> None:
    for theme, titles in every_theme(real_history[1]):
        if theme.kind == "words" and " " not in theme.name:
            assert a_label_or_a_name(theme.name, titles), (theme.name, titles)


def test_real_history_a_folder_theme_holds_half_of_each_items_own_files(real_history: tuple[Path, History]) -> None:
    history = real_history[1]
    files = {item.id: [change.path for commit in month.commits if commit.sha in item.commits for change in commit.files] for month in history.months for item in month.items}
    for theme, _ in every_theme(history):
        if theme.kind == "folder":
            for item_id in theme.items:
                own = [path for path in files[item_id] if not is_test_path(path) and not is_docs_path(path)] or files[item_id]
                assert 2 * sum(path.startswith(f"{theme.name}/") for path in own) >= len(own), (theme.name, item_id, own)


def test_real_history_no_technical_skill_is_a_person_a_path_or_a_theme_phrase(real_history: tuple[Path, History]) -> None:
    repo, history = real_history
    authors = subprocess.run(["git", "-C", str(repo), "log", "--format=%an"], capture_output=True, text=True, check=True).stdout
    # "PyTorch MergeBot" is no person.
    name_words = {word.lower() for name in authors.splitlines() if not name.lower().endswith(("bot", "[bot]")) for word in name.split()}
    one_word_themes = {theme.name: titles for theme, titles in every_theme(history) if theme.kind == "words" and " " not in theme.name}
    draft = draft_offline(history)
    tags = draft.skills.technical + [tag for month in draft.months for tag in month.skills if tag not in draft.skills.languages]
    for tag in tags:
        assert tag in PRACTICES or (tag in one_word_themes and a_label_or_a_name(tag, one_word_themes[tag])), tag
        assert tag.lower() not in name_words and not set(tag) & set("/._"), tag
