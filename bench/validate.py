"""Benchmark: validating a 20-month profile against 2,000 commits and the teammates' commits.

    python bench/validate.py [--runs N] [--teammates N]

Builds an activity of 2,000 commits over 20 months in memory (subjects, bodies and
paths in the style of a real project), beside the same number of commits by each of
N teammates (default 4) in the same repository and months, drafts its profile offline
and times `validate` on the draft's text, best of N runs, without and with the
teammates. Target (issues 3 and 11): under 0.5 s.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from summarizer.drafting.offline import draft_offline
from summarizer.models.activity import Activity, Commit, FileChange
from summarizer.months import build_history
from summarizer.period import Period, months_between
from summarizer.validation import validate

AREAS = ["autotuner", "Pallas", "cute", "compiler", "runtime", "benchmark", "docs", "CI"]
VERBS = ["Add", "Fix", "Support", "Refactor", "Improve", "Remove", "Enable", "Lower"]
OBJECTS = ["fp8 matmul", "flash_attn_v2 kernel", "layer_norm reduction", "hl.arange reshape", "TMA loads on sm90",
           "int4 dequant", "config priors", "NCCL all-reduce", "cache eviction", "MI300X failures"]  # fmt: skip


TEAMMATES = [("Alan Turing", "alan@example.com"), ("Edsger Dijkstra", "edsger@example.com"), ("Barbara Liskov", "barbara@example.com"),
             ("Donald Knuth", "don@example.com"), ("Frances Allen", "fran@example.com"), ("John Backus", "john@example.com")]  # fmt: skip


def activity(commits: int = 2_000, months: int = 20, teammates: int = 0) -> Activity:
    """A developer's commits, spread evenly over `months` months from 2024-01, and as many by each teammate."""
    rng = random.Random(7)
    calendar = months_between("2024-01", months_between("2024-01", "2030-01")[months - 1])
    made = []
    for number in range(commits * (1 + teammates)):
        month = calendar[number % commits * months // commits]
        name, email = ("Ada Lovelace", "ada@example.com") if number < commits else TEAMMATES[number // commits - 1]
        subject = f"[{rng.choice(AREAS)}] {rng.choice(VERBS)} {rng.choice(OBJECTS)} (#{1000 + number})"
        body = f"Speeds up the kernel by {rng.randint(2, 40)}% on H100.\n\nReviewed By: Barbara Liskov"
        day = 1 + number % 27
        made.append(
            Commit(
                sha=hashlib.sha1(str(number).encode()).hexdigest(), repo="acme/kernels",
                author_name=name, author_email=email,
                authored_at=f"{month}-{day:02d}T10:00:00+00:00", committed_at=f"{month}-{day:02d}T10:00:00+00:00",
                month=month, subject=subject, body=body, pr=1000 + number,
                files=[FileChange(path=f"helion/{rng.choice(AREAS).lower()}/module_{rng.randint(1, 80)}.py", added=rng.randint(1, 90), deleted=rng.randint(0, 40))],
            )
        )  # fmt: skip
    period = Period(since=calendar[0], until=calendar[-1])
    return Activity(authors=["Ada"], period=period, commits=made[:commits], others=made[commits:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--teammates", type=int, default=4, choices=range(len(TEAMMATES) + 1))
    options = parser.parse_args()
    for teammates in sorted({0, options.teammates}):
        history = build_history(activity(teammates=teammates))
        text = draft_offline(history).text()
        times = []
        for _ in range(options.runs):
            start = time.perf_counter()
            findings = validate(text, history)
            times.append(time.perf_counter() - start)
        print(f"validate: {history.totals.commits:,} commits and {len(history.others):,} of {teammates} teammates, "
              f"{len(history.months)} months, {len(text):,} characters of text")  # fmt: skip
        print(f"  best {min(times):.3f} s, median {sorted(times)[len(times) // 2]:.3f} s (target < 0.5 s); {len(findings)} findings")


if __name__ == "__main__":
    main()
