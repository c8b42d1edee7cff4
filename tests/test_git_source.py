"""The git source and the months built from it, on a repository made for the purpose.

cobol-tools, by Grace Hopper (G. Hopper before .mailmap), 2025-01 to 2025-06:

| month   | her commits                                               | items (class)                     | + / -  |
|---------|-----------------------------------------------------------|-----------------------------------|--------|
| 2024-12 | Initial commit — before the period                        |                                   |        |
| 2025-01 | feat(parser) COPYBOOK (10), Fix crash #7 (3, old e-mail)  | feature, bug                      | 13 / 0 |
| 2025-03 | level-88 (20 + lock file + PNG), REDEFINES via a merged    | feature, feature, feature, other  | 26 / 2 |
|         | branch (4), tracing flag (2), its revert (-2); the merge  |                                   |        |
|         | commit itself is not counted                              |                                   |        |
| 2025-05 | docs (6; authored 2025-04-30, landed 2025-05-02),         | other, feature (#15: 2 commits)   | 15 / 1 |
|         | Add pager #15 (8), Fix pager flag #15 (+1/-1)             |                                   |        |
| 2025-06 | off-by-one (+1/-1; 01:00 +02:00 on June 1st),             | bug, other (#21 from trailer)     | 2 / 1  |
|         | Regenerate tables #21 (1 + 50 linguist-generated)         |                                   |        |
| 2025-07 | Add export — after the period                             |                                   |        |
"""

from __future__ import annotations

import datetime as dt
import gc
import json
import subprocess
from pathlib import Path

import pytest

from summarizer.cache import RunCache
from summarizer.errors import SummarizerError
from summarizer.models.activity import Activity, gc_paused
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.sources import collect_activity
from summarizer.sources.git import read_repository, read_team_repository
from tests.conftest import ADA, GRACE, BuiltRepo, run_cli
from tests.gitrepo import GitRepo, clone, lines

PERIOD = Period(since="2025-01", until="2025-06")


def collect(*paths: Path, authors: tuple[str, ...] = ("grace hopper",), period: Period = PERIOD, branch: str | None = None):
    cache = RunCache(Path.home() / "cache", enabled=False)
    return collect_activity([str(path) for path in paths], list(authors), period, branch, cache)


def test_counts_only_her_non_merge_commits_in_the_period(cobol_tools: BuiltRepo) -> None:
    activity = collect(cobol_tools.path)
    sha = cobol_tools.sha
    expected = ["copybook", "record", "conditions", "redefines", "trace", "revert", "build_docs", "pager", "pager_flag", "off_by_one", "tables"]
    assert [commit.sha for commit in activity.commits] == [sha[label] for label in expected]


def test_month_statistics_match_the_table(cobol_tools: BuiltRepo) -> None:
    history = build_history(collect(cobol_tools.path))
    figures = {
        month.month: (month.stats.commits, month.stats.work_items, month.stats.features, month.stats.bugs, month.stats.lines_added, month.stats.lines_deleted)
        for month in history.months
    }
    assert figures == {
        "2025-01": (2, 2, 1, 1, 13, 0),
        "2025-03": (4, 4, 3, 0, 26, 2),
        "2025-05": (3, 2, 1, 0, 15, 1),
        "2025-06": (2, 2, 0, 1, 2, 1),
    }


def test_totals_match_the_table(cobol_tools: BuiltRepo) -> None:
    totals = build_history(collect(cobol_tools.path)).totals
    assert (totals.commits, totals.work_items, totals.features, totals.bugs) == (11, 10, 5, 2)
    assert (totals.lines_added, totals.lines_deleted, totals.activity_months) == (56, 4, 4)
    assert totals.repositories == ["cobol-tools"]
    assert totals.languages == ["COBOL", "Python"]


def test_mailmap_maps_the_old_identity_to_the_developer(cobol_tools: BuiltRepo) -> None:
    history = build_history(collect(cobol_tools.path))
    record = next(c for c in history.months[0].commits if c.sha == cobol_tools.sha["record"])
    assert (record.author_name, record.author_email) == ("Grace Hopper", "grace@example.com")
    assert history.developer.name == "Grace Hopper"
    assert history.developer.ids == ["Grace Hopper", "grace@example.com"]


def test_author_matches_email_substring_case_insensitively(cobol_tools: BuiltRepo) -> None:
    assert len(collect(cobol_tools.path, authors=("GRACE@EXAMPLE",)).commits) == 11


def test_month_is_the_committer_month_in_its_own_offset(cobol_tools: BuiltRepo) -> None:
    commits = {commit.sha: commit for commit in collect(cobol_tools.path).commits}
    build_docs = commits[cobol_tools.sha["build_docs"]]
    assert (build_docs.authored_at.month, build_docs.month) == (4, "2025-05")
    # 2025-06-01T01:00+02:00 is still May in UTC; it landed in June where it was committed.
    assert commits[cobol_tools.sha["off_by_one"]].month == "2025-06"


def test_binary_lock_and_generated_files_are_listed_but_not_counted(cobol_tools: BuiltRepo) -> None:
    commits = {commit.sha: commit for commit in collect(cobol_tools.path).commits}
    conditions = {f.path: f for f in commits[cobol_tools.sha["conditions"]].files}
    assert conditions["assets/logo.png"].binary and not conditions["assets/logo.png"].counted
    assert conditions["package-lock.json"].added == 100 and not conditions["package-lock.json"].counted
    assert commits[cobol_tools.sha["conditions"]].lines_added == 20
    tables = {f.path: f for f in commits[cobol_tools.sha["tables"]].files}
    assert not tables["gen/tables.py"].counted and tables["parser/tables.cob"].counted


def test_pr_numbers_come_from_suffix_and_trailer(cobol_tools: BuiltRepo) -> None:
    commits = {commit.sha: commit for commit in collect(cobol_tools.path).commits}
    assert commits[cobol_tools.sha["record"]].pr == 7
    assert commits[cobol_tools.sha["tables"]].pr == 21
    assert commits[cobol_tools.sha["copybook"]].pr is None


def test_commits_of_one_pr_form_one_work_item(cobol_tools: BuiltRepo) -> None:
    history = build_history(collect(cobol_tools.path))
    may = next(month for month in history.months if month.month == "2025-05")
    pager = next(item for item in may.items if item.pr == 15)
    assert pager.commits == [cobol_tools.sha["pager"], cobol_tools.sha["pager_flag"]]
    assert (pager.title, pager.item_class, pager.class_rule) == ("Add pager", "feature", "verb:add")


def test_revert_is_other_and_keeps_its_rule(cobol_tools: BuiltRepo) -> None:
    history = build_history(collect(cobol_tools.path))
    march = next(month for month in history.months if month.month == "2025-03")
    revert = next(item for item in march.items if item.commits == [cobol_tools.sha["revert"]])
    assert (revert.item_class, revert.class_rule) == ("other", "revert")


def test_co_authors_are_read_from_trailers(cobol_tools: BuiltRepo) -> None:
    commits = {commit.sha: commit for commit in collect(cobol_tools.path).commits}
    assert commits[cobol_tools.sha["build_docs"]].co_authors == ["Ada Lovelace <ada@example.com>"]


def test_repository_span(cobol_tools: BuiltRepo) -> None:
    (span,) = build_history(collect(cobol_tools.path)).repositories
    assert (span.name, span.first_month, span.last_month, span.months_active, span.commits) == ("cobol-tools", "2025-01", "2025-06", 4, 11)


def test_bare_clone_gives_the_same_commits(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    activity = collect(clone(cobol_tools.path, tmp_path / "cobol-tools.git", "--bare"))
    assert activity.repositories[0].name == "cobol-tools"
    assert [c.sha for c in activity.commits] == [c.sha for c in collect(cobol_tools.path).commits]


def test_branch_option_reads_another_branch(cobol_tools: BuiltRepo) -> None:
    repo = GitRepo.existing(cobol_tools.path)
    repo.git("checkout", "-q", "-b", "experiment", cobol_tools.sha["revert"])
    repo.commit("Add experiment", {"x/experiment.py": lines(5)}, GRACE, "2025-03-25T10:00:00+00:00")
    repo.git("checkout", "-q", "main")
    on_main = collect(cobol_tools.path)
    on_branch = collect(cobol_tools.path, branch="experiment")
    assert "Add experiment" not in [c.subject for c in on_main.commits]
    assert [c.subject for c in on_branch.commits][-1] == "Add experiment"
    assert len(on_branch.commits) == 7


def test_several_repositories_in_one_run_and_a_shared_commit_counts_once(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    other = GitRepo(tmp_path / "other")
    other.commit("Add report writer", {"report.py": lines(4)}, GRACE, "2025-02-03T10:00:00+00:00")
    fork = clone(cobol_tools.path, tmp_path / "fork")
    history = build_history(collect(cobol_tools.path, other.path, fork))
    assert history.totals.commits == 12
    assert history.totals.repositories == ["cobol-tools", "other"]
    assert [month.month for month in history.months] == ["2025-01", "2025-02", "2025-03", "2025-05", "2025-06"]


def test_repository_name_comes_from_a_forge_remote(cobol_tools: BuiltRepo) -> None:
    GitRepo.existing(cobol_tools.path).git("remote", "add", "origin", "git@github.com:acme/cobol-tools.git")
    (repository,) = collect(cobol_tools.path).repositories
    assert (repository.name, repository.web_url) == ("acme/cobol-tools", "https://github.com/acme/cobol-tools")


def test_unknown_author_names_the_closest_authors(cobol_tools: BuiltRepo) -> None:
    with pytest.raises(SummarizerError) as raised:
        collect(cobol_tools.path, authors=("Grace Hoper",))
    message = raised.value.message
    assert "no commits by 'Grace Hoper'" in message
    assert message.index("Grace Hopper <grace@example.com> (11 commits)") < message.index("Ada Lovelace")


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda tmp: tmp / "missing", "no such repository path"),
        (lambda tmp: (tmp / "plain").mkdir() or tmp / "plain", "is not a git repository"),
        (lambda tmp: GitRepo(tmp / "empty").path, "has no commits yet"),
    ],
    ids=["missing path", "not a repository", "empty repository"],
)
def test_bad_repositories_are_one_clear_error(tmp_path: Path, make, expected: str) -> None:
    with pytest.raises(SummarizerError, match=expected):
        collect(make(tmp_path))


def test_unknown_branch_is_a_clear_error(cobol_tools: BuiltRepo) -> None:
    with pytest.raises(SummarizerError, match="unknown branch 'nope'"):
        collect(cobol_tools.path, branch="nope")


def test_shallow_clone_is_read_with_a_warning(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    shallow = tmp_path / "shallow"
    GitRepo.existing(tmp_path).git("clone", "-q", "--depth", "3", f"file://{cobol_tools.path}", str(shallow))
    activity = collect(shallow)
    assert any("shallow clone" in warning for warning in activity.warnings)
    assert len(activity.commits) == 2  # the two June commits; the third is July's


def test_one_unreadable_blob_costs_only_its_commit_its_line_counts(tmp_path: Path) -> None:
    """Twenty commits; the third one's version of notes.txt (rewritten later, so no copy is left
    in the work tree) is deleted from the object store. git log stops there; only that commit,
    and the next one (whose diff against it needs the blob too), lose their lines."""
    repo = GitRepo(tmp_path / "repo")
    shas = [
        repo.commit(f"Change {number}", {f"file{number}.py": lines(number + 1), "notes.txt": lines(number + 1, "note")}, GRACE, f"2025-02-{number + 1:02}T10:00:00+00:00")
        for number in range(20)
    ]  # fmt: skip
    blob = repo.git("rev-parse", f"{shas[2]}:notes.txt")
    (repo.path / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    activity = collect(repo.path)
    incomplete = [commit.sha for commit in activity.commits if not commit.stats_complete]
    assert incomplete == [shas[2], shas[3]]
    counted = {commit.sha: commit.lines_added for commit in activity.commits if commit.stats_complete}
    assert counted == {sha: 2 * (number + 1) - (number > 0) * number for number, sha in enumerate(shas) if sha not in incomplete}
    assert any("2 commits counted without line counts" in warning for warning in activity.warnings)


def test_a_missing_blob_whose_copy_is_in_the_work_tree_costs_nothing(cobol_tools: BuiltRepo) -> None:
    blob = GitRepo.existing(cobol_tools.path).git("rev-parse", f"{cobol_tools.sha['record']}:parser/record.py")
    (cobol_tools.path / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    activity = collect(cobol_tools.path)
    assert len(activity.commits) == 11
    assert all(commit.stats_complete for commit in activity.commits)
    assert build_history(activity).totals.lines_added == 56


def test_cached_extraction_is_reused_until_the_tip_moves(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    cache = RunCache(tmp_path / "cache")
    first = read_repository(cobol_tools.path, None, ["grace"], PERIOD, None, cache)
    second = read_repository(cobol_tools.path, None, ["grace"], PERIOD, None, cache)
    assert (cache.misses, cache.hits) == (1, 1)
    assert second.commits == first.commits
    repo = GitRepo.existing(cobol_tools.path)
    repo.commit("Add late fix", {"late.py": lines(1)}, GRACE, "2025-06-20T10:00:00+00:00")
    third = read_repository(cobol_tools.path, None, ["grace"], PERIOD, None, cache)
    assert (cache.misses, len(third.commits)) == (2, 12)
    cache.close()


def test_other_authors_are_not_counted(cobol_tools: BuiltRepo) -> None:
    activity = collect(cobol_tools.path, authors=(ADA.split(" <")[0],))
    assert [c.subject for c in activity.commits] == ["Add docs and attributes", "Tweak docs"]


def test_other_authors_commits_of_her_months_are_read_with_file_names_only(cobol_tools: BuiltRepo) -> None:
    activity = collect(cobol_tools.path)
    ada = [commit for commit in activity.others if commit.author_name == "Ada Lovelace"]
    assert sorted(commit.subject for commit in ada) == ["Add docs and attributes", "Tweak docs"]
    tweak = next(commit for commit in ada if commit.subject == "Tweak docs")
    assert ([change.path for change in tweak.files], tweak.files[0].added, tweak.stats_complete) == (["docs/index.md"], 0, False)
    assert not any(commit.is_by(["grace hopper"]) for commit in activity.others)


def test_other_authors_commits_are_kept_only_in_her_months_as_follow_ups_or_as_reverts(tmp_path: Path) -> None:
    """Grace commits in January only; of Ada's February commits the one within 14 days of hers is a
    possible follow-up, the one a month later is not, and April's revert of Grace's commit stays."""
    repo = GitRepo(tmp_path / "repo")
    tables = repo.commit("Add tables", {"tables.py": lines(2)}, GRACE, "2025-01-20T10:00:00+00:00")
    repo.commit("Add pager", {"pager.py": lines(3)}, GRACE, "2025-01-28T10:00:00+00:00")
    repo.commit("Fix pager width", {"pager.py": lines(4)}, ADA, "2025-02-05T10:00:00+00:00")
    repo.commit("Add export", {"export.py": lines(2)}, ADA, "2025-02-27T10:00:00+00:00")
    repo.revert(tables, ADA, "2025-04-02T10:00:00+00:00")
    activity = collect(repo.path)
    assert [commit.subject for commit in activity.others] == ["Fix pager width", 'Revert "Add tables"']


def test_the_cycle_collector_runs_again_only_when_the_last_of_overlapping_reads_ends() -> None:
    """The others' log is parsed in a thread while the developer's is parsed in another: the
    read that ends first must not turn the collector back on under the one still reading."""
    first, second = gc_paused(), gc_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    still_paused = not gc.isenabled()
    second.__exit__(None, None, None)
    assert (still_paused, gc.isenabled()) == (True, True)


def test_different_repositories_with_the_same_folder_name_stay_apart(tmp_path: Path) -> None:
    """Two clones called `repo` with no remote, each with its own PR #1: two repositories, two work items."""
    for owner, path in (("work", "parser.py"), ("mirror", "lexer.py")):
        GitRepo(tmp_path / owner / "repo").commit(f"Add {path} (#1)", {path: lines(3)}, GRACE, "2025-02-03T10:00:00+00:00")
    activity = collect(tmp_path / "work" / "repo", tmp_path / "mirror" / "repo")
    history = build_history(activity)
    assert sorted(repository.name for repository in activity.repositories) == ["mirror/repo", "work/repo"]
    assert (history.totals.repositories, history.totals.work_items) == (["mirror/repo", "work/repo"], 2)
    assert any("2 repositories are called repo" in warning for warning in activity.warnings)


def test_path_equals_name_names_a_repository(cobol_tools: BuiltRepo) -> None:
    (repository,) = collect(Path(f"{cobol_tools.path}=acme/cobol")).repositories
    assert (repository.name, repository.named) == ("acme/cobol", True)


def test_two_repositories_given_one_name_are_refused(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    other = GitRepo(tmp_path / "other")
    other.commit("Add report writer", {"report.py": lines(4)}, GRACE, "2025-02-03T10:00:00+00:00")
    with pytest.raises(SummarizerError, match="2 different repositories are named acme/tools"):
        collect(Path(f"{cobol_tools.path}=acme/tools"), Path(f"{other.path}=acme/tools"))


def test_a_repository_name_with_spaces_is_refused(cobol_tools: BuiltRepo) -> None:
    with pytest.raises(SummarizerError, match="bad repository name 'my tools'"):
        collect(Path(f"{cobol_tools.path}=my tools"))


def fix_on_a_big_tree(path: Path) -> BuiltRepo:
    """A fix on a tree of 500 lines, then two more commits:

    | label  | commit                            | landed     | + / -   |
    |--------|-----------------------------------|------------|---------|
    | import | Ada: parser.py (400), lexer.py    | 2025-01-10 | 500 / 0 |
    | fix    | Grace: Fix the lexer              | 2025-02-10 | 10 / 1  |
    | pager  | Grace: Add pager                  | 2025-02-20 | 3 / 0   |
    | export | Grace: Add export                 | 2025-03-10 | 5 / 0   |

    A clone three commits deep is cut at the fix: its parent, the import, is not in it.
    """
    repo = GitRepo(path)
    sha = {
        "import": repo.commit("Import the parser", {"parser.py": lines(400), "lexer.py": lines(100)}, ADA, "2025-01-10T10:00:00+00:00"),
        "fix": repo.commit("Fix the lexer", {"lexer.py": lines(99) + lines(10, "fixed")}, GRACE, "2025-02-10T10:00:00+00:00"),
        "pager": repo.commit("Add pager", {"pager.py": lines(3)}, GRACE, "2025-02-20T10:00:00+00:00"),
        "export": repo.commit("Add export", {"export.py": lines(5)}, GRACE, "2025-03-10T10:00:00+00:00"),
    }  # fmt: skip
    return BuiltRepo(path, sha)


def shallow_clone(source: Path, target: Path, depth: int) -> Path:
    # A local path would be copied whole: only a URL is cut at the depth.
    GitRepo.existing(source.parent).git("clone", "-q", "--depth", str(depth), f"file://{source}", str(target))
    return target


def lines_by_month(activity: Activity) -> dict[str, tuple[int, int, int]]:
    """Each month's lines added, deleted, and the commits whose line counts are unknown."""
    return {month.month: (month.stats.lines_added, month.stats.lines_deleted, month.stats.lines_unknown) for month in build_history(activity).months}


def test_a_shallow_clones_cut_off_commit_has_unknown_line_counts_not_the_whole_tree(tmp_path: Path) -> None:
    full = fix_on_a_big_tree(tmp_path / "full")
    activity = collect(shallow_clone(full.path, tmp_path / "shallow", 3))
    commits = {commit.sha: commit for commit in activity.commits}
    fix = commits[full.sha["fix"]]
    assert (fix.stats_complete, fix.files, fix.subject) == (False, [], "Fix the lexer")
    assert lines_by_month(activity) == {"2025-02": (3, 0, 1), "2025-03": (5, 0, 0)}
    assert f"shallow: line counts left out for 1 commit whose parents the shallow clone cut off ({full.sha['fix'][:7]})" in activity.warnings


def test_a_shallow_clone_warns_that_the_cut_off_line_counts_are_unknown(tmp_path: Path) -> None:
    full = fix_on_a_big_tree(tmp_path / "full")
    activity = collect(shallow_clone(full.path, tmp_path / "shallow", 3))
    (warning,) = [warning for warning in activity.warnings if "is a shallow clone" in warning]
    assert "line counts of those at the cut-off are unknown" in warning and "may be low" not in warning


def cut_by_a_shallow_clone(built: BuiltRepo, tmp_path: Path) -> Path:
    return shallow_clone(built.path, tmp_path / "shallow", 3)


def cut_by_git_replace(built: BuiltRepo, tmp_path: Path) -> Path:
    GitRepo.existing(built.path).git("replace", "--graft", built.sha["fix"])
    return built.path


def cut_by_info_grafts(built: BuiltRepo, tmp_path: Path) -> Path:
    GitRepo.existing(built.path).write(".git/info/grafts", f"{built.sha['fix']}\n")
    return built.path


@pytest.mark.parametrize(
    ("cut", "told"),
    [
        (cut_by_a_shallow_clone, "summarizer: warning: shallow: line counts left out for 1 commit whose parents the shallow clone cut off"),
        (cut_by_git_replace, "summarizer: warning: repo: line counts left out for 1 commit whose parents a graft replaced"),
        (cut_by_info_grafts, "summarizer: warning: repo: line counts left out for 1 commit whose parents a graft replaced"),
    ],
    ids=["shallow clone", "git replace --graft", "info/grafts"],
)
def test_every_format_says_how_many_commits_a_cut_historys_figures_leave_out(tmp_path: Path, cut, told: str) -> None:
    source = cut(fix_on_a_big_tree(tmp_path / "repo"), tmp_path)
    outputs = {
        form: run_cli("run", str(source), "-a", "grace", "--since", "2025-02", "--until", "2025-02", "--format", form)
        for form in ("markdown", "html", "json")
    }
    for result in outputs.values():
        assert result.returncode == 0, result.stderr
        assert all(line.startswith("summarizer: ") for line in result.stderr.splitlines()), result.stderr
        assert told in result.stderr
    assert "| Lines | +3 / −0 (without 1 commit whose line counts are unknown) |" in outputs["markdown"].stdout
    assert "+3 / −0 lines (without 1 commit whose line counts are unknown)" in outputs["html"].stdout
    profile = json.loads(outputs["json"].stdout)
    assert (profile["totals"]["lines_added"], profile["totals"]["lines_unknown"], profile["months"][0]["lines_unknown"]) == (3, 1, 1)


def test_a_shallow_clone_deep_enough_to_hold_the_root_counts_the_roots_lines(tmp_path: Path) -> None:
    """git lists the root among the cut-off commits of a clone as deep as the history: it has no parent to lose."""
    full = GitRepo(tmp_path / "full")
    root = full.commit("Add parser", {"parser.py": lines(4)}, GRACE, "2025-02-03T10:00:00+00:00")
    full.commit("Add lexer", {"lexer.py": lines(2)}, GRACE, "2025-02-04T10:00:00+00:00")
    shallow = shallow_clone(full.path, tmp_path / "shallow", 2)
    assert (shallow / ".git" / "shallow").read_text().split() == [root]
    activity = collect(shallow)
    assert [(commit.lines_added, commit.stats_complete) for commit in activity.commits] == [(4, True), (2, True)]


def test_a_real_root_commit_counts_its_lines(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add parser", {"parser.py": lines(4)}, GRACE, "2025-02-03T10:00:00+00:00")
    (root,) = collect(repo.path).commits
    assert (root.lines_added, root.stats_complete, [change.path for change in root.files]) == (4, True, ["parser.py"])


def test_a_merge_at_a_shallow_clones_cut_off_is_left_out_like_any_merge(tmp_path: Path) -> None:
    """At the cut-off git shows the merge without parents, as if it were no merge; it is one."""
    full = GitRepo(tmp_path / "full")
    full.commit("Add parser", {"parser.py": lines(4)}, GRACE, "2025-02-01T10:00:00+00:00")
    full.git("checkout", "-q", "-b", "topic")
    full.commit("Add lexer", {"lexer.py": lines(2)}, GRACE, "2025-02-02T10:00:00+00:00")
    full.git("checkout", "-q", "main")
    full.commit("Add pager", {"pager.py": lines(3)}, GRACE, "2025-02-03T10:00:00+00:00")
    full.merge("topic", GRACE, "2025-02-04T10:00:00+00:00")
    full.commit("Add export", {"export.py": lines(5)}, GRACE, "2025-02-05T10:00:00+00:00")
    activity = collect(shallow_clone(full.path, tmp_path / "shallow", 2))
    assert [commit.subject for commit in activity.commits] == ["Add export"]


def test_another_authors_commit_at_the_cut_off_lists_no_files(tmp_path: Path) -> None:
    """Ada's tweak is the cut-off, in a month Grace was active in: it is kept beside her work
    without the whole tree as its files (they would make it a fix of every file she touched)."""
    full = GitRepo(tmp_path / "full")
    full.commit("Import the parser", {"parser.py": lines(400), "lexer.py": lines(100)}, ADA, "2025-01-10T10:00:00+00:00")
    full.commit("Tweak the lexer", {"lexer.py": lines(101)}, ADA, "2025-02-05T10:00:00+00:00")
    full.commit("Add pager", {"pager.py": lines(3)}, GRACE, "2025-02-10T10:00:00+00:00")
    activity = collect(shallow_clone(full.path, tmp_path / "shallow", 2))
    assert [(commit.subject, commit.files) for commit in activity.others] == [("Tweak the lexer", [])]


def cut_onto_an_empty_commit(built: BuiltRepo, tmp_path: Path) -> Path:
    repo = GitRepo.existing(built.path)
    empty = repo.git("commit-tree", "-m", "Empty", repo.git("hash-object", "-t", "tree", "-w", "/dev/null"))
    repo.git("replace", "--graft", built.sha["fix"], empty)
    return built.path


@pytest.mark.parametrize(
    "graft",
    [cut_by_git_replace, cut_onto_an_empty_commit, cut_by_info_grafts],
    ids=["replace --graft with no parent", "replace --graft onto an empty commit", "info/grafts"],
)
def test_a_grafted_commit_has_unknown_line_counts(tmp_path: Path, graft) -> None:
    built = fix_on_a_big_tree(tmp_path / "repo")
    activity = collect(graft(built, tmp_path))
    fix = next(commit for commit in activity.commits if commit.sha == built.sha["fix"])
    assert (fix.stats_complete, fix.files) == (False, [])
    assert lines_by_month(activity) == {"2025-02": (3, 0, 1), "2025-03": (5, 0, 0)}
    assert f"repo: line counts left out for 1 commit whose parents a graft replaced ({built.sha['fix'][:7]})" in activity.warnings


def test_a_graft_made_after_a_run_is_not_answered_from_the_cache(tmp_path: Path) -> None:
    built = fix_on_a_big_tree(tmp_path / "repo")
    cache = RunCache(tmp_path / "cache")
    read_repository(built.path, None, ["grace"], PERIOD, None, cache)
    GitRepo.existing(built.path).git("replace", "--graft", built.sha["fix"])
    again = read_repository(built.path, None, ["grace"], PERIOD, None, cache)
    cache.close()
    assert (cache.misses, [commit.sha for commit in again.commits if not commit.stats_complete]) == (2, [built.sha["fix"]])


def test_a_teams_commit_at_the_cut_off_has_unknown_line_counts(tmp_path: Path) -> None:
    full = fix_on_a_big_tree(tmp_path / "full")
    shallow = shallow_clone(full.path, tmp_path / "shallow", 3)
    team = read_team_repository(shallow, {"grace": ["grace"]}, PERIOD, None, RunCache(tmp_path / "cache", enabled=False))
    counts = {commit.sha: (commit.lines_added, commit.stats_complete) for commit in team.commits["grace"]}
    assert counts == {full.sha["fix"]: (0, False), full.sha["pager"]: (3, True), full.sha["export"]: (5, True)}


def test_a_repository_in_a_folder_whose_name_holds_a_space_is_read(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "my tools")
    repo.commit("Add parser", {"parser.py": lines(4)}, GRACE, "2025-02-03T10:00:00+00:00")
    activity = collect(repo.path)
    assert ([commit.subject for commit in activity.commits], activity.repositories[0].name) == (["Add parser"], "my tools")


EVE = "Eve Tester <eve@example.com>"


def commit_with_raw_date(repo: GitRepo, subject: str, raw_date: str, committed: str | None = None, author: str = EVE) -> str:
    """A commit git's own commands would not make: its author line ends with `raw_date` as written
    ("SECONDS OFFSET"), its committer line with `committed` (else the same), on top of HEAD. Returns its SHA."""
    tree, parent = repo.git("rev-parse", "HEAD^{tree}"), repo.git("rev-parse", "HEAD")
    text = f"tree {tree}\nparent {parent}\nauthor {author} {raw_date}\ncommitter {author} {committed or raw_date}\n\n{subject}\n"
    written = subprocess.run(
        ["git", "hash-object", "-t", "commit", "-w", "--stdin", "--literally"], cwd=repo.path, input=text, capture_output=True, text=True, check=True
    )  # fmt: skip
    sha = written.stdout.strip()
    repo.git("update-ref", "HEAD", sha)
    return sha


def test_a_commit_date_with_an_offset_no_place_has_is_read_as_utc_with_a_warning(tmp_path: Path) -> None:
    """1738360800 is 2025-01-31 22:00 UTC; git writes it at +9999 (+99:99) as 2025-02-05 02:39."""
    repo = GitRepo(tmp_path / "clocks")
    repo.commit("Add parser", {"parser.py": lines(3)}, EVE, "2025-01-10T10:00:00+00:00")
    odd = commit_with_raw_date(repo, "Add lexer", "1738360800 +9999")
    activity = collect(repo.path, authors=("eve",))
    landed = next(commit for commit in activity.commits if commit.sha == odd)
    assert (landed.committed_at, landed.authored_at, landed.month) == (dt.datetime(2025, 1, 31, 22, tzinfo=dt.timezone.utc),) * 2 + ("2025-01",)
    assert activity.warnings == [f"clocks: 1 commit read with a date git wrote oddly: {odd[:7]} (UTC offset +9999, which no place has: read as UTC)"]


def test_an_unreadable_author_date_gives_way_to_the_commit_date_with_a_warning(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "clocks")
    repo.commit("Add parser", {"parser.py": lines(3)}, EVE, "2025-01-10T10:00:00+00:00")
    odd = commit_with_raw_date(repo, "Add lexer", "notanumber +0000", committed="1738360800 +0100")
    activity = collect(repo.path, authors=("eve",))
    landed = next(commit for commit in activity.commits if commit.sha == odd)
    assert landed.authored_at == landed.committed_at == dt.datetime(2025, 1, 31, 22, tzinfo=dt.timezone.utc)
    assert activity.warnings == [f"clocks: 1 commit read with a date git wrote oddly: {odd[:7]} (author date which git cannot read: the commit date stands in)"]


def test_another_authors_commit_with_an_offset_no_place_has_stands_beside_hers_in_its_utc_month(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "clocks")
    repo.commit("Add parser", {"parser.py": lines(3)}, EVE, "2025-01-10T10:00:00+00:00")
    theirs = commit_with_raw_date(repo, "Fix parser", "1738360800 +9999", author=ADA)
    activity = collect(repo.path, authors=("eve",))
    assert [(commit.sha, commit.month) for commit in activity.others] == [(theirs, "2025-01")]


ODD_DATES = [
    pytest.param("-3600 +0000", Period(since="2099-12", until="2100-01"), "2099-12-15T10:00:00+00:00", "which git cannot read", id="before 1970"),
    pytest.param("notanumber +0000", Period(since="1969-12", until="1970-01"), "1970-01-10T10:00:00+00:00", "which git cannot read", id="not a number"),
    pytest.param("253402300800 +0000", Period(since="2099-12", until="2100-01"), "2099-12-15T10:00:00+00:00", "after the year 9999", id="year 10000"),
]  # fmt: skip


@pytest.mark.parametrize(("raw_date", "period", "readable", "why"), ODD_DATES)
def test_a_commit_whose_date_cannot_be_read_is_left_out_with_a_warning_naming_it(tmp_path: Path, raw_date: str, period: Period, readable: str, why: str) -> None:
    """git lets these dates through the period's filter: without a month, the commit cannot be counted anywhere."""
    repo = GitRepo(tmp_path / "clocks")
    counted = repo.commit("Add parser", {"parser.py": lines(3)}, EVE, readable)
    odd = commit_with_raw_date(repo, "Add lexer", raw_date)
    activity = collect(repo.path, authors=("eve",), period=period)
    assert [commit.sha for commit in activity.commits] == [counted]
    assert activity.warnings == [f"clocks: 1 commit left out, no month being readable from its commit date: {odd[:7]} ({why})"]


@pytest.mark.parametrize(("raw_date", "period", "readable", "why"), ODD_DATES)
def test_a_period_whose_only_commit_has_an_unreadable_date_is_one_line_and_exit_2(tmp_path: Path, raw_date: str, period: Period, readable: str, why: str) -> None:
    repo = GitRepo(tmp_path / "clocks")
    repo.commit("Add parser", {"parser.py": lines(3)}, EVE, "2025-02-10T10:00:00+00:00")
    odd = commit_with_raw_date(repo, "Add lexer", raw_date)
    result = run_cli("run", str(repo.path), "-a", "eve", "--since", period.since, "--until", period.until, "-f", "json")
    assert (result.returncode, result.stdout, "Traceback" in result.stderr) == (2, "", False)
    (line,) = result.stderr.splitlines()
    assert "no commits by 'eve'" in line and f"left out, no month being readable from its commit date: {odd[:7]} ({why})" in line


TOKEN_IN_NAME = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
TOKEN_IN_EMAIL = "AKIAIOSFODNN7EXAMPLE"
TOKEN_IN_TRAILER = "sk-proj-abcdefghijklmnopqrstuvwxyz"


def authors_with_secrets(path: Path) -> GitRepo:
    """Eve's commits: a token in her name, a key in her e-mail, a key in a co-author's name; and a
    .mailmap that gives her old e-mail a name holding a token."""
    repo = GitRepo(path)
    repo.commit("Add parser", {"parser.py": lines(3)}, f"Eve {TOKEN_IN_NAME} <eve@example.com>", "2025-02-10T10:00:00+00:00")
    repo.commit("Add lexer", {"lexer.py": lines(3)}, f"Eve Tester <eve+{TOKEN_IN_EMAIL}@example.com>", "2025-02-11T10:00:00+00:00")
    repo.commit(f"Add pager\n\nCo-authored-by: Mallory {TOKEN_IN_TRAILER} <mallory@example.com>", {"pager.py": lines(3)}, EVE, "2025-02-12T10:00:00+00:00")
    repo.commit("Add export", {"export.py": lines(3), ".mailmap": f"Eve {TOKEN_IN_NAME} <eve@old.example>\n"}, "E. Tester <eve@old.example>", "2025-02-13T10:00:00+00:00")
    return repo


def test_secrets_in_author_names_e_mails_and_co_authors_are_redacted_as_they_are_read(tmp_path: Path) -> None:
    activity = collect(authors_with_secrets(tmp_path / "secrets").path, authors=("eve",))
    identities = [(commit.author_name, commit.author_email, commit.co_authors) for commit in activity.commits]
    assert identities == [
        ("Eve [REDACTED]", "eve@example.com", []),
        ("Eve Tester", "eve+[REDACTED]@example.com", []),
        ("Eve Tester", "eve@example.com", ["Mallory [REDACTED] <mallory@example.com>"]),
        ("Eve [REDACTED]", "eve@old.example", []),  # the .mailmap's name
    ]


@pytest.mark.parametrize("output_format", ["markdown", "json", "html"])
def test_no_output_format_shows_a_secret_from_an_authors_name_or_e_mail(tmp_path: Path, output_format: str) -> None:
    repo = authors_with_secrets(tmp_path / "secrets")
    result = run_cli("run", str(repo.path), "-a", "eve", "--since", "2025-01", "--until", "2025-06", "-f", output_format)
    assert result.returncode == 0, result.stderr
    assert "[REDACTED]" in result.stdout
    assert not any(secret in result.stdout + result.stderr for secret in (TOKEN_IN_NAME, TOKEN_IN_EMAIL, TOKEN_IN_TRAILER))


def test_an_author_given_by_an_e_mail_with_a_key_in_it_still_finds_their_commits(tmp_path: Path) -> None:
    activity = collect(authors_with_secrets(tmp_path / "secrets").path, authors=(f"eve+{TOKEN_IN_EMAIL}@example.com",))
    assert [commit.subject for commit in activity.commits] == ["Add lexer"]


def test_the_closest_authors_an_error_names_are_shown_with_their_secrets_redacted(tmp_path: Path) -> None:
    with pytest.raises(SummarizerError) as raised:
        collect(authors_with_secrets(tmp_path / "secrets").path, authors=("Eve Tster",))
    assert "Eve [REDACTED] <eve@example.com>" in raised.value.message
    assert TOKEN_IN_NAME not in raised.value.message and TOKEN_IN_EMAIL not in raised.value.message


def test_a_linked_worktree_is_named_and_placed_as_its_main_repository(tmp_path: Path) -> None:
    """alpha is a checkout, beta a bare repository; each has a worktree beside it (alpha-wt, beta-wt)."""
    alpha = GitRepo(tmp_path / "alpha")
    alpha.commit("Add parser", {"parser.py": lines(3)}, GRACE, "2025-02-03T10:00:00+00:00")
    alpha.git("worktree", "add", "-q", str(tmp_path / "alpha-wt"), "-b", "side")
    beta = clone(alpha.path, tmp_path / "beta.git", "--bare")
    GitRepo.existing(beta).git("worktree", "add", "-q", str(tmp_path / "beta-wt"), "-b", "draft")
    repositories = collect(tmp_path / "alpha-wt", tmp_path / "beta-wt").repositories
    assert [(repository.name, Path(repository.path)) for repository in repositories] == [
        ("alpha", alpha.path.resolve()),
        ("beta", beta.resolve()),
    ]
