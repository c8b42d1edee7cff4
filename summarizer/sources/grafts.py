"""Commits git shows with other parents than their own: a shallow clone's cut-off, a graft.

git diffs a commit against the parents it shows. At a shallow clone's cut-off it shows none,
so the commit's change would be the whole tree (+211,400 lines for a +10 / −1 fix); a graft
(`git replace --graft`, or the older info/grafts file) shows parents the commit does not have.
Such a commit's own change is not known here: like a commit git cannot read, it keeps its
message and loses its files and line counts. A real root commit, which has no parent of its
own, keeps its lines.
"""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from summarizer.errors import SummarizerError
from summarizer.models.activity import Commit
from summarizer.sources.gitlog import git_environment
from summarizer.words import count


@dataclass(frozen=True)
class Grafts:
    """What may give a repository's commits other parents than their own."""

    # The shallow clone's cut-off: the commits git shows without their parents.
    shallow: frozenset[str]
    # The commits info/grafts names, and those a `git replace` ref replaces.
    grafted: frozenset[str]
    # Of the shallow file, the graft file and the replace refs: what git shows depends on them.
    digest: str


def grafts_of(path: Path, shallow_file: Path, graft_file: Path) -> Grafts:
    """The grafts of the repository at `path`, whose shallow and graft files git looks for
    where these name them (relative to `path`, as `git rev-parse --git-path` gives them)."""
    shallow = _text(path / shallow_file)
    grafts = _text(path / graft_file)
    replaced = _git(path, ["for-each-ref", "--format=%(refname:lstrip=2) %(objectname)", "refs/replace/"]).decode()
    grafted = [line.split()[0] for text in (grafts, replaced) for line in text.splitlines() if line.strip() and not line.startswith("#")]
    digest = hashlib.sha256("\x00".join((shallow, grafts, replaced)).encode()).hexdigest()
    return Grafts(shallow=frozenset(shallow.split()), grafted=frozenset(grafted), digest=digest)


def without_grafted_changes(path: Path, grafts: Grafts, commits: list[Commit]) -> tuple[list[Commit], list[Commit]]:
    """The commits, those git shows with other parents than their own without files and line
    counts, and those of them that are merges of their own left out (as `--no-merges` leaves
    a merge out of a whole history); and the commits whose files and line counts were taken."""
    own_parents = _hidden_parents(path, grafts, [commit.sha for commit in commits])
    if not own_parents:
        return commits, []
    kept, cut = [], []
    for commit in commits:
        parents = own_parents.get(commit.sha)
        if parents is None:
            kept.append(commit)
        elif parents <= 1:
            cut.append(commit.model_copy(update={"files": [], "stats_complete": False}))
            kept.append(cut[-1])
    return kept, cut


def grafted_warnings(repo: str, grafts: Grafts, cut: list[Commit]) -> list[str]:
    """What the user is told of the commits whose line counts a cut-off or a graft took."""
    warnings = []
    for commits, why in (
        ([commit for commit in cut if commit.sha in grafts.shallow], "the shallow clone cut off"),
        ([commit for commit in cut if commit.sha not in grafts.shallow], "a graft replaced"),
    ):
        if commits:
            shas = ", ".join(commit.short_sha for commit in commits[:5]) + (", …" if len(commits) > 5 else "")
            warnings.append(f"{repo}: line counts left out for {count(len(commits), 'commit')} whose parents {why} ({shas})")
    return warnings


def _hidden_parents(path: Path, grafts: Grafts, shas: Iterable[str]) -> dict[str, int]:
    """Of `shas`, the commits git shows with other parents than their own, each with how many
    parents it has of its own (a merge has two or more)."""
    candidates = [sha for sha in dict.fromkeys(shas) if sha in grafts.shallow or sha in grafts.grafted]
    if not candidates:
        return {}
    listed = _git(path, ["rev-list", "--no-walk=unsorted", "--parents", "--stdin"], candidates).decode()
    shown = {sha: parents for sha, *parents in (line.split() for line in listed.splitlines())}
    own = _own_parents(path, candidates)
    # A replaced commit whose own object is gone: its change is unknown, and it is taken for no merge.
    return {sha: len(own[sha]) if sha in own else 1 for sha in candidates if shown.get(sha) != own.get(sha)}


def _own_parents(path: Path, shas: list[str]) -> dict[str, list[str]]:
    """Each commit's parents as its object records them: no replacement is read for it, and
    neither the shallow file nor info/grafts changes an object's text."""
    output = _git(path, ["--no-replace-objects", "cat-file", "--batch"], shas)
    parents: dict[str, list[str]] = {}
    while output:
        header, _, output = output.partition(b"\n")
        fields = header.split()
        if len(fields) != 3:  # "<sha> missing"
            continue
        size = int(fields[2])
        text, output = output[:size], output[size + 1 :]
        head = text.partition(b"\n\n")[0]
        parents[fields[0].decode()] = [line[len(b"parent ") :].decode() for line in head.splitlines() if line.startswith(b"parent ")]
    return parents


def _text(path: Path) -> str:
    """A file's text; "" where there is none."""
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def _git(path: Path, arguments: list[str], shas: list[str] | None = None) -> bytes:
    """git's output; `shas` are written to its input, one a line."""
    stdin = "".join(f"{sha}\n" for sha in shas or []).encode()
    result = subprocess.run(["git", "-C", str(path), *arguments], input=stdin, capture_output=True, env=git_environment())
    if result.returncode != 0:
        message = result.stderr.decode(errors="replace").strip().splitlines()
        command = next(argument for argument in arguments if not argument.startswith("-"))
        raise SummarizerError(f"git {command} failed in {path}: {message[-1] if message else result.returncode}")
    return result.stdout
