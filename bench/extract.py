"""Benchmark: `summarizer fetch` against plain `git log --numstat` for one author.

    python bench/extract.py [--runs N] [--commits 50000]

Repositories: ../shared/real-history/helion.bundle (skipped when absent) and a generated
repository of 50,000 commits by five authors. For each it prints the median of N wall
times of `git log --numstat` for the author and range and of a cold `summarizer fetch`
(empty cache), run in turn, and of a cached rerun, and the ratio fetch / git; and the time of the
teammates' pass a cold fetch makes (every author's messages and file names, no line
counts) as a share of the cold fetch, and the fetch against the two git logs together.
Targets (issue 2): cold <= 1.5x git, cached rerun <= 0.2 s; (issue 11) teammates < 10%;
(issue 16) cold <= 1.25x git, median of 5 alternated runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HELION = ROOT.parent / "shared" / "real-history" / "helion.bundle"
AUTHORS = [("Grace Hopper", "grace@example.com"), ("Ada Lovelace", "ada@example.com"), ("Alan Turing", "alan@example.com"),
           ("Edsger Dijkstra", "edsger@example.com"), ("Barbara Liskov", "barbara@example.com")]  # fmt: skip


def alternated(runs: int, commands: list[tuple[list[str], dict[str, str] | None, Callable[[], object] | None]]) -> list[float]:
    """The median wall time of each command, run in turn `runs` times (git, then the tool, then
    git again …), so that a busy moment of the machine weighs on both alike."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for index, (command, env, before) in enumerate(commands):
            if before:
                before()
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            times[index].append(time.perf_counter() - start)
    return [statistics.median(each) for each in times]


def generate(path: Path, commits: int) -> None:
    """A linear history built with git fast-import: one to three files changed a commit."""
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    stream = []
    start = 1_577_836_800  # 2020-01-01
    for number in range(commits):
        name, email = AUTHORS[number % len(AUTHORS)]
        when = start + number * 3_600
        message = f"Add feature {number} (#{number + 1})\n" if number % 3 else f"Fix bug {number}\n"
        files = []
        for offset in range(1 + number % 3):
            body = "".join(f"value = {number} + {offset} + {line}\n" for line in range(number % 7 + 1))
            files.append(f"M 100644 inline src/module_{(number + offset * 97) % 800}.py\ndata {len(body.encode())}\n{body}")
        stream.append(
            f"commit refs/heads/main\nauthor {name} <{email}> {when} +0000\ncommitter {name} <{email}> {when} +0000\n"
            f"data {len(message.encode())}\n{message}" + "".join(files) + "\n"
        )
    subprocess.run(["git", "fast-import", "--quiet"], cwd=path, input="".join(stream).encode(), check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=path, check=True)


def measure(label: str, repo: Path, author: str, since: str, until: str, runs: int) -> None:
    git = ["git", "-C", str(repo), "log", "--no-merges", "--numstat", f"--author={author}",
           f"--since={since}-01", f"--until={until}-28", "HEAD"]  # fmt: skip
    cache = Path(tempfile.mkdtemp(prefix="bench-cache-"))
    env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(cache)}
    fetch = [sys.executable, "-m", "summarizer", "fetch", str(repo), "--author", author,
             "--since", since, "--until", until, "--output", str(cache / "activity.json")]  # fmt: skip
    teammates = ["git", "-C", str(repo), "log", "-z", "--no-merges", "--no-renames", "--name-only", "--format=%H%x1f%aN%x1f%aE%x1f%aI%x1f%cI%x1f%B",
                 f"--since={since}-01", f"--until={until}-28", "HEAD"]  # fmt: skip
    clear = lambda: subprocess.run([sys.executable, "-m", "summarizer", "cache", "clear"], env=env, capture_output=True)  # noqa: E731
    git_time, cold, teammates_time = alternated(runs, [(git, None, None), (fetch, env, clear), (teammates, None, None)])
    (warm,) = alternated(runs, [(fetch, env, None)])
    commits = subprocess.run(["git", "-C", str(repo), "rev-list", "--count", "--no-merges", f"--author={author}", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"{label}: author {author!r}, {commits} commits")
    print(f"  git log --numstat   {git_time:7.3f} s")
    print(f"  summarizer fetch    {cold:7.3f} s   ratio {cold / git_time:4.2f}x (target <= 1.25x)")
    print(f"  cached rerun        {warm:7.3f} s   (target <= 0.2 s)")
    print(f"  teammates' pass     {teammates_time:7.3f} s   {teammates_time / cold:4.1%} of the cold fetch (target < 10%)")
    # What the fetch asks of git is both logs: the second is the checks' and signals' (#11, #15).
    both = git_time + teammates_time
    print(f"  git, both logs      {both:7.3f} s   fetch / both {cold / both:4.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--commits", type=int, default=50_000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-extract-") as scratch:
        if HELION.exists():
            helion = Path(scratch) / "helion"
            subprocess.run(["git", "clone", "-q", str(HELION), str(helion)], check=True)
            measure("helion (real history)", helion, "Jason Ansel", "2025-01", "2026-12", options.runs)
        else:
            print(f"helion: skipped, {HELION} is absent")
        generated = Path(scratch) / "generated"
        started = time.perf_counter()
        generate(generated, options.commits)
        print(f"generated {options.commits:,} commits in {time.perf_counter() - started:.1f} s")
        measure(f"generated ({options.commits:,} commits)", generated, "Grace Hopper", "2020-01", "2025-12", options.runs)


if __name__ == "__main__":
    main()
