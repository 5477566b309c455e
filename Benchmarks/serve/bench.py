#!/usr/bin/env python3
"""Dashboard benchmark: one-tap sends under load against the simulator (zero latency), with
GET /api/status under the same load as the floor of the HTTP stack; then the weight and render
time of the templates page with 50 templates. Uses wrk (Debian) and the release `tgt`."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TGT = os.environ.get("TGT_BINARY", str(ROOT / ".build/release/tgt"))
DURATION = os.environ.get("BENCH_SECONDS", "10")
CONNECTIONS = 50


def call(base, token, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as reply:
        return reply.read()


def wrk(url, token, script=None, connections=CONNECTIONS):
    command = ["wrk", "-t", "2", "-c", str(connections), "-d", DURATION + "s", "--latency", "-H", "Authorization: Bearer " + token]
    if script:
        command += ["-s", script]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def percentile(p):
        m = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)\b", out)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p50": percentile(50), "p99": percentile(99), "non2xx": int(errors.group(1)) if errors else 0}


def main():
    folder = tempfile.mkdtemp(prefix="tgt-bench-")
    env = dict(os.environ, TGT_DATA_DIR=folder, TGT_DEMO_LATENCY_MS="0")
    server = subprocess.Popen([TGT, "--demo", "serve", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        base = None
        while base is None:
            line = server.stdout.readline()
            if not line:
                raise SystemExit("tgt serve did not start")
            if m := re.match(r"Dashboard: (http://\S+?)/?$", line.strip()):
                base = m.group(1)
        token = json.loads((Path(folder) / "demo/server.json").read_text())["token"]
        call(base, token, "POST", "/api/login/phone", {"phone_number": "+15555550123"})
        call(base, token, "POST", "/api/login/code", {"code": "12345"})
        call(base, token, "POST", "/api/login/password", {"password": "demo"})
        call(base, token, "GET", "/api/chats?refresh=true")
        template = json.loads(call(base, token, "POST", "/api/templates", {
            "name": "Bench", "body": "On my way at {{time}}", "targets": [{"chat_id": -1001000000001}, {"chat_id": -4001}]}))["data"]
        script = Path(folder) / "send.lua"
        script.write_text('wrk.method = "POST"\nwrk.body = "{}"\nwrk.headers["Content-Type"] = "application/json"\n')

        status = wrk(base + "/api/status", token)
        send = wrk(base + f"/api/templates/{template['id']}/send", token, str(script))

        for i in range(49):
            call(base, token, "POST", "/api/templates", {"name": f"Template {i + 1:02d}", "icon": "star.fill",
                                                         "body": f"Message number {i + 1} with *bold* and {{{{time}}}}",
                                                         "targets": [{"chat_id": -1001000000001}, {"chat_id": -1001000000002, "topic_id": 11}]})
        html = call(base, token, "GET", "/")
        assets = {name: len(call(base, token, "GET", "/assets/" + name)) for name in ("app.css", "app.js", "grid.js")}
        page = wrk(base + "/", token, connections=10)
        sent = json.loads(call(base, token, "GET", "/api/sends?limit=1"))["data"]["batches"]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
        shutil.rmtree(folder, ignore_errors=True)

    weight = len(html) + sum(assets.values())
    print("## Dashboard under load (`Benchmarks/run.sh serve`)\n")
    print(f"wrk, {CONNECTIONS} connections, 2 threads, {DURATION} s each, simulator at 0 ms latency, release build.\n")
    print("| endpoint | requests/s | p50 ms | p99 ms | non-2xx |")
    print("|---|---:|---:|---:|---:|")
    print(f"| GET /api/status (floor) | {status['rps']:.0f} | {status['p50']:.2f} | {status['p99']:.2f} | {status['non2xx']} |")
    print(f"| POST /api/templates/{{id}}/send (2 targets) | {send['rps']:.0f} | {send['p50']:.2f} | {send['p99']:.2f} | {send['non2xx']} |")
    print(f"\nSend throughput is {send['rps'] / status['rps']:.2f}× the floor's; p50 latency {send['p50'] / status['p50']:.1f}× the floor's.")
    print(f"Each send writes 2 send-log rows and waits for 2 delivery confirmations; the last batch: {sent[0]['targets'][0]['status'] if sent else 'none'}.\n")
    print("## Templates page with 50 templates\n")
    print("| part | bytes |")
    print("|---|---:|")
    print(f"| HTML | {len(html)} |")
    for name, size in assets.items():
        print(f"| {name} | {size} |")
    print(f"| **total** | **{weight}** ({weight / 1024:.1f} KiB; target < 100 KB) |")
    print(f"\nServer render of `/` (wrk, 10 connections): {page['rps']:.0f} pages/s, p50 {page['p50']:.2f} ms, p99 {page['p99']:.2f} ms.")
    if weight >= 100_000:
        sys.exit("the templates page is over 100 KB")


if __name__ == "__main__":
    main()
