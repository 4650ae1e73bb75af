"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
JSON messages ending in a NUL byte on file descriptors 3 and 4), so tests need no websocket
library, no driver binary and no network port. `find_chromium()` is None where Debian's
chromium package (or another Chromium) is not installed."""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    return next((path for name in NAMES if (path := shutil.which(name))), None)


def _high(fd: int) -> int:
    """A copy of fd numbered 10 or more (so moving it to 3 or 4 in the child clobbers nothing)."""
    high = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return high


class Chromium:
    """One headless browser with one page; `evaluate` runs JavaScript in it."""

    def __init__(self, binary: str, timeout: float = 60.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.TemporaryDirectory(prefix="cardgen-chromium-")
        to_child, self._write = (_high(fd) for fd in os.pipe())
        self._read, from_child = (_high(fd) for fd in os.pipe())

        def wire() -> None:  # in the child, before exec: its fds 3 (commands) and 4 (replies)
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             f"--user-data-dir={self.profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=wire)
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    # ----------------------------------------------------------------- protocol

    def _send(self, message: dict[str, Any]) -> None:
        os.write(self._write, json.dumps(message).encode("utf-8") + b"\0")

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: bool = False) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, event: str) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while True:
            for n, seen in enumerate(self.events):
                if seen.get("method") == event:
                    return self.events.pop(n)
            self.events.append(self._receive(deadline))

    # ----------------------------------------------------------------- page

    def open(self, path: Path) -> None:
        """Load a local file and wait for its load event (images included)."""
        self.events.clear()
        self.call("Page.navigate", {"url": path.resolve().as_uri()}, session=True)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self) -> None:
        try:
            self._send({"id": 0, "method": "Browser.close"})
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()
        os.close(self._write)
        os.close(self._read)
        self.profile.cleanup()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
