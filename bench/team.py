"""Benchmark: a 200-developer team over a generated 50,000-commit history.

    python bench/team.py [--commits 50000] [--developers 200] [--runs 5] [--loop 10]

The history is bench/whole_history.py's generator: 50,000 commits by 200 authors over 30
months from 2023-01; the roster names each author as a developer by their e-mail.
Printed, for the window 2024-01..2025-06: one plain `git log --numstat` and the team's
extraction alone (`summarizer.team.team_activities`, in-process, with no cache, and again
writing an empty cache), alternated, medians of --runs; the
per-developer loop it replaces (one `summarizer fetch` per developer, timed on a few and
scaled); a cold and a warm `summarizer team` (offline drafter, every page and the index
written); the peak memory of the cold team run.
Targets (issue 13): extraction <= 1.5x git, warm rerun < 3 s, peak memory < 500 MB.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from whole_history import generate  # noqa: E402

SINCE, UNTIL = "2024-01", "2025-06"


def roster(path: Path, repository: Path, developers: int) -> None:
    lines = [f'since = "{SINCE}"\nuntil = "{UNTIL}"\nrepositories = ["{repository}"]\n']
    lines += [f'[[developer]]\nname = "Person {n}"\nidentities = ["person{n}@example.com"]\n' for n in range(developers)]
    path.write_text("\n".join(lines))


def extraction(team: Path, cache: Path | None) -> float:
    """The team's read of the history alone, in this process: with no cache (None), or writing
    what it read into an empty one."""
    from summarizer.cache import RunCache
    from summarizer.period import Period
    from summarizer.team import team_activities
    from summarizer.team.roster import read_roster

    read = read_roster(team)
    run_cache = RunCache(Path(tempfile.mkdtemp(dir=cache)), enabled=True) if cache else RunCache(Path(os.devnull), enabled=False)
    start = time.perf_counter()
    team_activities(read, Period(since=SINCE, until=UNTIL), None, run_cache)
    return time.perf_counter() - start


def timed(command: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall time, and the peak memory (KB) of the children so far."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commits", type=int, default=50_000)
    parser.add_argument("--developers", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5, help="alternated runs of git and of the extraction (medians)")
    parser.add_argument("--loop", type=int, default=10, help="developers the per-developer loop is timed on (scaled up)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-team-") as scratch:
        repository = Path(scratch) / "generated"
        generate(repository, options.commits, authors=options.developers, file_lines=20)
        team = Path(scratch) / "team.toml"
        roster(team, repository, options.developers)
        env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(Path(scratch) / "cache"), "SUMMARIZER_HOME": str(Path(scratch) / "home")}
        git = ["git", "-C", str(repository), "log", "--no-merges", "--numstat", f"--since={SINCE}-01", f"--until={UNTIL}-30", "HEAD"]
        # Alternated, medians of --runs: a busy neighbour slows both alike.
        git_times, extractions, cached = [], [], []
        for _ in range(options.runs):
            git_times.append(timed(git, env)[0])
            extractions.append(extraction(team, None))
            cached.append(extraction(team, Path(scratch)))
        git_time, extract, written = (statistics.median(times) for times in (git_times, extractions, cached))
        command = [sys.executable, "-m", "summarizer", "team", str(team), "--output", str(Path(scratch) / "site"), "--backend", "offline", "-q"]
        fetch = [sys.executable, "-m", "summarizer", "fetch", str(repository), "--since", SINCE, "--until", UNTIL, "-o", os.devnull]
        cold, peak = timed(command, env)
        warm, _ = timed(command, env)
        loop = sum(timed([*fetch, "-a", f"person{number}@example.com", "--no-cache"], env)[0] for number in range(options.loop))
        print(f"team of {options.developers} over {options.commits:,} commits, {SINCE} to {UNTIL}")
        print(f"  git log --numstat (window)       {git_time:7.2f} s")
        print(f"  team extraction                  {extract:7.2f} s   {extract / git_time:5.2f}x git (target <= 1.5x)")
        print(f"  team extraction, cache written   {written:7.2f} s   {written / git_time:5.2f}x git")
        print(f"  summarizer team, cold            {cold:7.2f} s")
        print(f"  per-developer fetch loop         {loop * options.developers / options.loop:7.2f} s   (scaled from {options.loop})")
        print(f"  summarizer team, warm rerun      {warm:7.2f} s   (target < 3 s)")
        print(f"  peak memory                      {peak / 1024:7.0f} MB  (target < 500 MB)")


if __name__ == "__main__":
    main()
