"""Git source: one developer's commits in one local repository (SPEC §4).

Design:
1. `rev-parse` answers, in one call, where the repository is, whether it is shallow and
   which commit the analysed branch points at.
2. The extraction is cached under (git dir, tip, arguments, .mailmap): an unchanged
   repository is never read twice.
3. On a miss, one `git log -z --numstat --no-renames --no-merges` limited by author (git
   applies .mailmap before matching) and by a window a day wider than the period on each
   side: git compares absolute times, while a commit's month is read in the offset its
   committer date records, so the exact cut is made here.
4. Lines in binary, lock, linguist-generated and linguist-vendored files are listed but
   not counted as code; the attributes are read from the tip's .gitattributes files.

The repository is only read: no command here writes to it.
"""

from __future__ import annotations

import datetime as dt
import difflib
import functools
import hashlib
import io
import os
import re
import subprocess
import tempfile
from collections import Counter, defaultdict
from pathlib import Path, PurePosixPath
from collections.abc import Callable
from typing import cast

from pydantic import BaseModel

from summarizer.activity import EVERY_AUTHOR, Commit, FileChange, Repository, gc_paused
from summarizer.cache import RunCache, cache_key
from summarizer.choices import Forge
from summarizer.errors import SummarizerError
from summarizer.period import Period, shift_month
from summarizer.sanitize import sanitized_message, without_controls
from summarizer.sources.base import SourceExtract, SourceQuery
from summarizer.sources.commits import (
    LINGUIST_ATTRIBUTES,
    LinguistRule,
    co_authors,
    mark_uncounted_files,
    may_revert,
    pr_number,
    relevant_others,
    reverted_by,
)
from summarizer.words import count

# Bump when the parsing changes, so cached extractions are redone.
EXTRACTOR_VERSION = 4

_FIELD = "%x1f"
_LOG_FORMAT = "%x1e" + _FIELD.join(["%H", "%aN", "%aE", "%aI", "%cI", "%B"]) + _FIELD
_RECORD_START = re.compile(rb"\x1e(?=[0-9a-f]{40,64}\x1f)")
# Room for git to write ahead while the records before are parsed (Linux's most for a user).
_PIPE_SIZE = 1 << 20
_MISSING_OBJECT = re.compile(r"unable to read|bad object|missing (blob|tree|commit)|could not read", re.IGNORECASE)
FORGES = {
    "github.com": Forge.GITHUB, "gitlab.com": Forge.GITLAB, "bitbucket.org": Forge.BITBUCKET,
    "codeberg.org": Forge.CODEBERG, "git.sr.ht": Forge.SOURCEHUT,
}  # fmt: skip
_FORGE_URL = re.compile(
    r"^(?:[a-z+]+://)?(?:[^@/]+@)?(?P<host>github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|git\.sr\.ht)"
    r"[:/](?P<path>[^\s]+?)(?:\.git)?/?$",
    re.IGNORECASE,
)
_GIT_FIRST_DATE, _GIT_LAST_DATE = dt.date(1970, 1, 2), dt.date(2099, 12, 31)
_OBJECT_NAME = re.compile(rb"[0-9a-f]{40}|[0-9a-f]{64}")
_NAME = re.compile(r"[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)*")
_REPOSITORY_VARIABLES = frozenset({
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES",
})  # fmt: skip


class RepositoryExtract(BaseModel):
    """What one repository gives for one set of authors and one period."""

    repository: Repository
    commits: list[Commit]
    # Other authors' commits beside theirs (see Activity.others).
    others: list[Commit] = []
    warnings: list[str] = []


class GitSource:
    """A local git repository: any SOURCE no other source claims; the current folder when none is named."""

    name = "git"

    def claims(self, argument: str) -> bool:
        return True

    def when_none_named(self, query: SourceQuery) -> list[str] | None:
        # With only --github-user, GitHub is read instead.
        return None if query.github_user else ["."]

    def cache_key(self, arguments: list[str], query: SourceQuery) -> str | None:
        keys = [extraction_key(*located(argument), query.authors, query.period, query.branch)[0] for argument in arguments]
        return cache_key("git-repositories", repositories=keys)

    def read(self, arguments: list[str], query: SourceQuery, cache: RunCache) -> SourceExtract:
        found = SourceExtract()
        extracts = [read_repository(*located(argument), query.authors, query.period, query.branch, cache) for argument in arguments]
        found.warnings += _told_apart(extracts)
        for extract in extracts:
            found.repositories.append(extract.repository)
            found.commits += extract.commits
            found.others += extract.others
            found.warnings += extract.warnings
        return found

    def nothing_found(self, arguments: list[str], query: SourceQuery) -> str:
        present: Counter[str] = Counter()
        for argument in arguments:
            present += authors_present(located(argument)[0], query.period, query.branch)
        where = f"in {', '.join(arguments)}"
        if not present:
            return where + " (nobody committed in that period; try --since/--until)"
        return where + "; closest authors there: " + ", ".join(_closest(query.authors, present))


def located(argument: str) -> tuple[Path, str | None]:
    """A SOURCE argument's path, and the repository name it gives: `PATH=NAME` names the
    repository at PATH (a path that exists as written is a path, '=' and all)."""
    path, equals, name = argument.rpartition("=")
    if not equals or not path or Path(argument).expanduser().exists():
        return Path(argument).expanduser(), None
    if not _NAME.fullmatch(name):
        raise SummarizerError(f"bad repository name {name!r} in {argument!r}: letters, digits and . _ - /, as owner/name")
    return Path(path).expanduser(), name


def _told_apart(extracts: list[RepositoryExtract]) -> list[str]:
    """Different repositories that would share a folder's name (clones all called `repo`) are
    named by their parent folders as well ("work/repo", "mirror/repo"): never merged into one."""
    by_name: dict[str, list[RepositoryExtract]] = defaultdict(list)
    for extract in extracts:
        by_name[extract.repository.name].append(extract)
    warnings = []
    for name, same in by_name.items():
        paths = sorted({extract.repository.path for extract in same})
        if len(paths) < 2:
            continue
        if any(extract.repository.named or extract.repository.web_url for extract in same):
            named = ", ".join(paths)
            raise SummarizerError(f"{len(paths)} different repositories are named {name}: {named}; name each with PATH=NAME")
        names = _distinguishing_names([Path(path) for path in paths])
        for extract in same:
            renamed = names[extract.repository.path]
            extract.repository = extract.repository.model_copy(update={"name": renamed})
            extract.commits = [commit.model_copy(update={"repo": renamed}) for commit in extract.commits]
            extract.others = [commit.model_copy(update={"repo": renamed}) for commit in extract.others]
        warnings.append(
            f"{len(paths)} repositories are called {name}; they are named {', '.join(names[path] for path in paths)} "
            f"by their folders (PATH=NAME names one as you like)"
        )
    return warnings


def _distinguishing_names(paths: list[Path]) -> dict[str, str]:
    """The shortest trailing part of each path that no other path ends with."""
    names = {}
    for path in paths:
        parts = path.parts
        for length in range(2, len(parts) + 1):
            tail = parts[-length:]
            if not any(other != path and other.parts[-length:] == tail for other in paths):
                break
        names[str(path)] = "/".join(part for part in tail if part != "/")
    return names


def read_repository(
    path: Path,
    name: str | None,
    authors: list[str],
    period: Period,
    branch: str | None,
    cache: RunCache,
) -> RepositoryExtract:
    """The commits by `authors` that landed on `branch` (default HEAD) in `period`, in the
    repository at `path`, named `name` (else by its origin remote, else by its folder)."""
    key, repository, git_dir = extraction_key(path, name, authors, period, branch)
    warnings = []
    if repository.shallow:
        warnings.append(
            f"{repository.name} is a shallow clone: history before its cut-off is missing "
            f"and the counts may be low (`git fetch --unshallow` fetches the rest)"
        )
    cached = cache.get(key)
    if cached is not None:
        extract = RepositoryExtract.model_validate_json(cached)
        extract.warnings = warnings + extract.warnings
        return extract

    # git matched "Name <email>" as one string; the contract is name or e-mail.
    commits, log_warnings = _read_commits(path, repository, authors, period, lambda commit: commit.is_by(authors))
    mark_uncounted_files(commits, _linguist_rules(path, repository.tip, git_dir))
    # With every author read (--author @) there is nobody else.
    others = [] if EVERY_AUTHOR in authors else relevant_others(_read_others(path, repository, authors, period), commits)
    # Reverts landed after the period may undo its work: a reverted-work signal needs them.
    others += relevant_others(_read_later_reverts(path, repository, period), commits)
    extract = RepositoryExtract(repository=repository, commits=commits, others=others, warnings=log_warnings)
    if cache.enabled:  # the JSON of a busy history is a tenth of a second: not made for nothing
        cache.set(key, extract.model_dump_json(exclude_defaults=True))
    extract.warnings = warnings + extract.warnings
    return extract


class TeamExtract(BaseModel):
    """What one repository gives for a whole roster: each developer's commits, by their key."""

    repository: Repository
    commits: dict[str, list[Commit]]
    # Commits that revert one, by people outside the roster in the period and by anyone after
    # it: a developer's reverted work counts every revert, as in a single run.
    reverts: list[Commit] = []
    warnings: list[str] = []


def read_team_repository(
    path: Path, developers: dict[str, list[str]], period: Period, branch: str | None, cache: RunCache
) -> TeamExtract:
    """Every roster developer's commits in one repository, from one `git log` for them all: each
    commit goes to whoever its author is (by the same name-or-e-mail rule as `read_repository`);
    commits by nobody in the roster are dropped as they are read."""
    key, repository, git_dir = _team_extraction(path, developers, period, branch)
    cached = cache.get(key)
    if cached is not None:
        return TeamExtract.model_validate_json(cached)
    # A team has far fewer identities than commits: whose an author is, is worked out once per identity.
    owners: dict[tuple[str, str], list[str]] = {}

    def owners_of(commit: Commit) -> list[str]:
        identity = (commit.author_name, commit.author_email)
        if identity not in owners:
            owners[identity] = [owner for owner, authors in developers.items() if commit.is_by(authors)]
        return owners[identity]

    def keep(commit: Commit) -> bool:
        return bool(owners_of(commit)) or may_revert(commit)

    commits, warnings = _read_commits(path, repository, None, period, keep)
    mark_uncounted_files(commits, _linguist_rules(path, repository.tip, git_dir))
    by_developer: dict[str, list[Commit]] = {owner: [] for owner in developers}
    reverts = []
    for commit in commits:
        for owner in owners_of(commit):
            by_developer[owner].append(commit)
        if not owners_of(commit) and reverted_by(commit) != ([], None):
            reverts.append(commit.model_copy(update={"files": [], "stats_complete": False}))
    # After the period, the roster's own reverts too: nothing else reads them.
    reverts += _read_later_reverts(path, repository, period)
    extract = TeamExtract(repository=repository, commits=by_developer, reverts=reverts, warnings=warnings)
    if cache.enabled:  # the JSON of a busy history is a tenth of a second: not made for nothing
        cache.set(key, extract.model_dump_json(exclude_defaults=True))
    return extract


def team_extraction_key(path: Path, developers: dict[str, list[str]], period: Period, branch: str | None) -> str:
    """The cache key of a roster's extraction of one repository."""
    return _team_extraction(path, developers, period, branch)[0]


def _team_extraction(path: Path, developers: dict[str, list[str]], period: Period, branch: str | None) -> tuple[str, Repository, Path]:
    identities = [f"{key}={author}" for key, authors in sorted(developers.items()) for author in authors]
    single, repository, git_dir = extraction_key(path, None, identities, period, branch)
    return cache_key("git-team", extraction=single), repository, git_dir


def extraction_key(path: Path, name: str | None, authors: list[str], period: Period, branch: str | None) -> tuple[str, Repository, Path]:
    """What an extraction depends on: the repository, its tip, its depth, .mailmap and the arguments."""
    repository, git_dir = _resolve(path, branch, name)
    key = cache_key(
        "git",
        version=EXTRACTOR_VERSION,
        git_dir=str(git_dir),
        name=repository.name,
        tip=repository.tip,
        branch=repository.branch,
        shallow=repository.shallow,
        authors=authors,
        period=[period.since, period.until],
        mailmap=_mailmap_digest(git_dir),
    )
    return key, repository, git_dir


def authors_present(path: Path, period: Period, branch: str | None) -> Counter[str]:
    """Every author (after .mailmap) with commits in the period: for 'did you mean'."""
    repository, _ = _resolve(path, branch)
    output = _git(path, "log", "--no-merges", "--format=%aN <%aE>", *_window(period), repository.tip).stdout
    return Counter(line for line in output.decode(errors="replace").splitlines() if line)


def _closest(authors: list[str], present: Counter[str], limit: int = 3) -> list[str]:
    def similarity(identity: str) -> float:
        lowered = identity.lower()
        return max(
            max(difflib.SequenceMatcher(None, author.lower(), part).ratio() for part in lowered.split(" <"))
            for author in authors
        )

    ranked = sorted(present, key=lambda identity: (-similarity(identity), -present[identity], identity))
    return [f"{identity} ({count(present[identity], 'commit')})" for identity in ranked[:limit]]


def _git_environment() -> dict[str, str]:
    # Without the variables that would point git at another repository than the one asked for.
    env = {k: v for k, v in os.environ.items() if k not in _REPOSITORY_VARIABLES}
    env.update(LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    return env


def _git(path: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    try:
        result = subprocess.run(["git", "-C", str(path), *args], capture_output=True, env=_git_environment())
    except FileNotFoundError as error:
        raise SummarizerError("git is not installed (or not on PATH)") from error
    if check and result.returncode != 0:
        message = result.stderr.decode(errors="replace").strip().splitlines()
        raise SummarizerError(f"git {args[0]} failed in {path}: {message[-1] if message else result.returncode}")
    return result


def _resolve(path: Path, branch: str | None, name: str | None = None) -> tuple[Repository, Path]:
    if not path.exists():
        raise SummarizerError(f"no such repository path: {path}")
    if not path.is_dir():
        raise SummarizerError(f"{path} is a file, not a git repository")
    ref = branch or "HEAD"
    result = _git(
        path, "rev-parse", "--absolute-git-dir", "--is-bare-repository", "--is-shallow-repository",
        "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}", check=False,
    )  # fmt: skip
    lines = result.stdout.decode().split()
    if result.returncode == 128 or len(lines) < 3:
        raise SummarizerError(f"{path} is not a git repository")
    git_dir, bare, shallow = Path(lines[0]), lines[1] == "true", lines[2] == "true"
    if result.returncode != 0 or len(lines) < 4:
        if branch and _has_commits(path):
            raise SummarizerError(f"unknown branch {branch!r} in {path}")
        raise SummarizerError(f"{path} has no commits yet")
    top = git_dir if bare else git_dir.parent
    remote = _git(path, "config", "--get", "remote.origin.url", check=False).stdout.decode().strip()
    derived, web_url, forge = _name_from_remote(remote, top)
    repository = Repository(
        name=name or derived, named=name is not None, path=str(top), branch=ref, tip=lines[3], web_url=web_url, forge=forge, shallow=shallow
    )  # fmt: skip
    return repository, git_dir


def _has_commits(path: Path) -> bool:
    return bool(_git(path, "rev-list", "-n", "1", "--all", check=False).stdout.strip())


def _name_from_remote(remote: str, top: Path) -> tuple[str, str | None, Forge | None]:
    match = _FORGE_URL.match(remote)
    if match:
        host, name = match.group("host").lower(), match.group("path")
        return name, f"https://{host}/{name}", FORGES[host]
    folder = top.name
    return (folder[: -len(".git")] if folder.endswith(".git") and len(folder) > 4 else folder), None, None


def _mailmap_digest(git_dir: Path) -> str:
    mailmap = git_dir.parent / ".mailmap"
    return hashlib.sha256(mailmap.read_bytes()).hexdigest() if mailmap.is_file() else ""


def _window(period: Period) -> list[str]:
    """git's date filter for a period, a day wider each side (every UTC offset); the exact cut is by month later.

    `--since` stops the walk at the first older commit, and a history whose dates are not in
    order (a commit dated 2100, rebased clocks) would lose what lies behind it: the filter
    that visits every commit is used where git has it. git reads no date before 1970 or
    after 2099, so a bound past them is left to the cut by month.
    """
    start = dt.date.fromisoformat(f"{period.since}-01") - dt.timedelta(days=1)
    end = dt.date.fromisoformat(f"{shift_month(period.until, 1)}-01") + dt.timedelta(days=1)
    window = []
    if start > _GIT_FIRST_DATE:
        window.append(f"{'--since-as-filter' if _git_version() >= (2, 37) else '--since'}={start.isoformat()} 00:00:00 +0000")
    if end < _GIT_LAST_DATE:
        window.append(f"--until={end.isoformat()} 00:00:00 +0000")
    return window


@functools.cache
def _git_version() -> tuple[int, int]:
    # Asked from the root: the folder the command runs in may be gone.
    output = _git(Path(os.sep), "version", check=False).stdout.decode()
    match = re.search(r"(\d+)\.(\d+)", output)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def _log_arguments(authors: list[str] | None, period: Period, tip: str, numstat: bool) -> list[str]:
    """git log's arguments for the authors' commits (every author's when None)."""
    arguments = ["log", "-z", "--no-merges", "--no-renames", f"--format={_LOG_FORMAT}"]
    arguments += ["--numstat"] if numstat else []
    arguments += ["--regexp-ignore-case", "--fixed-strings"]
    arguments += [f"--author={author}" for author in authors or []]
    return [*arguments, *_window(period), tip, "--"]


def _read_others(path: Path, repository: Repository, authors: list[str], period: Period) -> list[Commit]:
    """Every other author's commits in the period: messages and file names, no line counts.

    Comparing trees only (no blob is read), this costs a tenth of the developer's own
    `--numstat` pass. A history git cannot read to its end gives what it could.
    """
    arguments = ["log", "-z", "--no-merges", "--no-renames", "--name-only", f"--format={_LOG_FORMAT}", *_window(period), repository.tip, "--"]
    commits, _, _ = _stream_log(path, arguments, repository.name)
    return [
        commit.model_copy(update={"stats_complete": False})
        for commit in commits
        if commit.month in period and not commit.is_by(authors)
    ]


def _read_later_reverts(path: Path, repository: Repository, period: Period) -> list[Commit]:
    """Every commit after the period that says it reverts one ("This reverts commit …", or a
    'Revert "title"' subject), by anyone: messages only. `--since` stops the walk at the first
    older commit, so an old period costs a walk of what came after it, with no diff read."""
    after = dt.date.fromisoformat(f"{shift_month(period.until, 1)}-01") - dt.timedelta(days=1)
    arguments = [
        "log", "-z", "--no-merges", f"--format={_LOG_FORMAT}", "--regexp-ignore-case", "--fixed-strings",
        "--grep=This reverts commit", '--grep=Revert "', f"--since={after.isoformat()} 00:00:00 +0000", repository.tip, "--",
    ]  # fmt: skip
    commits, _, _ = _stream_log(path, arguments, repository.name)
    return [commit.model_copy(update={"stats_complete": False}) for commit in commits if commit.month > period.until]


def _read_commits(
    path: Path, repository: Repository, authors: list[str] | None, period: Period, keep: Callable[[Commit], bool]
) -> tuple[list[Commit], list[str]]:
    """The commits of the period that `keep` wants, read by git for `authors` (every author's when None)."""
    commits, returncode, stderr = _stream_log(path, _log_arguments(authors, period, repository.tip, numstat=True), repository.name, keep)
    if returncode == 0:
        return _select(commits, period), []
    if not _MISSING_OBJECT.search(stderr):
        raise SummarizerError(f"git log failed in {path}: {stderr.splitlines()[-1] if stderr else returncode}")
    # Missing objects: keep every commit git could describe; git log stopped at the first
    # unreadable object, so the line counts of the commits past it are read one by one,
    # and only those git cannot read lose them.
    complete = {commit.sha: commit for commit in commits[:-1]}
    described, metadata_returncode, _ = _stream_log(path, _log_arguments(authors, period, repository.tip, numstat=False), repository.name, keep)
    selected = _select(described or commits, period)
    recovered = _line_counts(path, [commit.sha for commit in selected if commit.sha not in complete])
    merged = []
    for commit in selected:
        if commit.sha in complete:
            merged.append(complete[commit.sha])
        elif commit.sha in recovered:
            merged.append(commit.model_copy(update={"files": recovered[commit.sha]}))
        else:
            merged.append(commit.model_copy(update={"files": [], "stats_complete": False}))
    incomplete = [commit.short_sha for commit in merged if not commit.stats_complete]
    warnings = [
        f"{repository.name} has missing objects ({stderr.splitlines()[-1]}): {count(len(incomplete), 'commit')} "
        f"counted without line counts ({', '.join(incomplete[:5])}{', …' if len(incomplete) > 5 else ''})"
    ] if incomplete else []
    if metadata_returncode != 0:
        warnings.append(f"{repository.name}: history past the missing objects could not be read at all")
    return merged, warnings


def _line_counts(path: Path, shas: list[str]) -> dict[str, list[FileChange]]:
    """The files and line counts of each commit git can read, in as few `git diff-tree` runs as
    the unreadable ones allow: a run stops at the first of them, and goes on after it."""
    found: dict[str, list[FileChange]] = {}
    remaining = shas
    while remaining:
        described, returncode = _diff_tree(path, remaining)
        if returncode == 0:
            found.update(described)
            break
        # git names a commit before it reads its files: the last one named is where it
        # stopped, unless it stopped before naming the next (then that one is).
        named = list(described)
        found.update((sha, described[sha]) for sha in named[:-1])
        suspect = named[-1] if named else remaining[0]
        alone, returncode = _diff_tree(path, [suspect])
        if returncode == 0:
            found.update(alone)
        remaining = remaining[remaining.index(suspect) + 1 :]
    return found


def _diff_tree(path: Path, shas: list[str]) -> tuple[dict[str, list[FileChange]], int]:
    arguments = ["diff-tree", "--stdin", "-z", "-r", "--numstat", "--no-renames", "--root"]
    result = subprocess.run(
        ["git", "-C", str(path), *arguments], input="\n".join(shas).encode() + b"\n", capture_output=True, env=_git_environment()
    )  # fmt: skip
    described: dict[str, list[FileChange]] = {}
    current: list[FileChange] = []
    for entry in result.stdout.split(b"\x00"):
        if _OBJECT_NAME.fullmatch(entry):
            current = described.setdefault(entry.decode(), [])
        elif entry.strip():
            current.extend(_parse_numstat(entry))
    return described, result.returncode


def _select(commits: list[Commit], period: Period) -> list[Commit]:
    return [commit for commit in commits if commit.month in period]


def _stream_log(
    path: Path, arguments: list[str], repo: str, keep: Callable[[Commit], bool] | None = None
) -> tuple[list[Commit], int, str]:
    """Run git log and parse its records while git is still writing the next ones; only those
    `keep` wants are kept (the rest are not held in memory)."""
    commits: list[Commit] = []
    with tempfile.TemporaryFile() as errors:
        try:
            process = subprocess.Popen(
                ["git", "-C", str(path), *arguments], stdout=subprocess.PIPE, stderr=errors, env=_git_environment(),
                pipesize=_PIPE_SIZE,
            )  # fmt: skip
        except FileNotFoundError as error:
            raise SummarizerError("git is not installed (or not on PATH)") from error
        stdout = cast(io.BufferedReader, process.stdout)
        pending = b""
        with gc_paused():
            for chunk in iter(lambda: stdout.read1(1 << 16), b""):
                # Every piece but the last is a whole record: a record ends where the next begins.
                *records, pending = _RECORD_START.split(pending + chunk)
                parsed = (_parse_record(record, repo) for record in records if record)
                commits.extend(parsed if keep is None else filter(keep, parsed))
            if pending:
                last = _parse_record(pending, repo)
                if keep is None or keep(last):
                    commits.append(last)
        returncode = process.wait()
        errors.seek(0)
        return commits, returncode, errors.read().decode(errors="replace").strip()


def _parse_record(record: bytes, repo: str) -> Commit:
    header, _, numstat = record.partition(b"\x1f\x00")
    sha, name, email, authored, committed, message = header.decode(errors="replace").split("\x1f", 5)
    subject, _, body = message.strip().partition("\n\n")
    subject, body = sanitized_message(subject, body)
    return Commit(
        sha=sha,
        repo=repo,
        author_name=without_controls(name),
        author_email=without_controls(email),
        authored_at=dt.datetime.fromisoformat(authored),
        committed_at=dt.datetime.fromisoformat(committed),
        month=committed[:7],
        subject=subject,
        body=body,
        pr=pr_number(subject, body),
        co_authors=co_authors(body),
        files=_parse_numstat(numstat),
    )


def _parse_numstat(numstat: bytes) -> list[FileChange]:
    """`--numstat` entries ("added\tdeleted\tpath"), or `--name-only` ones (the path alone)."""
    files = []
    for entry in numstat.lstrip(b"\n").split(b"\x00"):
        if not entry:
            continue
        if b"\t" not in entry:
            files.append(FileChange(path=without_controls(entry.decode(errors="replace"))))
            continue
        added, deleted, path = entry.decode(errors="replace").split("\t", 2)
        path = without_controls(path)
        if added == "-":
            files.append(FileChange(path=path, binary=True, counted=False))
        else:
            files.append(FileChange(path=path, added=int(added), deleted=int(deleted)))
    return files


def _linguist_rules(path: Path, tip: str, git_dir: Path) -> list[LinguistRule]:
    """linguist-generated/-vendored rules from the tip's .gitattributes files, shallow first."""
    listing = _git(path, "ls-tree", "-r", "-z", "--name-only", tip).stdout.decode(errors="replace")
    sources = sorted(
        (p for p in listing.split("\x00") if p == ".gitattributes" or p.endswith("/.gitattributes")),
        key=lambda p: p.count("/"),
    )
    texts = [(str(PurePosixPath(p).parent), _git(path, "show", f"{tip}:{p}").stdout.decode(errors="replace")) for p in sources]
    info = git_dir / "info" / "attributes"
    if info.is_file():
        texts.append((".", info.read_text(errors="replace")))
    rules = []
    for base, text in texts:
        for line in text.splitlines():
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            for attribute in fields[1:]:
                name, _, value = attribute.lstrip("-!").partition("=")
                if name in LINGUIST_ATTRIBUTES:
                    enabled = not attribute.startswith(("-", "!")) and value.lower() not in ("false", "0")
                    rules.append(LinguistRule(base=base, pattern=fields[0], attribute=name, value=enabled))
    return rules
