"""A work item's title quoted as it stands: the commit's words, not claims of the text.

The data: Grace Hopper in acme/vision in March 2025, three commits; one title holds a number and
an issue ref of its own ("The 23 known bugs of the loader fixed (#12): …").
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Commit, FileChange, Repository
from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.validation import validate

BUGS = "The 23 known bugs of the loader fixed (#12): a cut-short file is a miss, never a traceback"


def commit(sha: str, day: str, subject: str, path: str) -> Commit:
    return Commit(
        sha=sha * 20, repo="acme/vision", author_name="Grace Hopper", author_email="grace@example.com", authored_at=f"{day}T10:00:00+00:00",
        committed_at=f"{day}T10:00:00+00:00", month=day[:7], subject=subject, files=[FileChange(path=path, added=5)],
    )  # fmt: skip


def history() -> History:
    commits = [
        commit("a1", "2025-03-04", BUGS, "vision/loader.py"),
        commit("b2", "2025-03-11", "Add CSV export to the report", "vision/report.py"),
        commit("c3", "2025-03-18", "Speed up the JPEG decoder", "vision/jpeg.py"),
    ]
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=commits,
    )  # fmt: skip
    return build_history(activity)


def errors(text: str) -> set[tuple[str, str]]:
    return {(f.kind, f.text) for f in validate(text, history()) if f.severity == "error"}


def test_the_number_and_ref_of_a_quoted_title_are_the_commits_words() -> None:
    assert errors(f"In March 2025, Grace landed “{BUGS}” (a1a1a1a).") == set()


def test_a_title_cut_short_with_an_ellipsis_is_still_the_title() -> None:
    assert errors(f"In March 2025, Grace landed “{BUGS[:60]}…” (a1a1a1a).") == set()


def test_a_title_quoted_over_sentences_of_its_own_is_one_quotation() -> None:
    title_of_two_sentences = "The 23 known bugs of the loader fixed (#12). A cut-short file is a miss"
    activity_title = commit("a1", "2025-03-04", title_of_two_sentences, "vision/loader.py")
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=[activity_title],
    )  # fmt: skip
    found = validate(f"In March 2025, Grace landed “{title_of_two_sentences}” (a1a1a1a).", build_history(activity))
    assert [f for f in found if f.severity == "error"] == []


def test_the_same_number_outside_the_quotation_is_a_claim() -> None:
    assert ("wrong_count", "23 bugs") in errors(f"In March 2025, Grace fixed 23 bugs; she also landed “{BUGS}”.")


def test_a_title_quoted_beside_another_items_ref_is_checked_as_written() -> None:
    found = errors("In March 2025, Grace landed “Add CSV export to the report” (c3c3c3c).")
    assert ("wrong_evidence", "c3c3c3c") in found
