"""The code the developer's commits added or removed, as words: evidence for what they did.

A commit titled "Add FSDP support" whose diff adds `FullyShardedDataParallel` supports a
sentence that names the class; its docstrings and comments say in words what the title
abbreviates. One `git diff-tree --stdin -p -U0` of the developer's commits is read as a stream,
commit by commit, and each commit keeps the distinct words of its changed lines (`Commit.code`):
identifiers as written (`out_dtype`, `GraphModule`), and the plain words of comments and
docstrings; and the function or class each hunk's header names, that the lines changed inside
(`class HelionTemplateBuffer(TemplateBuffer):`).

Bounded, because a diff is the largest thing a repository holds:
- a commit's patch is held up to COMMIT_BYTES; past it, the rest is read and dropped (a 50 MB
  minified bundle is never held whole), and the commit is reported as read in part;
- at most COMMIT_WORDS words are kept per commit;
- lines of files that are not counted as code (binary, lock, generated, vendored) are not
  read, and git shows binary files without their content;
- a history whose files hold placeholders instead of code (a metadata-only replay) gives none,
  and is known as one by its newest PROBE_COMMITS commits: their changed lines are all
  placeholders, so the rest of its patches are not read.
A commit git cannot diff (missing objects) keeps no code words, and is reported.
"""

from __future__ import annotations

import re
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from summarizer.models.activity import Commit
from summarizer.sources.gitlog import git_environment
from summarizer.words import count

# The longest line of `git grep` output read at once.
LINE_BYTES = 64 * 1024
COMMIT_BYTES = 2 * 1024 * 1024
COMMIT_WORDS = 4_000
_OPTIONS = ["-p", "-U0", "--no-color", "--no-ext-diff", "--no-renames", "-r", "--root", "--no-textconv"]
_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
# A line a commit added or removed (not a file's ---/+++ header, nor a metadata-only history's placeholder).
_CHANGED = re.compile(rb"^[+-](?![+-]{2} )(?!placeholder line \d+$)(.*)$", re.MULTILINE)
_PLACEHOLDER = re.compile(rb"^[+-]placeholder line \d+$", re.MULTILINE)
# The function or class git names in a hunk's header, that the changed lines sit in.
_ENCLOSING = re.compile(rb"^@@ [^@\n]* @@ (?!placeholder line \d+$)(.+)$", re.MULTILINE)
PROBE_COMMITS = 16
# The line git writes before each commit's patch: its object name.
_BOUNDARY = re.compile(rb"^([0-9a-f]{40}|[0-9a-f]{64})\n", re.MULTILINE)
_CHUNK = 1 << 20


@dataclass
class _Reading:
    """What the patches read so far gave: each commit's words, the commits cut short, and
    whether any changed line held code rather than a placeholder."""

    uncounted: dict[str, set[str]]
    found: dict[str, dict[str, None]] = field(default_factory=dict)
    cut: list[str] = field(default_factory=list)
    code_lines: bool = False
    placeholder_lines: bool = False


def read_code_words(path: Path, commits: Sequence[Commit]) -> list[str]:
    """Sets each commit's `code` to the words of the lines it changed in code files, and returns
    warnings for the commits whose code could be read only in part or not at all."""
    reading = _Reading({commit.sha: {change.path for change in commit.files if not change.counted} for commit in commits})
    wanted = list(reading.uncounted)
    probe, wanted = wanted[:PROBE_COMMITS], wanted[PROBE_COMMITS:]
    unreadable = _read_past_missing_objects(path, probe, reading)
    if reading.placeholder_lines and not reading.code_lines:
        wanted = []
    unreadable += _read_past_missing_objects(path, wanted, reading)
    for commit in commits:
        commit.code = list(reading.found.get(commit.sha, {}))
    warnings = []
    megabytes = COMMIT_BYTES // 2**20
    if reading.cut:
        shown = ", ".join(sha[:7] for sha in reading.cut[:3])
        warnings.append(f"{count(len(reading.cut), 'commit')} changed more than {megabytes} MB of lines: only the first {megabytes} MB were read as evidence ({shown})")
    if unreadable:
        shown = ", ".join(sha[:7] for sha in unreadable[:3])
        warnings.append(f"git could not read the code of {count(len(unreadable), 'commit')} (missing objects): the check has only the messages and paths there ({shown})")
    return warnings


def _read_past_missing_objects(path: Path, wanted: list[str], reading: _Reading) -> list[str]:
    """Reads the commits `wanted`; returns those git could not diff (missing objects)."""
    unreadable = []
    while wanted:
        last = _read(path, wanted, reading)
        if last is None:
            break
        # git stops at the first commit it cannot diff: the rest are asked again.
        unreadable.append(last)
        reading.found.pop(last, None)
        wanted = wanted[wanted.index(last) + 1 :]
    return unreadable


def _read(path: Path, shas: list[str], reading: _Reading) -> str | None:
    """Reads the words of the commits `shas` into `reading`; the commit git stopped at, if it stopped.

    git's output is read in chunks and cut at the commits' object-name lines; each commit's
    patch is held up to COMMIT_BYTES, and past that its rest is read and dropped."""
    process = subprocess.Popen(
        ["git", "-C", str(path), "-c", "core.quotePath=false", "diff-tree", "--stdin", "--always", *_OPTIONS],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=git_environment(),
    )  # fmt: skip
    # Written beside the reading: git answers as it reads, and both pipes are finite.
    writer = threading.Thread(target=_write, args=(process, shas))
    writer.start()
    assert process.stdout is not None
    sha, buffer, dropping, mid_line = "", b"", False, False
    while chunk := process.stdout.read1(_CHUNK):
        if mid_line:  # the rest of a line dropped: the buffer starts at the next line
            end = chunk.find(b"\n")
            if end < 0:
                continue
            chunk, mid_line = chunk[end + 1 :], False
        buffer += chunk
        start = 0
        for boundary in _BOUNDARY.finditer(buffer):
            if not dropping:
                _words_of(sha, buffer[start : boundary.start()], reading)
            sha, start, dropping = boundary.group(1).decode(), boundary.end(), False
            reading.found.setdefault(sha, {})
        buffer = buffer[start:]
        if not dropping and len(buffer) > COMMIT_BYTES:
            _words_of(sha, buffer[:COMMIT_BYTES], reading)
            reading.cut.append(sha)
            dropping = True
        if dropping:
            # Only the last line is kept, that may be the next commit's name; or none, mid-line.
            end = buffer.rfind(b"\n")
            buffer, mid_line = (buffer[end + 1 :], False) if end >= 0 else (b"", True)
    if not dropping:
        _words_of(sha, buffer, reading)
    writer.join()
    return sha or shas[0] if process.wait() != 0 else None


def _words_of(sha: str, patch: bytes, reading: _Reading) -> None:
    """The words of a commit's changed lines, file by file, into `reading.found[sha]`."""
    if sha not in reading.uncounted or not patch:
        return
    words = reading.found.setdefault(sha, {})
    for section in (b"\n" + patch).split(b"\ndiff --git ")[1:]:
        name = section[: section.find(b"\n")].split(b" b/", 1)[-1].decode(errors="replace")
        if name in reading.uncounted[sha]:
            continue
        changed = _CHANGED.findall(section)
        reading.code_lines = reading.code_lines or bool(changed)
        reading.placeholder_lines = reading.placeholder_lines or _PLACEHOLDER.search(section) is not None
        for word in dict.fromkeys(_WORD.findall(b"\n".join(changed + _ENCLOSING.findall(section)))):
            if len(words) >= COMMIT_WORDS:
                return
            if len(word) > 2:
                words[word.decode()] = None


def _write(process: subprocess.Popen[bytes], shas: list[str]) -> None:
    assert process.stdin is not None
    try:
        process.stdin.write(b"".join(sha.encode() + b"\n" for sha in shas))
        process.stdin.close()
    except BrokenPipeError:
        pass  # git stopped reading: it could not diff one of them


# "Key-Value (KV)", "GEMM (general matrix multiply)": an acronym beside words that may spell it out.
_SPELLED_OUT = r"[A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*){0,8} \([A-Z][A-Z0-9]{1,9}s?\)|[A-Z][A-Z0-9]{1,9}s? \([A-Za-z][A-Za-z -]{3,80}\)"
_TEXT_FILES = ["*.md", "*.rst", "*.txt", "*.py", "*.pyi", "*.c", "*.cc", "*.cpp", "*.h", "*.hpp", "*.cu", "*.rs", "*.go", "*.java", "*.ts", "*.js"]
_DOCS = ["*.md", "*.rst", "*.txt"]
SPELLED_OUT_PHRASES = 5_000


def read_spelled_out(path: Path, tip: str) -> list[str]:
    """The phrases of the repository's own text at `tip` (docs, comments, docstrings) that set an
    acronym beside words: what the project itself says an acronym stands for. The check decides
    which of them spell it out; here they are only found, each once, at most SPELLED_OUT_PHRASES.

    Perl-compatible matching where git has it: POSIX extended matching of this pattern is some
    twenty times slower, so a git built without it has the docs alone read."""
    phrases, complete = _grep(path, ["-P", _SPELLED_OUT, tip, "--", *_TEXT_FILES])
    if not complete:
        phrases, _ = _grep(path, ["-E", _SPELLED_OUT.replace("(?:", "("), tip, "--", *_DOCS])
    return phrases


def _grep(path: Path, arguments: list[str]) -> tuple[list[str], bool]:
    process = subprocess.Popen(
        ["git", "-C", str(path), "grep", "-I", "-h", "-o", "--no-color", *arguments],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=git_environment(),
    )  # fmt: skip
    assert process.stdout is not None
    phrases: dict[str, None] = {}
    for line in iter(lambda: process.stdout.readline(LINE_BYTES), b""):  # type: ignore[union-attr]
        phrase = line.decode(errors="replace").strip()
        if 0 < len(phrase) <= 160:
            phrases[phrase] = None
        if len(phrases) >= SPELLED_OUT_PHRASES:
            process.kill()
            process.wait()
            return list(phrases), True
    # 1: nothing matched; more: git could not search so (no Perl-compatible regexes built in).
    return list(phrases), process.wait() in (0, 1)
