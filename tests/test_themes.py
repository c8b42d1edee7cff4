"""Themes: a month's work items grouped by what they are about, named from what they share."""

from __future__ import annotations

from summarizer.themes import Theme, ThemeItem, month_themes, period_themes


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
