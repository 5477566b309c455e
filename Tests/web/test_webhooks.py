"""Webhooks in the browser: Settings → Webhooks says what they do (signed JSON POSTs, the docs)
and that deliveries go out only while the dashboard runs; an ftp:// address refused with an
error banner that keeps what was typed, nothing saved; a webhook added for a receiver this test
runs, its secret shown once (not after a reload); Send test reaches the receiver with a signature
that verifies with that secret and says "delivered", the delivery log agreeing (HTTP 200); a
receiver answering 500 makes the next test fail, in the notice and the log; Remove after a
confirmation empties the list; a test sent from elsewhere shows in the open page's log without
a reload. Each screen is audited (desktop and phone, light and dark).

Not here: deliveries of real events and their retries on the clock
(Tests/TgtServerTests' webhook tests drive those against a local receiver)."""
import hashlib
import hmac
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from waits import gone

SECRET = r"whsec_[A-Za-z0-9_-]+"
EVENTS = ("send.outcome", "trigger.used")


class Receiver:
    """A webhook receiver on 127.0.0.1: records each POST (headers and raw body) and answers
    with `status`."""

    def __init__(self):
        self.requests = []
        self.status = 200
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.requests.append((dict(self.headers), body))
                self.send_response(receiver.status)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks/tgt"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def verifies(headers, body, secret):
    """Whether `TgTemplates-Signature: t=<unix>,v1=<hex>` is HMAC-SHA256 of "<t>." + body."""
    parts = dict(part.split("=", 1) for part in headers.get("TgTemplates-Signature", "").split(",") if "=" in part)
    if "t" not in parts or "v1" not in parts:
        return False
    expected = hmac.new(secret.encode(), f"{parts['t']}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])


def webhooks(server):
    return server.api("GET", "webhooks")["webhooks"]


def open_section(driver, wait, server):
    driver.get(server.url + "/settings#webhooks")
    return wait.until(EC.presence_of_element_located((By.ID, "webhooks")))


def press(driver, wait, button, confirm=False):
    """Presses a form's button and waits for the page that answers."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    if confirm:
        wait.until(EC.alert_is_present()).accept()
    wait.until(gone(page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def add(driver, wait, url, events):
    field = driver.find_element(By.ID, "webhook_url")
    field.clear()
    field.send_keys(url)
    for event in events:
        box = driver.find_element(By.CSS_SELECTOR, f"#webhook-form input[name='event_{event}']")
        if not box.is_selected():
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
            box.click()
    press(driver, wait, driver.find_element(By.CSS_SELECTOR, "#webhook-form button[type=submit]"))


def latest_delivery(driver):
    return driver.find_element(By.CSS_SELECTOR, "#webhook-log li.delivery")


def test_webhooks(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    with Receiver() as receiver:
        # The section: what webhooks do, where they run, nothing yet.
        section = open_section(driver, wait, server)
        assert section.find_element(By.TAG_NAME, "h2").text == "Webhooks", "Settings has a Webhooks section"
        text = section.text
        assert "signed JSON POST" in text and "docs/automations.md" in text and "tgt serve" in text, \
              f"it says what a webhook gets, where the docs are and that it works while the dashboard runs ({text[:300]!r})"
        assert "No webhooks." in text and "No deliveries yet." in text, "no webhooks and no deliveries at first"
        legend = section.find_element(By.CSS_SELECTOR, "#webhook-form fieldset legend").text
        boxes = section.find_elements(By.CSS_SELECTOR, "#webhook-form fieldset input[name^='event_']")
        assert legend == "Events" and {b.get_attribute("value") for b in boxes} >= set(EVENTS), \
              "the form has an Events fieldset with a checkbox per event"
        assert driver.find_element(By.ID, "webhook_url").get_attribute("type") == "url"
        audit.screen("Settings: webhooks, none")

        # An ftp:// address: refused, the form kept, nothing saved.
        add(driver, wait, "ftp://example.org/hook", EVENTS[:1])
        error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#webhooks .banner.error")))
        assert "http://" in error.text and "ftp" in error.text, f"an ftp:// address is refused in words ({error.text!r})"
        assert (driver.find_element(By.ID, "webhook_url").get_attribute("value") == "ftp://example.org/hook"
                and driver.find_element(By.CSS_SELECTOR, f"input[name='event_{EVENTS[0]}']").is_selected()), \
              "the refused form keeps the address and the ticked event"
        assert webhooks(server) == [] and "No webhooks." in driver.find_element(By.ID, "webhooks").text, "and nothing was saved"
        audit.screen("Settings: a webhook refused")

        # Added: the secret once, with the signature header's name.
        add(driver, wait, receiver.url, EVENTS)
        secret = wait.until(EC.presence_of_element_located((By.ID, "webhook-secret"))).text
        assert re.fullmatch(SECRET, secret), f"the page shows the new webhook's whsec_ secret ({secret[:8]}…)"
        banner = driver.find_element(By.ID, "webhook-made")
        assert "will not be shown again" in banner.text and "TgTemplates-Signature" in banner.text, \
              f"it says the secret is shown only now, and the header it signs ({banner.text!r})"
        assert driver.find_element(By.ID, "copy-webhook-secret").is_displayed(), "with a Copy button"
        added = webhooks(server)
        assert (len(added) == 1 and added[0]["url"] == receiver.url and set(added[0]["events"]) == set(EVENTS)
                and added[0]["include_text"] is False and secret.endswith(added[0]["secret_hint"])), \
              f"the webhook is saved for the receiver, the two events, no text ({added})"
        hook_id = added[0]["id"]
        driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", banner)
        shot("130-webhook-added")
        audit.screen("Settings: a webhook just added (its secret)")
        driver.refresh()
        section = wait.until(EC.presence_of_element_located((By.ID, "webhooks")))
        assert not driver.find_elements(By.ID, "webhook-secret") and secret not in driver.page_source, \
              "a reload does not show the secret again"
        row = section.find_element(By.CSS_SELECTOR, f"li[data-webhook='{hook_id}']")
        assert (receiver.url in row.text and f"secret ends in …{secret[-4:]}" in row.text and "No message text" in row.text
                and "A trigger link used" in row.text), f"the list shows the address, events, no text and the secret's end ({row.text!r})"

        # Send test: the receiver gets one signed POST of type "test"; the page and the log say delivered.
        test = row.find_element(By.XPATH, ".//form[contains(@action, '/test')]//button")
        assert test.accessible_name == "Send test to 127.0.0.1", f"the button names the webhook ({test.accessible_name!r})"
        press(driver, wait, test)
        wait.until(EC.url_contains("done=webhook-test"))
        assert len(receiver.requests) == 1, f"the receiver got one POST ({len(receiver.requests)})"
        headers, body = receiver.requests[0]
        assert verifies(headers, body, secret), f"its signature verifies with the secret ({headers.get('TgTemplates-Signature')!r})"
        assert json.loads(body)["type"] == "test" and headers.get("TgTemplates-Event") == "test", "it is a test event"
        notice = driver.find_element(By.CSS_SELECTOR, "#webhooks .banner.info").text
        assert "Test delivered to 127.0.0.1" in notice and "HTTP 200" in notice, f"the page says it was delivered ({notice!r})"
        delivery = latest_delivery(driver)
        assert (delivery.get_attribute("data-state") == "delivered" and "Delivered" in delivery.text and "HTTP 200" in delivery.text
                and "127.0.0.1" in delivery.text and "1 attempt" in delivery.text), f"the log lists it delivered, HTTP 200 ({delivery.text!r})"
        driver.execute_script("document.getElementById('webhook-log').scrollIntoView({block: 'center'})")
        shot("131-webhook-delivered")
        audit.screen("Settings: a webhook test delivered")

        # A receiver answering 500: the test fails, in the notice and the log.
        receiver.status = 500
        press(driver, wait, driver.find_element(By.XPATH, f"//li[@data-webhook='{hook_id}']//form[contains(@action, '/test')]//button"))
        error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#webhooks .banner.error")))
        assert "failed" in error.text and "HTTP 500" in error.text, f"the page says the test failed with 500 ({error.text!r})"
        assert len(receiver.requests) == 2 and verifies(*receiver.requests[1], secret), "the second test reached the receiver, signed"
        delivery = latest_delivery(driver)
        assert (delivery.get_attribute("data-state") == "failed" and "Failed" in delivery.text and "HTTP 500" in delivery.text), \
              f"the log lists it failed with 500 ({delivery.text!r})"
        assert len(driver.find_elements(By.CSS_SELECTOR, "#webhook-log li.delivery")) == 2, "both tests are in the log"
        driver.execute_script("document.getElementById('webhook-log').scrollIntoView({block: 'center'})")
        shot("132-webhook-failed")
        audit.screen("Settings: a webhook test failed")

        # A test sent from elsewhere (the API, as `tgt webhooks test` would): the open page's log
        # follows the store and shows it without a reload.
        receiver.status = 200
        wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open")
        marker = driver.execute_script("window.__stillHere = true; return window.__stillHere")
        server.api("POST", f"webhooks/{hook_id}/test")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#webhook-log li.delivery")) == 3)
        assert marker and driver.execute_script("return window.__stillHere === true"), "the log changed in place, with no reload"
        assert latest_delivery(driver).get_attribute("data-state") == "delivered", "the newest delivery, delivered"

        # Remove, after a confirmation: the list and the log are empty.
        remove = driver.find_element(By.XPATH, f"//li[@data-webhook='{hook_id}']//form[contains(@action, '/remove')]//button")
        assert remove.accessible_name == "Remove the webhook to 127.0.0.1", f"Remove names the webhook ({remove.accessible_name!r})"
        press(driver, wait, remove, confirm=True)
        wait.until(EC.url_contains("done=webhook-removed"))
        text = driver.find_element(By.ID, "webhooks").text
        assert "Webhook removed" in text and "No webhooks." in text and "No deliveries yet." in text, f"it is gone ({text[:200]!r})"
        assert webhooks(server) == [], "from the store too"
