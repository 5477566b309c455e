"""The dashboard in headless Chromium: first run, Telegram login (demo), a template with two
targets and a variable made in the editor, one tap with ✓ per target, a failing target with
its error and retry, the XSS case, keyboard use, phone width and dark mode; and every screen on
the way audited with axe-core (a11y.py) at desktop and phone width, light and dark."""
import json
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from a11y import Audit
from waits import gone
import app_shell_tests
import away_tests
import chat_features_tests
import people_tests
import media_tests
import upload_tests
import selection_tests
import chat_search_tests
import chats_tests
import kinds_tests
import live_changes_tests
import places_tests
import recent_tests
import scheduled_tests
import series_tests
import undo_tests
import timers_tests
import triggers_tests

CHECKS = []


def check(condition, what):
    CHECKS.append(what)
    if not condition:
        raise AssertionError(what)
    print("  ✓", what, flush=True)


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900", "--lang=en-US"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


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


def run(server, shots: Path, audit_setup=None):
    """`audit_setup(driver, audit)`, if given, audits the first-run pages of a dashboard
    without Telegram credentials (the demo skips them) with the same browser and audit."""
    shots.mkdir(parents=True, exist_ok=True)
    driver = make_driver()
    audit = Audit(driver)
    # The grid re-renders itself on live events, so an element found a moment ago may be gone:
    # waits retry on that, and lists of names are read in one step inside the page.
    wait = WebDriverWait(driver, 15, ignored_exceptions=(StaleElementReferenceException,))

    def tile_names():
        return driver.execute_script("return [...document.querySelectorAll('.tile .name')].map(n => n.textContent)")

    def shot(name):
        driver.save_screenshot(str(shots / f"{name}.png"))

    def submit_field(field_id, text):
        field = wait.until(EC.presence_of_element_located((By.ID, field_id)))
        field.clear()
        field.send_keys(text)
        field.send_keys(Keys.ENTER)

    try:
        print("browser: first run and sign-in", flush=True)
        driver.get(server.url + "/")
        check("/login" in driver.current_url, "an unsigned browser is sent to the sign-in page")
        driver.get(f"{server.url}/login?setup={server.setup_code}")
        check(driver.find_element(By.ID, "setup_code").get_attribute("value") == server.setup_code, "the printed link fills in the setup code")
        shot("01-choose-password")
        audit.screen("first run: choose the dashboard password")
        driver.find_element(By.ID, "password").send_keys("browser-pass-1")
        driver.find_element(By.ID, "confirm").send_keys("browser-pass-1")
        driver.find_element(By.ID, "confirm").send_keys(Keys.ENTER)
        wait.until(EC.url_contains("/telegram"))
        check("/telegram" in driver.current_url, "after choosing a password, the Telegram login comes next")

        print("browser: Telegram login in demo mode", flush=True)
        shot("02-telegram-phone")
        audit.screen("Telegram login: phone number")
        submit_field("phone_number", "+1 555 555 0123")
        wait.until(EC.presence_of_element_located((By.ID, "code")))
        audit.screen("Telegram login: code")
        submit_field("code", "00000")
        error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
        check("not right" in error.text, "a wrong code is reported in place")
        audit.screen("Telegram login: wrong code")
        submit_field("code", "12345")
        wait.until(EC.presence_of_element_located((By.ID, "password")))
        check("the word demo" in driver.page_source, "the 2FA hint is shown")
        shot("03-telegram-password")
        audit.screen("Telegram login: 2FA password")
        submit_field("password", "demo")
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".empty")))
        check("No templates yet" in driver.page_source, "logged in: the empty state invites a first template")
        wait.until(lambda d: "connected" in d.find_element(By.ID, "conn").text)
        check(True, "the live connection badge says connected")
        shot("04-empty-grid")
        audit.screen("grid: empty")

        print("browser: editor", flush=True)
        driver.find_element(By.LINK_TEXT, "Create your first template").click()
        wait.until(EC.presence_of_element_located((By.ID, "editor")))
        driver.find_element(By.ID, "save").click()
        name_error = wait.until(EC.visibility_of_element_located((By.ID, "name-error")))
        check(name_error.text != "", "saving an empty template shows the name's message next to it")
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
        check(body.get_attribute("value") == "Leaving *now*, home at {{time}} ({{minutes}} min)", "variables are inserted at the cursor")
        wait.until(lambda d: "Leaving now" in d.find_element(By.ID, "preview").text)
        check(driver.find_element(By.CSS_SELECTOR, "#preview strong").text == "now", "the preview renders TDLib's Markdown (bold)")
        # The page refreshes a list cached before every chat kind could be a target by itself;
        # a click while that runs does nothing (the button is busy). Either way, wait until the
        # list has been redrawn and the button is free again.
        wait.until(lambda d: d.find_element(By.ID, "refresh-chats").is_enabled())
        driver.find_element(By.ID, "refresh-chats").click()
        wait.until(lambda d: d.find_element(By.ID, "refresh-chats").is_enabled()
                   and d.find_elements(By.CSS_SELECTOR, "input[value='-1001000000002/11']"))
        titles = [li.text.split("\n")[0] for li in driver.find_elements(By.CSS_SELECTOR, "#target-list > li")]
        check([t.split(" ")[0] for t in titles][:2] == ["Saved", "Family"] and any("Alice" in t for t in titles),
              f"Saved Messages first, then every chat incl. private ones: {titles}")
        news = driver.find_element(By.CSS_SELECTOR, "input[value='-1001000000003']")
        news_label = news.find_element(By.XPATH, "./..").text
        check(not news.is_enabled() and "only the channel's admins can post" in news_label,
              f"a channel you cannot post in cannot be ticked and says why: {news_label}")
        check("private chat" in driver.find_element(By.CSS_SELECTOR, "input[value='555000111']").find_element(By.XPATH, "./..").text,
              "a private chat is a target")
        driver.find_element(By.ID, "target-search").send_keys("stand")
        visible = [li for li in driver.find_elements(By.CSS_SELECTOR, "#target-list > li") if li.is_displayed()]
        check(len(visible) == 1 and "Work" in visible[0].text, "the target search finds forum topics")
        driver.find_element(By.CSS_SELECTOR, "input[value='-1001000000002/11']").click()
        driver.find_element(By.ID, "target-search").send_keys(Keys.CONTROL, "a")
        driver.find_element(By.ID, "target-search").send_keys(Keys.BACKSPACE)
        driver.find_element(By.CSS_SELECTOR, "input[value='-1001000000001']").click()
        shot("05-editor")
        audit.screen("editor: filled in, preview, targets")
        driver.find_element(By.ID, "save").click()
        wait.until(EC.presence_of_element_located((By.ID, "grid")))

        print("browser: one tap", flush=True)
        tile = driver.find_element(By.CSS_SELECTOR, ".tile")
        check("Family" in tile.text and "Work › Standups" in tile.text, "the tile names its targets")
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
        check("✓" in results and "Family sent" in results and "Work › Standups sent" in results, "tap → ✓ for both targets")
        shot("07-sent")
        audit.screen("grid: after a send")

        print("browser: a failing target", flush=True)
        try:
            api(server, "POST", "templates", {"name": "Tell the neighbours", "icon": "house.fill", "body": "Parcel for you",
                                              "targets": [{"chat_id": -4002}, {"chat_id": -4001}]})
            check(False, "a chat whose admins muted members is refused as a target")
        except urllib.error.HTTPError as refused:
            reason = json.loads(refused.read()).get("error", {}).get("message", "")
            check(refused.code == 422 and "You cannot post in “Neighbours”" in reason, f"refused with the reason: {reason}")
        created = api(server, "POST", "templates", {"name": "Tell the neighbours", "icon": "house.fill", "body": "Parcel for you",
                                                    "targets": [{"chat_id": -4001}]})
        # Saved before Neighbours' admins muted members: the template keeps the target and fails there.
        # Written straight into the store by another process while the grid is open: the tile
        # shows the new target live (no reload), then the tap.
        driver.get(server.url + "/")
        wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open")
        add_target_as_saved_before(server, created["id"], -4002, "Neighbours")
        wait.until(lambda d: "Neighbours" in d.find_element(By.XPATH, "//li[@data-name='Tell the neighbours']").text)
        check(True, "a target written into the store by another process shows on the open grid")
        tile = wait.until(EC.presence_of_element_located((By.XPATH, "//li[@data-name='Tell the neighbours']")))
        tile.find_element(By.CSS_SELECTOR, ".tap").click()
        wait.until(lambda d: tile.find_elements(By.CSS_SELECTOR, ".results li.failed"))
        failed = tile.find_element(By.CSS_SELECTOR, ".results li.failed")
        check("Neighbours" in failed.text and "not allowed to post" in failed.text, "the failing target shows its error")
        check(failed.find_element(By.CSS_SELECTOR, "button[data-retry]").is_displayed(), "the failed target has a retry button")
        check(len(tile.find_elements(By.CSS_SELECTOR, ".results li.sent")) == 1, "the other target still got it")
        shot("08-failed-target")
        audit.screen("grid: a failing target")
        failed.find_element(By.CSS_SELECTOR, "button[data-retry]").click()
        time.sleep(1.5)
        check(len(tile.find_elements(By.CSS_SELECTOR, ".results li.failed")) == 1, "retry resends only the failed target (and shows it failed again)")

        print("browser: XSS", flush=True)
        evil = "<script>alert(1)</script>"
        api(server, "POST", "templates", {"name": evil, "body": "<img src=x onerror=alert(2)>", "targets": [{"chat_id": -4001}]})
        driver.get(server.url + "/")
        names = tile_names()
        check(evil in names, "a template named <script>… shows as text")
        try:
            driver.switch_to.alert
            check(False, "no alert ran")
        except NoAlertPresentException:
            check(True, "no script from template content ran")
        evil_tile = driver.find_element(By.XPATH, "//li[.//span[@class='name'][text()='<script>alert(1)</script>']]")
        driver.get(server.url + "/templates/" + evil_tile.get_attribute("data-id") + "/edit")
        wait.until(lambda d: "alert(2)" in d.find_element(By.ID, "preview").text)
        check(not driver.find_elements(By.CSS_SELECTOR, "#preview img"), "the preview shows markup as text")
        shot("09-xss-as-text")
        audit.screen("editor: existing template")

        print("browser: delete with confirmation, keyboard, recent, settings", flush=True)
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
        check(all(t["name"] != evil for t in api(server, "GET", "templates")["templates"]), "delete after confirmation removes it")
        first = driver.find_element(By.CSS_SELECTOR, ".tile .tap")
        first.send_keys(Keys.ENTER)
        wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#vars-fields input"))).send_keys("5", Keys.ENTER)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".tile .results li.sent")) >= 2)
        check(True, "a template can be sent with the keyboard alone")
        driver.get(server.url + "/sends")
        check(driver.page_source.count("class=\"card batch\"") >= 3, "Recent lists every tap with per-target status")
        shot("11-recent")
        audit.screen("Recent")
        driver.get(server.url + "/settings")
        check("Demo User" in driver.page_source, "settings show the account")
        shot("12-settings")
        audit.screen("Settings")

        print("browser: phone width, dark mode, manifest", flush=True)
        driver.set_window_size(320, 740)
        driver.get(server.url + "/")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        check(width <= 320, f"no sideways scrolling at 320 px (page is {width} px wide)")
        small = driver.execute_script(
            "return [...document.querySelectorAll('button, a.button, .chip, summary')].filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.textContent.trim())")
        check(not small, f"touch targets are at least 44 px tall ({small})")
        shot("13-phone")
        audit.screen("grid: full")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.get(server.url + "/")
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(background != "rgb(244, 246, 249)", f"dark mode changes the colours ({background})")
        shot("14-phone-dark")
        manifest = json.loads(urllib.request.urlopen(server.url + "/manifest.webmanifest").read())
        check(manifest["display"] == "standalone" and any(i["sizes"] == "512x512" for i in manifest["icons"]), "the web app manifest is installable")

        print("browser: more screens for the accessibility audit", flush=True)
        driver.set_window_size(1200, 900)
        driver.get(server.url + "/?q=nothing-like-this")
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".empty")))
        audit.screen("grid: nothing matches")
        driver.get(server.url + "/?chat=-1001000000001")
        wait.until(EC.presence_of_element_located((By.ID, "grid")))
        audit.screen("grid: filtered by a group")
        kinds_tests.run(driver, wait, audit, server, check, shot)
        timers_tests.run(driver, wait, audit, server, check, shot)
        scheduled_tests.run(driver, wait, audit, server, check, shot)
        series_tests.run(driver, wait, audit, server, check, shot)
        undo_tests.run(driver, wait, audit, server, check, shot)
        chats_tests.run(driver, wait, audit, server, check, shot)
        chat_search_tests.run(driver, wait, audit, server, check, shot)
        chat_features_tests.run(driver, wait, audit, server, check, shot)
        chat_features_tests.run_pins_and_forward(driver, wait, audit, server, check, shot)
        chat_features_tests.run_drafts(driver, wait, audit, server, check, shot)
        chat_features_tests.run_notifications(driver, wait, audit, server, check, shot)
        chat_features_tests.run_profiles(driver, wait, audit, server, check, shot)
        people_tests.run(driver, wait, audit, server, check, shot)
        media_tests.run(driver, wait, audit, server, check, shot)
        upload_tests.run(driver, wait, audit, server, check, shot)
        selection_tests.run(driver, wait, audit, server, check, shot)
        recent_tests.run(driver, wait, audit, server, check, shot)
        live_changes_tests.run(driver, wait, audit, server, check, shot)
        triggers_tests.run(driver, wait, audit, server, check, shot)
        away_tests.run(driver, wait, audit, server, check, shot)
        places_tests.run(driver, wait, audit, server, check, shot)
        app_shell_tests.run(audit, check, shots, make_driver)
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
        scheduled_tests.logged_out(driver, wait, server, check)
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
        if audit_setup:
            audit_setup(driver, audit)
        print(f"browser: {len(CHECKS)} checks passed; screenshots in {shots}", flush=True)
        audit.finish()
    except Exception:
        shot("failure")
        print("--- page at failure:", driver.current_url, flush=True)
        raise
    finally:
        driver.quit()
