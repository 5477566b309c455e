"""Snippets in the browser: Settings → Snippets says what `;name` does in any Telegram app, that
Telegram marks the message edited and that it works only while the dashboard runs; off by
default; a bad prefix refused with an error banner that keeps what was typed, nothing saved;
turned on and saved, GET /api/snippets agreeing; off again. Desktop, phone 320 px and dark;
every screen is audited.

Not here: a snippet expanding. Snippets act only on messages typed in another Telegram app (never
on what the dashboard itself sends, its composer included), and a browser cannot be a second
device: Tests/TgtServerTests/SnippetTests.swift drives that through the simulator in process,
with "Snippet in Alice" in Recent."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from demo import FAMILY
from modes import set_scheme
from waits import gone


def snippets(server):
    return server.api("GET", "snippets")


def open_section(driver, wait, server):
    driver.get(server.url + "/settings#snippets")
    return wait.until(EC.presence_of_element_located((By.ID, "snippets")))


def submit(driver, wait, on, prefix):
    box = driver.find_element(By.ID, "snippets_on")
    if box.is_selected() != on:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()
    field = driver.find_element(By.ID, "snippets_prefix")
    field.clear()
    field.send_keys(prefix)
    page = driver.find_element(By.TAG_NAME, "html")
    button = driver.find_element(By.CSS_SELECTOR, "#snippets-form button[type=submit]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait.until(gone(page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def test_snippets(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    target = [{"chat_id": FAMILY}]
    server.api("POST", "templates", {"name": "Arrived safe", "body": "Arrived safe 📍 (snippet check)", "targets": target})
    server.api("POST", "templates", {"name": "Home by", "body": "Home by {{eta}} (snippet check)", "targets": target})
    assert snippets(server) == {"on": False, "prefix": ";"}, "snippets start off, with ; as the prefix"

    section = open_section(driver, wait, server)
    assert section.find_element(By.TAG_NAME, "h2").text == "Snippets", "Settings has a Snippets section"
    text = section.text
    assert "Snippets are off." in text and "“edited”" in text and "eta=10" in text, \
          f"it says they are off, that Telegram marks the message edited, with an example ({text[:200]!r})"
    assert not driver.find_element(By.ID, "snippets_on").is_selected()
    shot("80-snippets-off")
    audit.screen("Settings: snippets, off")

    # A prefix with letters: refused, what was typed kept, nothing saved.
    submit(driver, wait, True, "ab")
    error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#snippets .banner.error")))
    assert "letters or digits" in error.text, f"a prefix with letters is refused ({error.text!r})"
    assert driver.find_element(By.ID, "snippets_prefix").get_attribute("value") == "ab" and driver.find_element(By.ID, "snippets_on").is_selected(), \
          "the refused form keeps what was typed"
    assert snippets(server) == {"on": False, "prefix": ";"}, "and nothing was saved"
    audit.screen("Settings: snippets refused")

    submit(driver, wait, True, ";")
    wait.until(EC.url_contains("done=snippets"))
    assert "Snippets saved." in driver.find_element(By.CSS_SELECTOR, "#snippets .banner.info").text
    assert "Snippets are on." in driver.find_element(By.ID, "snippets-status").text and "tgt serve" in driver.find_element(By.ID, "snippets-status").text
    assert snippets(server)["on"] is True, "GET /api/snippets agrees"
    audit.screen("Settings: snippets on")
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    open_section(driver, wait, server)
    shot("81-snippets-on-phone-dark")
    audit.screen("Settings: snippets on, phone, dark")
    set_scheme(driver, "light")
    driver.set_window_size(1200, 900)

    server.api("PUT", "snippets", {"on": False, "prefix": ";"})
