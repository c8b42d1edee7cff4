"""A profile drafted by the real model that ../shared/real-model/serve.sh starts, and what it shows.

Shared by bench/real_model.py (six months, figures printed) and tests/test_real_model.py
(two months, asserted). The run is the real command in its own process, talking to the
server through tests/recording_proxy.py so that every request it sent can be inspected.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.recording_proxy import Exchange, RecordingProxy

SHARED = Path(__file__).resolve().parents[2] / "shared"
HELION = SHARED / "real-history" / "helion.bundle"
DEFAULT_URL = "http://127.0.0.1:8089/v1"
FALLBACK = re.compile(r"^(?P<step>[A-Z][a-z]+ \d{4}|overview|skills): .*(drafted offline|tagged offline|offline text stands in its place)")


def server_url() -> str:
    return os.environ.get("SUMMARIZER_REAL_MODEL_URL", DEFAULT_URL).rstrip("/")


def unreachable(url: str) -> str | None:
    """Why the real model cannot be used here, or None when it answers."""
    if not HELION.exists():
        return f"{HELION} is absent (../shared is not beside this checkout)"
    try:
        urllib.request.urlopen(url.removesuffix("/v1") + "/health", timeout=2)
    except OSError as error:
        return f"no real model server answers at {url} ({error}); start ../shared/real-model/serve.sh"
    return None


def served_model(url: str) -> str:
    """The model to ask for: SUMMARIZER_MODEL where set, else the first the server lists."""
    if named := os.environ.get("SUMMARIZER_MODEL"):
        return named
    with urllib.request.urlopen(url + "/models", timeout=5) as answer:
        return str(json.load(answer)["data"][0]["id"])


def written(exchange: Exchange) -> str:
    """What the model wrote in an exchange: the content of its streamed pieces, or of its one JSON body."""
    text = exchange.answer.decode(errors="replace")
    if not text.lstrip().startswith("data:"):
        try:
            return str(json.loads(text)["choices"][0]["message"]["content"] or "")
        except (ValueError, KeyError, IndexError, TypeError):
            return ""
    pieces = []
    for line in text.splitlines():
        if line.startswith("data: ") and line != "data: [DONE]":
            try:
                choices = json.loads(line[6:]).get("choices") or [{}]
            except ValueError:
                continue
            pieces.append(str((choices[0].get("delta") or {}).get("content") or ""))
    return "".join(pieces)


def clone_helion(where: Path) -> Path:
    target = where / "helion"
    if not target.exists():
        subprocess.run(["git", "clone", "-q", str(HELION), str(target)], check=True)
    return target


@dataclass
class Drafted:
    seconds: float
    first_line_after: float | None  # seconds from the start to the first line on stderr
    returncode: int
    stderr: list[str]
    profile: dict[str, Any]
    exchanges: list[Exchange]
    fallbacks: list[str] = field(default_factory=list)

    @property
    def unbounded(self) -> int:
        """Requests that went out without a bound on the answer's length."""
        return sum(not (e.body.get("max_tokens") or e.body.get("max_completion_tokens")) for e in self.exchanges)

    @property
    def findings(self) -> Counter[str]:
        return Counter(f"{f['kind']} ({f['severity']})" for f in self.profile.get("findings", []))

    @property
    def errors(self) -> int:
        return sum(f["severity"] == "error" for f in self.profile.get("findings", []))

    def paragraphs(self) -> list[str]:
        return [self.profile["overview"]] + [month["summary"] for month in self.profile["months"]]

    def repeated_sentences(self) -> list[str]:
        """Sentences of six words or more said twice anywhere in the profile's prose."""
        seen: Counter[str] = Counter()
        for paragraph in self.paragraphs():
            for sentence in re.split(r"(?<=[.!?])\s+", paragraph):
                words = re.findall(r"\w+", sentence.lower())
                if len(words) >= 6:
                    seen[" ".join(words)] += 1
        return [sentence for sentence, times in seen.items() if times > 1]

    def highlights_by_month(self) -> dict[str, dict[str, list[str]]]:
        """Per month, the highlights the profile kept, those whose citation the run corrected and
        those it removed, each with why (the finding's message)."""
        report: dict[str, dict[str, list[str]]] = {}
        for month in self.profile["months"]:
            kept = [f"{h['text']} ({', '.join(h['evidence'])})" for h in month["highlights"]]
            report[month["month"]] = {"kept": kept, "corrected": [], "removed": []}
        for finding in self.profile.get("findings", []):
            where = report.get(finding.get("month") or "")
            message = finding["message"]
            if where is None:
                continue
            if message.startswith("citation corrected in the draft"):
                where["corrected"].append(f"“{finding['text']}”: {message}")
            elif message.startswith("highlight removed from the draft"):
                where["removed"].append(f"“{finding['text']}”: {message}")
        return report

    def drafted_by_the_model(self) -> list[dict[str, Any]]:
        return [month for month in self.profile["months"] if _label(month["month"]) not in self.fallbacks]


def draft(proxy: RecordingProxy, clone: Path, author: str, since: str, until: str, home: Path, model: str, jobs: int = 2) -> Drafted:
    """`summarizer run` of one author's months against the model behind `proxy`, recorded.

    Reruns must go through the same proxy: the endpoint is part of every cached answer's key."""
    before = len(proxy.exchanges)
    env = {
        **os.environ, "OPENAI_BASE_URL": proxy.url, "OPENAI_API_KEY": "local",
        "SUMMARIZER_CACHE_DIR": str(home / "cache"), "SUMMARIZER_HOME": str(home / "workspace"),
    }  # fmt: skip
    command = [
        sys.executable, "-m", "summarizer", "run", str(clone), "--author", author, "--since", since, "--until", until,
        "--model", model, "--jobs", str(jobs), "--format", "json",
    ]  # fmt: skip
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[tuple[float, str]] = []

    def read_stderr() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append((time.monotonic() - started, line.rstrip("\n")))

    reader = threading.Thread(target=read_stderr)
    reader.start()
    assert process.stdout is not None
    stdout = process.stdout.read()  # not communicate(): it would read stderr too, before the thread
    process.wait()
    reader.join()
    stderr = [line for _, line in lines]
    notes = [line.removeprefix("summarizer: ") for line in stderr]
    return Drafted(
        seconds=time.monotonic() - started,
        first_line_after=lines[0][0] if lines else None,
        returncode=process.returncode,
        stderr=stderr,
        profile=json.loads(stdout) if process.returncode == 0 else {},
        exchanges=proxy.exchanges[before:],
        fallbacks=sorted({match.group("step") for note in notes if (match := FALLBACK.match(note))}),
    )


def _label(month: str) -> str:
    from summarizer.period import month_label

    return month_label(month)
