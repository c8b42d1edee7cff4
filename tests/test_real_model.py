"""Two months drafted by the real model of ../shared/real-model/serve.sh: true, readable, alive.

Skipped, with the reason, when ../shared is absent or no server answers (CI need not
build one). Point SUMMARIZER_REAL_MODEL_URL elsewhere than http://127.0.0.1:8089/v1 to
use another server.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.real_model import clone_helion, draft, served_model, server_url, unreachable
from tests.recording_proxy import RecordingProxy

pytestmark = pytest.mark.real_model


@pytest.fixture(scope="module")
def drafted(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    url = server_url()
    if reason := unreachable(url):
        pytest.skip(reason)
    home = tmp_path_factory.mktemp("real-model")
    with RecordingProxy(url) as proxy:
        return draft(proxy, clone_helion(home), "Jason Ansel", "2025-08", "2025-09", Path(home), served_model(url))


def test_the_profile_holds_no_error_level_claim(drafted) -> None:  # type: ignore[no-untyped-def]
    assert drafted.returncode == 0, drafted.stderr
    assert drafted.errors == 0, drafted.profile["findings"]


def test_no_sentence_is_said_twice(drafted) -> None:  # type: ignore[no-untyped-def]
    assert drafted.repeated_sentences() == []


def test_no_paragraph_is_content_free(drafted) -> None:  # type: ignore[no-untyped-def]
    assert drafted.findings.get("ungrounded_text (error)", 0) == 0


def test_progress_shows_on_stderr_from_the_start(drafted) -> None:  # type: ignore[no-untyped-def]
    assert drafted.first_line_after is not None and drafted.first_line_after < 2.0
    assert drafted.stderr[0].startswith("summarizer: drafting 2 months")
    assert any("August 2025: " in line and "done," in line for line in drafted.stderr)


def test_every_request_carries_a_bound_on_its_answer(drafted) -> None:  # type: ignore[no-untyped-def]
    assert drafted.exchanges and drafted.unbounded == 0
