"""Follow-ups in the browser: a template sent to Alice (a private chat; the simulator's Alice
reads it a couple of seconds later and never answers), then Recent's **Follow up…** on its card:
the dialog (condition, wait as a number and a unit, optional for "When read", remind or a
Telegram template from a picker that leaves out drafts and marks templates that need values),
"When read → remind me" saved and announced with a link to Scheduled, the focus back on the
card's button; "If no reply within 1 h → remind me" saved; a wait of 0 and a template deleted
meanwhile refused in the dialog with the server's words and everything typed kept. Scheduled:
the read one reaches "Done" (fired) in the ended list with its reason, the no-reply one is
listed as watching with when it is judged, the page says once that follow-ups are watched only
while the dashboard or the service runs, a follow-up set elsewhere appears without a reload, and
Cancel (after a confirmation) takes one out of the live list into the ended one. Escape closes
the dialog and gives the focus back; phone width has no sideways scrolling and 44 px targets.
Recent with the dialog open, the dialog with an error, Scheduled with follow-ups listed and its
cancel confirmation are audited (desktop and phone, light and dark) and photographed."""
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from demo import ALICE, click_fresh
from waits import gone

LIVE_TEXTS = "return [...document.querySelectorAll('#follow-list .follow-item')].map(li => li.innerText.replace(/\\s+/g, ' '))"


def follow_ups(server):
    return server.api("GET", "follow-ups")["follow_ups"]


def open_dialog(driver, wait, batch):
    """Clicks the card's Follow up… (found again if a live reload redrew it) and waits for the dialog."""
    click_fresh(driver, f"[data-batch='{batch}'] [data-follow-up]")
    return wait.until(EC.visibility_of_element_located((By.ID, "follow-dialog")))


def set_within(driver, amount, unit):
    field = driver.find_element(By.ID, "follow-within")
    field.clear()
    if amount != "":
        field.send_keys(amount)
    Select(driver.find_element(By.ID, "follow-unit")).select_by_visible_text(unit)


def test_follow_ups_from_recent_to_scheduled(driver, wait, audit, server, shot):
    hello = server.api("POST", "templates", {"name": "Hello Alice", "body": "Are you coming tonight?", "targets": [{"chat_id": ALICE}]})
    nudge = server.api("POST", "templates", {"name": "Nudge", "body": "Just checking you saw this 🙂", "targets": [{"chat_id": ALICE}]})
    server.api("POST", "templates", {"name": "Ask ETA", "body": "When do you arrive? {{eta}}", "targets": [{"chat_id": ALICE}]})
    server.api("POST", "templates", {"name": "Late email", "kind": "email", "to": ["boss@example.com"], "subject": "Late", "body": "Sorry"})
    sent = server.api("POST", f"templates/{hello['id']}/send", {})
    batch = sent["batch_id"]
    assert sent["all_sent"], "the message to Alice went out"

    driver.get(server.url + "/sends")
    button = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, f"[data-batch='{batch}'] [data-follow-up]")))
    assert button.text == "Follow up…" and "Hello Alice" in button.get_attribute("aria-label"), \
        f"the card of a Telegram message that went out has Follow up… ({button.text!r}, {button.get_attribute('aria-label')!r})"
    wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open")

    dialog = open_dialog(driver, wait, batch)
    assert "“Hello Alice” to Alice" in driver.find_element(By.ID, "follow-about").text, "the dialog says which message it follows"
    condition = Select(driver.find_element(By.ID, "follow-condition"))
    assert [o.text for o in condition.options] == ["If not read", "If no reply", "When read"], "the three conditions"
    assert [o.text for o in Select(driver.find_element(By.ID, "follow-unit")).options] == ["minutes", "hours", "days"], "a number and a unit"
    labels = driver.execute_script(
        "return [...document.querySelectorAll('#follow-dialog input, #follow-dialog select')].filter(e => !e.labels || !e.labels.length).map(e => e.id)")
    assert labels == [], f"every control of the dialog has a label ({labels})"
    driver.find_element(By.ID, "follow-send").click()
    wait.until(lambda d: len(Select(d.find_element(By.ID, "follow-template")).options) > 1)
    options = {o.text: o for o in Select(driver.find_element(By.ID, "follow-template")).options}
    assert "Nudge" in options and "Hello Alice" in options and not [name for name in options if "Late email" in name], \
        f"the picker offers Telegram templates only ({list(options)})"
    needs = [name for name in options if name.startswith("Ask ETA")]
    assert needs and "{{eta}}" in needs[0] and not options[needs[0]].is_enabled(), \
        f"a template that needs a value typed is shown but cannot be chosen ({needs})"
    shot("140-follow-up-dialog")
    audit.screen("Recent: Follow up dialog")

    # When read → remind me, with no wait given (7 days then).
    driver.find_element(By.ID, "follow-remind").click()
    assert not driver.find_element(By.ID, "follow-template").is_displayed(), "the picker is only for Send a template"
    condition.select_by_value("read")
    assert "optional" in driver.find_element(By.ID, "follow-within-label").text, "the wait is optional for When read"
    set_within(driver, "", "hours")
    driver.find_element(By.ID, "follow-submit").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "follow-dialog")))
    status = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#follow-status .follow-set")))
    assert "Follow-up set" in status.text and "When Alice reads it" in status.text, f"it is announced with the rule in words ({status.text!r})"
    assert driver.find_element(By.ID, "follow-status").get_attribute("role") == "status", "in a live region"
    assert status.find_element(By.TAG_NAME, "a").get_attribute("href").endswith("/scheduled"), "with a link to Scheduled"
    wait.until(lambda d: d.execute_script("return document.activeElement && document.activeElement.dataset.followUp") == batch)
    made = follow_ups(server)
    assert [(f["condition"], f["action"], f["within_seconds"]) for f in made] == [("read", "remind", 7 * 86400)], \
        f"POST /api/follow-ups set it on the card's send, 7 days for the read ({made})"

    # If no reply within 1 h → remind me.
    open_dialog(driver, wait, batch)
    condition = Select(driver.find_element(By.ID, "follow-condition"))
    assert condition.first_selected_option.get_attribute("value") == "read", "the same card's dialog keeps what was chosen"
    condition.select_by_value("no_reply")
    set_within(driver, "1", "hours")
    driver.find_element(By.ID, "follow-submit").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "follow-dialog")))
    wait.until(lambda d: "has not replied within 1 h" in d.find_element(By.ID, "follow-status").text)
    # The card itself says what follows its message, and where each stands (live: no reload).
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, f'li[data-batch="{batch}"] li.follow')) == 2)
    lines = [e.text for e in driver.find_elements(By.CSS_SELECTOR, f'li[data-batch="{batch}"] li.follow')]
    assert "When Alice reads it" in lines[0] and ("· done" in lines[0] or "gives up at" in lines[0]), f"the first: done once read, or waiting ({lines})"
    assert "has not replied within 1 h" in lines[1] and "judged at" in lines[1], f"the second, with when it is judged ({lines})"

    # Refusals: a wait of 0, then a template deleted meanwhile; the dialog stays open with what was typed.
    open_dialog(driver, wait, batch)
    set_within(driver, "0", "minutes")
    driver.find_element(By.ID, "follow-submit").click()
    error = wait.until(EC.visibility_of_element_located((By.ID, "follow-within-error")))
    assert "between 1 minute and 7 days" in error.text and driver.find_element(By.ID, "follow-within").get_attribute("aria-invalid") == "true", \
        f"a wait of 0 is refused beside the field, in the server's words ({error.text!r})"
    assert driver.find_element(By.ID, "follow-dialog").is_displayed() and driver.find_element(By.ID, "follow-within").get_attribute("value") == "0", \
        "the dialog stays open with what was typed"
    set_within(driver, "30", "minutes")
    assert not error.is_displayed(), "typing again clears the message"
    driver.find_element(By.ID, "follow-send").click()
    wait.until(lambda d: d.find_element(By.ID, "follow-template").is_displayed() and len(Select(d.find_element(By.ID, "follow-template")).options) > 1)
    Select(driver.find_element(By.ID, "follow-template")).select_by_visible_text("Nudge")
    server.api("DELETE", f"templates/{nudge['id']}")
    driver.find_element(By.ID, "follow-submit").click()
    error = wait.until(EC.visibility_of_element_located((By.ID, "follow-template-error")))
    assert "does not exist" in error.text, f"a template deleted meanwhile is refused in the dialog ({error.text!r})"
    assert driver.find_element(By.ID, "follow-within").get_attribute("value") == "30" \
        and driver.find_element(By.ID, "follow-send").is_selected() \
        and Select(driver.find_element(By.ID, "follow-condition")).first_selected_option.get_attribute("value") == "no_reply", \
        "what was typed and chosen is kept"
    wait.until(lambda d: "Nudge" not in [o.text for o in Select(d.find_element(By.ID, "follow-template")).options])
    shot("141-follow-up-dialog-error")
    audit.screen("Recent: Follow up dialog with an error")
    assert len(follow_ups(server)) == 2, "nothing more was set"
    driver.find_element(By.ID, "follow-dialog").send_keys(Keys.ESCAPE)
    wait.until(EC.invisibility_of_element_located((By.ID, "follow-dialog")))
    wait.until(lambda d: d.execute_script("return document.activeElement && document.activeElement.dataset.followUp") == batch)

    # Scheduled: the read one fires (Alice reads it), the no-reply one is watched until its time.
    driver.get(server.url + "/scheduled")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#follow-ended .follow-ended-item[data-state=fired]"))
    fired = driver.find_element(By.CSS_SELECTOR, "#follow-ended .follow-ended-item[data-state=fired]").text
    assert "Done" in fired and "When Alice reads it" in fired and "Reminder posted in Saved Messages" in fired, \
        f"When read → remind me reached “Done” with its reason in Ended lately ({fired!r})"
    wait.until(lambda d: len(d.execute_script(LIVE_TEXTS)) == 1)
    live = driver.execute_script(LIVE_TEXTS)[0]
    assert "If Alice has not replied within 1 h" in live and "On “Hello Alice” to Alice" in live \
        and re.search(r"Judged at .*\d\d:\d\d in (\d+ h|\d+ min)", live), \
        f"If no reply within 1 h is listed with when it is judged ({live!r})"
    assert "Watching for a reply" in live, f"and where it stands ({live!r})"
    section = driver.find_element(By.ID, "follow-section").text
    assert section.count("only while the dashboard") == 1 and "next start" in section, \
        "the section says once that follow-ups are watched only while the dashboard or the service runs"
    assert not driver.find_element(By.ID, "scheduled-empty").is_displayed(), "no “Nothing scheduled” while a follow-up waits"
    assert "1 follow-up" in driver.find_element(By.ID, "scheduled-count").text, "the count line counts it"

    # One set elsewhere (the API) appears in the open page by itself.
    driver.execute_script("window.notReloaded = true")
    other = server.api("POST", "follow-ups", {"batch_id": batch, "condition": "no_reply", "within_minutes": 180, "action": "remind"})["follow_ups"][0]
    wait.until(lambda d: len(d.execute_script(LIVE_TEXTS)) == 2)
    assert driver.execute_script("return window.notReloaded === true"), "a follow-up set elsewhere appears without a reload"
    shot("142-scheduled-follow-ups")
    audit.screen("Scheduled: follow-ups listed")

    # Cancel the 1 h one, after a confirmation.
    first = driver.find_element(By.CSS_SELECTOR, "#follow-list .follow-item [data-cancel-follow-up]")
    one_hour = first.get_attribute("data-cancel-follow-up")
    assert one_hour != other["id"], "the soonest comes first"
    driver.execute_script("arguments[0].click()", first)
    confirm = wait.until(EC.visibility_of_element_located((By.ID, "follow-cancel-dialog")))
    assert "If Alice has not replied within 1 h" in confirm.text and "Cancel follow-up" in confirm.text, "cancel asks first, naming the rule"
    shot("143-scheduled-follow-up-cancel")
    audit.screen("Scheduled: cancel a follow-up")
    driver.find_element(By.CSS_SELECTOR, "#follow-cancel-dialog button[value=ok]").click()
    wait.until(lambda d: one_hour not in d.execute_script(
        "return [...document.querySelectorAll('#follow-list [data-follow-up]')].map(li => li.dataset.followUp)"))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#follow-ended [data-follow-up='{one_hour}'][data-state=cancelled]"))
    assert "Cancelled" in driver.find_element(By.CSS_SELECTOR, f"#follow-ended [data-follow-up='{one_hour}']").text, \
        "it leaves the live list for Ended lately, cancelled"
    states = {f["id"]: f["state"] for f in follow_ups(server)}
    assert states[one_hour] == "cancelled" and states[other["id"]] == "watching", f"and the server agrees ({states})"
    focused = driver.execute_script("return document.activeElement && document.activeElement.dataset.cancelFollowUp")
    assert focused == other["id"], f"the focus moves to the next follow-up's Cancel ({focused})"

    # Phone width: no sideways scrolling, 44 px targets.
    driver.set_window_size(320, 740)
    for address, drawn in (("/scheduled", "#follow-list .follow-item"), ("/sends", f"[data-batch='{batch}'] [data-follow-up]")):
        driver.get(server.url + address)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, drawn), f"{address} was not drawn at 320 px")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        small = driver.execute_script(
            "return [...document.querySelectorAll('main button, main a.button')]"
            ".filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.textContent.trim() || e.id)")
        assert width <= 320 and not small, f"{address} at 320 px: no sideways scrolling ({width} px) and 44 px targets ({small})"
    open_dialog(driver, wait, batch)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inside = driver.execute_script("const r = document.getElementById('follow-dialog').getBoundingClientRect(); return r.left >= 0 && r.right <= 320")
    assert width <= 320 and inside, f"the dialog fits a 320 px screen ({width} px)"
    shot("144-follow-up-dialog-phone")
    driver.find_element(By.CSS_SELECTOR, "#follow-dialog [data-close]").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "follow-dialog")))
    driver.set_window_size(1200, 900)


def test_follow_up_button_only_on_telegram_sends(driver, wait, server):
    """A draft handed to the mail app has no message to follow: its card has no Follow up…,
    while a Telegram send's card has."""
    mail = server.api("POST", "templates", {"name": "Late email", "kind": "email", "to": ["boss@example.com"], "subject": "Late", "body": "Sorry"})
    hello = server.api("POST", "templates", {"name": "Hello Alice", "body": "Hi", "targets": [{"chat_id": ALICE}]})
    server.api("POST", f"templates/{mail['id']}/draft", {})
    server.api("POST", f"templates/{hello['id']}/send", {})
    driver.get(server.url + "/sends")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-batch]")) == 2)
    cards = driver.execute_script(
        "return [...document.querySelectorAll('[data-batch]')].map(c => [c.querySelector('h2').textContent, !!c.querySelector('[data-follow-up]')])")
    assert sorted(cards) == [["Hello Alice", True], ["Late email", False]], f"Follow up… only where a Telegram message went out ({cards})"
    # The dialog survives the list being redrawn under it (a send arriving while it is open).
    open_dialog(driver, wait, driver.find_element(By.CSS_SELECTOR, "[data-follow-up]").get_attribute("data-follow-up"))
    card = driver.find_element(By.CSS_SELECTOR, "[data-batch]")
    server.api("POST", f"templates/{hello['id']}/send", {})
    wait.until(gone(card))
    assert driver.find_element(By.ID, "follow-dialog").is_displayed() and driver.execute_script(
        "return document.getElementById('follow-dialog').matches(':modal')"), "a live reload of Recent leaves the open dialog open and modal"
