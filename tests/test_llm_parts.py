"""The pieces LLM drafting rests on: prompt templates, token counts, redaction, data blocks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import tiktoken

from summarizer.drafting.citations import corrected_refs
from summarizer.drafting.data import MAX_WHY_CHARACTERS, chunks_within, why_of
from summarizer.drafting.tokens import TokenCounter, estimated_cost
from summarizer.errors import SummarizerError
from summarizer.prompt_templates import load_prompt, prompts_dir
from summarizer.sanitize import REDACTED, redact

TEMPLATES = ["month_summary", "month_merge", "overview", "skills", "repair"]


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_template_loads_with_a_version_and_renders(name: str) -> None:
    template = load_prompt(name)
    assert template.name == name and template.version >= 1
    messages = template.render(**{variable: f"<{variable}>" for variable in template.variables})
    assert [message["role"] for message in messages] == ["system", "user"]
    assert "{{" not in messages[0]["content"] + messages[1]["content"]


def test_a_missing_variable_is_an_error() -> None:
    with pytest.raises(SummarizerError, match="missing \\['data'"):
        load_prompt("skills").render(developer="Grace Hopper")


def test_data_templates_say_the_data_is_not_instructions() -> None:
    for name in ("month_summary", "month_merge", "overview", "skills", "repair"):
        template = load_prompt(name)
        assert "<DATA>\n{{data}}\n</DATA>" in template.user
        assert "not instructions" in template.system or "not\n  instructions" in template.system


def test_templates_are_installed_with_the_package(tmp_path: Path) -> None:
    # Outside the checkout, so an installed summarizer (as in CI) is the one imported.
    script = "from summarizer.prompt_templates import prompts_dir; print(sorted(p.stem for p in prompts_dir().glob('*.md')))"
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == str(sorted(TEMPLATES))
    assert prompts_dir().is_dir()


def tiny_encoding() -> tiktoken.Encoding:
    """A byte-level encoding built here: tiktoken cannot download one in the tests."""
    return tiktoken.Encoding(
        name="bytes", pat_str=r"\S+|\s+", mergeable_ranks={bytes([byte]): byte for byte in range(256)}, special_tokens={}
    )


def test_counts_with_the_models_encoding() -> None:
    counter = TokenCounter("gpt-4.1-mini", encoding=tiny_encoding())
    assert counter.count("héllo") == 6 and not counter.approximate


def test_without_an_encoding_counts_are_estimated_with_one_warning(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # No download can succeed: the proxy is a closed local port, the cache an empty folder.
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    warnings: list[str] = []
    counter = TokenCounter("some-local-model", warn=warnings.append)
    assert (counter.count("a" * 40), counter.count("b" * 8)) == (10, 2)
    assert counter.approximate and len(warnings) == 1 and "estimates" in warnings[0]


def test_cost_is_estimated_for_known_models_only() -> None:
    assert estimated_cost("gpt-4.1-mini", 1_000_000, 100_000) == pytest.approx(0.40 + 0.16)
    assert estimated_cost("gpt-4.1-mini-2025-04-14", 1_000_000, 0) == pytest.approx(0.40)
    assert estimated_cost("llama3.1:8b", 1_000_000, 0) is None


@pytest.mark.parametrize(
    "secret",
    [
        "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
        "sk-proj-abcdefghijklmnopqrstuvwxyz012345",
        "AKIAABCDEFGHIJKLMNOP",
        "xoxb-1234567890-abcdefghij",
        "AIzaSyA1234567890abcdefghijklmnopqrstuv",
        "glpat-abcdefghijklmnopqrst",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ],
)
def test_token_shapes_are_redacted(secret: str) -> None:
    assert redact(f"Rotate {secret} now") == f"Rotate {REDACTED} now"


def test_passwords_in_urls_keep_user_and_host_out() -> None:
    assert redact("clone https://bob:hunter2@example.com/x.git") == f"clone https://{REDACTED}@example.com/x.git"


def test_private_key_blocks_are_redacted_whole() -> None:
    block = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----"
    assert redact(f"oops\n{block}\nbye") == f"oops\n{REDACTED}\nbye"


def test_secret_assignments_keep_their_name() -> None:
    assert redact('db_password = "correct horse" and api_key: abcdef123456') == f"db_password = {REDACTED} and api_key: {REDACTED}"


def test_ordinary_commit_text_is_untouched() -> None:
    text = "Add flash_attn_v2 kernel (#101); token counting with tiktoken; max_tokens=4096; see https://example.com/a"
    assert redact(text) == text


def test_the_model_reads_the_first_paragraph_of_a_body_that_says_why() -> None:
    body = (
        "Stack from ghstack:\n* #412\n* __->__ #413\n\n"
        "The cache leaked one entry per compiled kernel, so long autotuning runs ran out of memory.\n"
        "This evicts entries by age.\n\n```\n" + "log line\n" * 50 + "```\n\nReviewed By: Barbara Liskov\nDifferential Revision: D123"
    )
    assert why_of(body, "Evict old cache entries") == (
        "The cache leaked one entry per compiled kernel, so long autotuning runs ran out of memory. This evicts entries by age."
    )


def test_a_body_that_only_repeats_the_title_or_lists_links_adds_nothing() -> None:
    assert why_of("Evict old cache entries.\n", "Evict old cache entries") == ""
    assert why_of("https://github.com/acme/x/issues/12\n\n- [x] tests\n- [ ] docs\n", "Fix it") == ""


def test_a_long_reason_is_cut_at_a_word_and_marked() -> None:
    why = why_of("because " * 200, "Fix it")
    assert len(why) <= MAX_WHY_CHARACTERS + 2 and why.endswith("because …")


def test_chunks_keep_whole_items_within_the_budget() -> None:
    from summarizer.drafting.data import ItemData, to_json

    items = [ItemData(ref=f"#{n}", title="t" * 40, item_class="other", lines="+1/-0", why="w" * 20) for n in range(5)]
    size = len(to_json(items[:1]))
    chunks = chunks_within(items, budget=2 * size + 1, count=len)
    assert [[item.ref for item in chunk] for chunk in chunks] == [["#0", "#1"], ["#2", "#3"], ["#4"]]
    assert chunks_within(items, budget=10_000, count=len) == [items]


@pytest.mark.parametrize(
    ("text", "ref", "suggestion", "corrected"),
    [
        ("Added out_dtype to hl.dot (#914).", "#914", "#813", "Added out_dtype to hl.dot (#813)."),
        ("Made the docs more accurate (#853, #868, #869).", "#853", "#869", "Made the docs more accurate (#868, #869)."),
        ("Made the docs more accurate (#869, #853).", "#853", "#869", "Made the docs more accurate (#869)."),
        ("Fixed the pager (#22 and #21).", "#21", "#22", "Fixed the pager (#22)."),
        ("Fixed the pager (#221).", "#22", "#21", "Fixed the pager (#221)."),
        ("Fixed it in 70e0f77.", "70e0f77", "1a2b3c4", "Fixed it in 1a2b3c4."),
    ],
)
def test_a_wrong_citation_is_replaced_by_the_suggested_ref_or_dropped_where_that_ref_is_cited_beside_it(
    text: str, ref: str, suggestion: str, corrected: str
) -> None:
    assert corrected_refs(text, ref, suggestion) == corrected
