"""The dashboard as an app (issue 24), in a browser of its own against a `tgt serve --demo` of its
own (it stops and restarts that server): on a phone, the slim top bar, the tab bar at the bottom
(Templates, Chats, Timers, Scheduled, More, with icons, labels and the current tab; Recent and
Settings under More, which is current for them; keyboard use), the demo banner dismissed for good
and six tiles above the fold at 320×568; the desktop's top bar as before; Chromium's own verdict on
installing it (`Page.getInstallabilityErrors`, `Page.getAppManifest`) and the icons it asks for;
the service worker controlling the page with this binary's cache; then the server stopped: a tap
says it did not go through and nothing is queued, a reload shows the offline page, Retry tries
again, and once the server is back on the same address Retry brings the dashboard back and the
send log has nothing from the offline tap. Screenshots at 320, 390 and 1200 px, light and dark;
every screen is audited with axe."""
import json
import os
import re
import signal
import subprocess
import urllib.request
import zlib
from pathlib import Path
from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from dashboard_server import tgt_binary
from demo import FAMILY, WORK, sign_in
from waits import gone

TABS = ["Templates", "Chats", "Timers", "Scheduled", "More"]
WIDE_NAV = ["Templates", "Chats", "Timers", "Scheduled", "Recent", "Settings"]

# The main navigation as laid out now: each visible link's text, height, whether it is current,
# whether it shows its icon, and where the bar is.
NAV = """
const nav = document.querySelector('nav[aria-label=Main]'), box = nav.getBoundingClientRect();
const links = [...nav.querySelectorAll('a')].filter((a) => a.offsetParent !== null || getComputedStyle(nav).position === 'fixed' && getComputedStyle(a).display !== 'none');
return {fixed: getComputedStyle(nav).position === 'fixed', top: box.top, bottom: box.bottom, viewport: innerHeight,
  links: links.map((a) => ({text: a.textContent.trim(), height: a.getBoundingClientRect().height, current: a.getAttribute('aria-current'),
    icon: !!a.querySelector('svg') && getComputedStyle(a.querySelector('svg')).display !== 'none', color: getComputedStyle(a).color}))};
"""

# Tiles wholly visible above the tab bar (or the bottom of the window), and the page's width.
FOLD = """
const nav = document.querySelector('nav[aria-label=Main]');
const limit = getComputedStyle(nav).position === 'fixed' ? nav.getBoundingClientRect().top : innerHeight;
const tiles = [...document.querySelectorAll('.tile')];
return {above: tiles.filter((t) => t.getBoundingClientRect().bottom <= limit).length, tiles: tiles.length,
  header: document.querySelector('.bar').getBoundingClientRect().height, width: document.documentElement.scrollWidth};
"""

# Waits for the service worker to control the page; answers its cache's name and what is in it.
WORKER = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then(async (registration) => {
  if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, {once: true}));
  const names = await caches.keys();
  const cache = await caches.open(names.find((n) => n.startsWith('tgt-')) || 'none');
  const kept = (await cache.keys()).map((r) => new URL(r.url).pathname);
  done({scope: registration.scope, script: registration.active && new URL(registration.active.scriptURL).pathname,
        names, kept, sync: registration.sync ? await registration.sync.getTags() : []});
}, (e) => done({error: String(e)}));
"""


def device(driver, width, height, scheme="light"):
    """A phone (mobile viewport, touch) below 600 px, else a desktop window, in this colour scheme."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2 if width < 600 else 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def png_pixels(data):
    """Width, height and the RGBA rows of one of the dashboard's PNGs (8-bit RGBA, filter 0)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    chunks, i = b"", 8
    while i < len(data):
        length, kind = int.from_bytes(data[i:i + 4], "big"), data[i + 4:i + 8]
        if kind == b"IDAT":
            chunks += data[i + 8:i + 8 + length]
        i += 12 + length
    raw = zlib.decompress(chunks)
    assert len(raw) == (width * 4 + 1) * height, "one filter byte and four bytes a pixel per row"
    return width, height, [raw[r * (width * 4 + 1) + 1:(r + 1) * (width * 4 + 1)] for r in range(height)]


def start_again(folder, port):
    """`tgt --demo serve` again on the same data folder and address (what a person does after it
    stopped); returns the process once it listens."""
    env = dict(os.environ, TGT_DATA_DIR=folder)
    process = subprocess.Popen([tgt_binary(), "--demo", "serve", "--port", str(port)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in process.stdout:
        if re.match(r"Dashboard: http://\S+", line.strip()):
            return process
    raise RuntimeError("tgt serve did not start again")


def test_the_dashboard_as_an_app(audit, unsigned_server, shots, make_driver):
    # A browser of its own: its service worker, cookies and device emulation stay out of the
    # other tests' browser.
    driver = make_driver()
    wait = WebDriverWait(driver, 15)
    server = unsigned_server

    def shot(name):
        driver.save_screenshot(str(shots / f"{name}.png"))

    restarted = []
    try:
        with audit.using(driver):
            sign_in(driver, wait, server)
            server.api("GET", "chats?refresh=true")
            for i, (name, icon) in enumerate([("Leaving work", "car.fill"), ("Arrived", "house.fill"), ("Standup in 5", "clock.fill"),
                                              ("Lunch?", "fork.knife"), ("Running late", "figure.walk"), ("Good night", "moon.fill"),
                                              ("On the train", "tram.fill"), ("Call me", "phone.fill")]):
                server.api("POST", "templates", {"name": name, "icon": icon, "body": f"{name} ({i})",
                                                 "targets": [{"chat_id": FAMILY}, {"chat_id": WORK, "topic_id": 11}]})

            # A phone at 320 px: the slim bar, the tab bar, the demo banner with its ✕.
            device(driver, 320, 568)
            driver.get(server.url + "/")
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tile"))
            nav = driver.execute_script(NAV)
            assert nav["fixed"] and abs(nav["bottom"] - nav["viewport"]) < 1, \
                  f"on a phone the navigation is a bar fixed at the bottom of the screen ({nav['top']:.0f}–{nav['bottom']:.0f} of {nav['viewport']})"
            assert [link["text"] for link in nav["links"]] == TABS and all(link["icon"] for link in nav["links"]), \
                  f"its tabs are Templates, Chats, Timers, Scheduled and More, each with an icon over its label ({[l['text'] for l in nav['links']]})"
            assert all(link["height"] >= 44 for link in nav["links"]), f"each tab is at least 44 px tall ({[round(l['height']) for l in nav['links']]})"
            assert [link["text"] for link in nav["links"] if link["current"]] == ["Templates"], "Templates is the current tab"
            fold = driver.execute_script(FOLD)
            assert fold["header"] <= 56 and fold["width"] <= 320, \
                  f"the top bar is one slim row ({fold['header']:.0f} px) and nothing scrolls sideways ({fold['width']} px)"
            banner = driver.find_element(By.CSS_SELECTOR, "[data-notice=demo]")
            assert "Demo mode" in banner.text, "the demo banner is there, with its ✕"
            shot("83-app-phone-320")
            audit.screen("app shell: phone grid with the demo banner")
            device(driver, 320, 568)  # the audit puts the window back as it was
            before = fold["above"]

            banner.find_element(By.CSS_SELECTOR, "[data-dismiss]").click()
            wait.until(EC.invisibility_of_element(banner))
            assert driver.execute_script("return document.activeElement.id") == "main", "✕ hides the banner and leaves the focus on the page"
            assert driver.get_cookie("tgt_hide_demo") is not None, "and this browser remembers it (cookie tgt_hide_demo)"
            driver.get(server.url + "/")
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tile"))
            assert "Demo mode" not in driver.page_source, "a reload leaves it out: the server does not send it any more"
            fold = driver.execute_script(FOLD)
            assert fold["above"] >= 6, f"at 320×568, {fold['above']} tiles are wholly above the tab bar ({before} with the demo banner; 2 before issue 24)"
            shot("84-app-phone-320-banner-dismissed")
            audit.screen("app shell: phone grid, banner dismissed")
            device(driver, 320, 568, "dark")
            shot("85-app-phone-320-dark")

            driver.delete_cookie("tgt_hide_demo")
            device(driver, 320, 740)
            driver.get(server.url + "/")
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tile"))
            fold = driver.execute_script(FOLD)
            assert fold["above"] >= 6 and "Demo mode" in driver.page_source, \
                  f"at 320×740, {fold['above']} tiles show above the fold with the demo banner back (its cookie deleted)"

            for scheme, name in (("light", "86-app-phone-390"), ("dark", "87-app-phone-390-dark")):
                device(driver, 390, 844, scheme)
                driver.get(server.url + "/")
                wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tile"))
                shot(name)
            assert driver.execute_script(FOLD)["above"] >= 8, "at 390×844 at least eight tiles show above the fold"

            # More, by keyboard: Recent and Settings are there, and More stays current for them.
            device(driver, 390, 844)
            more = driver.find_element(By.XPATH, "//nav[@aria-label='Main']/a[normalize-space()='More']")
            more.send_keys(Keys.ENTER)
            wait.until(EC.url_contains("/more"))
            nav = driver.execute_script(NAV)
            assert ([link["text"] for link in nav["links"] if link["current"]] == ["More"]
                  and driver.find_element(By.TAG_NAME, "h1").text == "More"), "Enter on More opens the More page, More current"
            entries = [a.text.split("\n")[0] for a in driver.find_elements(By.CSS_SELECTOR, ".more-list a")]
            assert entries == ["Recent", "Settings"], f"More lists Recent and Settings ({entries})"
            shot("88-app-phone-more")
            audit.screen("app shell: More")
            device(driver, 390, 844)
            driver.find_element(By.XPATH, "//ul[@class='more-list']//a[strong='Settings']").send_keys(Keys.ENTER)
            wait.until(EC.url_contains("/settings"))
            nav = driver.execute_script(NAV)
            current = [link for link in nav["links"] if link["current"]]
            others = {link["color"] for link in nav["links"] if not link["current"]}
            assert [link["text"] for link in current] == ["More"] and current[0]["color"] not in others, \
                  "on Settings the tab bar shows More as current, in the accent colour"
            device(driver, 320, 568, "dark")
            shot("89-app-phone-settings-under-more-dark")
            audit.screen("app shell: Settings on a phone, under More")

            # A desktop keeps its top bar: every section linked, no icons, no More.
            for scheme, name in (("light", "90-app-desktop-1200"), ("dark", "91-app-desktop-1200-dark")):
                device(driver, 1200, 900, scheme)
                driver.get(server.url + "/")
                wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tile"))
                shot(name)
            nav = driver.execute_script(NAV)
            assert not nav["fixed"] and nav["top"] < 20 and [l["text"] for l in nav["links"]] == WIDE_NAV and not any(l["icon"] for l in nav["links"]), \
                  f"at 1200 px the links stay in the top bar as before, without icons or More ({[l['text'] for l in nav['links']]})"
            assert driver.execute_script(FOLD)["header"] < 70, "and the top bar is one row"

            # Chromium's verdict on installing it, and the icons it asks for.
            errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
            assert errors == [], f"Chromium finds nothing against installing it (Page.getInstallabilityErrors: {errors})"
            manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
            parsed = json.loads(manifest["data"])
            assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest"), \
                  f"Page.getAppManifest reads the manifest without errors ({manifest['errors']})"
            purposes = {(icon["sizes"], icon.get("purpose")) for icon in parsed["icons"]}
            assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= purposes, \
                  "its icons: 192 and 512 px, each also maskable"
            for path, size, corner in (("icon-180.png", 180, 0), ("icon-512.png", 512, 0), ("icon-maskable-512.png", 512, 255)):
                data = urllib.request.urlopen(server.url + "/assets/" + path).read()
                width, height, rows = png_pixels(data)
                middle = rows[height // 2][width // 2 * 4:width // 2 * 4 + 4]
                assert (width, height) == (size, size) and rows[0][3] == corner and rows[height // 2][3] == 255 and middle[3] == 255, \
                      f"{path}: {width}×{height}, {len(data)} bytes, {'blue to the corners' if corner else 'rounded corners'}, opaque inside"
            worker = driver.execute_async_script(WORKER)
            assert worker.get("script") == "/sw.js" and urlparse(worker["scope"]).path == "/", \
                  f"the service worker /sw.js controls the whole dashboard (scope {worker.get('scope')})"
            version = re.search(r"const VERSION = '([0-9a-f]{8})'", urllib.request.urlopen(server.url + "/sw.js").read().decode()).group(1)
            css = re.search(r'href="(/assets/app\.[0-9a-f]{8}\.css)"', driver.page_source).group(1)
            assert worker["names"] == [f"tgt-{version}"] and css in worker["kept"] and "/offline" in worker["kept"], \
                  f"its one cache, tgt-{version}, holds this page's stylesheet and the offline page ({len(worker['kept'])} files)"
            assert not any(path.startswith("/api/") or path in ("/", "/settings", "/more") for path in worker["kept"]), \
                  "and no page or API reply with anyone's data"

            # The server stops: a tap says so at once and queues nothing.
            device(driver, 390, 844)
            driver.get(server.url + "/")
            wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open")
            folder, port = server.folder, urlparse(server.url).port
            code = server.stop()
            assert code == 0, "tgt serve stopped (SIGTERM)"
            tile = driver.find_element(By.XPATH, "//li[@data-name='Call me']")
            tile.find_element(By.CSS_SELECTOR, ".tap").click()
            failed = wait.until(lambda d: tile.find_element(By.CSS_SELECTOR, ".results li.failed"))
            assert "can't reach its server" in failed.text and "nothing is queued" in failed.text, \
                  f"a tap while the server is away says it did not go through and nothing is queued ({' '.join(failed.text.split())})"
            assert (tile.find_element(By.CSS_SELECTOR, ".tap").get_attribute("aria-busy") is None
                  and failed.find_element(By.CSS_SELECTOR, "button[data-retry-all]").is_displayed()), \
                  "the tile is free again, with Retry: trying again is the person's choice"
            assert driver.execute_async_script(WORKER)["sync"] == [], "no background sync is registered to send it later"
            shot("92-app-offline-tap")
            audit.hold_results()
            audit.screen("app shell: a tap with the server away")
            device(driver, 390, 844)

            # A reload: the offline page, in the app's words, with Retry.
            page = driver.find_element(By.TAG_NAME, "html")
            driver.refresh()
            wait.until(gone(page))
            heading = wait.until(EC.presence_of_element_located((By.TAG_NAME, "h1")))
            assert heading.text == "TgTemplates can't reach its server" and driver.current_url == server.url + "/", \
                  "reloaded with the server away, the app shows its offline page in place of the browser's error"
            tried = wait.until(lambda d: d.find_element(By.ID, "tried").text)
            assert tried.startswith("Last tried at") and "tgt serve" in driver.find_element(By.TAG_NAME, "main").text, \
                  f"it says what to do and when it last tried ({tried})"
            for width, height in ((320, 568), (390, 844), (1200, 900)):
                for scheme in ("light", "dark"):
                    device(driver, width, height, scheme)
                    number = 93 + [(320, 568), (390, 844), (1200, 900)].index((width, height)) * 2 + (scheme == "dark")
                    shot(f"{number}-app-offline-{width}" + ("-dark" if scheme == "dark" else ""))
            audit.screen("app shell: offline page")
            device(driver, 390, 844)
            retry = driver.find_element(By.ID, "retry")
            retry.send_keys(Keys.ENTER)
            wait.until(gone(retry))
            assert wait.until(EC.presence_of_element_located((By.TAG_NAME, "h1"))).text == "TgTemplates can't reach its server", \
                  "Retry with the server still away tries again and says so again"

            # Started again on the same address: Retry brings the dashboard back.
            restarted.append(start_again(folder, port))
            retry = driver.find_element(By.ID, "retry")
            retry.click()
            wait.until(gone(retry))
            wait.until(EC.presence_of_element_located((By.ID, "password")))
            assert "/login" in driver.current_url, "with tgt serve back, Retry opens the dashboard (its sign-in: a restart signs browsers out)"
            token = json.loads((Path(folder) / "demo" / "server.json").read_text())["token"]
            request = urllib.request.Request(f"{server.url}/api/sends?limit=1000", headers={"Authorization": "Bearer " + token})
            batches = json.loads(urllib.request.urlopen(request).read())["data"]["batches"]
            assert not any(batch.get("template_name") == "Call me" for batch in batches), \
                  f"and the send log has nothing from the tap made while it was away ({len(batches)} taps logged)"
    finally:
        # Before the data folder goes (the fixture removes it).
        for process in restarted:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
