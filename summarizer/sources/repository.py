"""A local git repository as the git source finds it: where it is, what its branch points at,
whether it is shallow or grafted, its name and forge from the origin remote, and the key its
extraction is cached under. Read only: one `git rev-parse` answers most of it.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import os
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from summarizer.cache import cache_key
from summarizer.choices import Forge
from summarizer.errors import SummarizerError
from summarizer.models.activity import Repository
from summarizer.period import Period, shift_month
from summarizer.sanitize import sanitized
from summarizer.sources.gitlog import git_environment
from summarizer.sources.grafts import Grafts, grafts_of

# Bump when the parsing changes, so cached extractions are redone.
EXTRACTOR_VERSION = 8

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


class GitDir(NamedTuple):
    """Where git keeps a repository's own files, and what grafts its history."""

    path: Path
    grafts: Grafts


def extraction_key(path: Path, name: str | None, authors: list[str], period: Period, branch: str | None) -> tuple[str, Repository, GitDir]:
    """What an extraction depends on: the repository, its tip, its depth and grafts, .mailmap and the arguments."""
    repository, git_dir = resolve(path, branch, name)
    key = cache_key(
        "git",
        version=EXTRACTOR_VERSION,
        git_dir=str(git_dir.path),
        name=repository.name,
        tip=repository.tip,
        branch=repository.branch,
        grafts=git_dir.grafts.digest,
        authors=authors,
        period=[period.since, period.until],
        mailmap=_mailmap_digest(git_dir.path),
    )
    return key, repository, git_dir


def authors_present(path: Path, period: Period, branch: str | None) -> Counter[str]:
    """Every author (after .mailmap) with commits in the period: for 'did you mean'."""
    repository, _ = resolve(path, branch)
    output = run_git(path, "log", "--no-merges", "--format=%aN <%aE>", *date_window(period), repository.tip).stdout
    # Shown in a message: read like every other name, secrets redacted.
    return Counter(sanitized(line) for line in output.decode(errors="replace").splitlines() if line)


def run_git(path: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    try:
        result = subprocess.run(["git", "-C", str(path), *args], capture_output=True, env=git_environment())
    except FileNotFoundError as error:
        raise SummarizerError("git is not installed (or not on PATH)") from error
    if check and result.returncode != 0:
        message = result.stderr.decode(errors="replace").strip().splitlines()
        raise SummarizerError(f"git {args[0]} failed in {path}: {message[-1] if message else result.returncode}")
    return result


def resolve(path: Path, branch: str | None, name: str | None = None) -> tuple[Repository, GitDir]:
    if not path.exists():
        raise SummarizerError(f"no such repository path: {path}")
    if not path.is_dir():
        raise SummarizerError(f"{path} is a file, not a git repository")
    ref = branch or "HEAD"
    result = run_git(
        path, "rev-parse", "--absolute-git-dir", "--git-common-dir", "--is-bare-repository", "--is-shallow-repository",
        "--git-path", "shallow", "--git-path", "info/grafts", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}",
        check=False,
    )  # fmt: skip
    # One answer a line: a path may hold spaces.
    lines = result.stdout.decode(errors="surrogateescape").splitlines()
    if result.returncode == 128 or len(lines) < 6:
        raise SummarizerError(f"{path} is not a git repository")
    git_dir, bare, shallow = Path(lines[0]), lines[2] == "true", lines[3] == "true"
    if result.returncode != 0 or len(lines) < 7:
        if branch and _has_commits(path):
            raise SummarizerError(f"unknown branch {branch!r} in {path}")
        raise SummarizerError(f"{path} has no commits yet")
    top = _main_checkout(git_dir, path / lines[1], bare)
    remote = run_git(path, "config", "--get", "remote.origin.url", check=False).stdout.decode().strip()
    derived, web_url, forge = _name_from_remote(remote, top)
    repository = Repository(
        name=name or derived, named=name is not None, path=str(top), branch=ref, tip=lines[6], web_url=web_url, forge=forge, shallow=shallow
    )  # fmt: skip
    return repository, GitDir(git_dir, grafts_of(path, Path(lines[4]), Path(lines[5])))


def _main_checkout(git_dir: Path, common_dir: Path, bare: bool) -> Path:
    """The folder a repository is named and told apart by: its checkout, or a bare repository's
    own folder. A linked worktree (`git worktree add`) has a git dir of its own inside the main
    repository's (.git/worktrees/NAME): it is the main repository's, named as that one is."""
    common = Path(os.path.realpath(common_dir))  # git writes it relative to the folder asked, unless elsewhere
    if common == Path(os.path.realpath(git_dir)):
        return git_dir if bare else git_dir.parent
    return common.parent if common.name == ".git" else common


def _has_commits(path: Path) -> bool:
    return bool(run_git(path, "rev-list", "-n", "1", "--all", check=False).stdout.strip())


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


def date_window(period: Period) -> list[str]:
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
    output = run_git(Path(os.sep), "version", check=False).stdout.decode()
    match = re.search(r"(\d+)\.(\d+)", output)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)
