"""A team drafted through the OpenAI Batch API (`team --batch`), against the fake Batch API of
tests/fake_batch.py; and a team drafted directly, with one pool of requests for everyone.

The team is the `roster` fixture of tests/conftest.py: Grace Hopper in cobol-tools and report-tools, Ada Lovelace
in cobol-tools.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import interruptible, run_cli
from tests.fake_batch import FakeBatch, Script
from tests.fake_openai import FakeOpenAI, Reply, Request, error, truthful

NAMES = {"grace-hopper": "Grace Hopper", "ada-i-lovelace-i": "Ada <i>Lovelace</i>"}  # page folder: roster name
SLUGS = tuple(NAMES)


def batch_env(server: FakeBatch | FakeOpenAI) -> dict[str, str]:
    return {"OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test", "SUMMARIZER_BATCH_POLL_SECONDS": "0.01"}


def team_command(roster: Path, site: Path, *extra: str) -> list[str]:
    return ["team", str(roster), "--output", str(site), "--model", "gpt-4.1-mini", *extra]


def profiles(site: Path) -> dict[str, dict]:  # type: ignore[type-arg]
    return {slug: json.loads((site / slug / "profile.json").read_text()) for slug in SLUGS}


def batch_lines(server: FakeBatch, number: int) -> list[dict]:  # type: ignore[type-arg]
    """The request lines of the `number`th batch the fake was sent."""
    upload = server.uploads[number].upload
    assert upload is not None
    return [json.loads(line) for line in upload.content.decode().splitlines()]


def kinds(lines: list[dict]) -> list[str]:  # type: ignore[type-arg]
    return sorted(Request(line["body"], {}).kind for line in lines)


def test_a_batch_team_run_sends_two_batches_months_then_repairs_and_overviews(roster: Path, tmp_path: Path) -> None:
    with FakeBatch() as server:
        result = run_cli(*team_command(roster, tmp_path / "site", "--batch"), env=batch_env(server))
    assert result.returncode == 0, result.stderr
    assert len(server.creates) == 2 and len(server.uploads) == 2
    first, second = kinds(batch_lines(server, 0)), kinds(batch_lines(server, 1))
    assert set(first) == {"month", "skills"} and first.count("skills") == 2
    assert "overview" in second and set(second) <= {"overview", "repair"} and second.count("overview") == 2
    assert server.direct == []  # nothing was asked outside the batches


def test_the_profiles_of_a_batch_run_pass_validation_with_no_error(roster: Path, tmp_path: Path) -> None:
    with FakeBatch() as server:
        result = run_cli(*team_command(roster, tmp_path / "site", "--batch"), env=batch_env(server))
    assert result.returncode == 0, result.stderr
    for slug, profile in profiles(tmp_path / "site").items():
        assert profile["drafting"]["backend"] == "openai", slug
        assert [finding for finding in profile["findings"] if finding["severity"] == "error"] == [], slug
        checked = run_cli("check", str(tmp_path / "site" / slug / "profile.md"), "--roster", str(roster), "--developer", NAMES[slug])
        assert checked.returncode == 0, checked.stdout


def test_a_batch_rerun_sends_nothing(roster: Path, tmp_path: Path) -> None:
    with FakeBatch() as server:
        assert run_cli(*team_command(roster, tmp_path / "site", "--batch"), env=batch_env(server)).returncode == 0
        before = len(server.requests)
        again = run_cli(*team_command(roster, tmp_path / "again", "--batch"), env=batch_env(server))
    assert again.returncode == 0, again.stderr
    assert len(server.requests) == before

    def without_report(site: Path) -> dict[str, dict]:  # type: ignore[type-arg]
        return {slug: {k: v for k, v in profile.items() if k != "drafting"} for slug, profile in profiles(site).items()}

    assert without_report(tmp_path / "again") == without_report(tmp_path / "site")


def test_a_batch_run_killed_while_it_waits_resumes_the_same_batch(roster: Path, tmp_path: Path) -> None:
    # The first batch stays in progress for 200 looks at it: the run is killed during them.
    with FakeBatch(script=Script(polls={"in_progress": 200})) as server:
        command = [sys.executable, "-m", "summarizer", *team_command(roster, tmp_path / "site", "--batch", "--quiet")]
        process = subprocess.Popen(command, env={**os.environ, **batch_env(server)}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while not (server.creates and sum(server.retrieves.values()) >= 5) and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        assert len(server.creates) == 1
        first = next(iter(server.retrieves))
        resumed = run_cli(*team_command(roster, tmp_path / "site", "--batch"), env=batch_env(server))
    assert resumed.returncode == 0, resumed.stderr
    assert f"batch {first}: " in resumed.stderr and "sent before; waiting for it again" in resumed.stderr
    assert len(server.creates) == 2 and len(server.uploads) == 2  # the months' batch was not sent again
    assert all(not finding["severity"] == "error" for profile in profiles(tmp_path / "site").values() for finding in profile["findings"])


def test_ctrl_c_while_a_batch_runs_says_how_to_resume(roster: Path, tmp_path: Path) -> None:
    with FakeBatch(script=Script(polls={"in_progress": 10_000})) as server:
        command = [sys.executable, "-m", "summarizer", *team_command(roster, tmp_path / "site", "--batch")]
        process = subprocess.Popen(
            command, env={**os.environ, **batch_env(server)}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=interruptible
        )
        deadline = time.monotonic() + 60
        while not (server.creates and sum(server.retrieves.values()) >= 3) and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in stderr
    assert "run the same command again to wait for it" in stderr.splitlines()[-1]


def fails_once(kind: str, who: str):  # type: ignore[no-untyped-def]
    """Answers truthfully, except a 500 the first time each `kind` request about `who` is asked."""
    failed: set[str] = set()

    def respond(request: Request) -> Reply:
        if request.kind == kind and who in request.user and request.user not in failed:
            failed.add(request.user)
            return error(500, "The server had an error")
        return truthful(request)

    return respond


def test_lines_a_batch_could_not_answer_are_asked_directly_and_the_run_says_so(roster: Path, tmp_path: Path) -> None:
    with FakeBatch(respond=fails_once("month", "Ada")) as server:
        result = run_cli(*team_command(roster, tmp_path / "site", "--batch"), env=batch_env(server))
    assert result.returncode == 0, result.stderr
    assert "2 of 9 requests unanswered, asked directly instead" in result.stderr
    assert [request.kind for request in server.direct] == ["month", "month"]
    assert all("Ada" in request.user for request in server.direct)
    ada = profiles(tmp_path / "site")["ada-i-lovelace-i"]
    assert not any("drafted offline" in note for note in ada["drafting"]["notes"])


def test_an_expired_batch_has_its_unanswered_lines_asked_directly(roster: Path, tmp_path: Path) -> None:
    with FakeBatch(script=[Script(outcome="expired", finished=3), Script()]) as server:
        result = run_cli(*team_command(roster, tmp_path / "site", "--batch"), env=batch_env(server))
    assert result.returncode == 0, result.stderr
    assert "expired: 6 of 9 requests unanswered, asked directly instead" in result.stderr
    assert len(server.direct) == 6 and len(server.creates) == 2


def test_a_failed_batch_has_every_line_asked_directly(roster: Path, tmp_path: Path) -> None:
    with FakeBatch(script=[Script(outcome="failed"), Script()]) as server:
        result = run_cli(*team_command(roster, tmp_path / "site", "--batch"), env=batch_env(server))
    assert result.returncode == 0, result.stderr
    assert "failed: 9 of 9 requests unanswered, asked directly instead" in result.stderr
    assert [finding for profile in profiles(tmp_path / "site").values() for finding in profile["findings"] if finding["severity"] == "error"] == []


def test_batch_without_a_model_server_is_one_line_and_exit_2(roster: Path, tmp_path: Path) -> None:
    result = run_cli("team", str(roster), "--output", str(tmp_path / "site"), "--batch", env={"OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""})
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "summarizer: error: --batch drafts with the OpenAI Batch API: set OPENAI_API_KEY (or OPENAI_BASE_URL), or --backend openai"
    ]
    assert not (tmp_path / "site").exists()


def test_dry_run_counts_the_team_and_prices_it_with_and_without_batch(roster: Path, tmp_path: Path) -> None:
    result = run_cli(*team_command(roster, tmp_path / "site", "--dry-run"))
    assert result.returncode == 0, result.stderr
    assert "| Grace Hopper | 5 |" in result.stdout and "| Ada <i>Lovelace</i> | 2 |" in result.stdout
    synchronous, batch = (float(part.split("$")[1].split(" ")[0]) for part in result.stdout.split("cost about ")[1].split(", "))
    # Both are shown to four places, each rounded from the exact cost: half of one is within a unit of the other.
    assert abs(batch - synchronous / 2) <= 0.0001 and synchronous > 0
    assert not (tmp_path / "site").exists()


def test_a_team_drafted_directly_shares_one_pool_of_requests(roster: Path, tmp_path: Path) -> None:
    with FakeOpenAI(delay=0.2) as server:
        result = run_cli(*team_command(roster, tmp_path / "site", "--jobs", "3"), env=batch_env(server))
    assert result.returncode == 0, result.stderr
    assert server.max_in_flight == 3  # both developers' months at once, never more than --jobs
    assert "Grace Hopper: January 2025: drafted" in result.stderr and "Ada <i>Lovelace</i>: March 2025: drafted" in result.stderr
