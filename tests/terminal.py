"""A real terminal for tests: tmux runs a command; keys are sent and the screen is read."""

from __future__ import annotations

import subprocess
import time


class Terminal:
    def __init__(self, socket: str, command: str) -> None:
        self.socket = socket
        self.tmux("new-session", "-d", "-s", "review", "-x", "80", "-y", "45", command)
        self.tmux("set-option", "-t", "review", "remain-on-exit", "on")

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True).stdout

    def screen(self) -> str:
        # -J joins a line the terminal wrapped: a message is found whole wherever it broke.
        return self.tmux("capture-pane", "-p", "-J", "-t", "review", "-S", "-200")

    def wait_for(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared:\n{self.screen()}")

    def type(self, keys: str) -> None:
        self.tmux("send-keys", "-t", "review", keys, "Enter")

    def answer(self, keys: str, timeout: float = 30) -> None:
        """Types the keys once the program waits at its prompt (the screen ends in "> "): keys sent
        before it is drawn are echoed above it, and a slow machine draws late."""
        deadline = time.monotonic() + timeout
        while not self.screen().rstrip().endswith(">"):
            if time.monotonic() > deadline:
                raise AssertionError(f"no prompt came:\n{self.screen()}")
            time.sleep(0.1)
        self.type(keys)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
