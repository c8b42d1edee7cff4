from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.gitrepo import GitRepo, lines

SHARED = Path(__file__).resolve().parents[2] / "shared"
GRACE = "Grace Hopper <grace@example.com>"
GRACE_OLD = "G. Hopper <grace@old.example>"
ADA = "Ada Lovelace <ada@example.com>"


@pytest.fixture(autouse=True)
def isolated_environment(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test sees the user's cache, workspace, git config, keys or tokens."""
    home = tmp_path_factory.mktemp("home")
    for name in list(os.environ):
        if name.startswith(("GIT_", "OPENAI_", "SUMMARIZER_", "GITHUB_")) or name in ("VISUAL", "EDITOR"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(home / "cache"))
    monkeypatch.setenv("SUMMARIZER_HOME", str(home / "workspace"))
    (home / ".gitconfig").write_text("[user]\n\tname = Test\n\temail = test@example.com\n[advice]\n\tdetachedHead = false\n")


def interruptible() -> None:
    """Run in a child before it starts: Ctrl-C reaches it as a terminal's would, even where the
    tests themselves run as a background job, whose children inherit SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, python_options: bool = False, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """The real command, in its own process, as a user would run it (leading -X … go to Python)."""
    options = list(args[:2]) if python_options else []
    return subprocess.run(
        [sys.executable, *options, "-m", "summarizer", *args[len(options) :]],
        cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=120, input=stdin,
    )  # fmt: skip


def build_cobol_tools(path: Path) -> dict[str, str]:
    """Grace Hopper's repository; the expected figures are spelled out in test_git_source.py.

    Returns the SHAs by a short label.
    """
    repo = GitRepo(path)
    sha = {}
    sha["initial"] = repo.commit("Initial commit", {"LICENSE": lines(1)}, GRACE, "2024-12-20T10:00:00+00:00")
    sha["attributes"] = repo.commit(
        "Add docs and attributes",
        {
            ".gitattributes": "gen/** linguist-generated\n",
            ".mailmap": "Grace Hopper <grace@example.com> G. Hopper <grace@old.example>\n",
            "docs/index.md": lines(5),
        },
        ADA,
        "2025-01-10T10:00:00+00:00",
    )
    sha["copybook"] = repo.commit(
        "feat(parser): add COPYBOOK expansion", {"parser/copybook.cob": lines(10)}, GRACE, "2025-01-12T09:00:00+00:00"
    )
    sha["record"] = repo.commit(
        "Fix crash on empty record (#7)", {"parser/record.py": lines(3)}, GRACE_OLD, "2025-01-25T15:00:00+00:00"
    )
    sha["conditions"] = repo.commit(
        "Implement level-88 conditions",
        {
            "parser/conditions.cob": lines(20),
            "package-lock.json": lines(100),
            "assets/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00binary\x00",
        },
        GRACE,
        "2025-03-05T10:00:00+01:00",
    )
    repo.git("checkout", "-q", "-b", "topic")
    sha["redefines"] = repo.commit(
        "Support REDEFINES clause", {"parser/redefines.cob": lines(4)}, GRACE, "2025-03-06T11:00:00+00:00"
    )
    repo.git("checkout", "-q", "main")
    sha["tweak"] = repo.commit("Tweak docs", {"docs/index.md": lines(6)}, ADA, "2025-03-06T12:00:00+00:00")
    sha["merge"] = repo.merge("topic", GRACE, "2025-03-07T12:00:00+00:00")
    sha["trace"] = repo.commit("Add tracing flag", {"cli/trace.py": lines(2)}, GRACE, "2025-03-10T09:00:00+00:00")
    sha["revert"] = repo.revert(sha["trace"], GRACE, "2025-03-20T09:00:00+00:00")
    sha["build_docs"] = repo.commit(
        "docs: describe the build\n\nCo-authored-by: Ada Lovelace <ada@example.com>",
        {"README.md": lines(6)},
        GRACE,
        "2025-04-30T23:00:00+00:00",
        committed="2025-05-02T08:00:00+00:00",
    )
    sha["pager"] = repo.commit("Add pager (#15)", {"ui/pager.py": lines(8)}, GRACE, "2025-05-15T10:00:00+00:00")
    sha["pager_flag"] = repo.commit(
        "Fix pager flag (#15)", {"ui/pager.py": lines(7) + "flag\n"}, GRACE, "2025-05-16T10:00:00+00:00"
    )
    sha["off_by_one"] = repo.commit(
        "Fix off-by-one in pager", {"ui/pager.py": lines(7) + "flag 2\n"}, GRACE, "2025-06-01T01:00:00+02:00"
    )
    sha["tables"] = repo.commit(
        "Regenerate tables\n\nPull Request resolved: https://github.com/acme/cobol-tools/pull/21",
        {"gen/tables.py": lines(50), "parser/tables.cob": lines(1)},
        GRACE,
        "2025-06-10T10:00:00+00:00",
    )
    sha["export"] = repo.commit("Add export", {"ui/export.py": lines(3)}, GRACE, "2025-07-02T10:00:00+00:00")
    return sha


class BuiltRepo(NamedTuple):
    path: Path
    sha: dict[str, str]


@pytest.fixture
def cobol_tools(tmp_path: Path) -> BuiltRepo:
    path = tmp_path / "cobol-tools"
    return BuiltRepo(path, build_cobol_tools(path))


@pytest.fixture
def roster(cobol_tools: BuiltRepo, tmp_path: Path) -> Path:
    reports = GitRepo(tmp_path / "report-tools")
    reports.commit("Add report writer (#3)", {"report.py": lines(4)}, GRACE, "2025-02-03T10:00:00+00:00")
    reports.commit("Fix report totals", {"report.py": lines(5)}, GRACE, "2025-05-03T10:00:00+00:00")
    path = tmp_path / "team" / "team.toml"
    path.parent.mkdir()
    path.write_text(
        'since = "2025-01"\nuntil = "2025-06"\nrepositories = ["../cobol-tools", "../report-tools"]\n\n'
        '[[developer]]\nname = "Grace Hopper"\nidentities = ["Grace Hopper", "grace@example.com"]\n\n'
        '[[developer]]\nname = "Ada <i>Lovelace</i>"\nidentities = ["ada@example.com"]\nrepositories = ["../cobol-tools"]\n'
    )
    return path
