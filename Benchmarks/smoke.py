#!/usr/bin/env python3
"""CI's benchmark smoke: the ratios that matter, measured in seconds on the debug build the test
command has just made, each against the figure recorded in Benchmarks/smoke-figures.json (taken
the same way on this machine). A ratio more than 3x worse than its record fails the run, so a
regression like the simulator rewriting a chat's whole history on every message is seen the day
it lands, not a round later.

  python3 Benchmarks/smoke.py            # measure and compare (what scripts/test.sh runs)
  python3 Benchmarks/smoke.py --record   # measure 3 times and record the medians

Ratios (higher is worse): decode_vs_bare_parse, list_vs_sqlite3, directory_vs_floor (from
`tgt-bench smoke`); send_vs_status (a one-tap send to 2 targets over GET /api/status, each at
its fifth percentile of 100 sequential requests to a demo `tgt serve` with the simulator at
0 ms); and simulator_share (the simulator's CPU time over the server process's during that run)."""
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Benchmarks/serve"))
from bench import call, start  # noqa: E402  (the demo server's start and login, shared)
BUILD = Path(os.environ.get("TGT_SMOKE_BUILD", str(ROOT / ".build/debug")))
FIGURES = ROOT / "Benchmarks/smoke-figures.json"
LIMIT = 3.0
COMMAND = "python3 Benchmarks/smoke.py"
SENDS = 100


def timed(base, token, method, path, body=None):
    start = time.perf_counter()
    call(base, token, method, path, body)
    return time.perf_counter() - start


def serve_ratios():
    """send_vs_status and simulator_share from a demo `tgt serve`."""
    folder = tempfile.mkdtemp(prefix="tgt-smoke-")
    stats = Path(folder) / "simulator-stats.json"
    server, base, token = start(str(BUILD / "tgt"), folder, 0, stats=str(stats))
    try:
        template = json.loads(call(base, token, "POST", "/api/templates", {
            "name": "Smoke", "body": "On my way at {{time}}",
            "targets": [{"chat_id": -1001000000001}, {"chat_id": -4001}]}))["data"]
        send = f"/api/templates/{template['id']}/send"
        for _ in range(5):  # warm both paths
            timed(base, token, "GET", "/api/status")
            timed(base, token, "POST", send, {})
        status = [timed(base, token, "GET", "/api/status") for _ in range(SENDS)]
        sends = [timed(base, token, "POST", send, {}) for _ in range(SENDS)]
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=120)
        except subprocess.TimeoutExpired:
            server.kill()
    try:
        figures = json.loads(stats.read_text())
    except (OSError, ValueError):
        raise SystemExit("smoke: the demo server wrote no simulator figures (TGT_SIMULATOR_STATS)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    share = figures["simulator_cpu_seconds"] / max(figures["process_cpu_seconds"], 1e-9)
    # The fifth percentile of each, not the median: a loaded machine (CI's, or one sharing its
    # cores) stretches the send's thread hand-offs more than the status read, and the low end of
    # each is what the code costs rather than what the scheduler added.
    low = lambda times: sorted(times)[len(times) // 20]  # noqa: E731
    return {"send_vs_status": low(sends) / low(status), "simulator_share": share}


def measure():
    out = subprocess.run([str(BUILD / "tgt-bench"), "smoke"], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"smoke: tgt-bench smoke failed:\n{out.stderr}")
    ratios = json.loads(out.stdout)
    ratios.update(serve_ratios())
    return ratios


def main():
    if "--record" in sys.argv:
        runs = [measure() for _ in range(3)]
        ratios = {key: round(statistics.median(run[key] for run in runs), 3) for key in runs[0]}
        FIGURES.write_text(json.dumps({
            "about": "Benchmark smoke ratios (higher is worse) on the debug build, median of 3 runs; "
                     f"CI fails when one is more than {LIMIT:g}x its figure here.",
            "command": COMMAND + " --record",
            "recorded": time.strftime("%Y-%m-%d"),
            "ratios": ratios,
        }, indent=2) + "\n")
        print(json.dumps(ratios, indent=2))
        return
    recorded = json.loads(FIGURES.read_text())["ratios"]
    ratios = measure()
    failures = []
    print("benchmark smoke (debug build; higher is worse):")
    for key in sorted(recorded):
        now, then = ratios.get(key), recorded[key]
        if now is None:
            failures.append(f"{key} was not measured")
            continue
        verdict = "ok" if now <= LIMIT * then else "FAIL"
        print(f"  {key}: {now:.3f} (recorded {then:.3f}, limit {LIMIT * then:.3f}) {verdict}")
        if verdict == "FAIL":
            failures.append(f"{key} is {now:.3f}, more than {LIMIT:g}x the {then:.3f} recorded in "
                            f"Benchmarks/smoke-figures.json; reproduce with `{COMMAND}`")
    if failures:
        sys.exit("benchmark smoke failed:\n  " + "\n  ".join(failures))


if __name__ == "__main__":
    main()
