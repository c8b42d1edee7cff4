"""Builds real git repositories for tests: commits with chosen authors, dates and files."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


class GitRepo:
    def __init__(self, path: Path, branch: str | None = "main") -> None:
        """A new repository at `path`, or the existing one there when `branch` is None."""
        self.path = path
        if branch is not None:
            path.mkdir(parents=True, exist_ok=True)
            self.git("init", "-q", "-b", branch)

    @classmethod
    def existing(cls, path: Path) -> GitRepo:
        return cls(path, branch=None)

    def git(self, *args: str, env: dict[str, str] | None = None) -> str:
        result = subprocess.run(
            ["git", *args], cwd=self.path, env={**os.environ, **(env or {})},
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        return result.stdout.strip()

    def write(self, path: str, content: str | bytes) -> None:
        target = self.path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)

    def commit(
        self,
        message: str,
        files: dict[str, str | bytes | None] | None = None,
        author: str = "Grace Hopper <grace@example.com>",
        date: str = "2025-01-15T12:00:00+00:00",
        committed: str | None = None,
        committer: str | None = None,
    ) -> str:
        """Commit `files` (None deletes one) and return the new commit's SHA."""
        for path, content in (files or {}).items():
            if content is None:
                self.git("rm", "-q", path)
            else:
                self.write(path, content)
                self.git("add", path)
        self.git("commit", "-q", "--allow-empty", "-m", message, env=_identity(author, date, committer or author, committed or date))
        return self.git("rev-parse", "HEAD")

    def merge(self, branch: str, author: str, date: str) -> str:
        self.git("merge", "-q", "--no-ff", "-m", f"Merge branch '{branch}'", branch, env=_identity(author, date, author, date))
        return self.git("rev-parse", "HEAD")

    def revert(self, sha: str, author: str, date: str) -> str:
        self.git("revert", "--no-edit", sha, env=_identity(author, date, author, date))
        return self.git("rev-parse", "HEAD")


def clone(source: Path, target: Path, *options: str) -> Path:
    subprocess.run(["git", "clone", "-q", *options, str(source), str(target)], check=True, capture_output=True)
    return target


def lines(count: int, stem: str = "line") -> str:
    return "".join(f"{stem} {number}\n" for number in range(count))


def _identity(author: str, date: str, committer: str, committed: str) -> dict[str, str]:
    author_name, author_email = author.rstrip(">").split(" <")
    committer_name, committer_email = committer.rstrip(">").split(" <")
    return {
        "GIT_AUTHOR_NAME": author_name, "GIT_AUTHOR_EMAIL": author_email, "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_NAME": committer_name, "GIT_COMMITTER_EMAIL": committer_email, "GIT_COMMITTER_DATE": committed,
    }  # fmt: skip
