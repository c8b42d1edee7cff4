"""Benchmark: a warm rerun (unchanged repositories, same options, offline drafter), by stage.

    python bench/warm.py [--runs 5]

Profiles: the busiest author's 2025 in ../shared/real-history/helion.bundle (Jason Ansel;
skipped when absent), and four years of one author (7,013 commits) in a generated history of
50,000 commits by five authors (bench/extract.py's). For each it prints the median of N
warm `summarizer run` wall times, the slowest imports (`-X importtime`, cumulative) and the
top lines of a cProfile of one warm run; and the median of N `summarizer --help`.
Targets (issue 16): helion's year <= 0.5 s, the generated four years <= 0.8 s, --help < 0.3 s.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from extract import HELION, generate  # noqa: E402


def median_time(runs: int, command: list[str], env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def slowest_imports(command: list[str], env: dict[str, str], shown: int = 8) -> list[str]:
    stderr = subprocess.run([sys.executable, "-X", "importtime", *command[1:]], capture_output=True, text=True, env=env).stderr
    rows = [re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line) for line in stderr.splitlines()]
    top_level = [(int(row.group(1)), row.group(3)) for row in rows if row and len(row.group(2)) <= 1]
    return [f"{microseconds / 1000:7.1f} ms  {module}" for microseconds, module in sorted(top_level, reverse=True)[:shown]]


def profiled(arguments: list[str], env: dict[str, str], shown: int = 12) -> str:
    """The cumulative top lines of one run in this process (the environment set as the command's)."""
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        from summarizer.cli import app

        profile = cProfile.Profile()
        profile.enable()
        try:
            app(arguments, standalone_mode=False)
        except SystemExit:
            pass
        profile.disable()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(r"summarizer", shown)
    return "\n".join(line for line in out.getvalue().splitlines() if "/summarizer/" in line)


def measure(label: str, repo: Path, author: str, since: str, until: str, runs: int, scratch: Path) -> None:
    env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(scratch / f"cache-{label}"), "SUMMARIZER_HOME": str(scratch / f"home-{label}")}
    arguments = ["run", str(repo), "-a", author, "--since", since, "--until", until, "--backend", "offline", "-q", "-o", str(scratch / f"{label}.md")]
    command = [sys.executable, "-m", "summarizer", *arguments]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    cold = time.perf_counter() - start
    warm = median_time(runs, command, env)
    commits = re.search(r"\| Commits \| ([\d,]+) \|", (scratch / f"{label}.md").read_text())
    print(f"{label}: {author}, {since} to {until}, {commits.group(1) if commits else '?'} commits")
    print(f"  cold run            {cold:6.2f} s")
    print(f"  warm rerun          {warm:6.3f} s (median of {runs})")
    print("  slowest imports of a warm rerun (cumulative):")
    print("\n".join(f"    {line}" for line in slowest_imports(command, env)))
    print("  cProfile of a warm rerun (cumulative, summarizer's own):")
    print("\n".join(f"    {line.strip()}" for line in profiled(arguments, env).splitlines()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-warm-") as folder:
        scratch = Path(folder)
        help_time = median_time(options.runs, [sys.executable, "-m", "summarizer", "--help"], dict(os.environ))
        print(f"summarizer --help     {help_time:6.3f} s (median of {options.runs}; target < 0.3 s)")
        if HELION.exists():
            helion = scratch / "helion"
            subprocess.run(["git", "clone", "-q", str(HELION), str(helion)], check=True)
            measure("helion", helion, "Jason Ansel", "2025-01", "2025-12", options.runs, scratch)
        else:
            print(f"helion: skipped, {HELION} is absent")
        generated = scratch / "generated"
        generate(generated, 50_000)
        measure("generated", generated, "Grace Hopper", "2021-01", "2024-12", options.runs, scratch)


if __name__ == "__main__":
    main()
