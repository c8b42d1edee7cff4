"""Git source: one developer's commits in one local repository (SPEC §4).

Design:
1. `rev-parse` answers, in one call, where the repository is, whether it is shallow and
   which commit the analysed branch points at.
2. The extraction is cached under (git dir, tip, arguments, .mailmap): an unchanged
   repository is never read twice.
3. On a miss, one `git log -z --numstat --no-renames --no-merges` limited by author (git
   applies .mailmap before matching) and by a window a day wider than the period on each
   side: git compares absolute times, while a commit's month is read in the offset its
   committer date records, so the exact cut is made here. Beside it run the other authors'
   log (names of files only) and the log of reverts after the period (sources/gitlog.py).
   Then the words of the code the developer's commits changed are read (sources/code.py), and
   the bug fixes that may follow their work are traced to the lines they changed, by blame
   (sources/blame.py): cached with the rest.
4. Lines in binary, lock, linguist-generated and linguist-vendored files are listed but
   not counted as code; the attributes are read from the tip's .gitattributes files.
5. A commit a shallow clone's cut-off or a graft shows with other parents than its own keeps
   no files or line counts: git diffed it against those (sources/grafts.py).

The repository is only read: no command here writes to it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import difflib
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath

from pydantic import BaseModel

from summarizer.cache import RunCache, cache_key
from summarizer.errors import SummarizerError
from summarizer.models.activity import EVERY_AUTHOR, Commit, Repository, is_by
from summarizer.period import Period, shift_month
from summarizer.sanitize import sanitized
from summarizer.sources.base import SourceExtract, SourceQuery, TeamRead
from summarizer.sources.blame import trace_follow_ups
from summarizer.sources.code import read_code_words, read_spelled_out
from summarizer.sources.commits import (
    LINGUIST_ATTRIBUTES,
    LinguistRule,
    mark_uncounted_files,
    may_revert,
    relevant_others,
    reverted_by,
)
from summarizer.sources.gitlog import OUTPUT, GitLog, Misdated, line_counts, misdated_warnings, read_log
from summarizer.sources.grafts import Grafts, grafted_warnings, without_grafted_changes
from summarizer.sources.repository import GitDir, authors_present, date_window, extraction_key, run_git
from summarizer.words import count

_NAME = re.compile(r"[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)*")
_MISSING_OBJECT = re.compile(r"unable to read|bad object|missing (blob|tree|commit)|could not read", re.IGNORECASE)


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
    login = None
    login_help = ""

    def claims(self, argument: str) -> bool:
        return True

    def when_none_named(self, query: SourceQuery) -> list[str] | None:
        # With only a forge login (--github-user), that forge is read instead.
        return None if query.logins else ["."]

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

    def read_team(self, argument: str, developers: dict[str, SourceQuery], cache: RunCache) -> TeamRead:
        asked = next(iter(developers.values()))
        team = read_team_repository(Path(argument), {key: query.authors for key, query in developers.items()}, asked.period, asked.branch, cache)
        return TeamRead(repositories=[team.repository], commits=team.commits, reverts=team.reverts, warnings=team.warnings)

    def team_cache_key(self, argument: str, developers: dict[str, SourceQuery]) -> str | None:
        asked = next(iter(developers.values()))
        return team_extraction_key(Path(argument), {key: query.authors for key, query in developers.items()}, asked.period, asked.branch)

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
            f"{repository.name} is a shallow clone: commits before its cut-off are missing, and the line counts "
            f"of those at the cut-off are unknown (`git fetch --unshallow` fetches the rest)"
        )
    cached = cache.get(key)
    if cached is not None:
        extract = RepositoryExtract.model_validate_json(cached)
        extract.warnings = warnings + extract.warnings
        return extract

    with contextlib.ExitStack() as running:
        # With every author read (--author @) there is nobody else.
        others_log = None if EVERY_AUTHOR in authors else running.enter_context(_others_log(path, repository, _as_read(authors), period))
        # Reverts landed after the period may undo its work: a reverted-work signal needs them.
        reverts_log = running.enter_context(_later_reverts_log(path, repository, period))
        selection = _selection(authors, period, repository.tip)
        # git matched "Name <email>" as one string; the contract is name or e-mail.
        matched = _as_read(authors)
        commits, log_warnings = _read_commits(path, repository, git_dir.grafts, selection, period, lambda commit: commit.is_by(matched))
        mark_uncounted_files(commits, _linguist_rules(path, repository.tip, git_dir.path))
        # The code is read beside the rest: git diffs it on one core while the others are read and traced.
        code = running.enter_context(ThreadPoolExecutor(max_workers=1)).submit(
            read_code_words, path, [commit for commit in commits if commit.stats_complete]
        )
        repository.spelled_out = read_spelled_out(path, repository.tip) if commits else []
        if others_log is None:
            others = []
        else:
            others = relevant_others(without_grafted_changes(path, git_dir.grafts, others_log.commits()[0])[0], commits)
        others += relevant_others(reverts_log.commits()[0], commits)
        trace_follow_ups(path, commits, others)
        log_warnings += code.result()
    extract = RepositoryExtract(repository=repository, commits=commits, others=others, warnings=log_warnings)
    if cache.enabled:  # a busy history's JSON takes a while to make: only when it is kept
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
            owners[identity] = [owner for owner, authors in developers.items() if commit.is_by(_as_read(authors))]
        return owners[identity]

    def keep(commit: Commit) -> bool:
        return bool(owners_of(commit)) or may_revert(commit)

    with _later_reverts_log(path, repository, period) as reverts_log:
        commits, warnings = _read_commits(path, repository, git_dir.grafts, _selection(None, period, repository.tip), period, keep)
        mark_uncounted_files(commits, _linguist_rules(path, repository.tip, git_dir.path))
        by_developer: dict[str, list[Commit]] = {owner: [] for owner in developers}
        reverts = []
        for commit in commits:
            whose = owners_of(commit)
            for owner in whose:
                by_developer[owner].append(commit)
            if not whose and reverted_by(commit) != ([], None):
                reverts.append(commit.model_copy(update={"files": [], "stats_complete": False}))
        # After the period, the roster's own reverts too: nothing else reads them.
        reverts += reverts_log.commits()[0]
    extract = TeamExtract(repository=repository, commits=by_developer, reverts=reverts, warnings=warnings)
    if cache.enabled:  # a busy history's JSON takes a while to make: only when it is kept
        cache.set(key, extract.model_dump_json(exclude_defaults=True))
    return extract


def _as_read(authors: list[str]) -> list[str]:
    """--author values as the names and e-mails they match are read: with their secrets redacted
    (sources/gitlog.py), so that an e-mail holding a token-shaped part still matches itself."""
    return [sanitized(author) for author in authors]


def team_extraction_key(path: Path, developers: dict[str, list[str]], period: Period, branch: str | None) -> str:
    """The cache key of a roster's extraction of one repository."""
    return _team_extraction(path, developers, period, branch)[0]


def _team_extraction(path: Path, developers: dict[str, list[str]], period: Period, branch: str | None) -> tuple[str, Repository, GitDir]:
    identities = [f"{key}={author}" for key, authors in sorted(developers.items()) for author in authors]
    single, repository, git_dir = extraction_key(path, None, identities, period, branch)
    return cache_key("git-team", extraction=single), repository, git_dir


def _closest(authors: list[str], present: Counter[str], limit: int = 3) -> list[str]:
    def similarity(identity: str) -> float:
        lowered = identity.lower()
        return max(
            max(difflib.SequenceMatcher(None, author.lower(), part).ratio() for part in lowered.split(" <"))
            for author in authors
        )

    ranked = sorted(present, key=lambda identity: (-similarity(identity), -present[identity], identity))
    return [f"{identity} ({count(present[identity], 'commit')})" for identity in ranked[:limit]]


def _selection(authors: list[str] | None, period: Period, tip: str) -> list[str]:
    """The arguments that choose the authors' commits of the period (every author's when None)."""
    arguments = ["--no-merges", "--regexp-ignore-case", "--fixed-strings"]
    arguments += [f"--author={author}" for author in authors or []]
    return [*arguments, *date_window(period), tip, "--"]


def _others_log(path: Path, repository: Repository, authors: list[str], period: Period) -> GitLog:
    """The other authors' commits of the period, messages and file names, no line counts: comparing
    trees only (no blob is read), it runs beside the developer's own `--numstat` log, and their
    own commits are skipped before they are parsed. A history git cannot read to its end gives
    what it could."""
    arguments = ["log", *OUTPUT, "--name-only", *_selection(None, period, repository.tip)]

    def wanted(name: str, email: str, month: str) -> bool:
        return month in period and not is_by(name, email, authors)

    return GitLog(path, arguments, repository.name, wanted=wanted, background=True, line_counts=False)


def _later_reverts_log(path: Path, repository: Repository, period: Period) -> GitLog:
    """Every commit after the period that says it reverts one ("This reverts commit …", or a
    'Revert "title"' subject), by anyone: messages only. `--since` stops the walk at the first
    older commit, so an old period costs a walk of what came after it, with no diff read."""
    after = dt.date.fromisoformat(f"{shift_month(period.until, 1)}-01") - dt.timedelta(days=1)
    arguments = [
        "log", *OUTPUT, "--no-merges", "--regexp-ignore-case", "--fixed-strings",
        "--grep=This reverts commit", '--grep=Revert "', f"--since={after.isoformat()} 00:00:00 +0000", repository.tip, "--",
    ]  # fmt: skip
    return GitLog(path, arguments, repository.name, wanted=lambda name, email, month: month > period.until, background=True, line_counts=False)


def _read_commits(
    path: Path, repository: Repository, grafts: Grafts, selection: list[str], period: Period, keep: Callable[[Commit], bool]
) -> tuple[list[Commit], list[str]]:
    """The commits of the period that `selection` chooses (see `_selection`) and `keep` wants; those
    a shallow clone's cut-off or a graft gives other parents than their own without line counts."""
    commits, warnings = _read_past_missing_objects(path, repository, selection, period, keep)
    commits, cut = without_grafted_changes(path, grafts, commits)
    return commits, warnings + grafted_warnings(repository.name, grafts, cut)


def _read_past_missing_objects(
    path: Path, repository: Repository, selection: list[str], period: Period, keep: Callable[[Commit], bool]
) -> tuple[list[Commit], list[str]]:
    """The commits of the period, each with the line counts git could read of it."""
    commits, returncode, stderr, misdated = read_log(path, ["log", *OUTPUT, "--numstat", *selection], repository.name, keep)
    if returncode == 0:
        return _select(commits, period), _misdated_warnings(repository.name, misdated, commits, period)
    if not _MISSING_OBJECT.search(stderr):
        raise SummarizerError(f"git log failed in {path}: {stderr.splitlines()[-1] if stderr else returncode}")
    # Missing objects: keep every commit git could describe; git log stopped at the first
    # unreadable object, so the line counts of the commits past it are read one by one,
    # and only those git cannot read lose them.
    complete = {commit.sha: commit for commit in commits[:-1]}
    described, metadata_returncode, _, misdated_past = read_log(path, ["log", *OUTPUT, *selection], repository.name, keep)
    selected = _select(described or commits, period)
    recovered = line_counts(path, [commit.sha for commit in selected if commit.sha not in complete])
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
    misdated = list({commit.sha: commit for commit in misdated + misdated_past}.values())
    return merged, warnings + _misdated_warnings(repository.name, misdated, described or commits, period)


def _misdated_warnings(repo: str, misdated: list[Misdated], commits: list[Commit], period: Period) -> list[str]:
    """The misdated commits worth a word: those left out (their month is unknown), and those read of the period."""
    landed = {commit.sha for commit in commits if commit.month in period}
    return misdated_warnings(repo, [commit for commit in misdated if commit.left_out or commit.sha in landed])


def _select(commits: list[Commit], period: Period) -> list[Commit]:
    return [commit for commit in commits if commit.month in period]


def _linguist_rules(path: Path, tip: str, git_dir: Path) -> list[LinguistRule]:
    """linguist-generated/-vendored rules from the tip's .gitattributes files, shallow first."""
    listing = run_git(path, "ls-tree", "-r", "-z", "--name-only", tip).stdout.decode(errors="replace")
    sources = sorted(
        (p for p in listing.split("\x00") if p == ".gitattributes" or p.endswith("/.gitattributes")),
        key=lambda p: p.count("/"),
    )
    texts = [(str(PurePosixPath(p).parent), run_git(path, "show", f"{tip}:{p}").stdout.decode(errors="replace")) for p in sources]
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
