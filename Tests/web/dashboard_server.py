"""Starts the real `tgt serve --demo` (or, with demo=False, `tgt serve` without Telegram
credentials: the first-run pages) on a free port in a temporary data folder. `TGT_BINARY`
chooses the binary (e.g. one built with --scratch-path). conftest.py makes one for each test."""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def tgt_binary() -> str:
    explicit = os.environ.get("TGT_BINARY")
    if explicit:
        return explicit
    for candidate in (ROOT / ".build/debug/tgt", ROOT / ".build/release/tgt"):
        if candidate.exists():
            return str(candidate)
    raise RuntimeError("tgt is not built: run `swift build` first (or set TGT_BINARY)")


class DashboardServer:
    """`with DashboardServer() as s:` gives s.url, s.setup_code, s.token (the run's API token),
    s.api(method, path, body) to call the API with it, s.login_telegram() and s.tgt(*args)."""

    def __init__(self, demo=True, undo_hold=0):
        self.demo = demo
        # Taps send at once unless a test is about the undo hold (test_undo.py sets its own).
        self.undo_hold = undo_hold
        self.folder = tempfile.mkdtemp(prefix="tgt-web-")
        self.process = None
        self.url = None
        self.setup_code = None
        self.token = None

    def __enter__(self):
        # Uploads crawl (8 KB/s): a test's own small files go at once, a 2 MB one can be stopped.
        env = dict(os.environ, TGT_DATA_DIR=self.folder, TGT_DEMO_UPLOAD_BYTES_PER_SECOND="8192")
        demo = ["--demo"] if self.demo else []
        subprocess.run([tgt_binary()] + demo + ["settings", "--undo-hold", str(self.undo_hold)], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        command = [tgt_binary()] + (["--demo"] if self.demo else []) + ["serve", "--port", "0"]
        self.process = subprocess.Popen(command, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.time() + 60
        while time.time() < deadline and not (self.url and self.setup_code):
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("tgt serve exited early")
            if m := re.match(r"Dashboard: (http://\S+?)/?$", line.strip()):
                self.url = m.group(1)
            if m := re.search(r"setup=([A-Z0-9]+)", line):
                self.setup_code = m.group(1)
        descriptor = json.loads((Path(self.folder) / ("demo" if self.demo else "") / "server.json").read_text())
        self.token = descriptor["token"]
        return self

    def api(self, method, path, body=None):
        """Calls /api/PATH with the run's token; returns the reply's `data`."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + "/api/" + path, data=data, method=method,
                                         headers={"Authorization": "Bearer " + self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request) as reply:
            return json.loads(reply.read())["data"]

    def login_telegram(self):
        """Logs the demo in to Telegram through the API (phone, code 12345, password demo)."""
        for path, body in (("login/phone", {"phone_number": "+15555550123"}), ("login/code", {"code": "12345"}),
                           ("login/password", {"password": "demo"})):
            self.api("POST", path, body)

    def tgt(self, *args):
        """Runs the real `tgt --demo ARGS` on this server's data folder, as a person in a terminal
        would (it goes through the running dashboard)."""
        env = dict(os.environ, TGT_DATA_DIR=self.folder)
        return subprocess.run([tgt_binary()] + (["--demo"] if self.demo else []) + list(args), env=env,
                              capture_output=True, text=True, timeout=300)

    def stop(self) -> int:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                return -9
        return self.process.returncode if self.process else 0

    def __exit__(self, *exc):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
