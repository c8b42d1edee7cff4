"""A hostile repository: what anyone who can push may put in a commit never reaches an output raw.

Built with `git fast-import` so every byte is ours: terminal escape sequences in subjects and
bodies, secrets of each kind, a 10,000-character subject, an author name that is not UTF-8,
dates in 1970 and 2100, and the +14:00 / −12:00 offsets on either side of a month's edge.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import run_cli

SECRETS = [
    "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
    "sk-proj-" + "abcdefghijklmnopqrstuvwxyz012345",
    "AKIA" + "ABCDEFGHIJKLMNOP",
    "xoxb-" + "123456789012-abcdefghijkl",
    "glpat-" + "abcdefghij0123456789",
    "hunter2hunter2",
    "MIIEowIBAAKCAQEA",
]
PRIVATE_KEY = f"-----BEGIN RSA PRIVATE KEY-----\n{SECRETS[-1]}x\n-----END RSA PRIVATE KEY-----"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
GRACE = b"Grace Hopper <grace@example.com>"


def _commit(message: bytes, when: str, author: bytes = GRACE, path: str = "src/main.py", line: str = "x") -> bytes:
    content = f"{line}\n".encode()
    return (
        b"commit refs/heads/main\nauthor " + author + b" " + when.encode() + b"\ncommitter " + GRACE + b" " + when.encode()
        + b"\ndata " + str(len(message)).encode() + b"\n" + message + b"\nM 100644 inline " + path.encode()
        + b"\ndata " + str(len(content)).encode() + b"\n" + content + b"\n"
    )  # fmt: skip


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "hostile"
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    commits = [
        _commit(b"Add parser \x1b]0;pwned\x07\x1b[2J\x1b[31mnow\x1b[0m\n\nBody \x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\ and \x9b2J.", "1741000000 +0000", line="a"),
        _commit(f"Rotate {SECRETS[0]} and {SECRETS[2]}\n\nUse {SECRETS[1]} with {SECRETS[3]}, {SECRETS[4]}, {SECRETS[5]}.\n"
                f"Clone https://bob:{SECRETS[6]}@example.com/x.git\n{PRIVATE_KEY}\n".encode(), "1741100000 +0000", line="b"),  # fmt: skip
        _commit(("Add " + "very long title " * 700).encode(), "1741200000 +0000", line="c"),
        _commit(b"Fix the latin-1 author", "1741300000 +0000", author=b"Gr\xe2ce H\xf6pper <grace@example.com>", line="d"),
        _commit(b"Add the epoch", "0 +0000", path="old.py", line="e"),
        _commit(b"Add the far future", "4117000000 +0000", path="future.py", line="f"),
        # 2025-03-31 23:30 at -12:00 is April 1st in UTC; 2025-04-01 00:30 at +14:00 is March 31st.
        _commit(b"Add March edge", "1743507000 -1200", path="march.py", line="g"),
        _commit(b"Add April edge", "1743417000 +1400", path="april.py", line="h"),
    ]
    subprocess.run(["git", "fast-import", "--quiet"], cwd=path, input=b"".join(commits), check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=path, check=True)
    return path


def run(hostile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("run", str(hostile), "-a", "grace@example.com", "--since", "1970-01", "--until", "2100-12", *args)


@pytest.mark.parametrize("form", ["markdown", "json", "html"])
def test_no_control_character_and_no_secret_reaches_a_profile(hostile: Path, form: str) -> None:
    result = run(hostile, "--format", form)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    for stream in (result.stdout, result.stderr):
        assert not CONTROL.findall(stream)
        assert not [secret for secret in SECRETS if secret in stream]
    assert "[REDACTED]" in result.stdout


def test_no_control_character_and_no_secret_reaches_the_activity_file(hostile: Path, tmp_path: Path) -> None:
    saved = tmp_path / "activity.json"
    result = run_cli("fetch", str(hostile), "-a", "grace@example.com", "--since", "1970-01", "--until", "2100-12", "-o", str(saved))
    assert result.returncode == 0, result.stderr
    text = json.loads(saved.read_text())
    flat = json.dumps(text, ensure_ascii=False)
    assert not CONTROL.findall("".join(c["subject"] + c["body"] + c["author_name"] for c in text["commits"]))
    assert "\\u001b" not in flat and not [secret for secret in SECRETS if secret in flat]


def test_a_10000_character_subject_is_cut_in_the_title_and_kept_whole_in_the_body(hostile: Path) -> None:
    profile = json.loads(run(hostile, "--format", "json").stdout)
    titles = [item["title"] for month in profile["months"] for item in month["items"]]
    long = next(title for title in titles if title.startswith("Add very long title"))
    assert len(long) <= 301 and long.endswith("…")


def test_an_author_name_that_is_not_utf8_is_read_with_replacement_characters(hostile: Path) -> None:
    result = run_cli("fetch", str(hostile), "-a", "grace@example.com", "--since", "2025-03", "--until", "2025-03", "-o", "-")
    names = {commit["author_name"] for commit in json.loads(result.stdout)["commits"]}
    assert "Gr\ufffdce H\ufffdpper" in names


def test_commits_of_1970_and_2100_are_counted_in_their_months(hostile: Path) -> None:
    months = {month["month"]: month["commits"] for month in json.loads(run(hostile, "--format", "json").stdout)["months"]}
    assert months["1970-01"] == 1 and months["2100-06"] == 1


def test_a_commit_belongs_to_the_month_of_its_own_offset_at_either_edge(hostile: Path) -> None:
    profile = json.loads(run(hostile, "--format", "json").stdout)
    titles = {month["month"]: [item["title"] for item in month["items"]] for month in profile["months"]}
    assert "Add March edge" in titles["2025-03"] and "Add April edge" in titles["2025-04"]


def test_the_profile_of_a_hostile_history_checks_clean(hostile: Path, tmp_path: Path) -> None:
    written = tmp_path / "profile.md"
    written.write_text(run(hostile).stdout)
    result = run_cli("check", str(written), str(hostile), "-a", "grace@example.com", "--since", "1970-01", "--until", "2100-12")
    assert result.returncode == 0, result.stdout + result.stderr
