"""Sources behind one interface: a new kind is one class and one registration line."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from summarizer import sources
from summarizer.cache import RunCache
from summarizer.models.activity import Commit, FileChange, Repository
from summarizer.period import Period
from summarizer.sources import collect_activity, register
from summarizer.sources.base import SourceExtract, SourceQuery
from tests.conftest import BuiltRepo, run_cli
from tests.gitrepo import GitRepo

PERIOD = Period(since="2025-01", until="2025-06")


class ListSource:
    """A made-up forge: `list:NAME` names a repository whose commits the test keeps in a list."""

    name = "list"

    def claims(self, argument: str) -> bool:
        return argument.startswith("list:")

    def when_none_named(self, query: SourceQuery) -> list[str] | None:
        return None

    def cache_key(self, arguments: list[str], query: SourceQuery) -> str | None:
        return None

    def read(self, arguments: list[str], query: SourceQuery, cache: RunCache) -> SourceExtract:
        landed = dt.datetime(2025, 2, 3, 10, tzinfo=dt.timezone.utc)
        commit = Commit(
            sha="f" * 40, repo="acme/listed", author_name="Grace Hopper", author_email="grace@example.com",
            authored_at=landed, committed_at=landed, month="2025-02", subject="Add the list reader",
            files=[FileChange(path="reader.py", added=5)],
        )  # fmt: skip
        return SourceExtract(repositories=[Repository(name="acme/listed", path="list:acme/listed", branch="main", tip="")], commits=[commit])

    def nothing_found(self, arguments: list[str], query: SourceQuery) -> str:
        return "in the list"


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registrations of a test end with it."""
    monkeypatch.setattr(sources, "SOURCES", list(sources.SOURCES))


def test_a_third_kind_of_source_is_one_class_and_one_registration(registry: None, cobol_tools: BuiltRepo) -> None:
    register(ListSource())
    activity = collect_activity(["list:acme/listed", str(cobol_tools.path)], ["Grace Hopper"], PERIOD, None, RunCache(Path("unused"), enabled=False))
    assert [repository.name for repository in activity.repositories] == ["acme/listed", "cobol-tools"]
    assert {commit.repo for commit in activity.commits} == {"acme/listed", "cobol-tools"}
    assert activity.commits[2].sha == "f" * 40  # in landing order, after January's two


def test_an_argument_no_other_source_claims_is_a_local_repository(registry: None, tmp_path: Path) -> None:
    register(ListSource())
    with pytest.raises(Exception, match="no such repository path"):
        collect_activity([str(tmp_path / "list-of-nothing")], ["Grace Hopper"], PERIOD, None, RunCache(Path("unused"), enabled=False))


@pytest.mark.parametrize(
    ("remote", "pull", "commit"),
    [
        ("git@github.com:acme/cobol-tools.git", "https://github.com/acme/cobol-tools/pull/15", "https://github.com/acme/cobol-tools/commit/"),
        ("https://gitlab.com/acme/cobol-tools.git", "https://gitlab.com/acme/cobol-tools/-/merge_requests/15", "https://gitlab.com/acme/cobol-tools/-/commit/"),
        ("git@bitbucket.org:acme/cobol-tools.git", "https://bitbucket.org/acme/cobol-tools/pull-requests/15", "https://bitbucket.org/acme/cobol-tools/commits/"),
        ("https://codeberg.org/acme/cobol-tools", "https://codeberg.org/acme/cobol-tools/pulls/15", "https://codeberg.org/acme/cobol-tools/commit/"),
        ("https://git.sr.ht/~acme/cobol-tools", None, "https://git.sr.ht/~acme/cobol-tools/commit/"),
    ],
    ids=["github", "gitlab", "bitbucket", "codeberg", "sourcehut"],
)
def test_citations_link_to_each_forges_own_pages(cobol_tools: BuiltRepo, remote: str, pull: str | None, commit: str) -> None:
    GitRepo.existing(cobol_tools.path).git("remote", "add", "origin", remote)
    markdown = run_cli("run", str(cobol_tools.path), "-a", "grace", "--since", "2025-01", "--until", "2025-06").stdout
    if pull:
        assert f"[#15]({pull})" in markdown
    else:
        assert "[#15](" not in markdown and "(#15)" in markdown  # sourcehut has no pull request pages
    assert f"({commit}{cobol_tools.sha['off_by_one']})" in markdown
