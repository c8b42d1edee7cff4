"""Benchmark: a six-month profile drafted by a real (tiny, CPU-bound) model.

    ../shared/real-model/serve.sh 8089 > rm.env &     # once; see its header
    python bench/real_model.py [--url http://127.0.0.1:8089/v1] [--author "Jason Ansel"]
                               [--since 2025-06] [--until 2025-11] [--jobs 1]

Drafts the author's months of ../shared/real-history/helion.bundle against the server,
through a recording proxy, twice (the second run must send nothing), and prints the wall
time, when the first progress line came, the requests and tokens, the months the model
drafted against those that fell back, the requests and seconds by prompt, the findings by kind, repeated sentences and
content-free paragraphs left in the profile, and one month the model drafted.
It lists, per month, the highlights kept, those whose citation was corrected and those removed,
with why. Targets (issue 31, Qwen2.5-Coder-1.5B): at most 10 minutes, progress within 2 s, every
request bounded, 0 error findings, 0 repeated sentences, 0 content-free paragraphs; 0 requests
the second time. The model is the one the server serves (SUMMARIZER_MODEL, else its /v1/models).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.real_model import clone_helion, draft, served_model, server_url, unreachable, written  # noqa: E402
from tests.recording_proxy import RecordingProxy  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default=server_url())
    parser.add_argument("--author", default="Jason Ansel")
    parser.add_argument("--since", default="2025-06")
    parser.add_argument("--until", default="2025-11")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--each", action="store_true", help="also list every request: prompt, month, status, seconds, sizes")
    parser.add_argument("--profile", type=Path, help="write the first run's profile (JSON) here, to read it whole")
    parser.add_argument("--answers", type=Path, help="write every answer the model wrote (JSON lines: prompt, month, answer) here")
    options = parser.parse_args()
    if reason := unreachable(options.url):
        sys.exit(f"bench/real_model.py: {reason}")
    model = served_model(options.url)
    with tempfile.TemporaryDirectory(prefix="bench-real-model-") as scratch:
        home = Path(scratch)
        clone = clone_helion(home)
        with RecordingProxy(options.url) as proxy:
            cold = draft(proxy, clone, options.author, options.since, options.until, home, model, options.jobs)
            if cold.returncode != 0:
                sys.exit("cold run failed:\n" + "\n".join(cold.stderr))
            warm = draft(proxy, clone, options.author, options.since, options.until, home, model, options.jobs)
    if options.profile:
        options.profile.write_text(json.dumps(cold.profile, indent=1, ensure_ascii=False))
    if options.answers:
        with options.answers.open("w", encoding="utf-8") as out:
            for exchange in cold.exchanges:
                user = str(exchange.body["messages"][-1].get("content", ""))
                month = next(iter(re.findall(r"\b20\d\d-\d\d\b", user)), "")
                out.write(json.dumps({"prompt": exchange.kind, "month": month, "status": exchange.status, "answer": written(exchange)}, ensure_ascii=False) + "\n")
    drafting = cold.profile["drafting"]
    months = [month["month"] for month in cold.profile["months"]]
    by_model = cold.drafted_by_the_model()
    content_free = cold.findings.get("ungrounded_text (error)", 0)
    print(f"Real model {model}: {options.author}, {options.since} to {options.until} ({len(months)} active months), helion, --jobs {options.jobs}")
    print(f"  wall time           {cold.seconds:7.1f} s (target <= 600 s); first progress line after {cold.first_line_after or 0:.2f} s (target < 2 s)")
    print(f"  requests            {len(cold.exchanges)} ({drafting['llm_calls']} counted by the run), {cold.unbounded} without max_tokens")
    print(f"  tokens              {drafting['prompt_tokens']:,} in, {drafting['completion_tokens']:,} out")
    print(f"  months by the model {len(by_model)} of {len(months)}; fallen back: {', '.join(cold.fallbacks) or 'none'}")
    print(f"  findings            {dict(cold.findings) or 'none'} ({cold.errors} errors)")
    print(f"  repeated sentences  {len(cold.repeated_sentences())}; content-free paragraphs {content_free}")
    print(f"  second run          {len(warm.exchanges)} requests, {warm.seconds:.1f} s")
    print("\nRequests by prompt (seconds are the model's, summed over parallel requests):")
    for kind in sorted({e.kind for e in cold.exchanges}):
        asked = [e for e in cold.exchanges if e.kind == kind]
        closed = sum(e.closed_by_client for e in asked)
        print(f"  {kind:9} {len(asked):3} requests  {sum(e.seconds for e in asked):7.1f} s  {closed} closed by the client")
    if options.each:
        print("\nEvery request, in order (prompt, month, HTTP status, seconds, characters sent and received):")
        for exchange in cold.exchanges:
            user = str(exchange.body["messages"][-1].get("content", ""))
            month = next(iter(re.findall(r"\b20\d\d-\d\d\b", user)), "")
            closed = " closed by the client" if exchange.closed_by_client else ""
            print(f"  {exchange.kind:9} {month:7} {exchange.status} {exchange.seconds:6.1f} s  {len(user):6,} -> {len(exchange.answer):6,}{closed}")
    print("\nWhat the run said:\n" + "\n".join(f"  {line}" for line in cold.stderr if "done," not in line))
    for finding in cold.profile["findings"]:
        if finding["severity"] == "error":
            print(f"  error left: {finding['kind']} “{finding['text']}” — {finding['message']}")
    print("\nHighlights by month: kept, their citation corrected, removed (and why):")
    for month, parts in sorted(cold.highlights_by_month().items()):
        print(f"  {month}")
        for part in ("kept", "corrected", "removed"):
            for line in parts[part]:
                print(textwrap.fill(line, 120, initial_indent=f"    {part:9} ", subsequent_indent=" " * 14))
    if by_model:
        month = by_model[0]
        print(f"\nA month the model drafted ({month['month']}):\n" + textwrap.indent(textwrap.fill(month["summary"], 96), "  > "))
    print("\nThe overview:\n" + textwrap.indent(textwrap.fill(cold.profile["overview"], 96), "  > "))


if __name__ == "__main__":
    main()
