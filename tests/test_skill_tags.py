"""Skill tags (a model's, or typed in review) are checked against the data: the data names its
people and its folders too, and neither is a skill.

The data: Grace Hopper (GitHub login ghopper) in acme/vision in March 2025, a commit
co-authored with Alan Turing; Ada Lovelace's commit beside hers; the PyTorch MergeBot's merge.
"""

from __future__ import annotations

import json
from pathlib import Path

from summarizer.models.activity import Activity, Commit, FileChange, Repository
from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.validation import validate
from tests.conftest import run_cli
from tests.fake_openai import FakeOpenAI, Reply, Request, completion, truthful

GRACE = ("Grace Hopper", "grace@example.com")
ADA = ("Ada Lovelace", "ada@example.com")
MERGEBOT = ("PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com")


def commit(sha: str, who: tuple[str, str], day: str, subject: str, paths: list[str], body: str = "", co_authors: tuple[str, ...] = ()) -> Commit:
    return Commit(
        sha=sha * 40, repo="acme/vision", author_name=who[0], author_email=who[1], authored_at=f"{day}T10:00:00+00:00",
        committed_at=f"{day}T10:00:00+00:00", month=day[:7], subject=subject, body=body, co_authors=list(co_authors),
        files=[FileChange(path=path, added=5) for path in paths],
    )  # fmt: skip


def history() -> History:
    mine = [
        commit("a", GRACE, "2025-03-04", "Speed up the autotuner search", ["vision/autotuner/search.py", "docs/api/settings.md"]),
        commit("b", GRACE, "2025-03-11", "Port the tiling pass to PyTorch 2.9", ["vision/lowering/tiling.py"],
               co_authors=("Alan Turing <alan@example.com>",)),
    ]  # fmt: skip
    others = [
        commit("c", ADA, "2025-03-12", "Add bilinear resampling", ["vision/resize.py"]),
        commit("d", MERGEBOT, "2025-03-13", "Merge the nightly branch", ["vision/nightly.py"]),
    ]
    activity = Activity(
        authors=["Grace Hopper"], logins=["ghopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=mine, others=others,
    )  # fmt: skip
    return build_history(activity)


def unsupported(tags: str) -> dict[str, str]:
    return {finding.text: finding.message for finding in validate(f"Technical: {tags}", history()) if finding.kind == "unsupported_skill"}


def test_the_developers_name_is_no_skill() -> None:
    assert unsupported("Grace Hopper, Hopper") == {
        "Grace Hopper": "“Grace Hopper” is a person's name, not a skill",
        "Hopper": "“Hopper” is a person's name, not a skill",
    }


def test_a_login_is_no_skill() -> None:
    assert set(unsupported("ghopper")) == {"ghopper"}


def test_a_co_author_or_another_author_is_no_skill() -> None:
    assert set(unsupported("Alan Turing, Ada Lovelace")) == {"Alan Turing", "Ada Lovelace"}


def test_a_run_of_folders_or_a_file_is_no_skill() -> None:
    assert unsupported("docs/api, settings.md") == {
        "docs/api": "“docs/api” is a place in the repository, not a skill",
        "settings.md": "“settings.md” is a place in the repository, not a skill",
    }


def test_a_folder_the_messages_never_name_is_no_skill_but_one_they_name_is() -> None:
    assert set(unsupported("lowering, autotuner")) == {"lowering"}


def test_a_bots_name_makes_no_word_a_person() -> None:
    assert unsupported("PyTorch") == {}


GRACE_ACTIVITY = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"  # her cobol-tools, January to June 2025


def test_run_drops_the_models_skill_tags_that_are_a_person_or_a_file() -> None:
    def respond(request: Request) -> Reply:
        if request.kind == "skills":
            return completion(json.dumps({"languages": ["COBOL", "Python"], "technical": ["Grace Hopper", "cics/stubs.cob", "parser"]}))
        return truthful(request)

    with FakeOpenAI(respond) as server:
        result = run_cli(
            "run", "--activity", str(GRACE_ACTIVITY), "--backend", "openai", "--model", "x", "--format", "json", "--quiet",
            env={"OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test"},
        )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    profile = json.loads(result.stdout)
    assert profile["skills"]["technical"] == ["parser"]
    assert {(finding["kind"], finding["text"]) for finding in profile["findings"]} >= {("unsupported_skill", "Grace Hopper"), ("unsupported_skill", "cics/stubs.cob")}
