"""Benchmark: what the quality signals add to a warm run of a 2,000-commit profile.

    python bench/signals.py [--runs 5] [--repo PATH --author NAME --since YYYY-MM --until YYYY-MM]

A generated history (bench/whole_history.generate): 6,000 commits by 3 authors over 30
months, so one author's profile holds 2,000 commits, and the 4,000 of two colleagues stand
beside them (the follow-up fixes look for theirs). It prints the median of N warm
`summarizer run` (offline drafter, cache warm) and, in-process on the same history, the
median time to compute the signals of every month and of the period, and their ratio.
Target (issue 15): under 10%.

Then what tracing follow-up fixes by blame (sources/blame.py) adds: the median of N cold
`summarizer run` (empty cache) and of N warm ones, with the tracing and without it
(the child run with `trace_follow_ups` replaced by a no-op), on the same history, or on `--repo`
(e.g. a clone of helion-source.bundle, --author jansel --since 2025-06 --until 2025-11).
Target (issue 33): at most 1 s more cold, nothing more warm.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from summarizer.cache import RunCache
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.signals import history_signals
from summarizer.sources import collect_activity

sys.path.insert(0, str(Path(__file__).resolve().parent))

from whole_history import generate  # noqa: E402

AUTHOR, SINCE, UNTIL = "person0@example.com", "2023-01", "2025-06"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repo", type=Path, help="a repository to time the tracing on, instead of the generated one")
    parser.add_argument("--author", default=AUTHOR)
    parser.add_argument("--since", default=SINCE)
    parser.add_argument("--until", default=UNTIL)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        repo, cache = Path(folder) / "repo", Path(folder) / "cache"
        generate(repo, 6_000, authors=3, file_lines=60)
        env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(cache), "SUMMARIZER_HOME": str(Path(folder) / "home")}
        command = [sys.executable, "-m", "summarizer", "run", str(repo), "-a", AUTHOR, "--since", SINCE, "--until", UNTIL, "--backend", "offline", "-f", "json"]
        subprocess.run(command, env=env, check=True, capture_output=True)  # the cold run fills the cache
        warm = []
        for _ in range(arguments.runs):
            start = time.perf_counter()
            subprocess.run(command, env=env, check=True, capture_output=True)
            warm.append(time.perf_counter() - start)
        history = build_history(collect_activity([str(repo)], [AUTHOR], Period(since=SINCE, until=UNTIL), None, RunCache(cache, enabled=True)))
        computing = []
        for _ in range(arguments.runs):
            start = time.perf_counter()
            history_signals(history.months, history.others, history.period, history.pull_requests, history.reviews_given)
            computing.append(time.perf_counter() - start)
    commits = history.totals.commits
    print(f"Signals on a warm run: {commits:,} commits of one author, {len(history.others):,} of others beside them")
    print(f"  warm run (median of {arguments.runs})      {statistics.median(warm):6.3f} s")
    print(f"  signals (median of {arguments.runs})       {statistics.median(computing):6.3f} s")
    print(f"  share of the warm run        {100 * statistics.median(computing) / statistics.median(warm):5.1f}% (target < 10%)")
    with tempfile.TemporaryDirectory() as folder:
        repo = arguments.repo or Path(folder) / "repo"
        if arguments.repo is None:
            generate(repo, 6_000, authors=3, file_lines=60)
        period = ["-a", arguments.author, "--since", arguments.since, "--until", arguments.until]
        run = ["run", str(repo), *period, "--backend", "offline", "-f", "json"]
        print(f"What tracing follow-up fixes by blame adds ({repo.name}, median of {arguments.runs}):")
        timed = {traced: _cold_and_warm([*(_TRACED if traced else _UNTRACED), *run], Path(folder), arguments.runs) for traced in (False, True)}
        for label, index in (("cold run", 0), ("warm run", 1)):
            without, with_blame = timed[False][index], timed[True][index]
            print(f"  {label}: {without:6.3f} s without, {with_blame:6.3f} s with: {with_blame - without:+6.3f} s")


_TRACED = [sys.executable, "-m", "summarizer"]
_UNTRACED = [
    sys.executable, "-c",
    "import sys, summarizer.sources.git as git; git.trace_follow_ups = lambda *_: None; "
    "from summarizer.cli import main; sys.argv[0] = 'summarizer'; sys.exit(main())",
]  # fmt: skip


def _cold_and_warm(command: list[str], folder: Path, runs: int) -> tuple[float, float]:
    """The median cold run (a new cache each time) and warm run of a command."""
    cold, warm = [], []
    for _ in range(runs):
        run = tempfile.mkdtemp(dir=folder)
        env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(Path(run) / "cache"), "SUMMARIZER_HOME": str(Path(run) / "home")}
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        warm.append(time.perf_counter() - start)
    return statistics.median(cold), statistics.median(warm)


if __name__ == "__main__":
    main()
