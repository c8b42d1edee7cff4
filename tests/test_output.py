"""`--output` writes into whatever is at the path; only a regular file is replaced by a rename.

Each kind of target is tried through the real command (run, fetch and export all have
--output) and, where the command cannot show it, through the writer itself.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from summarizer.atomic import NotARegularFile, write_atomic
from summarizer.errors import SummarizerError
from summarizer.output import write_output
from tests.conftest import BuiltRepo, run_cli

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"
RUN = ("run", "--activity", str(GRACE), "--backend", "offline", "--format", "json")
OLD = "the old profile\n"


def profile() -> str:
    """What `run` prints to stdout: every written target must hold exactly this."""
    result = run_cli(*RUN)
    assert result.returncode == 0, result.stderr
    return result.stdout


def run_into(target: Path | str) -> subprocess.CompletedProcess[str]:
    result = run_cli(*RUN, "--output", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    return result


def test_a_regular_file_is_replaced_by_a_rename_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "profile.json"
    target.write_text(OLD)
    target.chmod(0o640)
    before = target.stat()
    run_into(target)
    after = target.stat()
    assert target.read_text() == profile()
    assert after.st_ino != before.st_ino, "written in place, not replaced"
    assert stat.S_IMODE(after.st_mode) == 0o640
    assert [path.name for path in tmp_path.iterdir()] == ["profile.json"], "a temporary file was left behind"


@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another owner")
def test_a_replaced_file_keeps_its_owner_and_group_when_root_writes_it(tmp_path: Path) -> None:
    target = tmp_path / "profile.json"
    target.write_text(OLD)
    os.chown(target, 4242, 4343)
    write_atomic(target, "new\n")
    assert (target.stat().st_uid, target.stat().st_gid) == (4242, 4343)


def test_a_new_file_gets_the_mode_a_plain_open_would_give(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        write_output(tmp_path / "new.json", "new\n")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


def test_a_crash_mid_write_leaves_the_old_content(tmp_path: Path) -> None:
    target = tmp_path / "profile.json"
    target.write_text(OLD)
    # The process dies for real once the new text is on disk, before the rename.
    crash = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from summarizer.atomic import write_atomic\n"
        "os.fsync = lambda descriptor: os.kill(os.getpid(), signal.SIGKILL)\n"
        "write_atomic(Path(sys.argv[1]), 'the new profile, half written')\n"
    )
    result = subprocess.run([sys.executable, "-c", crash, str(target)], capture_output=True, text=True, timeout=60)
    assert result.returncode == -9, result.stderr
    assert target.read_text() == OLD


def test_a_failed_write_leaves_the_old_content_and_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "profile.json"
    target.write_text(OLD)

    def disk_full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SummarizerError, match=f"cannot write {target}: No space left on device"):
        write_output(target, "new\n")
    assert target.read_text() == OLD
    assert [path.name for path in tmp_path.iterdir()] == ["profile.json"]


def test_a_symlink_stays_a_symlink_and_the_file_it_names_is_replaced_in_its_own_folder(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "profile.json").write_text(OLD)
    (shared / "profile.json").chmod(0o604)
    before = (shared / "profile.json").stat()
    link = tmp_path / "profile.json"
    link.symlink_to(shared / "profile.json")
    run_into(link)
    assert link.is_symlink() and os.readlink(link) == str(shared / "profile.json")
    assert (shared / "profile.json").read_text() == profile()
    after = (shared / "profile.json").stat()
    assert after.st_ino != before.st_ino and stat.S_IMODE(after.st_mode) == 0o604
    assert sorted(path.name for path in tmp_path.iterdir()) == ["profile.json", "shared"]
    assert [path.name for path in shared.iterdir()] == ["profile.json"]


def test_a_chain_of_relative_symlinks_is_followed_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    (tmp_path / "real" / "profile.json").write_text(OLD)
    (tmp_path / "links" / "second").symlink_to("../real/profile.json")
    (tmp_path / "first").symlink_to("links/second")
    run_into(tmp_path / "first")
    assert os.readlink(tmp_path / "first") == "links/second"
    assert os.readlink(tmp_path / "links" / "second") == "../real/profile.json"
    assert (tmp_path / "real" / "profile.json").read_text() == profile()


def test_a_dangling_symlink_gets_the_file_it_names_created(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir()
    link = tmp_path / "profile.json"
    link.symlink_to("shared/profile.json")
    run_into(link)
    assert link.is_symlink()
    assert (tmp_path / "shared" / "profile.json").read_text() == profile()


def test_a_fifo_reader_receives_the_whole_profile(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    # A daemon thread: were the FIFO replaced, its reader would wait forever.
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    run_into(fifo)
    reader.join(timeout=30)
    assert received == [profile()]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod of a character device needs root")
def test_a_character_device_stays_a_device(tmp_path: Path) -> None:
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a copy of /dev/null, never the real one
    run_into(device)
    after = device.lstat()
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == os.makedev(1, 3)
    assert [path.name for path in tmp_path.iterdir()] == ["null"]


def test_the_writer_refuses_to_rename_over_anything_but_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(NotARegularFile):
        write_atomic(fifo, "new\n")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert [path.name for path in tmp_path.iterdir()] == ["pipe"]


@pytest.mark.parametrize("target", ["-", "/dev/stdout"])
def test_dash_and_dev_stdout_write_to_stdout(target: str) -> None:
    result = run_cli(*RUN, "--output", target)
    assert result.returncode == 0, result.stderr
    assert result.stdout == profile()


def test_dev_stdout_redirected_to_a_file_appends_after_what_the_shell_put_there(tmp_path: Path) -> None:
    log = tmp_path / "log"
    log.write_text("earlier lines\n")
    inode = log.stat().st_ino
    with log.open("a") as appended:
        command = [sys.executable, "-m", "summarizer", *RUN, "--output", "/dev/stdout"]
        result = subprocess.run(command, stdout=appended, stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert log.read_text() == "earlier lines\n" + profile()
    assert log.stat().st_ino == inode


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("{tmp}", "{tmp} is a folder; give the path of a file to write"),
        ("{tmp}/no/such/folder/profile.json", "cannot write {tmp}/no/such/folder/profile.json: folder {tmp}/no/such/folder does not exist"),
    ],
    ids=["folder", "missing folder"],
)  # fmt: skip
def test_a_folder_or_a_missing_folder_is_one_line_and_exit_2(tmp_path: Path, where: str, message: str) -> None:
    result = run_cli(*RUN, "--output", where.format(tmp=tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip() == f"summarizer: error: {message.format(tmp=tmp_path)}"


def test_fetch_writes_the_activity_through_a_symlink(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir()
    link = tmp_path / "activity.json"
    link.symlink_to(tmp_path / "shared" / "activity.json")
    result = run_cli("fetch", str(cobol_tools.path), "-a", "grace", "--since", "2025-01", "--until", "2025-06", "--output", str(link))
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and '"commits"' in (tmp_path / "shared" / "activity.json").read_text()


def test_export_writes_the_profile_into_a_fifo(tmp_path: Path) -> None:
    run_cli(*RUN)
    expected = run_cli("export", "--activity", str(GRACE), "--format", "json").stdout
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    result = run_cli("export", "--activity", str(GRACE), "--format", "json", "--output", str(fifo))
    reader.join(timeout=30)
    assert result.returncode == 0, result.stderr
    assert received == [expected] and expected.startswith("{")
