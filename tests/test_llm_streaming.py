"""Drafting against models as they are: slow, silent, rambling, repetitive, content-free.

The loopback server (tests/fake_openai.py) streams its answers as a real one does; each
test scripts one behaviour of a real small model and asserts what the profile became.
"""

from __future__ import annotations

import io
import json
import threading
import time

import pytest
from pydantic import SecretStr

from summarizer.cache import RunCache
from summarizer.drafting.llm import ChatClient
from summarizer.drafting.llm_draft import LLMDrafter
from summarizer.drafting.llm_settings import LLMSettings
from summarizer.drafting.offline import draft_offline
from summarizer.drafting.progress import SILENT
from summarizer.drafting.tokens import TokenCounter
from summarizer.models.activity import Activity
from summarizer.models.drafts import Highlight, Skills
from summarizer.months import build_history
from summarizer.render.progress import LiveProgress, PlainProgress
from summarizer.validation.checker import Checker
from tests.fake_openai import FakeOpenAI, Reply, Request, completion, error, overview_of, repaired, truthful, truthful_answer
from tests.test_llm_drafting import HALLUCINATION, MONTHS, cache, draft, fallbacks, grace, month_of, run_with_server, with_more_in_march

__all__ = ["cache", "grace"]  # fixtures, used by name
# How long a test holds a stream open at most: far past any run's length, however loaded the machine.
HELD = 30.0
CONTENT_FREE = (
    "The data was collected using a JSON-based data analysis platform, which enables the ability to analyze "
    "and visualize data efficiently. The data is a summary of the period."
)


def only_in(month: str, reply: Reply):  # type: ignore[no-untyped-def]
    """`reply` for the month prompts of one month, truthful answers for the rest."""

    def respond(request: Request) -> Reply:
        if request.kind == "month" and month_of(request) == month:
            return reply
        return truthful(request)

    return respond


def test_every_request_is_streamed_and_bounded_by_its_prompts_max_tokens(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAI() as server:
        draft(server, grace, cache, monkeypatch)
    assert all(request.body["stream"] is True for request in server.requests)
    bounds = {request.kind: request.body["max_tokens"] for request in server.requests}
    assert bounds == {"month": 600, "overview": 300, "skills": 200}


def test_a_slow_but_steady_answer_is_never_cut_off(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    # Pieces 0.1 s apart: the whole answer takes seconds, far past the 0.5 s of silence allowed.
    def respond(request: Request) -> Reply:
        reply = truthful(request)
        if request.kind == "month" and month_of(request) == "2025-03":
            reply.chunk_delay = 0.1
        return reply

    with FakeOpenAI(respond) as server:
        started = time.monotonic()
        profile = draft(server, grace, cache, monkeypatch, timeout=0.5)
        took = time.monotonic() - started
    march = next(month for month in profile.months if month.month == "2025-03")
    assert took > 1.0 and fallbacks(profile) == []
    assert march.summary.startswith("Grace Hopper's work of the month included:")


def test_a_stalled_stream_times_out_is_asked_once_more_and_is_closed(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: Request) -> Reply:
        reply = truthful(request)
        if request.kind == "month" and month_of(request) == "2025-04":
            reply.stall_after, reply.stall = 2, 3.0  # the answer starts, then the model goes silent
        return reply

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch, timeout=0.3)
        april = [request for request in server.of_kind("month") if month_of(request) == "2025-04"]
        deadline = time.monotonic() + 5
        while server.abandoned < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
    assert len(april) == 2  # retried once, and only once: the SDK does not retry it again
    assert server.abandoned == 2  # both streams were closed, so the server stops generating
    (note,) = fallbacks(profile)
    assert note.startswith("April 2025:") and "the model sent nothing for 0.3 s" in note and note.endswith("drafted offline")


def test_an_answer_cut_off_at_max_tokens_is_unusable_and_not_asked_again(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = completion('{"summary": "Grace Hopper rambled on and on', finish_reason="length")
    with FakeOpenAI(only_in("2025-05", cut)) as server:
        profile = draft(server, grace, cache, monkeypatch)
    assert len([r for r in server.of_kind("month") if month_of(r) == "2025-05"]) == 1
    (note,) = fallbacks(profile)
    assert note.startswith("May 2025:") and "cut off" in note
    may = next(month for month in profile.months if month.month == "2025-05")
    assert may.summary.startswith("In May 2025, Grace Hopper added EBCDIC codec (#25)")


def test_a_content_free_month_is_repaired_once_then_replaced_by_the_offline_text(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: Request) -> Reply:
        if (request.kind == "month" and month_of(request) == "2025-06") or (request.kind == "repair" and CONTENT_FREE in request.user):
            return completion(json.dumps({"summary": CONTENT_FREE, "highlights": [], "skills": []}))
        return truthful(request)

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch)
    (repair,) = server.of_kind("repair")
    assert "ungrounded_text" in repair.user
    june = next(month for month in profile.months if month.month == "2025-06")
    assert june.summary.startswith("In June 2025, Grace Hopper added CICS transaction stubs (#30)")
    assert any(note.startswith("June 2025: the model's summary was set aside (this paragraph names none of Grace Hopper's work") for note in profile.drafting.notes)
    assert [f.kind for f in profile.findings if f.severity == "error"] == []


def test_a_month_whose_summary_is_replaced_by_the_offline_text_is_the_offline_month_whole(
    grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    def respond(request: Request) -> Reply:
        answer = truthful_answer(request) if request.kind != "repair" else repaired(request)
        if request.kind in ("month", "repair") and "2025-06" in request.user:
            answer["summary"] = CONTENT_FREE
            answer["highlights"] = [{"text": "This feature also helps in performance", "evidence": ["#30"]}]
            answer["skills"] = ["performance"]
        return completion(json.dumps(answer))

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch)
    june = next(month for month in profile.months if month.month == "2025-06")
    offline = next(month for month in draft_offline(build_history(grace)).months if month.month == "2025-06")
    assert (june.summary, june.highlights, june.skills) == (offline.summary, offline.highlights, offline.skills)
    assert any(note.startswith("June 2025: the model's summary was set aside (this paragraph names none of Grace Hopper's work") for note in profile.drafting.notes)


@pytest.mark.parametrize(
    "failing",
    ["These stubs made the mainframe far more reliable.", "Overall, this was a productive and rewarding stretch for everyone involved."],
    ids=["an effect no work speaks of", "a sentence of filler"],
)
def test_a_failing_sentence_of_a_summary_that_names_its_work_goes_alone_and_the_rest_of_the_month_stays(
    grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    june: dict[str, object] = {}

    def respond(request: Request) -> Reply:
        # June's answer tells its work, then the failing sentence; asked to repair it, the model gives it again.
        if request.kind == "month" and month_of(request) == "2025-06":
            june.update(truthful_answer(request))
            june["summary"] = f"{june['summary']} {failing}"
        if (request.kind == "month" and month_of(request) == "2025-06") or (request.kind == "repair" and failing in request.user):
            return completion(json.dumps(june))
        return truthful(request)

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch)
    month = next(month for month in profile.months if month.month == "2025-06")
    assert month.summary == 'Grace Hopper\'s work of the month included: Revert "Support REDEFINES clause"; Add CICS transaction stubs.'
    assert [highlight.text for highlight in month.highlights] == [highlight["text"] for highlight in june["highlights"]]  # type: ignore[attr-defined]
    assert not any(note.startswith("June 2025:") for note in profile.drafting.notes)
    assert [f.kind for f in profile.findings if f.severity == "error"] == []


def test_a_content_free_overview_is_replaced_and_said_so(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAI(overview_of(CONTENT_FREE)) as server:
        profile = draft(server, grace, cache, monkeypatch)
    assert len(server.of_kind("repair")) == 1
    assert profile.overview.startswith("Grace Hopper landed 11 commits")
    assert any(note.startswith("overview: the model's summary was set aside (this paragraph names none") for note in profile.drafting.notes)


def test_an_overview_going_round_in_circles_is_replaced_and_said_so(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    # SmolLM2's way of saying nothing at length, on Grace's words: it names her parser and
    # COPYBOOK, so only its repeating tells it from a summary.
    circling = (
        "She made the parser handle COPYBOOK expansion, which would allow the parser to handle COPYBOOK expansion "
        "for each program. She added a new function to the parser that would allow the parser to handle COPYBOOK "
        "expansion, which would allow the parser to handle COPYBOOK expansion in each program. She added a new "
        "function to the parser that would allow each program to handle COPYBOOK expansion, which would allow the "
        "parser to handle COPYBOOK expansion for each program."
    )

    with FakeOpenAI(overview_of(circling)) as server:
        profile = draft(server, grace, cache, monkeypatch)
    assert profile.overview.startswith("Grace Hopper landed 11 commits")
    assert any(note.startswith("overview: the model's summary was set aside (this paragraph says nothing: ") for note in profile.drafting.notes)


def test_a_repeated_sentence_is_said_once_in_the_profile(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: Request) -> Reply:
        answer = truthful_answer(request)
        if request.kind == "month" and month_of(request) == "2025-03":
            answer["summary"] = f"{answer['summary']} {answer['summary']}"
        return completion(json.dumps(answer))

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch)
    march = next(month for month in profile.months if month.month == "2025-03")
    assert march.summary.count("Grace Hopper's work of the month included:") == 1
    assert "removed 1 repeated sentence from the draft" in profile.drafting.notes
    assert [f for f in profile.findings if f.kind == "duplicate_text"] == []


def test_a_sentence_echoing_the_prompt_is_removed_from_the_profile(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    overview = "Over five active months, Grace Hopper worked in cobol-tools."
    echoed = f"{overview} Between March and June 2025, the data block below is JSON: statistics and month summaries."

    with FakeOpenAI(overview_of(echoed)) as server:  # the repair echoes it again
        profile = draft(server, grace, cache, monkeypatch)
    (repair,) = server.of_kind("repair")
    assert "prompt_echo" in repair.user
    assert profile.overview.startswith(overview) and "data block" not in profile.overview
    assert [f.kind for f in profile.findings if f.severity == "error"] == []


def test_a_failing_highlight_the_model_wrote_twice_is_removed_both_times(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    # SmolLM2 repeats list entries, the prompt's example among them; the check reports the
    # repeated failure once, so the month's own removal took only its first saying.
    echo = {"text": "Taught the tide-table reader to skip blank rows", "evidence": ["#30"]}

    def respond(request: Request) -> Reply:
        answer = truthful_answer(request) if request.kind != "repair" else repaired(request)
        if request.kind in ("month", "repair") and "2025-06" in request.user:
            answer["highlights"] = [echo, *answer["highlights"][:1], echo]
        return completion(json.dumps(answer))

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch)
    asked = next(request for request in server.of_kind("month") if month_of(request) == "2025-06")
    june = next(month for month in profile.months if month.month == "2025-06")
    assert [h.text for h in june.highlights] == [asked.data[0]["title"]]
    assert [f.kind for f in profile.findings if f.severity == "error"] == []
    assert any(f.kind == "prompt_echo" and "highlight removed" in f.message for f in profile.findings)


def test_a_server_that_wants_max_completion_tokens_gets_it_from_then_on(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: Request) -> Reply:
        if "max_tokens" in request.body:
            return error(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", param="max_tokens")
        return truthful(request)

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch, jobs=1)
    assert ["max_tokens" in request.body for request in server.requests] == [True] + [False] * (MONTHS + 2)
    assert all(request.body.get("max_completion_tokens") for request in server.requests[1:])
    assert fallbacks(profile) == []


def test_a_month_too_long_for_the_servers_context_is_sent_in_halves(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    # March gets nine more items, each with a long body (some 440 characters of data an item); the
    # server says the prompt is too long without saying by how much, so the budget is halved.
    commits = with_more_in_march(grace, 9).commits

    def respond(request: Request) -> Reply:
        if request.kind == "month" and len(request.user) > 4_500:  # nine items fit, twelve do not
            return error(400, "the request exceeds the available context size, try increasing it")
        return truthful(request)

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace.model_copy(update={"commits": commits}), cache, monkeypatch, budget=2000)
        sent = len(server.requests)
        draft(server, grace.model_copy(update={"commits": commits}), cache, monkeypatch, budget=2000)
    assert len(server.requests) == sent  # the halving is the same again, its answers cached
    march = [request for request in server.requests[:sent] if request.kind == "month" and month_of(request) == "2025-03"]
    # The whole month, then its two halves (sent together, in either order); no prompt twice.
    assert len(march[0].data) == 12 and sorted(len(request.data) for request in march[1:]) == [3, 9]
    assert fallbacks(profile) == []
    assert "the model's context cannot hold some months' prompts whole: their data is sent in parts (and merged)" in profile.drafting.notes
    assert next(month for month in profile.months if month.month == "2025-03").summary.count("work of the month included") == 2


@pytest.mark.parametrize(
    "refusal",
    [
        "request ({tokens} tokens) exceeds the available context size (4096 tokens), try increasing it",
        "This model's maximum context length is 4096 tokens. However, you requested {asked} tokens ({tokens} in the messages, 600 in the completion).",
        "This model's maximum context length is 4096 tokens. However, your messages resulted in {tokens} tokens.",
    ],
    ids=["llama.cpp", "vLLM", "OpenAI"],
)
def test_a_month_too_long_for_the_servers_context_is_cut_where_its_count_says_it_fits(
    grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch, refusal: str
) -> None:
    """March gets twenty more items of some 440 characters each in the prompt. The server counts a
    token for two characters (twice what the estimate here counts) in a context of 4,096 tokens,
    as llama.cpp does: a prompt over it is refused with its count, one that leaves no room for the
    600-token answer is cut off. Halving the budget would be refused again; the server's own count
    of the first prompt gives parts that fit at once."""
    activity = with_more_in_march(grace, 20)

    def respond(request: Request) -> Reply:
        tokens = (len(request.system) + len(request.user)) // 2
        if tokens > 4096:
            return error(400, refusal.format(tokens=tokens, asked=tokens + 600))
        if tokens + request.body["max_tokens"] > 4096:
            return completion('{"summary": "Grace Hopper', finish_reason="length")
        return truthful(request)

    with FakeOpenAI(respond) as server:
        profile = draft(server, activity, cache, monkeypatch)
        sent = len(server.requests)
        draft(server, activity, cache, monkeypatch)
    asked = [request for request in server.requests[:sent] if request.kind == "month" and month_of(request) == "2025-03"]
    refused = [request for request in asked if (len(request.system) + len(request.user)) // 2 > 4096]
    assert (len(refused), len(asked) - len(refused)) == (1, 3)  # the whole month once, then three parts that fit
    assert sorted(len(request.data) for request in asked[1:]) == [7, 8, 8]
    assert fallbacks(profile) == [] and len(server.requests) == sent  # a rerun fits the same parts from the cache


def test_when_one_part_of_a_split_month_is_unusable_its_other_parts_are_stopped(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    # March goes out in three parts. The unusable one is answered only once the other two have
    # reached the server, and those stay open, silent, until the run is over: however loaded the
    # machine, the failure meets them in flight, and the run comes back only if it stops them.
    in_flight: list[Request] = []
    both_in_flight, run_over = threading.Event(), threading.Event()

    def respond(request: Request) -> Reply:
        if request.kind == "month" and month_of(request) == "2025-03":
            if "level-88" in request.user:
                both_in_flight.wait(HELD)
                return completion("not the JSON asked for")  # unusable, at once and again
            in_flight.append(request)
            if len(in_flight) == 2:
                both_in_flight.set()
            reply = truthful(request)
            reply.stall_after, reply.stall, reply.released = 1, HELD, run_over
            return reply
        return truthful(request)

    with FakeOpenAI(respond) as server:
        try:
            profile = draft(server, grace, cache, monkeypatch, budget=60, jobs=3)
        finally:
            run_over.set()
        deadline = time.monotonic() + HELD
        while server.in_flight and time.monotonic() < deadline:
            time.sleep(0.05)
        sent = len(server.requests)
        draft(server, grace, cache, monkeypatch, budget=60, jobs=3)
    march = [request for request in server.requests[:sent] if request.kind == "month" and month_of(request) == "2025-03"]
    assert len(march) == 4  # the failing part twice, each other part once
    # The other parts' streams were closed by the run, not waited for to their end (the unusable
    # part's may be closed too: the SDK gives up on the first piece that is no JSON).
    assert [any(part is closed for closed in server.cut_short) for part in in_flight] == [True, True]
    assert [note[:11] for note in fallbacks(profile)] == ["March 2025:"]
    assert len(server.requests) == sent  # the rerun finds the failure in the cache and asks nothing


def test_a_run_shows_progress_on_stderr_line_by_line_when_piped() -> None:
    with FakeOpenAI(delay=0.1) as server:
        result = run_with_server(server.url)
    lines = [line for line in result.stderr.splitlines() if line.startswith("summarizer: ")]
    assert lines[0].startswith(f"summarizer: drafting {MONTHS} months, the overview and the skills with gpt-4.1-mini at ")
    done = [line for line in lines if "done," in line]
    assert len(done) == MONTHS + 2 and f"({MONTHS + 2}/{MONTHS + 2} done" in done[-1]
    assert {line.split(": ")[1] for line in done} >= {"January 2025", "June 2025", "overview", "skills"}
    assert json.loads(result.stdout)["drafting"]["backend"] == "openai"  # stdout holds the profile alone


def test_quiet_shows_no_progress() -> None:
    with FakeOpenAI() as server:
        result = run_with_server(server.url, "--quiet")
    # What stays is what the run had to settle for: here, estimated token counts.
    assert result.returncode == 0
    assert result.stderr.splitlines() == ["summarizer: token counts are estimates: tiktoken could not load the encoding for 'gpt-4.1-mini' (offline?)"]


def test_the_timeout_comes_from_the_environment_and_must_be_positive() -> None:
    with FakeOpenAI(delay=1.0) as server:
        slow = run_with_server(server.url, "--quiet", env={"SUMMARIZER_TIMEOUT": "0.2"})
        bad = run_with_server(server.url, "--timeout", "0")
    assert slow.returncode == 0 and "the model sent nothing for 0.2 s" in slow.stderr
    assert bad.returncode == 2 and "--timeout" in bad.stderr and len(bad.stderr.splitlines()) == 1


def test_the_live_display_names_each_finished_step() -> None:
    from rich.console import Console

    screen = io.StringIO()
    progress = LiveProgress(Console(file=screen, force_terminal=True, width=100))
    progress.begin(["March 2025", "overview", "skills"], "smollm2", "http://127.0.0.1:8089/v1")
    progress.step_started("March 2025")
    progress.received(42)
    progress.step_done("March 2025", "drafted")
    progress.end()
    shown = screen.getvalue()
    assert "drafting 1 month, the overview and the skills with smollm2" in shown and "March 2025: drafted" in shown


def test_plain_progress_counts_steps_and_tokens() -> None:
    stream = io.StringIO()
    progress = PlainProgress(stream)
    progress.begin(["March 2025", "April 2025", "overview", "skills"], "smollm2", "http://127.0.0.1:8089/v1")
    progress.received(120)
    progress.step_done("April 2025", "drafted")
    assert stream.getvalue().splitlines() == [
        "summarizer: drafting 2 months, the overview and the skills with smollm2 at http://127.0.0.1:8089/v1",
        "summarizer: April 2025: drafted (1/4 done, 120 tokens received, 0 s)",
    ]


def test_the_cli_run_makes_no_request_the_second_time() -> None:
    with FakeOpenAI() as server:
        first = run_with_server(server.url)
        sent = len(server.requests)
        second = run_with_server(server.url)
    assert first.returncode == second.returncode == 0 and sent == MONTHS + 2
    assert len(server.requests) == sent and json.loads(second.stdout)["drafting"]["llm_calls"] == 0



def test_a_model_caught_in_a_loop_is_stopped_early_and_its_stream_closed(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    looping = completion('{"summary": "Grace Hopper ' + "2024-08-24 (2024-08-24) " * 200 + '", "highlights": [], "skills": []}')
    looping.chunk_delay = 0.005
    with FakeOpenAI(only_in("2025-01", looping)) as server:
        profile = draft(server, grace, cache, monkeypatch)
        deadline = time.monotonic() + 5
        while server.abandoned < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
    (note,) = fallbacks(profile)
    assert note.startswith("January 2025:") and "the model kept repeating itself" in note
    assert server.abandoned == 2  # both tries cut short, long before the answer's end


def test_a_rerun_asks_nothing_for_answers_that_could_not_be_used(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = completion('{"summary": "Grace Hopper rambled', finish_reason="length")
    with FakeOpenAI(only_in("2025-05", cut)) as server:
        first = draft(server, grace, cache, monkeypatch)
        sent = len(server.requests)
        second = draft(server, grace, cache, monkeypatch)
    assert len(server.requests) == sent
    assert fallbacks(second) == fallbacks(first) and second.months == first.months


def test_a_silent_model_is_asked_again_on_the_next_run(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    silent = truthful  # answers, but only after the timeout

    def respond(request: Request) -> Reply:
        reply = silent(request)
        reply.delay = 1.0 if request.kind == "month" and month_of(request) == "2025-05" else 0.0
        return reply

    with FakeOpenAI(respond) as server:
        draft(server, grace, cache, monkeypatch, timeout=0.3)
        sent = len(server.requests)
        draft(server, grace, cache, monkeypatch, timeout=0.3)
    assert len(server.requests) == sent + 2  # the silent month again, twice; the rest from the cache


@pytest.mark.parametrize(
    ("text", "loops"),
    [
        ("Grace Hopper added the pager. " + "1, " * 40, True),
        ('"evidence": [' + '"The code is not compatible with the helion language.", ' * 4, True),
        ("She added the pager (#15), fixed its flag (#15) and regenerated the tables (#21).", False),
        ("{\n" + " " * 60, False),
        ('[{"text": "a"}, {"text": "b"}, {"text": "c"}, {"text": "d"}, {"text": "e"}]', False),
    ],
)
def test_a_loop_is_a_piece_said_four_times_over_at_the_end(text: str, loops: bool) -> None:
    from summarizer.drafting.llm import repeats_itself

    assert repeats_itself(text) is loops


def test_a_paragraph_of_dates_is_content_free_too(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    dates = " ".join(f"2025-{month:02d}" for month in range(1, 13)) + " 2025-13 2025-14"

    with FakeOpenAI(overview_of(dates)) as server:
        profile = draft(server, grace, cache, monkeypatch)
    assert profile.overview.startswith("Grace Hopper landed 11 commits")


def test_a_summary_too_short_to_say_anything_is_replaced(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: Request) -> Reply:
        if request.kind == "overview":
            return completion(json.dumps({"overview": "The recent release of the"}))
        return truthful(request)

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch)
    assert profile.overview.startswith("Grace Hopper landed 11 commits")
    assert "overview: too little of the model's summary held up; the offline text stands in its place" in profile.drafting.notes


def test_a_tag_said_twice_is_kept_once_and_a_failing_one_reported_once(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: Request) -> Reply:
        if request.kind == "skills":
            return completion(json.dumps({"languages": ["COBOL", "Python", "cobol", "Python"], "technical": ["parser", "Titanium", "Titanium"]}))
        return truthful(request)

    with FakeOpenAI(respond) as server:
        profile = draft(server, grace, cache, monkeypatch)
    assert (profile.skills.languages, profile.skills.technical) == (["COBOL", "Python"], ["parser"])
    assert [(f.kind, f.text) for f in profile.findings] == [("unsupported_skill", "Titanium")]


def test_what_fails_the_check_of_the_whole_draft_is_removed_from_every_part_before_it_ships(grace: Activity, cache: RunCache) -> None:
    # The sections as drafting may hand them over; whichever way a failing claim got past its
    # section's check, the draft that ships passes the profile's own check.
    history = build_history(grace)
    check = Checker(history)
    settings = LLMSettings(model="gpt-4.1-mini", base_url="http://127.0.0.1:9/v1", api_key=SecretStr("unused"))
    drafter = LLMDrafter(history, ChatClient(settings, cache), check, TokenCounter("gpt-4.1-mini"), 4000, SILENT)
    offline = draft_offline(history)
    june = next(month for month in offline.months if month.month == "2025-06")
    failing_june = june.model_copy(
        update={
            "summary": f"{june.summary} {HALLUCINATION}",
            "highlights": [*june.highlights, Highlight(text="Tuned NCCL all-reduce", evidence=["#999"])],
            "skills": [*june.skills, "NCCL"],
        }
    )
    months = [failing_june if month.month == "2025-06" else month for month in offline.months]
    skills = Skills(languages=offline.skills.languages, technical=[*offline.skills.technical, "NCCL"])
    checked, _ = drafter.finished(months, offline.overview, skills)
    assert [f for f in check(checked.text()) if f.severity == "error"] == []
    shipped = next(month for month in checked.months if month.month == "2025-06")
    assert (shipped.summary, shipped.highlights, shipped.skills) == (june.summary, june.highlights, june.skills)
    assert "NCCL" not in checked.skills.technical
    assert {f.severity for f in checked.removed} == {"warning"} and len(checked.removed) >= 3


def test_a_server_with_one_slot_is_sent_one_request_at_a_time_and_none_times_out_in_its_queue(
    grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each answer takes 0.2 s before its first byte; a request queued behind two others would wait
    # 0.4 s in silence, past the 0.3 s allowed, if it were sent.
    def respond(request: Request) -> Reply:
        reply = truthful(request)
        reply.delay = 0.2
        return reply

    with FakeOpenAI(respond, slots=1) as server:
        profile = draft(server, grace, cache, monkeypatch, timeout=0.3, jobs=4)
    assert server.max_in_flight == 1
    assert fallbacks(profile) == [] and len(server.requests) == MONTHS + 2
    assert "the server answers 1 request at a time: no more were sent at once (--jobs 4)" in profile.drafting.notes


def test_a_server_without_slots_is_sent_up_to_jobs_requests_at_once(grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(request: Request) -> Reply:
        reply = truthful(request)
        reply.delay = 0.2
        return reply

    with FakeOpenAI(respond) as server:
        draft(server, grace, cache, monkeypatch, jobs=3)
    assert server.max_in_flight == 3


def test_a_server_that_ignores_stream_is_read_as_plain_json_and_asked_without_streaming(
    grace: Activity, cache: RunCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAI(ignores_stream=True) as server:
        profile = draft(server, grace, cache, monkeypatch, jobs=1)
    assert fallbacks(profile) == [] and profile.drafting.backend == "openai"
    assert all(month.summary.startswith("Grace Hopper's work of the month included:") for month in profile.months)
    assert [bool(request.body.get("stream")) for request in server.requests] == [True] + [False] * (MONTHS + 1)
    assert profile.drafting.prompt_tokens == 100 * (MONTHS + 2)
    assert "the server answered a streamed request with one plain JSON body: its answers were asked without streaming" in profile.drafting.notes
