"""Bad input and faults, each done for real: one line on stderr, the right exit code, nothing lost.

Every test here backs a row of docs/robustness.md. The command runs in its own process
(tests/conftest.py's `run_cli`); servers are real HTTP servers on 127.0.0.1; repositories are
built in temporary folders. "Nothing lost" is checked, not assumed: a file the user had is
compared byte for byte, a review workspace is read back, a cache is reused by the rerun.

A message may change wording: assertions on it look for a key phrase; exit codes are exact.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from tests.conftest import build_cobol_tools, interruptible, run_cli
from tests.fake_github import TOKEN, Answer, FakeGitHub, Seen
from tests.fake_openai import FakeOpenAI, Reply, Request, error, truthful
from tests.loopback import Loopback

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"
PERIOD = ("--since", "2025-01", "--until", "2025-06")
GITHUB_PERIOD = ("--since", "2025-01", "--until", "2025-03")
GITHUB_IDENTITY = ("--github-user", "ghopper", "--author", "grace@old.example")
GITHUB_COLD_REQUESTS = 26  # as tests/test_github_source.py counts them
EARLIER = "# My earlier profile\n\nWritten by hand; it must survive every failed run.\n"
WORKSPACE = "grace-hopper_2025-01_2025-06.json"


# ---------------------------------------------------------------------------------------------
# Helpers


def assert_one_line(result: subprocess.CompletedProcess[str], code: int, phrase: str = "") -> None:
    """Exit `code`, one line on stderr naming `phrase` (case-insensitive), no traceback."""
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert result.returncode == code, f"exit {result.returncode}: {result.stderr[-3000:]}"
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("summarizer: "), lines[0]
    assert phrase.lower() in lines[0].lower(), lines[0]


def assert_lines_without_traceback(result: subprocess.CompletedProcess[str], code: int) -> list[str]:
    """A run that went on despite a fault: the exit code, and only `summarizer: …` lines."""
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert result.returncode == code, f"exit {result.returncode}: {result.stderr[-3000:]}"
    lines = result.stderr.strip().splitlines()
    assert all(line.startswith("summarizer: ") for line in lines), result.stderr
    return lines


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file under `folder` (None for a folder), by relative path."""
    return {
        str(path.relative_to(folder)): (None if path.is_dir() else path.read_bytes())
        for path in sorted(folder.rglob("*"))
        if not path.is_symlink()
    }


def home() -> Path:
    return Path(os.environ["SUMMARIZER_HOME"])


def cache_folder() -> Path:
    return Path(os.environ["SUMMARIZER_CACHE_DIR"])


def workspace_file() -> Path:
    return home() / "workspaces" / WORKSPACE


def summarizer(*args: str) -> list[str]:
    return [sys.executable, "-m", "summarizer", *args]


def run_with(prefix: list[str], *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, *summarizer(*args)], env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=120)


def read_only_prefix(folder: Path) -> list[str]:
    """A command prefix under which `folder` is read-only, even for root (a read-only bind mount)."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        for path in folder.rglob("*"):
            if path.is_dir():
                path.chmod(0o555)
        return []
    if not shutil.which("unshare") or subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode != 0:
        pytest.skip("root without a mount namespace: no way to make a folder read-only here")
    script = 'd="$1"; shift; mount --bind "$d" "$d" && mount -o remount,ro,bind "$d" "$d" && exec "$@"'
    return ["unshare", "-m", "sh", "-c", script, "sh", str(folder)]


def writable_again(folder: Path) -> None:
    if os.geteuid() != 0:
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir():
                path.chmod(0o755)


def editor(tmp_path: Path, body: str) -> str:
    script = tmp_path / "editor.sh"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)
    return str(script)


def review(stdin: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli("review", "--activity", str(GRACE), stdin=stdin, env={"NO_COLOR": "1", **(env or {})})


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """cobol-tools (tests/conftest.py), built once: these tests only read it."""
    path = tmp_path_factory.mktemp("robust") / "cobol-tools"
    build_cobol_tools(path)
    return path


@pytest.fixture(scope="module")
def big_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 commits by Grace Hopper, 2025-01..2025-06: an extract large enough that the cache
    keeps it in a file of its own beside its database (diskcache's files over 32 kB)."""
    path = tmp_path_factory.mktemp("robust-big") / "big"
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    stream = []
    for number in range(300):
        when = 1736000000 + number * 43200
        message = f"Add feature number {number} to the parser module\n".encode()
        content = f"line {number}\n".encode()
        stream.append(
            b"commit refs/heads/main\nauthor Grace Hopper <grace@example.com> %d +0000\ncommitter Grace Hopper <grace@example.com> %d +0000\n"
            b"data %d\n%s\nM 100644 inline src/file%d.py\ndata %d\n%s\n" % (when, when, len(message), message, number, len(content), content)
        )  # fmt: skip
    subprocess.run(["git", "fast-import", "--quiet"], cwd=path, input=b"".join(stream), check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=path, check=True)
    return path


def repository_state(path: Path) -> tuple[str, str]:
    refs = subprocess.run(["git", "show-ref"], cwd=path, capture_output=True, text=True).stdout
    status = subprocess.run(["git", "status", "--porcelain"], cwd=path, capture_output=True, text=True).stdout
    return refs, status


# ---------------------------------------------------------------------------------------------
# The command line: refused input


@pytest.fixture
def litter(tmp_path: Path, repo: Path) -> Path:
    """What the bad inputs point at, and a profile the user wrote earlier at {out}."""
    (tmp_path / "profile.md").write_text(EARLIER)
    (tmp_path / "plain").mkdir()
    (tmp_path / "afile").write_text("a plain file\n")
    (tmp_path / "latin1.md").write_bytes(b"In May 2025 Grace Hopper added a caf\xe9 pager.\n")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    (tmp_path / "garbage.json").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "empty.md").write_bytes(b"")
    (tmp_path / "blank.md").write_text(" \n\t\n\n")
    # Real sentences past the 1 MB check reads: each would be checked, for about ten seconds a megabyte.
    (tmp_path / "huge.md").write_text("In March 2025 Grace Hopper landed 3 commits in cobol-tools.\n" * 20_000)
    (tmp_path / "wrong.json").write_text('{"foo": 1}\n')
    activity = json.loads(GRACE.read_text())
    (tmp_path / "v99.json").write_text(json.dumps(activity | {"schema_version": 99}))
    subprocess.run(["git", "init", "-q", str(tmp_path / "empty")], check=True)
    (tmp_path / "broken-git").mkdir()
    (tmp_path / "broken-git" / ".git").write_text("gitdir: /nowhere/at/all\n")
    (tmp_path / "team.toml").write_text(f'[[developer]]\nname = "Grace Hopper"\nidentities = ["grace"]\nrepositories = ["{repo}"]\n')
    (tmp_path / "bad-team.toml").write_text("[[developer]\nname = ")
    return tmp_path


RUN = ("run", "{repo}", "-a", "grace", *PERIOD)
REFUSED = [
    # id, arguments, environment, key phrase
    ("month name", ("run", "{repo}", "-a", "grace", "--since", "June", "-o", "{out}"), {}, "--since takes a month like 2025-06"),
    ("month 13", ("run", "{repo}", "-a", "grace", "--since", "2025-13", "-o", "{out}"), {}, "--since takes a month"),
    ("year 0", ("run", "{repo}", "-a", "grace", "--since", "0000-01", "--until", "0000-02", "-o", "{out}"), {}, "0000-01"),
    ("since after until", ("run", "{repo}", "-a", "grace", "--since", "2025-06", "--until", "2025-01", "-o", "{out}"), {}, "is after --until"),
    ("missing repository path", ("run", "{tmp}/nowhere", "-a", "grace", *PERIOD, "-o", "{out}"), {}, "no such repository path"),
    ("a file as repository", ("run", "{repo}/LICENSE", "-a", "grace", *PERIOD, "-o", "{out}"), {}, "not a git repository"),
    ("a folder that is no repository", ("run", "{tmp}/plain", "-a", "grace", *PERIOD, "-o", "{out}"), {}, "is not a git repository"),
    ("empty repository", ("run", "{tmp}/empty", "-a", "grace", *PERIOD, "-o", "{out}"), {}, "has no commits yet"),
    (".git pointing nowhere", ("run", "{tmp}/broken-git", "-a", "grace", *PERIOD, "-o", "{out}"), {}, "is not a git repository"),
    ("unknown branch", (*RUN, "--branch", "nope", "-o", "{out}"), {}, "unknown branch 'nope'"),
    ("unknown author", ("run", "{repo}", "-a", "Grace Hoper", *PERIOD, "-o", "{out}"), {}, "closest authors there: Grace Hopper"),
    ("author not UTF-8", ("run", "{repo}", "-a", "\udcff", *PERIOD, "-o", "{out}"), {}, "closest authors"),
    ("no author", ("run", "{repo}", *PERIOD, "-o", "{out}"), {}, "--author is required"),
    ("a period with no commits", ("run", "{repo}", "-a", "grace", "--since", "2030-01", "--until", "2030-02", "-o", "{out}"), {}, "no commits by 'grace'"),
    ("repository name with spaces", ("run", "{repo}=my tools", "-a", "grace", *PERIOD, "-o", "{out}"), {}, "bad repository name"),
    ("activity file not JSON", ("run", "--activity", "{repo}/LICENSE", "-o", "{out}"), {}, "is not a summarizer activity file"),
    ("activity file of binary garbage", ("run", "--activity", "{tmp}/garbage.json", "-o", "{out}"), {}, "is not a summarizer activity file"),
    ("activity file of another schema", ("run", "--activity", "{tmp}/wrong.json", "-o", "{out}"), {}, "is not a summarizer activity file"),
    ("activity schema version 99", ("run", "--activity", "{tmp}/v99.json", "-o", "{out}"), {}, "schema version 99"),
    ("activity file missing", ("run", "--activity", "{tmp}/missing.json", "-o", "{out}"), {}, "cannot read activity file"),
    ("activity file is a folder", ("run", "--activity", "{tmp}/plain", "-o", "{out}"), {}, "cannot read activity file"),
    ("activity and a repository", ("run", "{repo}", "--activity", str(GRACE), "-o", "{out}"), {}, "not both"),
    ("period outside the activity file", ("run", "--activity", str(GRACE), "--since", "2024-01", "-o", "{out}"), {}, "is outside it"),
    ("author absent from the activity file", ("run", "--activity", str(GRACE), "-a", "nobody", "-o", "{out}"), {}, "has no commits by the authors"),
    ("output in a missing folder", (*RUN, "-o", "{tmp}/no/such/folder/profile.md"), {}, "does not exist"),
    ("output is a folder", (*RUN, "-o", "{tmp}/plain"), {}, "is a folder"),
    ("output under a file", (*RUN, "-o", "{tmp}/afile/profile.md"), {}, "is not a folder"),
    ("output to a full disk", (*RUN, "-o", "/dev/full"), {}, "No space left on device"),
    ("unknown format", (*RUN, "--format", "yaml", "-o", "{out}"), {}, "'yaml' is not one of"),
    ("unknown backend", (*RUN, "--backend", "magic", "-o", "{out}"), {}, "'magic' is not one of"),
    ("no jobs", (*RUN, "--jobs", "0", "-o", "{out}"), {}, "--jobs"),
    ("zero timeout", (*RUN, "--timeout", "0", "-o", "{out}"), {}, "--timeout"),
    ("SUMMARIZER_TIMEOUT not a number", (*RUN, "-o", "{out}"), {"SUMMARIZER_TIMEOUT": "soon"}, "SUMMARIZER_TIMEOUT"),
    ("unknown option", (*RUN, "--nonsense", "-o", "{out}"), {}, "No such option: --nonsense"),
    ("unknown command", ("nonsense", "-o", "{out}"), {}, "No such command"),
    ("fetch without --output", ("fetch", "{repo}", "-a", "grace", *PERIOD), {}, "--output"),
    ("check a missing file", ("check", "{tmp}/missing.md", "{repo}", "-a", "grace", *PERIOD), {}, "no such file"),
    ("check a folder", ("check", "{tmp}/plain", "{repo}", "-a", "grace", *PERIOD), {}, "is a folder"),
    ("check a Latin-1 file", ("check", "{tmp}/latin1.md", "{repo}", "-a", "grace", *PERIOD), {}, "is not UTF-8"),
    ("check a binary file", ("check", "{tmp}/image.png", "{repo}", "-a", "grace", *PERIOD), {}, "is not UTF-8"),
    ("check an empty file", ("check", "{tmp}/empty.md", "{repo}", "-a", "grace", *PERIOD), {}, "is empty: nothing to check"),
    ("check a file of blank lines", ("check", "{tmp}/blank.md", "{repo}", "-a", "grace", *PERIOD), {}, "is empty: nothing to check"),
    ("check a 1.2 MB file", ("check", "{tmp}/huge.md", "{repo}", "-a", "grace", *PERIOD), {}, "is over 1,000,000 bytes, the most check reads"),
    ("check with an unknown format", ("check", "{out}", "{repo}", "-a", "grace", *PERIOD, "-f", "yaml"), {}, "'yaml' is not one of"),
    ("export with nothing reviewed", ("export", "-a", "nobody", *PERIOD, "-o", "{out}"), {}, "nothing to export"),
    ("team roster not TOML", ("team", "{tmp}/bad-team.toml", "-o", "{tmp}/site"), {}, "is not a TOML roster"),
    ("team site is a file", ("team", "{tmp}/team.toml", "-o", "{out}", *PERIOD), {}, "is a file"),
    ("SUMMARIZER_HOME is a file", (*RUN, "-o", "{out}"), {"SUMMARIZER_HOME": "{tmp}/afile"}, "{tmp}/afile"),
    ("OPENAI_BASE_URL not a URL", ("run", "--activity", str(GRACE), "-o", "{out}"), {"OPENAI_BASE_URL": "localhost port 8000"}, "OPENAI_BASE_URL"),
    ("GITHUB_API_URL not a URL", ("run", "acme/cobol-tools", "--github-user", "ghopper", *GITHUB_PERIOD, "-o", "{out}"),
     {"GITHUB_API_URL": "api.github.example", "GITHUB_TOKEN": TOKEN}, "GITHUB_API_URL"),
]  # fmt: skip


@pytest.mark.parametrize(("arguments", "environment", "phrase"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED])
def test_refused_input_is_one_line_exit_2_and_leaves_the_users_files(
    litter: Path, repo: Path, arguments: tuple[str, ...], environment: dict[str, str], phrase: str
) -> None:
    def filled(text: str) -> str:
        return text.replace("{repo}", str(repo)).replace("{tmp}", str(litter)).replace("{out}", str(litter / "profile.md"))

    before, repository = snapshot(litter), repository_state(repo)
    result = run_cli(*map(filled, arguments), env={name: filled(value) for name, value in environment.items()})
    assert_one_line(result, 2, filled(phrase))
    assert result.stdout == ""
    assert snapshot(litter) == before  # the earlier profile, the inputs: nothing written, nothing replaced
    assert repository_state(repo) == repository


def test_a_closed_stdout_is_one_line_and_exit_2_and_no_file_called_dash_is_written(repo: Path, tmp_path: Path) -> None:
    mine = tmp_path / "-"
    mine.write_text(EARLIER)
    process = subprocess.run(
        summarizer("run", str(repo), "-a", "grace", *PERIOD, "--format", "json"),
        cwd=tmp_path, stderr=subprocess.PIPE, text=True, timeout=120, preexec_fn=lambda: os.close(1),
    )  # fmt: skip
    result = subprocess.CompletedProcess(process.args, process.returncode, "", process.stderr)
    assert_one_line(result, 2, "stdout")
    assert mine.read_text() == EARLIER


@pytest.mark.parametrize(
    "run",
    ["a" * 100_000, "A" * 100_000, "1" * 100_000, "ab-" * 33_000, "ab." * 33_000, "Grace M. " * 11_000, "### March 2025\n\n" + "making it easier for other developers to understand " * 2_000,
     "### March 2025\n\n" + "She worked in the Triton Benchmark repository and " * 2_000,
     "### May 2025\n\n" + "She added the pager (#15), improving the functionality, " * 1_800,
     "### May 2025\n\n" + "Two bugs were fixed: the pager (#15), and the menu (#15), " * 1_800],
    ids=["letters", "capitals", "digits", "hyphens", "dots", "initials", "effects", "repositories", "outcomes", "counts"],
)
def test_checking_a_100_kb_run_of_one_shape_ends_within_15_seconds(repo: Path, tmp_path: Path, run: str) -> None:
    """A pattern that may start anywhere in a run of word characters reads the run again from each
    start: a 100 kB run took a quarter of an hour before the patterns began only where a word does."""
    blob = tmp_path / "summary.md"
    blob.write_text(run + "\n")
    result = check_within_15_seconds(blob, repo)
    assert_lines_without_traceback(result, result.returncode)


def check_within_15_seconds(blob: Path, repo: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(summarizer("check", str(blob), str(repo), "-a", "grace", *PERIOD), capture_output=True, text=True, timeout=15, env=os.environ)
    except subprocess.TimeoutExpired:
        pytest.fail(f"check of {blob.stat().st_size:,} bytes ran past 15 s")


def test_checking_a_100_kb_single_word_file_ends_within_15_seconds(repo: Path, tmp_path: Path) -> None:
    """A summary holding one long token (a pasted data URI): the checker must not take minutes."""
    blob = tmp_path / "summary.md"
    blob.write_text("data:image/png;base64," + base64.b64encode(os.urandom(75_000)).decode() + "\n")
    before = blob.read_bytes()
    result = check_within_15_seconds(blob, repo)
    assert_lines_without_traceback(result, result.returncode)
    assert result.returncode in (0, 1, 2)
    assert blob.read_bytes() == before


# ---------------------------------------------------------------------------------------------
# The cache (SUMMARIZER_CACHE_DIR)


def profile_json(repository: Path, *extra: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli("run", str(repository), "-a", "grace", *PERIOD, "--format", "json", "--quiet", *extra, env=env)


def test_a_cache_database_of_garbage_is_rebuilt_and_the_run_gives_the_same_profile(repo: Path) -> None:
    first = profile_json(repo)
    (cache_folder() / "cache.db").write_bytes(os.urandom(5000))
    again = profile_json(repo)
    assert_lines_without_traceback(again, 0)
    assert again.stdout == first.stdout
    assert "entries: 2" in run_cli("cache", "info").stdout  # rebuilt and filled again: the commits, the profile


def test_a_truncated_cache_database_is_rebuilt_and_the_run_gives_the_same_profile(repo: Path) -> None:
    first = profile_json(repo)
    database = cache_folder() / "cache.db"
    database.write_bytes(database.read_bytes()[:10_000])
    again = profile_json(repo)
    assert_lines_without_traceback(again, 0)
    assert again.stdout == first.stdout


def test_a_damaged_cache_database_never_deletes_the_other_files_in_the_cache_folder(repo: Path) -> None:
    """SUMMARIZER_CACHE_DIR=~/.cache is a plausible setting: rebuilding the cache must not empty it."""
    folder = cache_folder()
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine\n")
    (folder / "other-tool").mkdir()
    (folder / "other-tool" / "state.json").write_text("{}\n")
    (folder / "cache.db").write_bytes(os.urandom(5000))
    result = profile_json(repo)
    assert_lines_without_traceback(result, 0)
    assert (folder / "notes.txt").read_text() == "mine\n"
    assert (folder / "other-tool" / "state.json").read_text() == "{}\n"


def truncate_cache_entries() -> None:
    import sqlite3

    with sqlite3.connect(cache_folder() / "cache.db") as database:
        database.execute("UPDATE Cache SET value = substr(value, 1, length(value) / 2) WHERE value IS NOT NULL")


def test_a_truncated_cache_entry_is_a_miss_and_the_rerun_reads_git_again(repo: Path) -> None:
    first = profile_json(repo)
    truncate_cache_entries()
    again = profile_json(repo)
    assert_lines_without_traceback(again, 0)
    assert again.stdout == first.stdout


def test_fetch_with_a_truncated_cache_entry_never_writes_a_broken_activity_file(repo: Path, tmp_path: Path) -> None:
    saved = tmp_path / "activity.json"
    assert run_cli("fetch", str(repo), "-a", "grace", *PERIOD, "-o", str(saved)).returncode == 0
    good = saved.read_text()
    truncate_cache_entries()
    again = run_cli("fetch", str(repo), "-a", "grace", *PERIOD, "-o", str(saved))
    assert_lines_without_traceback(again, 0)
    assert saved.read_text() == good


def truncate_cache_files() -> list[Path]:
    files = list(cache_folder().rglob("*.val"))
    for path in files:
        path.write_bytes(path.read_bytes()[:1000])
    return files


def test_a_truncated_cache_file_is_a_miss_and_the_rerun_reads_git_again(big_repo: Path) -> None:
    first = profile_json(big_repo)
    assert truncate_cache_files(), "the extract was expected in a file of its own"
    again = profile_json(big_repo)
    assert_lines_without_traceback(again, 0)
    assert again.stdout == first.stdout


def test_fetch_over_a_good_activity_file_with_a_truncated_cache_file_keeps_it_whole(big_repo: Path, tmp_path: Path) -> None:
    saved = tmp_path / "activity.json"
    assert run_cli("fetch", str(big_repo), "-a", "grace", *PERIOD, "-o", str(saved)).returncode == 0
    good = saved.read_text()
    assert truncate_cache_files()
    again = run_cli("fetch", str(big_repo), "-a", "grace", *PERIOD, "-o", str(saved))
    assert_lines_without_traceback(again, 0)
    assert saved.read_text() == good  # not the 1,000 bytes left in the cache


def test_a_read_only_cache_folder_is_one_line_and_exit_2_and_left_as_it_is(repo: Path) -> None:
    assert profile_json(repo).returncode == 0
    folder = cache_folder()
    (folder / "notes.txt").write_text("mine\n")
    before = snapshot(folder)
    prefix = read_only_prefix(folder)
    try:
        result = run_with(prefix, "run", str(repo), "-a", "grace", *PERIOD, "--format", "json", "--quiet")
    finally:
        writable_again(folder)
    assert_one_line(result, 2, "cache")
    assert snapshot(folder) == before


def test_a_cache_folder_that_is_a_file_is_one_line_and_exit_2_and_the_file_is_kept(repo: Path) -> None:
    folder = cache_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder\n")
    result = profile_json(repo)
    assert_one_line(result, 2, str(folder))
    assert folder.read_text() == "not a folder\n"


def test_no_cache_runs_past_a_cache_folder_that_is_a_file(repo: Path) -> None:
    folder = cache_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder\n")
    result = profile_json(repo, "--no-cache")
    assert_lines_without_traceback(result, 0)
    assert json.loads(result.stdout)["totals"]["commits"] == 11
    assert folder.read_text() == "not a folder\n"


def test_concurrent_runs_of_different_periods_share_one_cache(big_repo: Path) -> None:
    periods = [("--since", f"2025-0{month}", "--until", "2025-06") for month in range(1, 7)]
    processes = [
        subprocess.Popen(summarizer("run", str(big_repo), "-a", "grace", *period, "-f", "json", "-q"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for period in periods
    ]  # fmt: skip
    results = [(process, *process.communicate(timeout=120)) for process in processes]
    for process, stdout, stderr in results:
        assert_lines_without_traceback(subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr), 0)
    # What the concurrent runs cached is whole: the sequential reruns read it and agree.
    for period, (_, stdout, _) in zip(periods, results):
        rerun = run_cli("run", str(big_repo), "-a", "grace", *period, "-f", "json", "-q")
        assert rerun.stdout == stdout


def test_concurrent_runs_of_the_same_profile_all_complete(tmp_path: Path) -> None:
    """Eight `run`s of one developer and period at once (a cron job and a person, say): each is a
    run, not a review; none should be refused for a lock another run holds for a moment."""
    processes = [
        subprocess.Popen(summarizer("run", "--activity", str(GRACE), "-f", "json", "-q"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(8)
    ]  # fmt: skip
    results = [(process, *process.communicate(timeout=120)) for process in processes]
    failures = [stderr.strip() for process, _, stderr in results if process.returncode != 0]
    assert failures == []
    assert len({stdout for _, stdout, _ in results}) == 1


def test_runs_killed_with_sigkill_mid_write_leave_a_cache_the_rerun_can_use(big_repo: Path, tmp_path: Path) -> None:
    reference = run_cli(
        "run", str(big_repo), "-a", "grace", *PERIOD, "-f", "json", "-q",
        env={"SUMMARIZER_CACHE_DIR": str(tmp_path / "clean-cache"), "SUMMARIZER_HOME": str(tmp_path / "clean-home")},
    )  # fmt: skip
    assert reference.returncode == 0
    for delay in (0.3, 0.45, 0.6, 0.75, 0.9, 1.1):
        process = subprocess.Popen(summarizer("run", str(big_repo), "-a", "grace", *PERIOD, "-f", "json", "-q"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    rerun = profile_json(big_repo)
    assert_lines_without_traceback(rerun, 0)
    assert rerun.stdout == reference.stdout
    assert workspace_file().parent.exists() is False or all(
        json.loads(path.read_text()) for path in workspace_file().parent.glob("*.json")
    )  # any workspace a killed run left is whole JSON


def test_an_llm_run_killed_with_sigkill_keeps_the_answers_it_received(tmp_path: Path) -> None:
    with FakeOpenAI(delay=0.3) as server:
        env = {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test"}
        process = subprocess.Popen(
            summarizer("run", "--activity", str(GRACE), "-f", "json", "-q", "--jobs", "1", "--model", "x"),
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while len(server.requests) < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        asked = len(server.requests)
        server.delay = 0
        rerun = run_cli("run", "--activity", str(GRACE), "-f", "json", "-q", "--model", "x", env=env)
    assert asked >= 4
    assert_lines_without_traceback(rerun, 0)
    profile = json.loads(rerun.stdout)
    assert not [note for note in profile["drafting"]["notes"] if "could not be used" in note]
    assert profile["drafting"]["cache_hits"] >= 3  # the answers received before the kill are not asked again
    assert len(server.requests) - asked <= 7 - 3


def test_cache_info_on_a_garbage_database_answers_and_rebuilds_it() -> None:
    folder = cache_folder()
    folder.mkdir(parents=True)
    (folder / "cache.db").write_bytes(os.urandom(5000))
    result = run_cli("cache", "info")
    assert_lines_without_traceback(result, 0)
    assert "entries: 0" in result.stdout


# ---------------------------------------------------------------------------------------------
# The review workspace (SUMMARIZER_HOME)


def test_a_half_written_temporary_file_left_by_a_kill_is_ignored_and_the_review_resumes() -> None:
    assert review("a\nq\n").returncode == 0
    saved = workspace_file().read_text()
    leftover = workspace_file().parent / f".{WORKSPACE}.k1ll3d0x"  # what write_atomic's mkstemp names
    leftover.write_text(saved[: len(saved) // 2])
    result = review("a\nq\n")
    assert_lines_without_traceback(result, 0)
    assert "Resuming at June 2025." in result.stdout
    sections = json.loads(workspace_file().read_text())["sections"]
    assert (sections["overview"]["state"], sections["2025-06"]["state"]) == ("accepted", "accepted")


def test_a_review_killed_with_sigkill_keeps_every_decision_saved_before_it(tmp_path: Path) -> None:
    # Accept the overview, then open June in an editor that kill -9s the review.
    killer = editor(tmp_path, 'printf "half an edit\\n" > "$1"; kill -9 "$PPID"')
    killed = review("a\ne\n", env={"EDITOR": killer})
    assert killed.returncode == -signal.SIGKILL
    result = review("q\n")
    assert_lines_without_traceback(result, 0)  # the lock of the killed review is taken over
    assert "Resuming at June 2025." in result.stdout
    assert json.loads(workspace_file().read_text())["sections"]["overview"]["state"] == "accepted"
    assert not workspace_file().with_suffix(".lock").exists()


def test_an_empty_lock_left_by_a_kill_during_its_creation_does_not_block_review_forever() -> None:
    assert review("a\nq\n").returncode == 0
    saved = workspace_file().read_text()
    lock = workspace_file().with_suffix(".lock")
    lock.write_text("")  # created (O_EXCL), killed before the holder was written
    an_hour_ago = time.time() - 3600
    os.utime(lock, (an_hour_ago, an_hour_ago))
    result = review("q\n")
    assert_lines_without_traceback(result, 0)
    assert json.loads(workspace_file().read_text())["sections"] == json.loads(saved)["sections"]


@pytest.mark.parametrize("command", ["review", "run", "export"])
def test_a_hand_broken_workspace_is_named_in_one_line_and_left_alone(command: str) -> None:
    assert review("a\nq\n").returncode == 0
    workspace_file().write_text('{"version": 1, "sections": ')
    result = run_cli(command, "--activity", str(GRACE), *(["-q"] if command == "run" else []), stdin="q\n")
    assert_one_line(result, 2, "cannot be read")
    assert str(workspace_file()) in result.stderr and "left as it is" in result.stderr
    assert workspace_file().read_text() == '{"version": 1, "sections": '


def test_a_workspace_of_another_version_is_named_and_left_alone() -> None:
    assert review("a\nq\n").returncode == 0
    newer = json.loads(workspace_file().read_text()) | {"version": 2}
    workspace_file().write_text(json.dumps(newer))
    before = workspace_file().read_bytes()
    result = run_cli("run", "--activity", str(GRACE), "-q")
    assert_one_line(result, 2, "version 2")
    assert workspace_file().read_bytes() == before


def test_a_workspace_path_that_is_a_folder_is_one_line_and_exit_2() -> None:
    workspace_file().mkdir(parents=True)
    (workspace_file() / "keep.txt").write_text("mine\n")
    result = run_cli("run", "--activity", str(GRACE), "-q")
    assert_one_line(result, 2, str(workspace_file()))
    assert (workspace_file() / "keep.txt").read_text() == "mine\n"


def test_a_read_only_workspace_folder_is_one_line_and_exit_2_and_the_review_is_kept() -> None:
    assert review("a\nq\n").returncode == 0
    before = snapshot(home())
    prefix = read_only_prefix(home())
    try:
        result = run_with(prefix, "run", "--activity", str(GRACE), "-q")
    finally:
        writable_again(home())
    assert_one_line(result, 2, "workspace")
    assert snapshot(home()) == before


# ---------------------------------------------------------------------------------------------
# The model server (OPENAI_BASE_URL)


@pytest.fixture
def reviewed() -> bytes:
    """A workspace with the overview accepted, as the user left it before the faulty run."""
    assert review("a\nq\n").returncode == 0
    return workspace_file().read_bytes()


def model_run(url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_cli(
        "run", "--activity", str(GRACE), "--backend", "openai", "--model", "x", "--format", "json", "--quiet", *extra,
        env={"OPENAI_BASE_URL": url, "OPENAI_API_KEY": "sk-test"},
    )  # fmt: skip


def assert_overview_still_accepted(before: bytes) -> None:
    after = json.loads(workspace_file().read_text())
    assert after["sections"]["overview"]["state"] == "accepted"
    assert after["sections"]["overview"]["text"] == json.loads(before)["sections"]["overview"]["text"]


def test_a_model_that_stalls_mid_answer_is_given_up_on_and_every_section_is_drafted_offline(reviewed: bytes) -> None:
    def stalling(request: Request) -> Reply:
        reply = truthful(request)
        reply.stall_after, reply.stall = 2, 3.0
        return reply

    with FakeOpenAI(stalling) as server:
        result = model_run(server.url, "--timeout", "0.3")
    lines = assert_lines_without_traceback(result, 0)
    assert sum("the model sent nothing for 0.3 s" in line for line in lines) == 7  # 5 months, the overview, the skills
    profile = json.loads(result.stdout)
    assert len(profile["months"]) == 5 and all(month["summary"] for month in profile["months"])
    assert_overview_still_accepted(reviewed)


class OneAnswer(Loopback):
    """An HTTP server on 127.0.0.1 that answers every POST with the same bytes."""

    def __init__(self, body: bytes, content_type: str, length: bool = True) -> None:
        answer = (body, content_type, length)

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("content-length", 0)))
                self.send_response(200)
                self.send_header("content-type", answer[1])
                if answer[2]:
                    self.send_header("content-length", str(len(answer[0])))
                self.end_headers()
                self.wfile.write(answer[0])
                self.close_connection = True

        super().__init__(Handler)

    @property
    def url(self) -> str:
        return f"{self.origin}/v1"


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"data: {not json at all\n\ndata: \x00\xff\xfe garbage\n\ndata: [DONE]\n\n", "text/event-stream"),
        (bytes(range(256)) * 8, "application/json"),
        (json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "x", "choices": [
            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "{}"}}]}).encode(), "application/json"),
    ],
    ids=["garbage events", "random bytes", "a chat completion that is no stream, of an empty object"],
)  # fmt: skip
def test_garbage_from_the_model_is_an_unusable_answer_and_the_sections_are_drafted_offline(reviewed: bytes, body: bytes, content_type: str) -> None:
    with OneAnswer(body, content_type, length=False) as server:
        result = model_run(server.url)
    lines = assert_lines_without_traceback(result, 0)
    assert sum("could not be used" in line for line in lines) == 7
    assert len(json.loads(result.stdout)["months"]) == 5
    assert_overview_still_accepted(reviewed)


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html"),
        (b"", "text/event-stream"),
    ],
    ids=["an HTML page", "an empty event stream"],
)  # fmt: skip
def test_a_200_answer_that_is_no_event_stream_is_one_line_and_exit_3(reviewed: bytes, body: bytes, content_type: str) -> None:
    with OneAnswer(body, content_type) as server:
        result = model_run(server.url)
    assert_one_line(result, 3, "127.0.0.1")
    assert result.stdout == ""
    assert workspace_file().read_bytes() == reviewed


def test_a_model_server_answering_500_forever_is_one_line_and_exit_3(reviewed: bytes) -> None:
    with FakeOpenAI(lambda request: error(500, "The server had an error", headers={"retry-after-ms": "10"})) as server:
        result = model_run(server.url)
    assert_one_line(result, 3, "500")
    assert result.stdout == ""
    assert workspace_file().read_bytes() == reviewed


def test_a_model_server_failing_for_one_month_only_has_that_month_drafted_offline(reviewed: bytes) -> None:
    def april_fails(request: Request) -> Reply:
        if request.kind == "month" and "2025-04" in request.user:
            return error(500, "The server had an error", headers={"retry-after-ms": "10"})
        return truthful(request)

    with FakeOpenAI(april_fails) as server:
        result = model_run(server.url)
    lines = assert_lines_without_traceback(result, 0)
    april = f"summarizer: April 2025: the model's answer could not be used ({server.url} answered 500 after 2 retries); drafted offline"
    assert [line for line in lines if "April" in line] == [april]
    assert json.loads(result.stdout)["drafting"]["backend"] == "openai"


def test_a_model_server_that_closes_the_connection_is_one_line_and_exit_3(reviewed: bytes) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    stop = threading.Event()

    def slam() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            connection.close()

    thread = threading.Thread(target=slam, daemon=True)
    thread.start()
    try:
        result = model_run(f"http://127.0.0.1:{listener.getsockname()[1]}/v1")
    finally:
        stop.set()
        thread.join(timeout=5)
        listener.close()
    assert_one_line(result, 3, "cannot reach")
    assert workspace_file().read_bytes() == reviewed


def test_a_refused_connection_to_the_model_is_one_line_and_exit_3(reviewed: bytes) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    result = model_run(f"http://127.0.0.1:{port}/v1")
    assert_one_line(result, 3, f"cannot reach http://127.0.0.1:{port}/v1")
    assert result.stdout == ""
    assert workspace_file().read_bytes() == reviewed


# ---------------------------------------------------------------------------------------------
# The GitHub server (GITHUB_API_URL)


def github_run(server: FakeGitHub, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_cli(
        "run", "acme/cobol-tools", *GITHUB_IDENTITY, *GITHUB_PERIOD, "--format", "json", "--quiet", *extra,
        env={"GITHUB_API_URL": server.url, "GITHUB_TOKEN": TOKEN},
    )  # fmt: skip


def asked(seen: Seen) -> tuple[str, str, str, str]:
    return seen.method, seen.path, json.dumps(seen.query, sort_keys=True), json.dumps(seen.body, sort_keys=True)


def fetched_again(first: list[Seen], rerun: list[Seen]) -> list[tuple[str, str, str, str]]:
    """What the rerun was sent in full (200) that the first run had already received in full."""
    received = {asked(seen) for seen in first if seen.status == 200}
    return [asked(seen) for seen in rerun if seen.status == 200 and asked(seen) in received]


def is_commit_detail(seen: Seen) -> bool:
    return seen.method == "GET" and seen.path.startswith("/repos/acme/cobol-tools/commits/")


def test_github_answering_500_forever_is_one_line_exit_3_and_the_rerun_resumes_from_the_cache() -> None:
    failing = {"on": True}

    def script(seen: Seen) -> Answer | None:
        if failing["on"] and is_commit_detail(seen):
            return Answer(500, {"message": "Server Error"}, {"retry-after": "0"})
        return None

    with FakeGitHub(before=script) as server:
        stopped = github_run(server)
        assert_one_line(stopped, 3, "is failing: 500")
        failing["on"] = False
        before = len(server.requests)
        resumed = github_run(server)
        first, rerun = server.requests[:before], server.requests[before:]
    assert_lines_without_traceback(resumed, 0)
    assert json.loads(resumed.stdout)["totals"]["commits"] == 7
    assert fetched_again(first, rerun) == []  # what came before the failure is not fetched again
    assert len(rerun) < GITHUB_COLD_REQUESTS


def test_github_answering_truncated_json_is_one_line_and_exit_3() -> None:
    script = lambda seen: Answer(200, b'{"login": "ghop') if seen.path == "/users/ghopper" else None  # noqa: E731
    with FakeGitHub(before=script) as server:
        result = github_run(server)
    assert_one_line(result, 3, "not JSON")


COMMIT_SHAPE = {"sha": "0" * 40}
WRONG_SHAPES = {
    "a repository without its fields": lambda seen: Answer(200, {"message": "ok"}) if seen.path == "/repos/acme/cobol-tools" else None,
    "a commit list that is an object": lambda seen: Answer(200, {"message": "ok"}) if seen.path == "/repos/acme/cobol-tools/commits" else None,
    "a commit without its fields": lambda seen: Answer(200, COMMIT_SHAPE) if is_commit_detail(seen) else None,
    "a pull request of the wrong types": lambda seen: Answer(200, {"data": {"search": {"nodes": [{"title": 1}]}}}) if seen.method == "POST" else None,
}


@pytest.mark.parametrize("script", WRONG_SHAPES.values(), ids=WRONG_SHAPES.keys())
def test_github_json_of_the_wrong_shape_is_one_line_and_exit_3(script) -> None:  # type: ignore[no-untyped-def]
    with FakeGitHub(before=script) as server:
        result = github_run(server)
    assert_one_line(result, 3, "github")
    assert result.stdout == ""


# urllib's timeout is fixed at 60 s in summarizer/sources/github_api.py; this shim cuts it to 1 s
# so that a server that never answers is given up on within the test's time. Nothing else changes.
SHORT_TIMEOUT = (
    "import sys, urllib.request as r; o = r.urlopen; "
    "r.urlopen = lambda *a, **k: o(*a, **{**k, 'timeout': 1.0}); "
    "from summarizer.cli import main; main()"
)


def hanging_on_commit_details(release: threading.Event, seen_hang: threading.Event):  # type: ignore[no-untyped-def]
    def script(seen: Seen) -> Answer | None:
        if is_commit_detail(seen) and not release.is_set():
            seen_hang.set()
            release.wait(60)
            return Answer(503, {"message": "too late"}, {"retry-after": "0"})
        return None

    return script


def test_a_github_that_never_answers_is_given_up_on_with_one_line_and_exit_3() -> None:
    release, hung = threading.Event(), threading.Event()
    with FakeGitHub(before=hanging_on_commit_details(release, hung)) as server:
        try:
            result = subprocess.run(
                [sys.executable, "-c", SHORT_TIMEOUT, "run", "acme/cobol-tools", *GITHUB_IDENTITY, *GITHUB_PERIOD, "-f", "json", "-q"],
                env={**os.environ, "GITHUB_API_URL": server.url, "GITHUB_TOKEN": TOKEN}, capture_output=True, text=True, timeout=60,
            )  # fmt: skip
        finally:
            release.set()
    assert hung.is_set()
    assert_one_line(result, 3, "timed out")


def test_ctrl_c_while_github_hangs_is_one_line_exit_130_and_keeps_what_was_fetched() -> None:
    release, hung = threading.Event(), threading.Event()
    with FakeGitHub(before=hanging_on_commit_details(release, hung)) as server:
        env = {**os.environ, "GITHUB_API_URL": server.url, "GITHUB_TOKEN": TOKEN}
        process = subprocess.Popen(
            summarizer("run", "acme/cobol-tools", *GITHUB_IDENTITY, *GITHUB_PERIOD, "-f", "json", "-q"),
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=interruptible,
        )  # fmt: skip
        assert hung.wait(30)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=30)
        release.set()
        before = len(server.requests)
        resumed = github_run(server)
        first, rerun = server.requests[:before], server.requests[before:]
    assert_one_line(subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr), 130, "interrupted")
    assert stdout == ""
    assert_lines_without_traceback(resumed, 0)
    assert fetched_again(first, rerun) == []  # what came before the hang is not fetched again



# ---------------------------------------------------------------------------------------------
# What the user gave, quoted back: made safe like commit text (#29's hostile round)

HIDDEN_TOKEN = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize(
    ("arguments", "environment", "secret"),
    [
        (("run", "nowhere\x1b]0;PWNED\x07\x1bP1;2|x\x1b\\\x9b2J\r\x7f", "-a", "grace"), {}, ""),
        (("run", "{repo}", "-a", HIDDEN_TOKEN, *PERIOD), {}, HIDDEN_TOKEN),
        (("run", "--activity", str(GRACE), "--backend", "openai"), {"OPENAI_BASE_URL": "http://admin:s3cretPass@127.0.0.1:9/v1", "OPENAI_API_KEY": "x"}, "s3cretPass"),
        (("run", "--activity", str(GRACE), "--backend", "openai", "--model", "gpt\x1b]0;PWN\x07"), {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_API_KEY": "x"}, ""),
    ],
    ids=["escapes in a repository path", "a token given as the author", "a password in OPENAI_BASE_URL", "an escape in --model"],
)  # fmt: skip
def test_what_a_message_quotes_back_holds_no_escape_and_no_secret(repo: Path, arguments: tuple[str, ...], environment: dict[str, str], secret: str) -> None:
    result = run_cli(*(argument.replace("{repo}", str(repo)) for argument in arguments), env=environment)
    assert result.returncode in (2, 3) and "Traceback" not in result.stderr
    for control in ("\x1b", "\x07", "\x9b", "\r", "\x7f"):
        assert control not in result.stderr and control not in result.stdout
    if secret:
        assert secret not in result.stderr and "[REDACTED]" in result.stderr


def test_check_quotes_the_text_back_without_its_escapes_or_secrets(repo: Path, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text(f"In March 2025, Grace added \x1b]0;OWNED\x07 the pager \x1b[2J with {HIDDEN_TOKEN} in 47 commits \x00.\n")
    for output_format in ("text", "json"):
        result = run_cli("check", str(summary), str(repo), "-a", "grace", *PERIOD, "-f", output_format)
        assert result.returncode == 1, result.stderr
        assert "47 commits" in result.stdout
        assert not any(control in result.stdout for control in ("\x1b", "\x07", "\x00")) and HIDDEN_TOKEN not in result.stdout


@pytest.mark.parametrize("command", ["run", "export"])
def test_an_output_that_is_the_activity_file_read_is_refused_and_the_file_kept(command: str, tmp_path: Path) -> None:
    activity = tmp_path / "activity.json"
    activity.write_bytes(GRACE.read_bytes())
    run_cli("run", "--activity", str(activity))
    result = run_cli(command, "--activity", str(activity), "-o", str(activity))
    assert_one_line(result, 2, "is the activity file this run reads")
    assert activity.read_bytes() == GRACE.read_bytes()


def test_export_into_a_review_workspace_is_refused_and_the_workspace_kept() -> None:
    review("a\nq\n")
    before = workspace_file().read_bytes()
    result = run_cli("export", "--activity", str(GRACE), "-o", str(workspace_file()))
    assert_one_line(result, 2, "is in the review workspaces' folder")
    assert workspace_file().read_bytes() == before


def test_a_stdout_that_cannot_encode_the_profile_is_one_line_and_exit_2() -> None:
    result = run_cli("run", "--activity", str(GRACE), "-f", "markdown", "--quiet", env={"PYTHONIOENCODING": "ascii"})
    assert_one_line(result, 2, "stdout takes ascii only")


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("printf '\\377\\376\\000bad' > \"$1\"", "is not UTF-8 text"),
        ('rm "$1"', "was removed"),
        ('rm "$1" && mkdir "$1"', "was made a folder"),
        ('head -c 200000 /dev/zero | tr "\\0" "a" > "$1"', "is over 100,000 bytes"),
    ],
    ids=["bytes that are not UTF-8", "the file removed", "a folder in its place", "200 kB"],
)  # fmt: skip
def test_an_editor_that_leaves_no_usable_text_keeps_the_section_as_it_was(tmp_path: Path, body: str, said: str) -> None:
    review("q\n")
    before = json.loads(workspace_file().read_text())["sections"]["overview"]
    edited = tmp_path / "edited-path"
    result = review("e\nq\n", env={"EDITOR": editor(tmp_path, f'echo "$1" > {edited}; {body}')})
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    shown = " ".join(result.stdout.split())
    assert said in shown and "the text is kept as it was" in shown
    assert json.loads(workspace_file().read_text())["sections"]["overview"] == before
    assert not Path(edited.read_text().strip()).exists()  # the temporary file, or the folder put there, is gone
