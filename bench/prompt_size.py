"""Benchmark: what the model reads of a month — tokens per work item in the month prompts' DATA.

    python bench/prompt_size.py [--author "Jason Ansel"] [--since 2025-06] [--until 2025-11]
                                [--url http://127.0.0.1:8089]

Reads the author's months of ../shared/real-history/helion.bundle and prints, per month, the
work items and the tokens of the DATA block the month prompt carries, and of the whole prompt.
Tokens are counted by the model server's own tokenizer (llama.cpp's /tokenize) when --url
answers, else estimated as bytes / 4. To compare with an earlier version, run this file with
PYTHONPATH pointing at that version's checkout.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HELION = ROOT.parent / "shared" / "real-history" / "helion.bundle"


def counter(url: str | None):  # type: ignore[no-untyped-def]
    def by_bytes(text: str) -> int:
        return -(-len(text.encode()) // 4)

    if not url:
        return by_bytes, "estimated as bytes / 4"

    def by_server(text: str) -> int:
        request = urllib.request.Request(url + "/tokenize", data=json.dumps({"content": text}).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            return len(json.load(answer)["tokens"])

    try:
        by_server("probe")
    except OSError:
        return by_bytes, f"estimated as bytes / 4 ({url} did not answer)"
    return by_server, f"counted by {url}/tokenize"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--author", default="Jason Ansel")
    parser.add_argument("--since", default="2025-06")
    parser.add_argument("--until", default="2025-11")
    parser.add_argument("--url", default="http://127.0.0.1:8089")
    options = parser.parse_args()
    if not HELION.exists():
        sys.exit(f"bench/prompt_size.py: {HELION} is absent")
    from summarizer.cache import RunCache
    from summarizer.drafting.data import month_items, to_json
    from summarizer.drafting.values import month_values
    from summarizer.months import build_history
    from summarizer.period import resolve_period
    from summarizer.prompt_templates import load_prompt
    from summarizer.sources import collect_activity

    count, how = counter(options.url)
    with tempfile.TemporaryDirectory(prefix="bench-prompt-") as scratch:
        clone = Path(scratch) / "helion"
        subprocess.run(["git", "clone", "-q", str(HELION), str(clone)], check=True)
        activity = collect_activity([str(clone)], [options.author], resolve_period(options.since, options.until), None, RunCache(Path(scratch) / "c", enabled=False))
    history = build_history(activity)
    prompt = load_prompt("month_summary")
    print(f"{options.author}, {options.since} to {options.until}, helion; tokens {how}")
    print(f"  {'month':8} {'items':>5} {'DATA':>7} {'per item':>8} {'prompt':>7}")
    items_total = data_total = 0
    for month in history.months:
        items = month_items(month, len(history.repositories) == 1)
        data = to_json(items)
        whole = "\n".join(message["content"] for message in prompt.render(**month_values(history, month), data=data))
        tokens = count(data)
        items_total, data_total = items_total + len(items), data_total + tokens
        print(f"  {month.month:8} {len(items):5} {tokens:7,} {tokens / len(items):8.1f} {count(whole):7,}")
    print(f"  {'all':8} {items_total:5} {data_total:7,} {data_total / items_total:8.1f}")


if __name__ == "__main__":
    main()
