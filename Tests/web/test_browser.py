"""The dashboard in headless Chromium: first run, Telegram login (demo), a template with two
targets and a variable made in the editor, one tap with ✓ per target, a failing target with
its error and retry, the XSS case, keyboard use, phone width and dark mode, and the server
stopped cleanly; then the screens left (a new API token, the error page, the Telegram login
after a logout with its QR code, the dashboard's sign-in) and the first run of a dashboard
without Telegram credentials. Every screen on the way is audited with axe-core (a11y.py) at
desktop and phone width, light and dark."""
import json
import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from dashboard_server import DashboardServer
from demo import CRAG, FAMILY, NEIGHBOURS, PASSWORD, no_alert
from waits import gone


def api(server, method, path, body=None):
    return server.api(method, path, body)


def add_target_as_saved_before(server, template_id, chat_id, title):
    """Adds a target straight in the store, as a template saved before the chat stopped
    accepting posts has it (the API now refuses such a target)."""
    database = sqlite3.connect(Path(server.folder) / "demo" / "tgtemplates.sqlite", timeout=10)
    with database:
        (count,) = database.execute("SELECT COUNT(*) FROM template_target WHERE template_id = ?", (template_id.upper(),)).fetchone()
        database.execute("INSERT INTO template_target VALUES (?, ?, ?, NULL, ?, NULL)", (template_id.upper(), count, chat_id, title))
    database.close()


def test_first_run_login_editor_and_tap(driver, wait, audit, unsigned_server, shot):
    """A fresh dashboard from its printed link to a template tapped, as a person meets it; every
    screen audited. Ends with the server's own stop: SIGTERM, exit code 0."""
    server = unsigned_server

    def tile_names():
        # Read in one step inside the page: the grid redraws itself on live events.
        return driver.execute_script("return [...document.querySelectorAll('.tile .name')].map(n => n.textContent)")

    def submit_field(field_id, text):
        field = wait.until(EC.presence_of_element_located((By.ID, field_id)))
        field.clear()
        field.send_keys(text)
        field.send_keys(Keys.ENTER)

    driver.get(server.url + "/")
    assert "/login" in driver.current_url, "an unsigned browser is sent to the sign-in page"
    driver.get(f"{server.url}/login?setup={server.setup_code}")
    assert driver.find_element(By.ID, "setup_code").get_attribute("value") == server.setup_code, "the printed link fills in the setup code"
    shot("01-choose-password")
    audit.screen("first run: choose the dashboard password")
    driver.find_element(By.ID, "password").send_keys("browser-pass-1")
    driver.find_element(By.ID, "confirm").send_keys("browser-pass-1")
    driver.find_element(By.ID, "confirm").send_keys(Keys.ENTER)
    wait.until(EC.url_contains("/telegram"))
    assert "/telegram" in driver.current_url, "after choosing a password, the Telegram login comes next"

    shot("02-telegram-phone")
    audit.screen("Telegram login: phone number")
    submit_field("phone_number", "+1 555 555 0123")
    wait.until(EC.presence_of_element_located((By.ID, "code")))
    audit.screen("Telegram login: code")
    submit_field("code", "00000")
    error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
    assert "not right" in error.text, "a wrong code is reported in place"
    audit.screen("Telegram login: wrong code")
    submit_field("code", "12345")
    wait.until(EC.presence_of_element_located((By.ID, "password")))
    assert "the word demo" in driver.page_source, "the 2FA hint is shown"
    shot("03-telegram-password")
    audit.screen("Telegram login: 2FA password")
    submit_field("password", "demo")
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".empty")))
    assert "No templates yet" in driver.page_source, "logged in: the empty state invites a first template"
    wait.until(lambda d: "connected" in d.find_element(By.ID, "conn").text)
    badge = driver.find_element(By.ID, "conn")
    assert badge.text.startswith("Telegram: ") and "bad" not in (badge.get_attribute("class") or "").split(), \
        f"the live connection badge says connected ({badge.text!r})"
    shot("04-empty-grid")
    audit.screen("grid: empty")

    driver.find_element(By.LINK_TEXT, "Create your first template").click()
    wait.until(EC.presence_of_element_located((By.ID, "editor")))
    driver.find_element(By.ID, "save").click()
    name_error = wait.until(EC.visibility_of_element_located((By.ID, "name-error")))
    assert name_error.text != "", "saving an empty template shows the name's message next to it"
    audit.screen("editor: new, with a field's message")
    driver.find_element(By.ID, "name").send_keys("Leaving work")
    driver.find_element(By.CSS_SELECTOR, "input[name=icon][value='car.fill'] + span").click()
    body = driver.find_element(By.ID, "body")
    body.send_keys("Leaving *now*, home at ")
    driver.find_element(By.CSS_SELECTOR, "[data-insert='time']").click()
    body.send_keys(Keys.END, " (", )
    driver.find_element(By.ID, "custom-var").send_keys("minutes")
    driver.find_element(By.ID, "insert-custom").click()
    body.send_keys(Keys.END, " min)")
    assert body.get_attribute("value") == "Leaving *now*, home at {{time}} ({{minutes}} min)", "variables are inserted at the cursor"
    wait.until(lambda d: "Leaving now" in d.find_element(By.ID, "preview").text)
    assert driver.find_element(By.CSS_SELECTOR, "#preview strong").text == "now", "the preview renders TDLib's Markdown (bold)"
    # The page refreshes a list cached before every chat kind could be a target by itself;
    # a click while that runs does nothing (the button is busy). Either way, wait until the
    # list has been redrawn and the button is free again.
    wait.until(lambda d: d.find_element(By.ID, "refresh-chats").is_enabled())
    driver.find_element(By.ID, "refresh-chats").click()
    wait.until(lambda d: d.find_element(By.ID, "refresh-chats").is_enabled()
               and d.find_elements(By.CSS_SELECTOR, "input[value='-1001000000002/11']"))
    titles = [li.text.split("\n")[0] for li in driver.find_elements(By.CSS_SELECTOR, "#target-list > li")]
    assert [t.split(" ")[0] for t in titles][:2] == ["Saved", "Family"] and any("Alice" in t for t in titles), \
          f"Saved Messages first, then every chat incl. private ones: {titles}"
    news = driver.find_element(By.CSS_SELECTOR, "input[value='-1001000000003']")
    news_label = news.find_element(By.XPATH, "./..").text
    assert not news.is_enabled() and "only the channel's admins can post" in news_label, \
          f"a channel you cannot post in cannot be ticked and says why: {news_label}"
    assert "private chat" in driver.find_element(By.CSS_SELECTOR, "input[value='555000111']").find_element(By.XPATH, "./..").text, \
          "a private chat is a target"
    driver.find_element(By.ID, "target-search").send_keys("stand")
    visible = [li for li in driver.find_elements(By.CSS_SELECTOR, "#target-list > li") if li.is_displayed()]
    assert len(visible) == 1 and "Work" in visible[0].text, "the target search finds forum topics"
    driver.find_element(By.CSS_SELECTOR, "input[value='-1001000000002/11']").click()
    driver.find_element(By.ID, "target-search").send_keys(Keys.CONTROL, "a")
    driver.find_element(By.ID, "target-search").send_keys(Keys.BACKSPACE)
    driver.find_element(By.CSS_SELECTOR, "input[value='-1001000000001']").click()
    shot("05-editor")
    audit.screen("editor: filled in, preview, targets")
    driver.find_element(By.ID, "save").click()
    wait.until(EC.presence_of_element_located((By.ID, "grid")))

    tile = driver.find_element(By.CSS_SELECTOR, ".tile")
    assert "Family" in tile.text and "Work › Standups" in tile.text, "the tile names its targets"
    audit.screen("grid: one template")
    audit.hold_results()
    tile.find_element(By.CSS_SELECTOR, ".tap").click()
    dialog_input = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#vars-fields input")))
    shot("06-variables-dialog")
    audit.screen("grid: variables dialog")
    dialog_input.send_keys("15")
    driver.find_element(By.CSS_SELECTOR, "#vars-form button[value=send]").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".tile .results li.sent")) == 2)
    results = driver.find_element(By.CSS_SELECTOR, ".tile .results").text
    assert "✓" in results and "Family sent" in results and "Work › Standups sent" in results, "tap → ✓ for both targets"
    shot("07-sent")
    audit.screen("grid: after a send")

    # A chat whose admins muted members is refused as a target.
    with pytest.raises(urllib.error.HTTPError) as refused:
        api(server, "POST", "templates", {"name": "Tell the neighbours", "icon": "house.fill", "body": "Parcel for you",
                                          "targets": [{"chat_id": NEIGHBOURS}, {"chat_id": CRAG}]})
    reason = json.loads(refused.value.read()).get("error", {}).get("message", "")
    assert refused.value.code == 422 and "You cannot post in “Neighbours”" in reason, f"refused with the reason: {reason}"
    created = api(server, "POST", "templates", {"name": "Tell the neighbours", "icon": "house.fill", "body": "Parcel for you",
                                                "targets": [{"chat_id": CRAG}]})
    # Saved before Neighbours' admins muted members: the template keeps the target and fails there.
    # Written straight into the store by another process while the grid is open: the tile
    # shows the new target live (no reload), then the tap.
    driver.get(server.url + "/")
    wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open")
    driver.execute_script("window.__sameLoad = true")
    add_target_as_saved_before(server, created["id"], NEIGHBOURS, "Neighbours")
    wait.until(lambda d: "Neighbours" in d.find_element(By.XPATH, "//li[@data-name='Tell the neighbours']").text)
    assert driver.execute_script("return window.__sameLoad === true"), \
        "a target written into the store by another process shows on the open grid (no reload)"
    tile = wait.until(EC.presence_of_element_located((By.XPATH, "//li[@data-name='Tell the neighbours']")))
    tile.find_element(By.CSS_SELECTOR, ".tap").click()
    wait.until(lambda d: tile.find_elements(By.CSS_SELECTOR, ".results li.failed"))
    failed = tile.find_element(By.CSS_SELECTOR, ".results li.failed")
    assert "Neighbours" in failed.text and "not allowed to post" in failed.text, "the failing target shows its error"
    assert failed.find_element(By.CSS_SELECTOR, "button[data-retry]").is_displayed(), "the failed target has a retry button"
    assert len(tile.find_elements(By.CSS_SELECTOR, ".results li.sent")) == 1, "the other target still got it"
    shot("08-failed-target")
    audit.screen("grid: a failing target")
    taps = len(api(server, "GET", "sends?limit=1000")["batches"])
    failed.find_element(By.CSS_SELECTOR, "button[data-retry]").click()
    # The retry's answer is in: a new send in the log and the tile's button free again.
    wait.until(lambda d: len(api(server, "GET", "sends?limit=1000")["batches"]) == taps + 1
               and tile.find_element(By.CSS_SELECTOR, ".tap").get_attribute("aria-busy") is None)
    retried = api(server, "GET", "sends?limit=1000")["batches"][0]
    assert [t["status"] for t in retried["targets"]] == ["failed"] and len(tile.find_elements(By.CSS_SELECTOR, ".results li.failed")) == 1, \
        f"retry resends only the failed target (and shows it failed again): {[(t.get('title'), t['status']) for t in retried['targets']]}"

    evil = "<script>alert(1)</script>"
    api(server, "POST", "templates", {"name": evil, "body": "<img src=x onerror=alert(2)>", "targets": [{"chat_id": CRAG}]})
    driver.get(server.url + "/")
    names = tile_names()
    assert evil in names, "a template named <script>… shows as text"
    assert no_alert(driver) is None, "no script from template content ran (no alert)"
    evil_tile = driver.find_element(By.XPATH, "//li[.//span[@class='name'][text()='<script>alert(1)</script>']]")
    driver.get(server.url + "/templates/" + evil_tile.get_attribute("data-id") + "/edit")
    wait.until(lambda d: "alert(2)" in d.find_element(By.ID, "preview").text)
    assert not driver.find_elements(By.CSS_SELECTOR, "#preview img"), "the preview shows markup as text"
    shot("09-xss-as-text")
    audit.screen("editor: existing template")

    driver.get(server.url + "/")
    evil_tile = driver.find_element(By.XPATH, "//li[.//span[@class='name'][text()='<script>alert(1)</script>']]")
    evil_tile.find_element(By.CSS_SELECTOR, "summary").click()
    audit.screen("grid: a tile's menu open")
    evil_tile.find_element(By.CSS_SELECTOR, "[data-action=delete]").click()
    wait.until(EC.visibility_of_element_located((By.ID, "confirm-dialog")))
    shot("10-confirm-delete")
    audit.screen("grid: delete confirmation dialog")
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "#confirm-dialog button[value=ok]").click()
    wait.until(gone(page))  # the grid reloads after a delete
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
    wait.until(lambda d: evil not in tile_names())
    assert all(t["name"] != evil for t in api(server, "GET", "templates")["templates"]), "delete after confirmation removes it"
    first = driver.find_element(By.CSS_SELECTOR, ".tile .tap")
    first.send_keys(Keys.ENTER)
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#vars-fields input"))).send_keys("5", Keys.ENTER)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".tile .results li.sent")) >= 2)
    newest = api(server, "GET", "sends?limit=1000")["batches"][0]
    family = api(server, "GET", f"conversations/{FAMILY}/messages?limit=5")["messages"]
    assert newest["template_name"] == "Leaving work" and [t["status"] for t in newest["targets"]] == ["sent", "sent"] \
        and any((m.get("text") or "").endswith("(5 min)") for m in family), \
        "a template can be sent with the keyboard alone (Enter on the tile, the value typed, Enter): in Family with its value"
    driver.get(server.url + "/sends")
    assert driver.page_source.count("class=\"card batch\"") >= 3, "Recent lists every tap with per-target status"
    shot("11-recent")
    audit.screen("Recent")
    driver.get(server.url + "/settings")
    assert "Demo User" in driver.page_source, "settings show the account"
    shot("12-settings")
    audit.screen("Settings")

    driver.set_window_size(320, 740)
    driver.get(server.url + "/")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 320, f"no sideways scrolling at 320 px (page is {width} px wide)"
    small = driver.execute_script(
        "return [...document.querySelectorAll('button, a.button, .chip, summary')].filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.textContent.trim())")
    assert not small, f"touch targets are at least 44 px tall ({small})"
    shot("13-phone")
    audit.screen("grid: full")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(server.url + "/")
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(244, 246, 249)", f"dark mode changes the colours ({background})"
    shot("14-phone-dark")
    manifest = json.loads(urllib.request.urlopen(server.url + "/manifest.webmanifest").read())
    assert manifest["display"] == "standalone" and any(i["sizes"] == "512x512" for i in manifest["icons"]), "the web app manifest is installable"

    driver.set_window_size(1200, 900)
    driver.get(server.url + "/?q=nothing-like-this")
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".empty")))
    audit.screen("grid: nothing matches")
    driver.get(server.url + f"/?chat={FAMILY}")
    wait.until(EC.presence_of_element_located((By.ID, "grid")))
    audit.screen("grid: filtered by a group")
    # Stopped as a person stops it (Ctrl-C, a service manager): SIGTERM, and a clean exit.
    code = server.stop()
    assert code == 0, f"tgt serve exited with {code} on SIGTERM"


def test_api_token_error_page_logout_and_sign_in(driver, wait, audit, server):
    """The screens left: Settings' new API token, the error page, the Telegram login again after
    a logout (with its QR code), and signing in to the dashboard again (a wrong password too)."""
    driver.get(server.url + "/settings")
    driver.find_element(By.ID, "token_name").send_keys("Shortcuts", Keys.ENTER)
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "code.secret")))
    audit.screen("Settings: a new API token")
    driver.get(server.url + "/no-such-page")
    audit.screen("error page (not found)")
    driver.get(server.url + "/settings")
    driver.find_element(By.XPATH, "//form[@action='/settings/telegram-logout#telegram']//button").click()
    wait.until(EC.alert_is_present()).accept()
    wait.until(EC.url_contains("done=logout"))
    banner = driver.find_element(By.CSS_SELECTOR, ".banner.info").text
    assert "Logged out of Telegram." in banner and api(server, "GET", "status")["logged_in"] is False, \
        f"Settings says Telegram was logged out ({banner!r})"
    driver.get(server.url + "/telegram")
    wait.until(EC.presence_of_element_located((By.ID, "phone_number")))
    # The simulator confirms a QR login by itself after 4 s and the page would then reload
    # mid-audit: live events are held back while the QR page is audited.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/events"]})
    driver.find_element(By.XPATH, "//button[contains(., 'QR code')]").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "img.qr")))
    audit.screen("Telegram login: QR code")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.get(server.url + "/settings")
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, "//form[@action='/logout']//button").click()
    wait.until(gone(page))
    wait.until(EC.presence_of_element_located((By.ID, "password")))
    audit.screen("sign-in")
    driver.find_element(By.ID, "password").send_keys("not-the-password", Keys.ENTER)
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
    audit.screen("sign-in: wrong password")


def test_first_run_api_credentials(driver, wait, audit):
    """The first-run page for the Telegram API credentials (the demo skips it), and their
    refusal: a dashboard started without credentials."""
    with DashboardServer(demo=False) as server:
        driver.get(f"{server.url}/login?setup={server.setup_code}")
        for field in ("password", "confirm"):
            driver.find_element(By.ID, field).send_keys(PASSWORD)
        driver.find_element(By.ID, "confirm").send_keys(Keys.ENTER)
        wait.until(EC.presence_of_element_located((By.ID, "api_id")))
        assert "/setup" in driver.current_url and driver.find_element(By.ID, "api_hash").is_displayed(), \
            f"without credentials, the first run asks for the API id and hash ({driver.current_url})"
        audit.screen("first run: Telegram API credentials")
        driver.find_element(By.ID, "api_id").send_keys("12")
        driver.find_element(By.ID, "api_hash").send_keys("not-a-hash", Keys.ENTER)
        error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
        assert error.text and not (Path(server.folder) / "credentials.json").exists(), \
            f"a hash that is not 32 hexadecimal characters is refused, nothing stored ({error.text!r})"
        audit.screen("first run: API credentials refused")
