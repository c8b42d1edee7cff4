"""Benchmark: an LLM run against a local OpenAI-compatible server that answers after a delay.

    python bench/llm.py [--delay 1.0] [--jobs 4] [--months 19]

Starts tests/fake_openai.py on 127.0.0.1, writes a 19-month activity, and times
`summarizer run --activity …` cold (empty cache) and warm (same cache), each a fresh
process with the real openai client. Targets (issue 4): cold wall time
<= (ceil(months / jobs) + 2) x delay + 1 s; warm under 1 s with no request sent.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.validate import activity  # noqa: E402
from tests.fake_openai import FakeOpenAI  # noqa: E402


def timed_run(activity_file: Path, env: dict[str, str], jobs: int) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "summarizer", "run", "--activity", str(activity_file), "--jobs", str(jobs), "--format", "json"],
        env=env, capture_output=True, text=True,
    )  # fmt: skip
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--delay", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--months", type=int, default=19)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-llm-") as scratch, FakeOpenAI(delay=options.delay) as server:
        activity_file = Path(scratch) / "activity.json"
        activity_file.write_text(activity(commits=options.months * 12, months=options.months).model_dump_json())
        env = {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-bench", "SUMMARIZER_CACHE_DIR": f"{scratch}/cache",
               "SUMMARIZER_HOME": f"{scratch}/home"}  # never the user's own workspaces
        cold, result = timed_run(activity_file, env, options.jobs)
        if result.returncode != 0:
            sys.exit(f"cold run failed: {result.stderr.strip()}")
        requests_cold = len(server.requests)
        warm, result = timed_run(activity_file, env, options.jobs)
        bound = (math.ceil(options.months / options.jobs) + 2) * options.delay + 1
    print(f"LLM run: {options.months} months, --jobs {options.jobs}, server delay {options.delay:.2f} s")
    print(f"  cold  {cold:6.2f} s, {requests_cold} requests, max {server.max_in_flight} at once (target <= {bound:.2f} s)")
    print(f"  warm  {warm:6.2f} s, {len(server.requests) - requests_cold} requests (target < 1 s, none sent)")


if __name__ == "__main__":
    main()
