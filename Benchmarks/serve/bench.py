#!/usr/bin/env python3
"""Dashboard benchmark: GET /api/status and one-tap sends under load against the simulator (zero
latency), against a bare Hummingbird "hello" server as the floor of the HTTP stack and, when
TGT_BASELINE_BINARY names another build, against that build in the same run; then the weight
and render time of the templates page with 50 templates. Uses wrk (Debian) and release builds."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TGT = os.environ.get("TGT_BINARY", str(ROOT / ".build/release/tgt"))
HELLO = os.environ.get("TGT_HELLO_BINARY", str(ROOT / ".build/release/tgt-bench-hello"))
# Another build of tgt to measure in the same run (e.g. the commit before a change).
BASELINE = os.environ.get("TGT_BASELINE_BINARY")
DURATION = os.environ.get("BENCH_SECONDS", "10")
CONNECTIONS = 50


def call(base, token, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as reply:
            return reply.read()
    except urllib.error.HTTPError as error:
        raise SystemExit(f"{method} {path}: {error.code} {error.read().decode(errors='replace')}")


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


def free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def floor():
    """GET /hello on a bare Hummingbird server (`tgt-bench-hello`): the HTTP stack alone."""
    port = free_port()
    server = subprocess.Popen([HELLO, str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/hello"
        for _ in range(100):
            try:
                urllib.request.urlopen(url).read()
                break
            except OSError:
                time.sleep(0.1)
        return wrk(url, "none")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def start(binary, folder, latency_ms, stats=None, upload_rate=None):
    """A demo `tgt serve` on a free port, logged in; returns (process, base URL, token).
    `upload_rate` replaces the demo's simulated upload speed (bytes a second, 0: instant)."""
    env = dict(os.environ, TGT_DATA_DIR=folder, TGT_DEMO_LATENCY_MS=str(latency_ms))
    if upload_rate is not None:
        env["TGT_DEMO_UPLOAD_BYTES_PER_SECOND"] = str(upload_rate)
    if stats:
        env["TGT_SIMULATOR_STATS"] = stats
    server = subprocess.Popen([binary, "--demo", "serve", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
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
    return server, base, token


def measure(binary, with_page):
    """/api/status and the one-tap send under load against `binary`; the templates page too."""
    folder = tempfile.mkdtemp(prefix="tgt-bench-")
    stats = Path(folder) / "simulator-stats.json"
    server, base, token = start(binary, folder, 0, stats=str(stats))
    result = {}
    try:
        template = json.loads(call(base, token, "POST", "/api/templates", {
            "name": "Bench", "body": "On my way at {{time}}", "targets": [{"chat_id": -1001000000001}, {"chat_id": -4001}]}))["data"]
        script = Path(folder) / "send.lua"
        script.write_text('wrk.method = "POST"\nwrk.body = "{}"\nwrk.headers["Content-Type"] = "application/json"\n')

        result["status"] = wrk(base + "/api/status", token)
        result["send"] = wrk(base + f"/api/templates/{template['id']}/send", token, str(script))
        sent = json.loads(call(base, token, "GET", "/api/sends?limit=1"))["data"]["batches"]
        result["last"] = sent[0]["targets"][0]["status"] if sent else "none"
        if with_page:
            for i in range(49):
                call(base, token, "POST", "/api/templates", {"name": f"Template {i + 1:02d}", "icon": "star.fill",
                                                             "body": f"Message number {i + 1} with *bold* and {{{{time}}}}",
                                                             "targets": [{"chat_id": -1001000000001}, {"chat_id": -1001000000002, "topic_id": 11}]})
            html = call(base, token, "GET", "/").decode()
            # Every stylesheet and script the page links (hashed names when the assets are).
            links = re.findall(r'(?:href|src)="(/assets/[^"]+\.(?:css|js))"', html)
            result["html"] = len(html.encode())
            result["assets"] = {link: len(call(base, token, "GET", link)) for link in dict.fromkeys(links)}
            result["page"] = wrk(base + "/", token, connections=10)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
        try:
            figures = json.loads(stats.read_text())
            result["simulator_share"] = figures["simulator_cpu_seconds"] / max(figures["process_cpu_seconds"], 1e-9)
            result["process_cpu"] = figures["process_cpu_seconds"]
        except (OSError, ValueError, KeyError):
            result["simulator_share"] = None  # a build from before the simulator was metered
        shutil.rmtree(folder, ignore_errors=True)
    return result


TAP_LATENCY_MS = 50
TAP_TARGETS = [{"chat_id": -1001000000001}, {"chat_id": -1001000000002, "topic_id": 11}, {"chat_id": -4001},
               {"chat_id": 555000111}, {"chat_id": -1001000000002, "topic_id": 12}]
TAP_SENDS = 20


def stop(server):
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=60)


def tap_cost(binary):
    """A tap's own cost: one-tap sends to 1, 3 and 5 targets, one at a time, with the simulator
    at TAP_LATENCY_MS per server round trip (its local answers at once, as TDLib's are)."""
    folder = tempfile.mkdtemp(prefix="tgt-tap-")
    rows = {}
    try:
        server, base, token = start(binary, folder, TAP_LATENCY_MS)
        try:
            for count in (1, 3, 5):
                template = json.loads(call(base, token, "POST", "/api/templates", {
                    "name": f"Tap {count}", "body": "On my way at {{time}}", "targets": TAP_TARGETS[:count]}))["data"]
                path = f"/api/templates/{template['id']}/send"
                for _ in range(3):
                    call(base, token, "POST", path, {})
                times = []
                for _ in range(TAP_SENDS):
                    started = time.perf_counter()
                    report = json.loads(call(base, token, "POST", path, {}))["data"]
                    times.append((time.perf_counter() - started) * 1000)
                    if any(r["status"] != "sent" for r in report["results"]):
                        raise SystemExit(f"a tap to {count} targets was not sent: {report}")
                times.sort()
                rows[count] = {"p50": times[len(times) // 2], "p90": times[int(len(times) * 0.9) - 1], "max": times[-1]}
        finally:
            stop(server)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows


SHARE_SENDERS = 4
SHARE_SENDS = 300


def sends_share(binary):
    """The simulator's share of the server's CPU under one-tap sends alone: SHARE_SENDERS
    clients each sending SHARE_SENDS times in turn (2 targets, simulator at 0 ms), nothing else;
    the server's whole CPU time comes from its stop report (TGT_SIMULATOR_STATS)."""
    import threading
    folder = tempfile.mkdtemp(prefix="tgt-share-")
    stats = Path(folder) / "simulator-stats.json"
    try:
        server, base, token = start(binary, folder, 0, stats=str(stats))
        try:
            template = json.loads(call(base, token, "POST", "/api/templates", {
                "name": "Share", "body": "On my way at {{time}}", "targets": [{"chat_id": -1001000000001}, {"chat_id": -4001}]}))["data"]
            path = f"/api/templates/{template['id']}/send"
            failures = []

            def sender():
                for _ in range(SHARE_SENDS):
                    report = json.loads(call(base, token, "POST", path, {}))["data"]
                    failures.extend(r for r in report["results"] if r["status"] != "sent")

            started = time.perf_counter()
            threads = [threading.Thread(target=sender) for _ in range(SHARE_SENDERS)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.perf_counter() - started
            if failures:
                raise SystemExit(f"{len(failures)} targets were not sent, e.g. {failures[0]}")
        finally:
            stop(server)
        figures = json.loads(stats.read_text())
        return {"sends": SHARE_SENDERS * SHARE_SENDS, "seconds": elapsed,
                "share": figures["simulator_cpu_seconds"] / max(figures["process_cpu_seconds"], 1e-9),
                "simulator_cpu": figures["simulator_cpu_seconds"], "process_cpu": figures["process_cpu_seconds"]}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


FILE_SIZES = (1 << 20, 256 << 20, 512 << 20)


def peak_kb(args, env):
    """Runs a command under GNU time; its peak resident memory in KB (it must succeed)."""
    done = subprocess.run(["/usr/bin/time", "-v"] + args, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args[1:])} failed: {done.stderr.split('Command being timed')[0][-600:]}")
    return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))


def files_memory(binary):
    """Peak memory of `tgt chat send --attach` and `tgt chat download` while `tgt serve` holds
    the session, for files of 1, 256 and 512 MB: a file goes through streamed and in ranges,
    never whole in memory, so doubling it should add a few MB, not its size."""
    folder = tempfile.mkdtemp(prefix="tgt-files-")
    try:
        # Uploads to Telegram instant: the command's own cost, not the demo's 2 MB/s.
        server, base, token = start(binary, folder, 0, upload_rate=0)
        try:
            env = dict(os.environ, TGT_DATA_DIR=folder)
            rows = {}
            for size in FILE_SIZES:
                path = Path(folder) / f"file-{size}.pdf"
                with open(path, "wb") as f:
                    f.write(b"%PDF-1.4\n")
                    f.truncate(size)
                up = peak_kb([binary, "--demo", "chat", "send", "Alice", "--attach", str(path)], env)
                page = json.loads(subprocess.run([binary, "--demo", "--json", "chat", "read", "Alice", "--limit", "1"], env=env,
                                                 capture_output=True, text=True, check=True).stdout)
                message = page["messages"][-1]["id"]
                into = Path(folder) / f"saved-{size}"
                into.mkdir()
                down = peak_kb([binary, "--demo", "chat", "download", "Alice", str(message), "--to", str(into)], env)
                saved = next(into.iterdir())
                if saved.stat().st_size != size:
                    raise SystemExit(f"the download of {size} bytes saved {saved.stat().st_size}")
                saved.unlink()
                path.unlink()
                rows[size] = (up, down)
        finally:
            stop(server)
        return rows
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def print_files(rows):
    small, middle, big = (rows[size] for size in FILE_SIZES)
    print("## Files through a running dashboard (`Benchmarks/run.sh files`)\n")
    print("Peak resident memory of the `tgt` command (GNU time) while `tgt serve --demo` holds the session "
          "(uploads to Telegram instant). Bound: doubling the file from 256 to 512 MB adds less than a tenth of the 256 MB.\n")
    print("| command | 1 MB | 256 MB | 512 MB | added by 256 → 512 MB | / 256 MB | within bound |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for label, index in (("`tgt chat send --attach`", 0), ("`tgt chat download`", 1)):
        added = big[index] - middle[index]
        share = added * 1024 / (FILE_SIZES[2] - FILE_SIZES[1])
        print(f"| {label} | {small[index] / 1024:.1f} MB | {middle[index] / 1024:.1f} MB | {big[index] / 1024:.1f} MB | "
              f"{added / 1024:.1f} MB | {share:.3f} | {'yes' if share < 0.1 else '**no**'} |")
    print()


def print_share(result, label=""):
    print(f"## The simulator's share under sends alone{label} (`Benchmarks/run.sh sends`)\n")
    print(f"{SHARE_SENDERS} clients, {SHARE_SENDS} one-tap sends each in turn (2 targets, simulator at 0 ms): "
          f"{result['sends']} sends in {result['seconds']:.1f} s ({result['sends'] / result['seconds']:.0f}/s). "
          f"The simulator took **{result['share'] * 100:.1f} %** of the server's CPU "
          f"({result['simulator_cpu']:.2f} s of {result['process_cpu']:.2f} s; target ≤ 10 %).\n")


def print_tap(rows, label=""):
    bound = TAP_LATENCY_MS + 20
    print(f"## A tap's own cost{label} (`Benchmarks/run.sh serve`)\n")
    print(f"One-tap sends through `POST /api/templates/{{id}}/send`, one at a time ({TAP_SENDS} per row after 3 to warm up), "
          f"simulator at {TAP_LATENCY_MS} ms per server round trip; a send ends when Telegram has confirmed every target. "
          f"Bound: one round trip + 20 ms = {bound} ms.\n")
    print("| targets | p50 ms | p90 ms | max ms | p50 − round trip | within bound (p90) |")
    print("|---:|---:|---:|---:|---:|---|")
    for count, r in rows.items():
        print(f"| {count} | {r['p50']:.1f} | {r['p90']:.1f} | {r['max']:.1f} | {r['p50'] - TAP_LATENCY_MS:.1f} | {'yes' if r['p90'] <= bound else '**no**'} |")
    print()


def main():
    if sys.argv[1:] == ["files"]:
        print_files(files_memory(TGT))
        return
    if sys.argv[1:] == ["sends"]:
        print_share(sends_share(TGT))
        if BASELINE:
            print_share(sends_share(BASELINE), " — baseline build")
        return
    if sys.argv[1:] == ["tap"]:
        print_tap(tap_cost(TGT))
        if BASELINE:
            print_tap(tap_cost(BASELINE), " — baseline build")
        return
    hello = floor()
    taps = tap_cost(TGT)
    after = measure(TGT, with_page=True)
    before = measure(BASELINE, with_page=False) if BASELINE else None

    print("## Dashboard under load (`Benchmarks/run.sh serve`)\n")
    print(f"wrk, {CONNECTIONS} connections, 2 threads, {DURATION} s each, simulator at 0 ms latency, release builds, one run.\n")
    print("| endpoint | build | requests/s | p50 ms | p99 ms | non-2xx | throughput vs floor |")
    print("|---|---|---:|---:|---:|---:|---:|")
    print(f"| GET /hello, bare Hummingbird (floor) | `tgt-bench-hello` | {hello['rps']:.0f} | {hello['p50']:.2f} | {hello['p99']:.2f} | {hello['non2xx']} | 1.00× |")
    rows = [("GET /api/status", "status"), ("POST /api/templates/{id}/send (2 targets)", "send")]
    for label, key in rows:
        for name, result in (("before", before), ("after", after)):
            if result is None:
                continue
            r = result[key]
            print(f"| {label} | {name} | {r['rps']:.0f} | {r['p50']:.2f} | {r['p99']:.2f} | {r['non2xx']} | {r['rps'] / hello['rps']:.2f}× |")
    if before:
        for label, key in rows:
            ratio = after[key]["rps"] / before[key]["rps"]
            print(f"\n{label}: after / before throughput **{ratio:.2f}×**, p50 {after[key]['p50'] / before[key]['p50']:.2f}×.", end="")
        print("\n")
    print(f"Each send writes 2 send-log rows and waits for 2 delivery confirmations; the last batch: {after['last']}.\n")
    for name, result in (("after", after), ("before", before)):
        if result and result.get("simulator_share") is not None:
            print(f"The simulator's share of the server's CPU time over the whole run ({name}): "
                  f"**{result['simulator_share'] * 100:.1f} %** of {result['process_cpu']:.1f} s (target ≤ 10 %).\n")
    print_tap(taps)
    weight = after["html"] + sum(after["assets"].values())
    print("## Templates page with 50 templates\n")
    print("| part | bytes |")
    print("|---|---:|")
    print(f"| HTML | {after['html']} |")
    for name, size in after["assets"].items():
        print(f"| {name} | {size} |")
    print(f"| **total** | **{weight}** ({weight / 1024:.1f} KiB; target < 100 KB) |")
    page = after["page"]
    print(f"\nServer render of `/` (wrk, 10 connections): {page['rps']:.0f} pages/s, p50 {page['p50']:.2f} ms, p99 {page['p99']:.2f} ms.")
    if weight >= 100_000:
        sys.exit("the templates page is over 100 KB")


if __name__ == "__main__":
    main()
