"""The words of the code a developer's commits changed, read as evidence for the check."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from summarizer.cache import RunCache
from summarizer.models.activity import Activity
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.sources import collect_activity
from summarizer.sources.code import read_code_words
from summarizer.validation import Checker
from tests.conftest import ADA, GRACE, run_cli
from tests.gitrepo import GitRepo

PERIOD = Period(since="2025-01", until="2025-06")
FSDP_CODE = '''class FullyShardedDataParallel:
    """Shards parameters, gradients and optimizer state across ranks."""

    def reshard_after_forward(self) -> None:  # frees the full parameters early
        pass
'''


def collect(path: Path) -> Activity:
    return collect_activity([str(path)], ["grace hopper"], PERIOD, None, RunCache(path.parent / "cache", enabled=False))


def code_of(activity: Activity, subject: str) -> list[str]:
    return next(commit.code for commit in activity.commits if commit.subject.startswith(subject))


def test_a_commit_keeps_the_identifiers_comments_and_docstring_words_of_the_lines_it_changed(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add FSDP wrapper (#12)", {"dist/fsdp.py": FSDP_CODE}, GRACE, "2025-02-03T10:00:00+00:00")
    code = code_of(collect(repo.path), "Add FSDP")
    assert {"FullyShardedDataParallel", "reshard_after_forward", "Shards", "optimizer", "frees"} <= set(code)


def test_removed_lines_are_evidence_too_and_unchanged_lines_are_not(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add the pager", {"pager.py": "def legacy_pager():\n    return page_size\n\nkept_constant = 1\n"}, ADA, "2025-01-10T10:00:00+00:00")
    repo.commit("Remove the legacy pager (#3)", {"pager.py": "kept_constant = 1\n"}, GRACE, "2025-02-03T10:00:00+00:00")
    code = code_of(collect(repo.path), "Remove the legacy")
    assert "legacy_pager" in code and "page_size" in code
    assert "kept_constant" not in code


def test_the_class_or_function_a_change_sits_in_is_evidence_as_git_names_it_in_the_hunk_header(tmp_path: Path) -> None:
    before = "class HelionTemplateBuffer(TemplateBuffer):\n" + "".join(f"    step_{n} = {n}\n" for n in range(8))
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add the buffer", {"buffer.py": before}, ADA, "2025-01-10T10:00:00+00:00")
    repo.commit("Fix lint: match the override signature (#7)", {"buffer.py": before.replace("step_6 = 6", "step_6 = 60")}, GRACE, "2025-02-03T10:00:00+00:00")
    assert "HelionTemplateBuffer" in code_of(collect(repo.path), "Fix lint")


def test_lock_generated_and_binary_files_give_no_words(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    files: dict[str, str | bytes | None] = {
        "poetry.lock": 'name = "lockfile_only_word"\n',
        "logo.png": b"\x89PNG\x00binary_only_word\x00",
        "src/app.py": "source_word = 1\n",
    }
    repo.commit("Add the app", files, GRACE, "2025-02-03T10:00:00+00:00")
    assert code_of(collect(repo.path), "Add the app") == ["source_word"]


def test_a_history_of_placeholder_contents_gives_no_words(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add the parser (#4)", {"parser.py": "placeholder line 1\nplaceholder line 2\n"}, GRACE, "2025-02-03T10:00:00+00:00")
    assert code_of(collect(repo.path), "Add the parser") == []


def test_a_history_whose_first_commits_hold_only_placeholders_is_read_no_further(tmp_path: Path) -> None:
    """A metadata-only replay's patches are all placeholders: its newest 16 commits tell it, and reading
    the rest would cost git as much as the log."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add the parser (#4)", {"parser.py": "real_parser_word = 1\n"}, GRACE, "2025-02-01T10:00:00+00:00")
    for day in range(2, 18):
        repo.commit(f"Add step {day}", {f"step_{day}.py": f"placeholder line {day}\n"}, GRACE, f"2025-02-{day:02}T10:00:00+00:00")
    assert code_of(collect(repo.path), "Add the parser") == []


def test_a_history_with_code_among_its_first_commits_is_read_whole(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add the parser (#4)", {"parser.py": "real_parser_word = 1\n"}, GRACE, "2025-02-01T10:00:00+00:00")
    for day in range(2, 18):
        repo.commit(f"Add step {day}", {f"step_{day}.py": f"placeholder line {day}\n"}, GRACE, f"2025-02-{day:02}T10:00:00+00:00")
    repo.commit("Add the loader", {"loader.py": "loader_word = 1\n"}, GRACE, "2025-02-20T10:00:00+00:00")
    assert code_of(collect(repo.path), "Add the parser") == ["real_parser_word"]


def test_a_50_mb_one_line_diff_is_never_held_whole_and_its_commit_is_read_in_part(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    bundle = "var " + "minified_identifier=1;" * (50 * 2**20 // 22) + "\n"
    big = repo.commit("Add the bundle", {"web/bundle.js": bundle, "web/app.js": "after_the_bundle = 1\n"}, GRACE, "2025-02-03T10:00:00+00:00")
    small = repo.commit("Add the loader (#5)", {"web/loader.js": "loader_word = 2\n"}, GRACE, "2025-02-04T10:00:00+00:00")
    activity = collect(repo.path)
    commits = {commit.sha: commit for commit in activity.commits}
    tracemalloc.start()
    warnings = read_code_words(repo.path, [commits[big], commits[small]])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 * 2**20
    assert "minified_identifier" in commits[big].code and len(commits[big].code) < 10
    assert commits[small].code == ["loader_word"]
    assert len(warnings) == 1 and "1 commit changed more than 2 MB of lines" in warnings[0] and big[:7] in warnings[0]


def test_a_commit_past_the_size_read_keeps_its_first_words_with_a_warning(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    many = "".join(f"generated_name_{number} = {number}\n" for number in range(300_000))
    repo.commit("Add the tables (#6)", {"tables.py": many}, GRACE, "2025-02-03T10:00:00+00:00")
    activity = collect(repo.path)
    code = code_of(activity, "Add the tables")
    assert "generated_name_0" in code and "generated_name_299999" not in code
    assert any("1 commit changed more than 2 MB of lines: only the first 2 MB were read as evidence" in warning for warning in activity.warnings)


def test_a_commit_git_cannot_diff_keeps_no_words_the_others_keep_theirs_with_a_warning(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add notes", {"notes.py": "first_note = 1\n"}, GRACE, "2025-02-01T10:00:00+00:00")
    broken = repo.commit("Rewrite notes", {"notes.py": "second_note = 2\n"}, GRACE, "2025-02-02T10:00:00+00:00")
    again = repo.commit("Rewrite notes again", {"notes.py": "third_note = 3\n"}, GRACE, "2025-02-03T10:00:00+00:00")
    after = repo.commit("Add the loader", {"loader.py": "loader_word = 4\n"}, GRACE, "2025-02-04T10:00:00+00:00")
    activity = collect(repo.path)
    commits = {commit.sha: commit for commit in activity.commits}
    blob = repo.git("rev-parse", f"{broken}:notes.py")
    (repo.path / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    warnings = read_code_words(repo.path, list(commits.values()))
    assert commits[after].code == ["loader_word"]
    # The commit after it diffs against the missing blob too.
    assert commits[broken].code == [] and commits[again].code == []
    assert len(warnings) == 1 and "git could not read the code of 2 commits (missing objects)" in warnings[0] and broken[:7] in warnings[0]


def test_names_the_commit_added_support_a_sentence_its_title_does_not_tell(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add FSDP wrapper (#12)", {"dist/fsdp.py": FSDP_CODE}, GRACE, "2025-02-03T10:00:00+00:00")
    repo.commit("Fix the pager (#13)", {"pager.py": "page_size = 2\n"}, GRACE, "2025-02-05T10:00:00+00:00")
    check = Checker(build_history(collect(repo.path)))
    text = "## February 2025\n\nShe gave FullyShardedDataParallel a reshard_after_forward step that frees the full parameters early (#12)."
    assert [finding for finding in check(text) if finding.severity == "error"] == []


def test_a_run_over_a_50_mb_diff_and_a_commit_git_cannot_diff_finishes_and_says_where_the_evidence_is_thinner(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add the bundle", {"web/bundle.js": "var " + "x_1=1;" * (50 * 2**20 // 6) + "\n"}, GRACE, "2025-02-01T10:00:00+00:00")
    repo.commit("Add notes", {"notes.py": "first_note = 1\n"}, GRACE, "2025-02-02T10:00:00+00:00")
    broken = repo.commit("Rewrite notes", {"notes.py": "second_note = 2\n"}, GRACE, "2025-02-03T10:00:00+00:00")
    repo.commit("Rewrite notes again", {"notes.py": "third_note = 3\n"}, GRACE, "2025-02-04T10:00:00+00:00")
    blob = repo.git("rev-parse", f"{broken}:notes.py")
    (repo.path / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    env = {"SUMMARIZER_CACHE_DIR": str(tmp_path / "cache"), "SUMMARIZER_HOME": str(tmp_path / "home")}
    result = run_cli("run", str(repo.path), "--author", "grace", "--since", "2025-02", "--until", "2025-02", "--backend", "offline", env=env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert all(line.startswith("summarizer: ") for line in result.stderr.splitlines())
    assert "## February 2025" in result.stdout
    assert "2 commits counted without line counts" in result.stderr
    assert "1 commit changed more than 2 MB of lines: only the first 2 MB were read as evidence" in result.stderr


def test_an_acronym_is_spelled_out_as_the_repositorys_own_text_spells_it(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("Add docs", {"docs/cache.md": "The Key-Value (KV) cache keeps attention keys.\n"}, ADA, "2025-01-10T10:00:00+00:00")
    repo.commit("Add KV cache eviction (#7)", {"cache.py": "evict = True\n"}, GRACE, "2025-02-03T10:00:00+00:00")
    activity = collect(repo.path)
    assert activity.repositories[0].spelled_out == ["The Key-Value (KV)"]
    check = Checker(build_history(activity))
    kinds = [f.kind for f in check("## February 2025\n\nShe added eviction to the key-value (KV) cache (#7).")]
    assert "unsupported_expansion" not in kinds
    wrong = [f.kind for f in check("## February 2025\n\nShe added eviction to the kernel-variant (KV) cache (#7).")]
    assert "unsupported_expansion" in wrong
