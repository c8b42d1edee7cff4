"""Benchmark: a profile of a whole history with every author (`--author @`) against `git log --numstat`.

    python bench/whole_history.py [--runs N] [--commits 3000]

Histories: ../shared/real-history/helion.bundle and helion-source.bundle (the same history
with its real code, whose diffs are read as evidence; each skipped when absent) and a generated
one of 3,000 commits by 40 authors over 30 months (torchrec-sized). For each it prints the best of
N wall times of `git log --numstat` of the whole history and of a cold `summarizer run -a @`
over its whole period (extraction, grouping, offline drafting, checking every claim),
and their ratio. Target (issue 12): under 3x.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HISTORIES = ROOT.parent / "shared" / "real-history"
REAL = {"helion (real history)": HISTORIES / "helion.bundle", "helion with its code (real history)": HISTORIES / "helion-source.bundle"}
WORDS = ["parser", "kernel", "cache", "autotuner", "layout", "docs", "CI", "loader", "scheduler", "tiling", "reduction", "benchmark"]


def best_of(runs: int, command: list[str], env: dict[str, str] | None = None) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return min(times)


def generate(path: Path, commits: int, authors: int = 40, file_lines: int = 400) -> None:
    """Commits of 1 to 3 files each, by `authors` people, spread over 30 months from 2023-01.

    Each commit changes a few lines of files of `file_lines` lines, as real work does, so
    that git reads and compares blobs of a real size."""
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    stream = []
    start, span = 1_672_531_200, 30 * 30 * 86_400  # 2023-01-01, 30 months
    for number in range(commits):
        author = number * 7 % authors
        when = start + number * span // commits
        word = WORDS[number % len(WORDS)]
        message = f"{'Fix' if number % 4 == 0 else 'Add'} {word} step {number} (#{number + 1})\n\nReviewed By: Person {(author + 1) % authors}\n"
        files = []
        for offset in range(1 + number % 3):
            changed = range(number % file_lines, number % file_lines + number % 9 + 1)
            body = "".join(f"value_{line} = compute({number if line in changed else 0}, {offset}, {line})\n" for line in range(file_lines))
            files.append(f"M 100644 inline src/{word}/module_{(number + offset * 97) % 300}.py\ndata {len(body.encode())}\n{body}")
        who = f"Person {author} <person{author}@example.com> {when} +0000"
        stream.append(f"commit refs/heads/main\nauthor {who}\ncommitter {who}\ndata {len(message.encode())}\n{message}" + "".join(files) + "\n")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=path, input="".join(stream).encode(), check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=path, check=True)


def measure(label: str, repo: Path, runs: int) -> None:
    dates = subprocess.run(["git", "-C", str(repo), "log", "--no-merges", "--format=%cI"], capture_output=True, text=True, check=True).stdout.split()
    since, until = min(date[:7] for date in dates), max(date[:7] for date in dates)
    git = ["git", "-C", str(repo), "log", "--no-merges", "--numstat", "HEAD"]
    cache = Path(tempfile.mkdtemp(prefix="bench-cache-"))
    env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(cache)}
    run = [sys.executable, "-m", "summarizer", "run", str(repo), "-a", "@", "--since", since, "--until", until,
           "--backend", "offline", "--no-cache", "--format", "json", "-q"]  # fmt: skip
    git_time, run_time = best_of(runs, git), best_of(runs, run, env)
    authors = len(set(subprocess.run(["git", "-C", str(repo), "log", "--format=%aE"], capture_output=True, text=True).stdout.split()))
    print(f"{label}: {len(dates):,} commits by {authors} authors, {since} to {until}")
    print(f"  git log --numstat      {git_time:7.3f} s")
    print(f"  summarizer run -a @    {run_time:7.3f} s   ratio {run_time / git_time:4.2f}x (target < 3x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--commits", type=int, default=3_000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-whole-") as scratch:
        for label, bundle in REAL.items():
            if not bundle.exists():
                print(f"{label}: skipped, {bundle} is absent")
                continue
            clone = Path(scratch) / bundle.stem
            subprocess.run(["git", "clone", "-q", str(bundle), str(clone)], check=True)
            measure(label, clone, options.runs)
        generated = Path(scratch) / "generated"
        generate(generated, options.commits)
        measure(f"generated ({options.commits:,} commits)", generated, options.runs)


if __name__ == "__main__":
    main()
