"""Trigger links in the browser: Settings → Trigger links (the form with its "Values and limits",
bad input refused with an error banner that keeps what was typed, the link shown once with its
QR code and Copy), the link's confirmation page (a GET sends nothing; Send does, once, and a
second Send within the trigger's wait is refused), the list's use count, Rename, Revoke after a
confirmation, and the revoked link's "no such trigger" page. Desktop, phone 320 px and dark;
every screen is audited."""
import re
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select
from demo import FAMILY
from modes import set_scheme
from waits import gone

TEMPLATE = "Home soon"
SECRET = r"[A-Za-z0-9_-]{43}"

# Buttons, links styled as buttons, summaries and fields of the trigger section (or the page)
# that are shorter than 44 px; hidden ones do not count.
SMALL_TARGETS = (
    "return [...arguments[0].querySelectorAll('button, a.button, summary, input:not([type=checkbox]):not([type=radio]), select')]"
    ".filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.textContent.trim() || e.id || e.name)")


def sends(server):
    return server.api("GET", "sends?limit=1000")["batches"]


def triggers(server):
    return server.api("GET", "triggers")["triggers"]


def trigger(server, trigger_id):
    return next((t for t in triggers(server) if t["id"] == trigger_id), None)


def status_of(url):
    try:
        with urllib.request.urlopen(url) as reply:
            return reply.status
    except urllib.error.HTTPError as refused:
        return refused.code


def open_section(driver, wait, server):
    driver.get(server.url + "/settings#triggers")
    return wait.until(EC.presence_of_element_located((By.ID, "triggers")))


def fill_form(driver, wait, name, allow="any", pin=""):
    """Fills the trigger form (its "Values and limits" opened) and submits it."""
    form = wait.until(EC.presence_of_element_located((By.ID, "trigger-form")))
    details = form.find_element(By.TAG_NAME, "details")
    if details.get_attribute("open") is None:
        details.find_element(By.TAG_NAME, "summary").click()
    for field, text in (("trigger_name", name), ("trigger_allow", allow), ("trigger_pin", pin)):
        element = driver.find_element(By.ID, field)
        element.clear()
        if text:
            element.send_keys(text)
    Select(driver.find_element(By.ID, "trigger_template")).select_by_visible_text(TEMPLATE)


def submit_form(driver, wait):
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "#trigger-form button[type=submit]").click()
    # Not EC.staleness_of: Chromium may answer about the old page with an inspector error.
    wait.until(gone(page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def row_of(driver, name):
    return driver.find_element(By.XPATH, f"//li[@class='trigger'][.//strong[text()='{name}']]")


def test_trigger_links(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    template = server.api("POST", "templates", {"name": TEMPLATE, "body": "Home in {{eta}} min 🏠", "targets": [{"chat_id": FAMILY}]})
    before = {t["id"] for t in triggers(server)}

    # The form, "Values and limits" open; bad input is refused and what was typed stays.
    section = open_section(driver, wait, server)
    assert "Trigger links" in section.find_element(By.TAG_NAME, "h2").text, "Settings has a Trigger links section"
    fill_form(driver, wait, "Arrived home", allow="a b!")
    driver.execute_script("document.getElementById('triggers').scrollIntoView({block: 'start'})")
    small = driver.execute_script(SMALL_TARGETS, driver.find_element(By.ID, "trigger-form"))
    assert not small, f"the form's fields, “Values and limits” and its button are 44 px touch targets ({small})"
    shot("65-trigger-form")
    audit.screen("Settings: the trigger link form, values and limits open")
    submit_form(driver, wait)
    error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
    assert "“b!” is not a variable name" in error.text, f"allowed values “a b!” are refused with an error banner ({error.text!r})"
    assert (driver.find_element(By.ID, "trigger_name").get_attribute("value") == "Arrived home"
          and driver.find_element(By.ID, "trigger_allow").get_attribute("value") == "a b!"
          and driver.find_element(By.CSS_SELECTOR, "#trigger-form details").get_attribute("open") is not None), \
          "the refused form keeps the typed name and values, “Values and limits” open"
    assert Select(driver.find_element(By.ID, "trigger_template")).first_selected_option.text == TEMPLATE, \
          "and the chosen template"
    audit.screen("Settings: a trigger link refused")
    fill_form(driver, wait, "Arrived home", pin="who=Ann")
    submit_form(driver, wait)
    error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
    assert ("who" in error.text and driver.find_element(By.ID, "trigger_name").get_attribute("value") == "Arrived home"
          and driver.find_element(By.ID, "trigger_pin").get_attribute("value") == "who=Ann"), \
          f"a pinned value for a variable “{TEMPLATE}” does not use is refused, the form kept ({error.text!r})"
    assert {t["id"] for t in triggers(server)} == before and not driver.find_elements(By.ID, "trigger-link"), \
          "neither refused form made a trigger"

    # Made: the link once, its QR code, Copy.
    fill_form(driver, wait, "Arrived home", pin="eta=10")
    submit_form(driver, wait)
    link = wait.until(EC.presence_of_element_located((By.ID, "trigger-link"))).text
    assert re.fullmatch(re.escape(server.url) + "/t/" + SECRET, link) is not None, \
          f"the banner shows the link, on the dashboard's address, ending in a 43-character secret ({link[:len(server.url) + 7]}…)"
    banner = driver.find_element(By.CSS_SELECTOR, ".banner.trigger-made")
    assert "“Arrived home” is ready" in banner.text and link not in driver.find_element(By.ID, "trigger-form").text, \
          "the banner names the trigger"
    qr = banner.find_element(By.CSS_SELECTOR, "img.qr")
    assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", qr) and qr.get_attribute("alt"), \
          "its QR code image is there, loaded, with a text alternative"
    made = [t for t in triggers(server) if t["id"] not in before]
    assert (len(made) == 1 and made[0]["name"] == "Arrived home" and made[0]["template_name"] == TEMPLATE
          and made[0]["pinned"] == {"eta": "10"} and made[0]["use_count"] == 0), \
          "the trigger is made for the template, {{eta}} pinned to 10, never used"
    trigger_id = made[0]["id"]
    copy = driver.find_element(By.ID, "copy-trigger-link")
    assert copy.size["height"] >= 44, f"Copy is a 44 px button ({copy.size['height']} px)"
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    copy.click()
    wait.until(lambda d: d.find_element(By.ID, "toast").text)
    copied = driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))")
    assert driver.find_element(By.ID, "toast").text == "Link copied." and copied == link, "Copy puts the link on the clipboard and says so"
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", banner)
    shot("66-trigger-made")
    audit.screen("Settings: a trigger link just made (link, QR code, Copy)")
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    wait.until(lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 320)
    # The toast would cover the banner in the photo (it goes by itself after 5 s).
    driver.execute_script("document.getElementById('toast').textContent = ''")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", banner)
    small = driver.execute_script(SMALL_TARGETS, driver.find_element(By.ID, "triggers"))
    assert not small, f"phone: the link wraps (no sideways scrolling) and the section's targets are 44 px ({small})"
    shot("67-trigger-made-phone-dark")
    set_scheme(driver, "light")
    driver.set_window_size(1200, 900)

    # The link in a browser: a GET shows the template's name and sends nothing; Send sends.
    sent_before = len(sends(server))
    driver.get(link)
    heading = wait.until(EC.presence_of_element_located((By.TAG_NAME, "h1"))).text
    assert heading == f"Send “{TEMPLATE}”?", f"the link's page asks before sending: {heading!r}"
    assert len(sends(server)) == sent_before and trigger(server, trigger_id)["use_count"] == 0, "opening the link sent nothing"
    button = driver.find_element(By.ID, "trigger-send")
    assert button.size["height"] >= 44 and button.is_enabled(), "Send is a 44 px button"
    shot("68-trigger-page")
    audit.screen("trigger link: the confirmation page")
    button.click()
    wait.until(lambda d: d.find_element(By.ID, "trigger-result").text not in ("", "Sending…"))
    result = driver.find_element(By.ID, "trigger-result").text
    batches = sends(server)
    assert result == "✓ Sent." and len(batches) == sent_before + 1 and [t["status"] for t in batches[0]["targets"]] == ["sent"], \
          f"Send sends the template once and says so ({result!r})"
    messages = server.api("GET", f"conversations/{FAMILY}/messages?limit=5")["messages"]
    assert any("Home in 10 min" in (m.get("text") or "") for m in messages), "the message in Family has the pinned value: “Home in 10 min 🏠”"
    shot("69-trigger-page-sent")
    audit.screen("trigger link: sent")
    button.click()
    wait.until(lambda d: "moments ago" in d.find_element(By.ID, "trigger-result").text)
    assert len(sends(server)) == sent_before + 1, \
          f"a second Send within its 10 s is refused and sends nothing ({driver.find_element(By.ID, 'trigger-result').text!r})"
    assert status_of(link) == 200 and len(sends(server)) == sent_before + 1, "a GET from outside the browser sends nothing either"

    # Settings' list shows the use.
    open_section(driver, wait, server)
    row = row_of(driver, "Arrived home")
    assert "Used 1 time, last" in row.text and "1 in the last 24 h" in row.text and f"→ “{TEMPLATE}”" in row.text, \
          f"the list shows the trigger used once ({row.find_element(By.CSS_SELECTOR, '.meta').text!r})"
    assert not driver.find_elements(By.ID, "trigger-link"), "and no longer shows its link"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    shot("70-trigger-list-used")
    audit.screen("Settings: trigger links, one used")

    # Phone, dark: the list and the link's page.
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    wait.until(lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 320)
    row = row_of(driver, "Arrived home")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    small = driver.execute_script(SMALL_TARGETS, driver.find_element(By.ID, "triggers"))
    assert not small, f"phone: the list's Rename and Revoke and the form are 44 px touch targets ({small})"
    shot("71-trigger-list-phone-dark")
    driver.get(link)
    wait.until(EC.presence_of_element_located((By.ID, "trigger-send")))
    width = driver.execute_script("return document.documentElement.scrollWidth")
    small = driver.execute_script(SMALL_TARGETS, driver.find_element(By.TAG_NAME, "main"))
    assert width <= 320 and not small, f"phone: the link's page fits ({width} px) with 44 px targets ({small})"
    shot("72-trigger-page-phone-dark")
    set_scheme(driver, "light")
    driver.set_window_size(1200, 900)
    assert len(sends(server)) == sent_before + 1, "opening it again sent nothing"

    # Rename; Revoke (cancelled once, then confirmed); the link is then no trigger.
    open_section(driver, wait, server)
    field = driver.find_element(By.ID, f"rename-{trigger_id}")
    field.clear()
    field.send_keys("Arrived home (car)", Keys.ENTER)
    wait.until(EC.url_contains("done=trigger-renamed"))
    assert ("Trigger link renamed." in driver.find_element(By.CSS_SELECTOR, "#triggers .banner.info").text
          and row_of(driver, "Arrived home (car)") and trigger(server, trigger_id)["name"] == "Arrived home (car)"), \
          "Rename renames it in the list and the store"
    audit.screen("Settings: a trigger link renamed")
    revoke = f"//form[@action='/settings/triggers/{trigger_id}/revoke#triggers']//button"
    assert driver.find_element(By.XPATH, revoke).size["height"] >= 44, "Revoke is a 44 px button"
    driver.find_element(By.XPATH, revoke).click()
    question = wait.until(EC.alert_is_present())
    assert "Revoke “Arrived home (car)”?" in question.text, f"Revoke asks first: {question.text!r}"
    question.dismiss()
    assert trigger(server, trigger_id) is not None, "declining keeps the trigger"
    driver.find_element(By.XPATH, revoke).click()
    wait.until(EC.alert_is_present()).accept()
    wait.until(EC.url_contains("done=trigger-revoked"))
    assert ("its link sends nothing any more" in driver.find_element(By.CSS_SELECTOR, "#triggers .banner.info").text
          and not driver.find_elements(By.XPATH, f"//li[@data-trigger='{trigger_id}']")
          and trigger(server, trigger_id) is None), \
          "accepting revokes it: gone from the list and the store"
    driver.get(link)
    wait.until(EC.presence_of_element_located((By.TAG_NAME, "h1")))
    assert (status_of(link) == 404 and "There is no such trigger." in driver.find_element(By.TAG_NAME, "main").text
          and not driver.find_elements(By.ID, "trigger-send")), "the revoked link is a 404 page: “There is no such trigger.”"
    shot("73-trigger-revoked")
    audit.screen("trigger link: revoked (no such trigger)")
    assert len(sends(server)) == sent_before + 1, "and nothing more was sent"
    server.api("DELETE", f"templates/{template['id']}")
