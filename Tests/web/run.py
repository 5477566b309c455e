#!/usr/bin/env python3
"""Browser tests (headless Chromium + selenium, with the axe-core accessibility audit), the
weight of the templates page with 50 templates, of the chats page with a 50-message conversation
and of the timers page with 1,000 timers, and the schemathesis API fuzzer, all against the
real `tgt serve --demo`. Run by scripts/test.sh; screenshots go to artifacts/screenshots."""
import json
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dashboard_server import ROOT, DashboardServer  # noqa: E402
import browser_tests  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PAGE_BUDGET = 100_000  # bytes: the templates page with 50 templates, with its stylesheet and scripts
CONVERSATION_BUDGET = 150_000  # bytes: the Chats page with a 50-message conversation open


def audit_first_run_setup(driver, audit):
    """The demo skips the API-credentials step; a dashboard without credentials shows it."""
    with DashboardServer(demo=False) as server:
        wait = WebDriverWait(driver, 15)
        driver.get(f"{server.url}/login?setup={server.setup_code}")
        for field in ("password", "confirm"):
            driver.find_element(By.ID, field).send_keys("browser-pass-1")
        driver.find_element(By.ID, "confirm").send_keys(Keys.ENTER)
        wait.until(EC.presence_of_element_located((By.ID, "api_id")))
        audit.screen("first run: Telegram API credentials")
        driver.find_element(By.ID, "api_id").send_keys("12")
        driver.find_element(By.ID, "api_hash").send_keys("not-a-hash", Keys.ENTER)
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
        audit.screen("first run: API credentials refused")


def call(server, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Authorization": "Bearer " + server.token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as reply:
        return reply.read()


def page_weight(server: DashboardServer) -> None:
    """The templates page with 50 templates (as Benchmarks/serve/bench.py builds it) plus the
    stylesheet and scripts it links, followed from the page: under PAGE_BUDGET bytes."""
    call(server, "POST", "/api/login/phone", {"phone_number": "+15555550123"})
    call(server, "POST", "/api/login/code", {"code": "12345"})
    call(server, "POST", "/api/login/password", {"password": "demo"})
    call(server, "GET", "/api/chats?refresh=true")
    call(server, "POST", "/api/templates", {"name": "Bench", "body": "On my way at {{time}}",
                                            "targets": [{"chat_id": -1001000000001}, {"chat_id": -4001}]})
    for i in range(49):
        call(server, "POST", "/api/templates", {"name": f"Template {i + 1:02d}", "icon": "star.fill",
                                                "body": f"Message number {i + 1} with *bold* and {{{{time}}}}",
                                                "targets": [{"chat_id": -1001000000001}, {"chat_id": -1001000000002, "topic_id": 11}]})
    html = call(server, "GET", "/")
    # The stylesheets and scripts the page links and the scripts those import at once (not the
    # ones loaded on first use, such as Send later's and the undo hold's).
    parts, pending = {}, [link.decode() for link in re.findall(rb'(?:href|src)="(/assets/[^"]+\.(?:css|js))"', html)]
    while pending:
        link = pending.pop()
        if link in parts:
            continue
        body = call(server, "GET", link)
        parts[link] = len(body)
        pending += ["/assets/" + name.decode() for name in re.findall(rb"from '\./([^']+\.js)'", body)]
    total = len(html) + sum(parts.values())
    print(f"page weight: templates page with 50 templates: HTML {len(html)} B + "
          + " + ".join(f"{link} {size} B" for link, size in parts.items())
          + f" = {total} B ({total / 1024:.1f} KiB; budget {PAGE_BUDGET} B)", flush=True)
    if total >= PAGE_BUDGET:
        raise SystemExit(f"the templates page weighs {total} bytes, over the {PAGE_BUDGET}-byte budget")


def timers_page_weight(server: DashboardServer) -> None:
    """The timers page with 1,000 timers of 10 to-dos each (made through the API, 8 at a time)
    plus the stylesheet and scripts it links: under PAGE_BUDGET bytes. The page is a shell; the
    cards come from GET /api/timers?summary=true, whose size is printed too."""
    from concurrent.futures import ThreadPoolExecutor

    def make(i):
        timer = json.loads(call(server, "POST", "/api/timers", {"name": f"Timer {i:04d}", "duration": f"{i % 90 + 1}m"}))["data"]
        for j in range(10):
            call(server, "POST", f"/api/timers/{timer['id']}/todos", {"text": f"To-do {j + 1} of timer {i}"})

    started = time.time()
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(make, range(1000)))
    html = call(server, "GET", "/timers")
    links = sorted(set(re.findall(rb'(?:href|src)="(/assets/[^"]+\.(?:css|js))"', html)))
    parts = {link.decode(): len(call(server, "GET", link.decode())) for link in links}
    total = len(html) + sum(parts.values())
    cards = call(server, "GET", "/api/timers?summary=true")
    print(f"page weight: timers page with 1,000 timers × 10 to-dos (made in {time.time() - started:.0f} s): HTML {len(html)} B + "
          + " + ".join(f"{link} {size} B" for link, size in parts.items())
          + f" = {total} B ({total / 1024:.1f} KiB; budget {PAGE_BUDGET} B); the cards' API reply {len(cards)} B", flush=True)
    if b"Timer 0001" in html:
        raise SystemExit("the timers page renders timers into the page; it must load them through the API")
    if total >= PAGE_BUDGET:
        raise SystemExit(f"the timers page weighs {total} bytes, over the {PAGE_BUDGET}-byte budget")


def conversation_page_weight(server: DashboardServer) -> None:
    """The Chats page with a conversation of 50 messages open: its HTML, the stylesheets and
    scripts it links and the scripts those import, the chat list's and the 50 messages' API
    replies, and the thumbnails they show: under CONVERSATION_BUDGET bytes. Measured for Family
    (photos, replies; all of its 40 messages), Work (a forum with a document, a poll, a contact:
    as the page opens it, its topics and then General's page) and Climbing crew (50 of its 5,000
    messages)."""
    html = call(server, "GET", "/chats")
    parts, pending = {}, [link.decode() for link in re.findall(rb'(?:href|src)="(/assets/[^"]+\.(?:css|js))"', html)]
    while pending:
        link = pending.pop()
        if link in parts:
            continue
        body = call(server, "GET", link)
        parts[link] = len(body)
        pending += ["/assets/" + name.decode() for name in re.findall(rb"from '\./([^']+\.js)'", body)]
    chats = call(server, "GET", "/api/conversations")
    shell = len(html) + sum(parts.values()) + len(chats)
    # The list's photos load as their rows come into view and stay cached for a day: reported
    # beside the budget, not in it (a browser shows them from its cache on the next visit).
    photos = [c["photo_file_id"] for c in json.loads(chats)["data"]["chats"] if c.get("photo_file_id")]
    avatars = sum(len(call(server, "GET", f"/api/files/{photo}/thumbnail")) for photo in photos)
    print(f"chat list photos: {len(photos)} photos, {avatars} B, loaded lazily (not in the budget)", flush=True)
    for chat_id, title, topic in ((-1001000000001, "Family", None), (-1001000000002, "Work", 1), (-4001, "Climbing crew", None)):
        topics = call(server, "GET", f"/api/conversations/{chat_id}/topics") if topic else b""
        messages = call(server, "GET", f"/api/conversations/{chat_id}/messages?limit=50" + (f"&topic_id={topic}" if topic else ""))
        page = json.loads(messages)["data"]["messages"]
        thumbs = sum(len(call(server, "GET", f"/api/files/{m['media']['thumbnail_file_id']}/thumbnail"))
                     for m in page if m.get("media", {}).get("thumbnail_file_id"))
        total = shell + len(topics) + len(messages) + thumbs
        print(f"page weight: chats page with {title} open ({len(page)} messages): HTML {len(html)} B + "
              + " + ".join(f"{link} {size} B" for link, size in sorted(parts.items()))
              + f" + chat list {len(chats)} B" + (f" + topics {len(topics)} B" if topic else "") + f" + messages {len(messages)} B + thumbnails {thumbs} B"
              + f" = {total} B ({total / 1024:.1f} KiB; budget {CONVERSATION_BUDGET} B)", flush=True)
        if len(page) != 50 and json.loads(messages)["data"]["has_older"]:
            raise SystemExit(f"{title}: expected a page of 50 messages (or the whole chat), got {len(page)}")
        if total >= CONVERSATION_BUDGET:
            raise SystemExit(f"the chats page with {title} open weighs {total} bytes, over the {CONVERSATION_BUDGET}-byte budget")


def fuzz_api(server: DashboardServer) -> None:
    """schemathesis against every operation of the spec, logged in to the demo Telegram so that
    the chat endpoints answer with real conversations (not only "not logged in")."""
    for path, body in (("login/phone", {"phone_number": "+15555550123"}), ("login/code", {"code": "12345"}),
                       ("login/password", {"password": "demo"})):
        server.api("POST", path, body)
    request = urllib.request.Request(server.url + "/api/openapi.json", headers={"Authorization": "Bearer " + server.token})
    schema = Path(tempfile.mkdtemp()) / "openapi.json"
    schema.write_bytes(urllib.request.urlopen(request).read())
    command = [
        sys.executable, "-m", "schemathesis.cli", "run", str(schema), "--url", server.url,
        "-H", "Authorization: Bearer " + server.token,
        "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        # One worker: with two, schemathesis 4.32 on CPython 3.11.7 crashes in its own code
        # ("AST constructor recursion depth mismatch", a CPython thread-safety bug) on the current
        # spec; one worker takes the same time here.
        "--exclude-path", "/api/events", "--max-examples", "25", "--workers", "1", "--seed", "20261121",
    ]
    print("schemathesis:", " ".join(c if "Bearer" not in c else "Authorization: Bearer ***" for c in command[3:]), flush=True)
    result = subprocess.run(command, cwd=ROOT)
    if result.returncode != 0:
        raise SystemExit("schemathesis found problems (see above)")


def main() -> None:
    with DashboardServer() as server:
        browser_tests.run(server, ROOT / "artifacts" / "screenshots", audit_setup=audit_first_run_setup)
        code = server.stop()
        if code != 0:
            raise SystemExit(f"tgt serve exited with {code} on SIGTERM")
        print("tgt serve stopped cleanly on SIGTERM", flush=True)
    with DashboardServer() as server:
        page_weight(server)
        conversation_page_weight(server)
        timers_page_weight(server)
    with DashboardServer() as server:
        fuzz_api(server)
    print("web tests passed", flush=True)


if __name__ == "__main__":
    main()
