"""The fake Batch API (tests/fake_batch.py), proven against the real openai client.

Every answer goes through the SDK's own parsing (FileObject, Batch, the cursor page,
ChatCompletion for each output line's body), so a test that passes here means the shapes
a batch client will meet are the ones the SDK expects.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable
from typing import Any

import openai
import pytest
from openai.types import Batch
from openai.types.chat import ChatCompletion

from summarizer.prompt_templates import load_prompt
from tests.fake_batch import FakeBatch, Script
from tests.fake_openai import Reply, Request, error, truthful

# A team of three, and how many active months each has: the truthful overview names the number.
TEAM = {"grace": 5, "ada": 1, "linus": 3}
MODEL = "gpt-test"
TERMINAL = {"completed", "failed", "expired", "cancelled"}


def overview_request(custom_id: str, months: int, model: str = MODEL) -> dict[str, Any]:
    """A batch input line asking for the overview of one developer, from the real template."""
    data = json.dumps({"statistics": {"activity_months": months, "repositories": ["acme/widgets"]}, "months": []})
    messages = load_prompt("overview").render(developer=custom_id.title(), period="2025", data=data)
    return {"custom_id": custom_id, "method": "POST", "url": "/v1/chat/completions", "body": {"model": model, "messages": messages}}


def team_file(team: dict[str, int] = TEAM) -> bytes:
    return jsonl([overview_request(name, months) for name, months in team.items()])


def jsonl(records: list[Any]) -> bytes:
    return "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records).encode()


def connect(server: FakeBatch) -> openai.OpenAI:
    return openai.OpenAI(api_key="sk-test-key-for-the-fake-server", base_url=server.url, max_retries=0)


def submit(client: openai.OpenAI, content: bytes | None = None, metadata: dict[str, str] | None = None) -> Batch:
    upload = client.files.create(file=("team.jsonl", team_file() if content is None else content), purpose="batch")
    return client.batches.create(input_file_id=upload.id, endpoint="/v1/chat/completions", completion_window="24h", metadata=metadata)


def poll(client: openai.OpenAI, batch_id: str) -> list[Batch]:
    """Every retrieve until the batch ends (the fake needs no waiting between them)."""
    seen = [client.batches.retrieve(batch_id)]
    while seen[-1].status not in TERMINAL:
        assert len(seen) < 20, f"the batch never ended: {[batch.status for batch in seen]}"
        seen.append(client.batches.retrieve(batch_id))
    return seen


def lines_of(client: openai.OpenAI, file_id: str | None) -> list[dict[str, Any]]:
    assert file_id is not None
    return [json.loads(line) for line in client.files.content(file_id).text.splitlines()]


def overviews(output: list[dict[str, Any]]) -> dict[str, str]:
    """The overview each output line's chat completion carries, by custom_id."""
    answers: dict[str, str] = {}
    for line in output:
        assert line["response"]["status_code"] == 200 and line["error"] is None
        completion = ChatCompletion.model_validate(line["response"]["body"])
        answers[line["custom_id"]] = json.loads(completion.choices[0].message.content or "")["overview"]
    return answers


def overview_of(name: str, months: int) -> str:
    return f"Over {months} active {'month' if months == 1 else 'months'}, {name.title()} worked in acme/widgets."


def counts(batch: Batch) -> tuple[int, int, int]:
    assert batch.request_counts is not None
    return batch.request_counts.total, batch.request_counts.completed, batch.request_counts.failed


def test_a_batch_of_three_chat_requests_completes_with_the_truthful_answers() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
        output = lines_of(client, batch.output_file_id)
    assert batch.status == "completed"
    assert counts(batch) == (3, 3, 0)
    assert batch.error_file_id is None
    assert overviews(output) == {name: overview_of(name, months) for name, months in TEAM.items()}


def test_the_output_lines_come_in_an_order_different_from_the_input() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
        output = lines_of(client, batch.output_file_id)
    assert sorted(line["custom_id"] for line in output) == sorted(TEAM)
    assert [line["custom_id"] for line in output] != list(TEAM)


def test_each_output_line_has_its_own_id_and_request_id() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
        output = lines_of(client, batch.output_file_id)
    assert all(line["id"].startswith("batch_req_") and line["response"]["request_id"] for line in output)
    assert len({line["id"] for line in output}) == len({line["response"]["request_id"] for line in output}) == 3


def test_the_upload_is_a_batch_file_whose_content_is_the_bytes_sent() -> None:
    # CRLF line ends and UTF-8 must come back exactly as sent: the multipart body is parsed, not sliced.
    content = team_file({"zoë": 2, "grace": 5}).replace(b"\n", b"\r\n")
    with FakeBatch() as server:
        client = connect(server)
        upload = client.files.create(file=("team.jsonl", content), purpose="batch")
        retrieved = client.files.retrieve(upload.id)
        downloaded = client.files.content(upload.id).content
    assert (upload.object, upload.purpose, upload.filename, upload.bytes, upload.status) == ("file", "batch", "team.jsonl", len(content), "processed")
    assert upload.expires_at == upload.created_at + 30 * 24 * 3600
    assert retrieved == upload
    assert downloaded == content
    assert server.uploads[0].form == {"purpose": "batch"}
    assert server.uploads[0].upload is not None and server.uploads[0].upload.content == content


def test_a_batch_upload_without_a_jsonl_file_name_is_refused() -> None:
    with FakeBatch() as server, pytest.raises(openai.BadRequestError, match="Must be .jsonl"):
        connect(server).files.create(file=io.BytesIO(team_file()), purpose="batch")


def test_a_new_batch_is_validating_with_its_parameters_and_no_counts_yet() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch = submit(client, metadata={"team": "compilers"})
    assert (batch.object, batch.status, batch.endpoint, batch.completion_window) == ("batch", "validating", "/v1/chat/completions", "24h")
    assert list(server.files) == [batch.input_file_id]
    assert batch.metadata == {"team": "compilers"}
    assert batch.expires_at == batch.created_at + 24 * 3600
    assert counts(batch) == (0, 0, 0)
    assert (batch.in_progress_at, batch.output_file_id, batch.error_file_id, batch.errors) == (None, None, None, None)
    assert server.creates[0].json == {
        "input_file_id": batch.input_file_id, "endpoint": "/v1/chat/completions", "completion_window": "24h", "metadata": {"team": "compilers"},
    }  # fmt: skip


def test_each_retrieve_moves_the_batch_one_step_and_stamps_it() -> None:
    with FakeBatch() as server:
        client = connect(server)
        created = submit(client)
        seen = poll(client, created.id)
    assert [batch.status for batch in seen] == ["in_progress", "finalizing", "completed"]
    done = seen[-1]
    assert done.in_progress_at is not None and done.finalizing_at is not None and done.completed_at is not None
    assert created.created_at < done.in_progress_at < done.finalizing_at < done.completed_at
    assert (done.failed_at, done.expired_at, done.cancelling_at, done.cancelled_at) == (None, None, None, None)
    assert server.retrieves == {created.id: 3}


def test_polls_hold_a_batch_in_a_state_and_its_counts_rise_while_in_progress() -> None:
    with FakeBatch(script=Script(polls={"validating": 2, "in_progress": 3})) as server:
        client = connect(server)
        seen = poll(client, submit(client).id)
    assert [batch.status for batch in seen] == ["validating", "in_progress", "in_progress", "in_progress", "finalizing", "completed"]
    assert [counts(batch) for batch in seen] == [(0, 0, 0), (3, 1, 0), (3, 2, 0), (3, 3, 0), (3, 3, 0), (3, 3, 0)]


def test_the_batch_reports_the_model_and_the_token_usage_of_its_answers() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
    assert batch.model == MODEL
    assert batch.usage is not None
    assert (batch.usage.input_tokens, batch.usage.output_tokens, batch.usage.total_tokens) == (300, 60, 360)


def test_a_line_scripted_to_fail_ends_in_the_error_file_with_its_custom_id() -> None:
    with FakeBatch(script=Script(fail={"ada"})) as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
        output, errors = lines_of(client, batch.output_file_id), lines_of(client, batch.error_file_id)
    assert batch.status == "completed"
    assert counts(batch) == (3, 2, 1)
    assert set(overviews(output)) == {"grace", "linus"}
    [failed] = errors
    assert failed["custom_id"] == "ada" and failed["error"] is None
    assert failed["response"]["status_code"] == 500
    assert failed["response"]["body"]["error"]["type"] == "server_error"


def test_a_reply_other_than_200_from_respond_puts_the_line_in_the_error_file() -> None:
    def respond(request: Request) -> Reply:
        return error(400, "Invalid 'messages': too long.") if "Linus" in request.user else truthful(request)

    with FakeBatch(respond=respond) as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
        errors = lines_of(client, batch.error_file_id)
    assert counts(batch) == (3, 2, 1)
    assert [(line["custom_id"], line["response"]["status_code"]) for line in errors] == [("linus", 400)]
    assert errors[0]["response"]["body"]["error"]["message"] == "Invalid 'messages': too long."


def test_a_batch_whose_every_line_fails_has_no_output_file() -> None:
    with FakeBatch(script=Script(fail=set(TEAM))) as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
    assert (batch.status, counts(batch)) == ("completed", (3, 0, 3))
    assert batch.output_file_id is None and batch.error_file_id is not None


def test_a_failed_outcome_fails_at_validation_for_the_enqueued_token_limit() -> None:
    with FakeBatch(script=Script(outcome="failed")) as server:
        client = connect(server)
        seen = poll(client, submit(client).id)
    batch = seen[-1]
    assert [b.status for b in seen] == ["failed"]
    assert batch.failed_at is not None and batch.in_progress_at is None
    assert batch.errors is not None and batch.errors.data is not None
    assert [(e.code, e.line) for e in batch.errors.data] == [("token_limit_exceeded", None)]
    assert (batch.output_file_id, batch.error_file_id, counts(batch)) == (None, None, (0, 0, 0))


def test_an_expired_batch_keeps_the_finished_answers_and_expires_the_rest() -> None:
    with FakeBatch(script=Script(outcome="expired", finished=1)) as server:
        client = connect(server)
        seen = poll(client, submit(client).id)
        batch = seen[-1]
        output, errors = lines_of(client, batch.output_file_id), lines_of(client, batch.error_file_id)
    assert [b.status for b in seen] == ["in_progress", "expired"]
    assert batch.expired_at is not None and batch.finalizing_at is None and batch.completed_at is None
    assert counts(batch) == (3, 1, 0)
    assert len(overviews(output)) == 1
    assert {line["custom_id"] for line in output + errors} == set(TEAM)
    assert all(line["response"] is None and line["error"]["code"] == "batch_expired" for line in errors)
    assert len(errors) == 2


def test_an_expiring_batch_answers_half_of_its_lines_unless_told() -> None:
    with FakeBatch(script=Script(outcome="expired")) as server:
        client = connect(server)
        batch = poll(client, submit(client).id)[-1]
    assert (batch.status, counts(batch)) == ("expired", (3, 1, 0))


def test_a_cancelled_batch_keeps_the_answers_given_before_the_cancel() -> None:
    with FakeBatch(script=Script(polls={"in_progress": 3})) as server:
        client = connect(server)
        batch_id = submit(client).id
        running = client.batches.retrieve(batch_id)
        cancelling = client.batches.cancel(batch_id)
        seen = poll(client, batch_id)
        batch = seen[-1]
        output, errors = lines_of(client, batch.output_file_id), lines_of(client, batch.error_file_id)
    assert (running.status, counts(running)) == ("in_progress", (3, 1, 0))
    assert (cancelling.status, cancelling.cancelling_at is not None) == ("cancelling", True)
    assert [b.status for b in seen] == ["cancelled"]
    assert batch.cancelled_at is not None and batch.completed_at is None
    assert counts(batch) == (3, 1, 0)
    assert len(overviews(output)) == 1
    assert [line["error"]["code"] for line in errors] == ["batch_cancelled", "batch_cancelled"]


def test_a_finished_batch_cannot_be_cancelled() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch_id = submit(client).id
        poll(client, batch_id)
        with pytest.raises(openai.BadRequestError, match="status 'completed'"):
            client.batches.cancel(batch_id)


def test_an_invalid_input_file_fails_validation_with_an_error_per_bad_line() -> None:
    wrong_url = {**overview_request("ada", 1), "url": "/v1/embeddings"}
    no_model = overview_request("linus", 3)
    del no_model["body"]["model"]
    other_model = overview_request("hedy", 2, model="gpt-other")
    content = jsonl([overview_request("grace", 5), overview_request("grace", 5), wrong_url, no_model, other_model]) + b"{not json\n"
    with FakeBatch() as server:
        client = connect(server)
        seen = poll(client, submit(client, content).id)
    batch = seen[-1]
    assert [b.status for b in seen] == ["failed"]
    assert batch.errors is not None and batch.errors.data is not None
    assert [(e.code, e.line, e.param) for e in batch.errors.data] == [
        ("duplicate_custom_id", 2, "custom_id"), ("url_mismatch", 3, "url"), ("missing_required_parameter", 4, "body.model"),
        ("model_mismatch", 5, "body.model"), ("invalid_json_line", 6, None),
    ]  # fmt: skip
    assert (batch.output_file_id, batch.error_file_id, counts(batch)) == (None, None, (0, 0, 0))


def test_an_empty_input_file_fails_validation() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch = poll(client, submit(client, b"").id)[-1]
    assert batch.errors is not None and batch.errors.data is not None
    assert (batch.status, [e.code for e in batch.errors.data]) == ("failed", ["empty_file"])


@pytest.mark.parametrize(
    "call",
    [
        lambda client: client.files.retrieve("file-unknown"),
        lambda client: client.files.content("file-unknown"),
        lambda client: client.batches.retrieve("batch_unknown"),
        lambda client: client.batches.cancel("batch_unknown"),
        lambda client: client.batches.create(input_file_id="file-unknown", endpoint="/v1/chat/completions", completion_window="24h"),
    ],
    ids=["file", "file content", "batch", "cancel", "batch of an unknown file"],
)
def test_an_unknown_id_is_not_found(call: Callable[[openai.OpenAI], object]) -> None:
    with FakeBatch() as server, pytest.raises(openai.NotFoundError, match="unknown") as raised:
        call(connect(server))
    assert raised.value.type == "invalid_request_error"


def test_scripts_apply_to_batches_in_the_order_they_are_created() -> None:
    with FakeBatch(script=[Script(outcome="expired", finished=1)]) as server:
        client = connect(server)
        first = poll(client, submit(client).id)[-1]
        expired = [line["custom_id"] for line in lines_of(client, first.error_file_id)]
        retry = jsonl([overview_request(name, TEAM[name]) for name in expired])
        second = poll(client, submit(client, retry).id)[-1]
        answers = overviews(lines_of(client, second.output_file_id))
    assert (first.status, second.status) == ("expired", "completed")
    assert answers == {name: overview_of(name, TEAM[name]) for name in expired}
    assert (len(server.uploads), len(server.creates)) == (2, 2)
    assert server.uploads[1].upload is not None and server.uploads[1].upload.text == retry.decode()


def test_batches_are_listed_newest_first_a_page_at_a_time() -> None:
    with FakeBatch() as server:
        client = connect(server)
        older, newer = submit(client).id, submit(client).id
        page = client.batches.list(limit=1)
        everything = [batch.id for batch in client.batches.list(limit=1)]
    assert ([batch.id for batch in page.data], page.has_more) == ([newer], True)
    assert everything == [newer, older]
    assert not server.retrieves


def test_every_request_is_recorded_with_its_method_path_and_headers() -> None:
    with FakeBatch() as server:
        client = connect(server)
        batch = submit(client)
        client.batches.retrieve(batch.id)
    assert [(call.method, call.path) for call in server.requests] == [
        ("POST", "/v1/files"), ("POST", "/v1/batches"), ("GET", f"/v1/batches/{batch.id}"),
    ]  # fmt: skip
    assert all(call.headers["authorization"] == "Bearer sk-test-key-for-the-fake-server" for call in server.requests)


def test_the_async_client_runs_a_batch_from_upload_to_output() -> None:
    async def run(server: FakeBatch) -> tuple[Batch, str]:
        client = openai.AsyncOpenAI(api_key="sk-test-key-for-the-fake-server", base_url=server.url, max_retries=0)
        upload = await client.files.create(file=("team.jsonl", team_file()), purpose="batch")
        batch = await client.batches.create(input_file_id=upload.id, endpoint="/v1/chat/completions", completion_window="24h")
        while batch.status not in TERMINAL:
            batch = await client.batches.retrieve(batch.id)
        assert batch.output_file_id is not None
        output = await client.files.content(batch.output_file_id)
        await client.close()
        return batch, output.text

    with FakeBatch() as server:
        batch, output = asyncio.run(run(server))
    assert (batch.status, counts(batch)) == ("completed", (3, 3, 0))
    assert overviews([json.loads(line) for line in output.splitlines()]) == {name: overview_of(name, months) for name, months in TEAM.items()}
