"""Snippets in the browser: Settings → Snippets says what `;name` does in any Telegram app, that
Telegram marks the message edited and that it works only while the dashboard runs; off by
default; a bad prefix refused with an error banner that keeps what was typed, nothing saved;
turned on and saved, GET /api/snippets agreeing. Then a snippet typed in the dashboard's own
chat composer (one of "your devices") becomes the template's text in the conversation, live,
marked edited; one that lacks a value stays as typed; Recent shows both ("Snippet in Alice",
expanded, left as typed with why). Off again. Desktop, phone 320 px and dark; every screen is
audited.

Typing on another device is driven through the simulator in process by
Tests/TgtServerTests/SnippetTests.swift (a browser cannot be a second device)."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from demo import ALICE, FAMILY, open_chat
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


def bubbles(driver):
    return driver.execute_script("return [...document.querySelectorAll('#message-list .msg.out')].map(n => n.textContent)")


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

    # Typed in the dashboard's own composer: the message becomes the template's text, live.
    open_chat(driver, wait, server, ALICE)
    composer = driver.find_element(By.ID, "composer-text")
    composer.send_keys(";arrived-safe", Keys.ENTER)
    wait.until(lambda d: any("Arrived safe 📍 (snippet check)" in b for b in bubbles(d)))
    assert not any(b.strip().startswith(";arrived-safe") for b in bubbles(driver)), "the typed snippet is gone, replaced in place"
    composer.send_keys(";home-by", Keys.ENTER)
    wait.until(lambda d: any(";home-by" in b for b in bubbles(d)))
    # Told on the page, wherever the dashboard is open.
    toast = wait.until(lambda d: d.find_element(By.ID, "toast").text or None)
    assert toast == "Snippet in Alice left as typed: It needs a value for {{eta}}: type “;home-by eta=…”.", f"the page says why ({toast!r})"
    shot("82-snippets-chat")
    audit.screen("chats: a snippet expanded")

    driver.get(server.url + "/sends")
    wait.until(lambda d: len(d.find_elements(By.XPATH, "//h2[text()='Snippet in Alice']")) >= 2)
    cards = driver.execute_script("return [...document.querySelectorAll('[data-batch]')].filter(c => c.querySelector('h2').textContent === 'Snippet in Alice').map(c => c.textContent)")
    assert any("expanded" in c and "Arrived safe" in c for c in cards), f"Recent: the expansion ({cards})"
    assert any("left as typed" in c and "It needs a value for {{eta}}: type “;home-by eta=…”." in c for c in cards), \
          f"Recent: the snippet left as typed, and why ({cards})"
    audit.screen("Recent: snippets")
    server.api("PUT", "snippets", {"on": False, "prefix": ";"})
