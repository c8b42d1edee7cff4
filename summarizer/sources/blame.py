"""Which of the developer's lines a later bug fix changed: the SZZ approach (SPEC §11).

Śliwerski, Zimmermann and Zeller (2005): the lines a fix removes or rewrites are blamed in
its parent, and the commits git names as having written them are the ones it fixed. Only
fixes that may follow the developer's work are traced (`follow_up_candidates`): bug fixes,
by anyone, landed within FOLLOW_UP_DAYS after one of their commits, that touch a file one
of their commits changed; and blame walks back no further than that window.

What a fix removes does not count as changing a line when it is
- whitespace: the diff and the blame both ignore it (`-w`): a re-indent changes nothing,
  and a line re-indented in between is still its author's;
- a move: a removed line the fix adds again, anywhere in it, was moved, not changed; blame's
  `-M` and `-C` give lines moved or copied in between to whoever first wrote them;
- a comment or a blank line: its stripped text is empty or starts with a comment marker of
  the file's language (`COMMENT_MARKERS`); a docstring is code here;
- in a test file (with its expected outputs) or a document: only code is blamed.
A history whose files hold placeholders instead of code (a metadata-only replay, every line
"placeholder line N") is not traced: blaming placeholders proves nothing.
"""

from __future__ import annotations

import bisect
import datetime as dt
import os
import re
import subprocess
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from summarizer.classification import classify
from summarizer.models.activity import Commit
from summarizer.paths import is_docs_path, is_test_path
from summarizer.sources.commits import FOLLOW_UP_DAYS, reverted_by
from summarizer.sources.gitlog import git_environment
from summarizer.titles import PR_SUFFIX

PLACEHOLDERS = "the history holds placeholder file contents, not the code (a metadata-only history)"
UNREADABLE = "git could not read the fix's lines (missing objects)"
_HASH = "#"
_C_LIKE = ("//", "/*", "*", "*/")
COMMENT_MARKERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        (".py", ".pyi", ".pyx", ".sh", ".bash", ".zsh", ".rb", ".pl", ".r", ".yaml", ".yml", ".toml", ".cfg", ".ini",
         ".cmake", ".mk", ".dockerfile", ".tf", ".nix", ".jl", ".ps1", ".bzl"),
        (_HASH,),
    ),
    **dict.fromkeys(
        (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".cu", ".cuh", ".m", ".mm", ".java", ".kt", ".kts", ".scala",
         ".go", ".rs", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".cs", ".swift", ".dart", ".php", ".proto", ".mlir",
         ".td", ".groovy", ".gradle"),
        _C_LIKE,
    ),
    **dict.fromkeys((".sql", ".lua", ".hs", ".elm"), ("--",)),
    **dict.fromkeys((".el", ".lisp", ".clj", ".scm", ".asm", ".s"), (";",)),
    **dict.fromkeys((".tex", ".erl"), ("%",)),
}  # fmt: skip
_FILE_NAMES = {"Makefile": (_HASH,), "Dockerfile": (_HASH,), "CMakeLists.txt": (_HASH,), "BUILD": (_HASH,)}
_PLACEHOLDER = re.compile(r"placeholder line \d+")
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")
_BLAME_LINE = re.compile(r"^([0-9a-f]{40}|[0-9a-f]{64}) \d+ \d+")
_DIFF_OPTIONS = ["-p", "-U0", "-w", "--ignore-blank-lines", "--no-renames", "--no-color", "--no-ext-diff", "-r", "--root"]
# Blame walks back this far before a fix: the follow-up window and a day for UTC offsets.
_BLAME_REACH = dt.timedelta(days=FOLLOW_UP_DAYS + 1)

# What a traced fix changed of the developer's commits: their SHA → how many of their lines;
# or why it could not be traced.
Blamed = dict[str, int] | str


class Removed(NamedTuple):
    """A line a fix took out of a file, by its number in the fix's parent (whitespace collapsed)."""

    path: str
    line: int
    text: str


class Patch(NamedTuple):
    """What a fix took out of the developer's files, and every line it added anywhere."""

    removed: list[Removed]
    added: set[str]


def is_fix(commit: Commit) -> bool:
    """Whether a commit is a bug fix, by the rules that class work items (months.classify)."""
    title = PR_SUFFIX.sub("", commit.subject).strip()
    return classify(title, (), [change.path for change in commit.files])[0] == "bug"


def follow_up_candidates(mine: Sequence[Commit], everyone: Iterable[Commit]) -> list[Commit]:
    """The bug fixes, of `everyone`, that may follow the developer's work: landed within
    FOLLOW_UP_DAYS after one of `mine`, touching a file one of `mine` changed, reverting none of it."""
    paths = {change.path for commit in mine for change in commit.files if change.counted}
    landed = sorted(commit.committed_at for commit in mine)
    window = dt.timedelta(days=FOLLOW_UP_DAYS)

    def follows(commit: Commit) -> bool:
        before = bisect.bisect_left(landed, commit.committed_at)
        return before > 0 and commit.committed_at - landed[before - 1] <= window

    return [
        commit for commit in everyone
        if any(change.path in paths for change in commit.files) and follows(commit) and is_fix(commit) and reverted_by(commit) == ([], None)
    ]  # fmt: skip


def trace_follow_ups(path: Path, mine: Sequence[Commit], others: Sequence[Commit]) -> None:
    """Traces every fix that may follow the developer's work (`mine`), by them or `others`, and
    records on it what it changed of theirs (Commit.blamed)."""
    fixes = follow_up_candidates(mine, [*mine, *others])
    traced = trace_fixes(path, fixes, mine)
    for fix in fixes:
        fix.blamed = traced[fix.sha]


def trace_fixes(path: Path, fixes: Sequence[Commit], mine: Sequence[Commit]) -> dict[str, Blamed]:
    """Each fix's changed lines blamed in its parent: how many lines of each of `mine` it changed
    (only in the files `mine` changed in the window before it), or why that could not be known."""
    if not fixes:
        return {}
    shas = {commit.sha for commit in mine}
    paths = {change.path for commit in mine for change in commit.files if change.counted}
    patches = _patches(path, [fix.sha for fix in fixes], paths)
    traced: dict[str, Blamed] = {}
    blames = []
    recent_paths = _recent_paths(mine)
    for fix in fixes:
        patch = patches.get(fix.sha)
        if patch is None:
            traced[fix.sha] = UNREADABLE
        elif patch.removed and all(_PLACEHOLDER.fullmatch(line.text) for line in patch.removed):
            traced[fix.sha] = PLACEHOLDERS
        else:
            traced[fix.sha] = {}
            recent = recent_paths(fix)
            blames += [(fix, file, numbers) for file, numbers in _changed(patch).items() if file in recent]
    workers = min(len(blames), os.cpu_count() or 1) or 1
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(lambda blame: _blame(path, *blame), blames))
    for (fix, _, _), authors in zip(blames, results, strict=True):
        found = traced[fix.sha]
        if isinstance(found, str):
            continue
        if authors is None:
            traced[fix.sha] = UNREADABLE
            continue
        for sha, lines_changed in authors.items():
            if sha in shas:
                found[sha] = found.get(sha, 0) + lines_changed
    return traced


def _recent_paths(mine: Sequence[Commit]) -> Callable[[Commit], set[str]]:
    """For a fix, the code files the developer changed in the FOLLOW_UP_DAYS before it: only there
    can it change code of work it follows (tests, their expected outputs and docs are not the code
    fixed). Their commits are sorted once, so each fix reads only the commits of its window."""
    window = dt.timedelta(days=FOLLOW_UP_DAYS)
    ordered = sorted(mine, key=lambda commit: commit.committed_at)
    landed = [commit.committed_at for commit in ordered]
    code = [
        [change.path for change in commit.files if change.counted and not is_test_path(change.path) and not is_docs_path(change.path)]
        for commit in ordered
    ]  # fmt: skip

    def before(fix: Commit) -> set[str]:
        first = bisect.bisect_left(landed, fix.committed_at - window)
        last = bisect.bisect_left(landed, fix.committed_at)
        return {path for paths in code[first:last] for path in paths}

    return before


def is_comment(path: str, text: str) -> bool:
    """Whether a line is blank or a comment in the file's language (its stripped text starts with a marker)."""
    stripped = text.strip()
    return not stripped or stripped.startswith(_comment_markers(path))


@cache
def _comment_markers(path: str) -> tuple[str, ...]:
    name = PurePosixPath(path).name
    return _FILE_NAMES.get(name) or COMMENT_MARKERS.get(PurePosixPath(name).suffix.lower(), ())


def _changed(patch: Patch) -> dict[str, list[int]]:
    """The removed lines that change code, by file: not comments or blank, not moved (added back)."""
    changed: dict[str, list[int]] = defaultdict(list)
    for line in patch.removed:
        if line.text not in patch.added and not is_comment(line.path, line.text):
            changed[line.path].append(line.line)
    return changed


def _patches(path: Path, shas: list[str], paths: set[str]) -> dict[str, Patch]:
    """Each fix's patch against its first parent, whitespace ignored, what it removed from `paths`
    only. A fix git could not diff (missing objects) is absent."""
    output, complete = _diff_tree(path, shas)
    if not complete:
        found = {}
        for sha in shas:  # one by one: the run stopped at the first it could not read
            alone, readable = _diff_tree(path, [sha])
            if readable:
                found.update(_parse_patches(alone, paths))
        return found
    return _parse_patches(output, paths)


def _diff_tree(path: Path, shas: list[str]) -> tuple[bytes, bool]:
    result = subprocess.run(
        ["git", "-C", str(path), "-c", "core.quotePath=false", "diff-tree", "--stdin", *_DIFF_OPTIONS],
        input="\n".join(shas).encode() + b"\n", capture_output=True, env=git_environment(),
    )  # fmt: skip
    return result.stdout, result.returncode == 0


def _parse_patches(output: bytes, paths: set[str]) -> dict[str, Patch]:
    found: dict[str, Patch] = {}
    current = Patch([], set())
    file, number = "", 0
    for raw in output.decode(errors="replace").split("\n"):
        # Most lines are a patch's own: told apart by their first character before anything else.
        first = raw[:1]
        if first == "+" and not raw.startswith("+++ "):
            current.added.add(_normalized(raw[1:]))
        elif first == "-" and not raw.startswith("--- "):
            if file in paths:
                current.removed.append(Removed(file, number, _normalized(raw[1:])))
            number += 1
        elif first == "@" and (hunk := _HUNK.match(raw)):
            number = int(hunk.group(1))
        elif raw.startswith("+++ "):
            name = raw[4:].rstrip("\t")
            file = name[2:] if name.startswith("b/") else ""
        elif raw.startswith("diff --git "):
            file = ""
        elif _is_object_name(raw):
            current = found.setdefault(raw, Patch([], set()))
    return found


def _is_object_name(line: str) -> bool:
    return len(line) in (40, 64) and all(character in "0123456789abcdef" for character in line)


def _normalized(text: str) -> str:
    return " ".join(text.split())


def _blame(path: Path, fix: Commit, file: str, numbers: list[int]) -> dict[str, int] | None:
    """Who wrote these lines of `file` in the fix's parent, as far back as the follow-up window
    reaches: SHA → lines (lines from before the window, git's boundary, are nobody's here; a
    root commit's are its own).
    None when git could not blame them."""
    since = (fix.committed_at - _BLAME_REACH).astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S +0000")
    ranges = [argument for start, end in _ranges(numbers) for argument in ("-L", f"{start},{end}")]
    result = subprocess.run(
        ["git", "-C", str(path), "blame", "--porcelain", "--root", "-w", "-M", "-C", f"--since={since}", *ranges, f"{fix.sha}^", "--", file],
        capture_output=True, env=git_environment(),
    )  # fmt: skip
    if result.returncode != 0:
        return None
    counted: dict[str, int] = defaultdict(int)
    boundary: set[str] = set()
    sha = ""
    for line in result.stdout.decode(errors="replace").split("\n"):
        if line.startswith("\t"):
            continue
        if header := _BLAME_LINE.match(line):
            sha = header.group(1)
            counted[sha] += 1
        elif line == "boundary":
            boundary.add(sha)
    return {sha: lines for sha, lines in counted.items() if sha not in boundary}


def _ranges(numbers: list[int]) -> list[tuple[int, int]]:
    """Line numbers as runs of consecutive ones: [3, 4, 5, 9] → [(3, 5), (9, 9)]."""
    ranges: list[tuple[int, int]] = []
    for number in sorted(set(numbers)):
        if ranges and ranges[-1][1] == number - 1:
            ranges[-1] = (ranges[-1][0], number)
        else:
            ranges.append((number, number))
    return ranges
