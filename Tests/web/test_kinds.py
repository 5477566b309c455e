"""Template kinds in the browser: an email template made in the editor (kind switch, recipients,
subject, the variables guide, the live counter, a failed save that keeps what was typed), the
text message counter in SMS parts, kind chips that reload the grid in place (skeleton tiles
while loading, an error banner with Retry when it fails), the per-kind empty state, and a tap
on a draft tile that asks for a choice and hands the draft over."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from demo import FAMILY


def test_template_kinds(driver, wait, audit, server, shot):
    # Two Telegram templates on the grid already, as after the first run (test_browser.py).
    for name in ("Leaving work", "Tell the neighbours"):
        server.api("POST", "templates", {"name": name, "body": f"{name}!", "targets": [{"chat_id": FAMILY}]})
    driver.get(server.url + "/templates/new")
    wait.until(EC.presence_of_element_located((By.ID, "editor")))
    assert not driver.find_element(By.ID, "to").is_displayed(), "a Telegram template has no recipient fields"
    driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=email]").click()
    assert driver.find_element(By.ID, "to").is_displayed() and driver.find_element(By.ID, "subject").is_displayed(), \
          "choosing Email shows To, Cc and Subject"
    assert not driver.find_element(By.ID, "target-search").is_displayed(), "and hides the Telegram targets"
    driver.find_element(By.ID, "name").send_keys("Late email")
    driver.find_element(By.ID, "to").send_keys("boss@example.com, not-an-address")
    driver.find_element(By.ID, "subject").send_keys("Late: {{eta=10 min}}")
    body = driver.find_element(By.ID, "body")
    body.send_keys("*Sorry*, I feel ")
    driver.find_element(By.CSS_SELECTOR, ".guide summary").click()
    driver.find_element(By.CSS_SELECTOR, "[data-insert-text='{{mood|fine|tired|late}}']").click()
    body.send_keys(Keys.END, " back ")
    driver.find_element(By.CSS_SELECTOR, "[data-insert-text='{{date:next monday}}']").click()
    assert body.get_attribute("value") == "*Sorry*, I feel {{mood|fine|tired|late}} back {{date:next monday}}", \
          "the guide's examples are inserted at the cursor"
    wait.until(lambda d: d.find_element(By.ID, "preview").text.startswith("Sorry, I feel fine back "))
    assert driver.find_element(By.ID, "preview-subject").text == "Subject: Late: 10 min", "the preview shows the subject with its default"
    assert "/ 10000" in driver.find_element(By.ID, "counter").text, "the counter counts against the email limit"
    audit.screen("editor: email template with the variables guide open")
    driver.find_element(By.ID, "save").click()
    to_error = wait.until(EC.visibility_of_element_located((By.ID, "to-error")))
    assert "not-an-address" in to_error.text, "a bad address is reported next to To"
    assert (driver.find_element(By.ID, "subject").get_attribute("value") == "Late: {{eta=10 min}}"
          and "{{date:next monday}}" in body.get_attribute("value")), "a failed save keeps what was typed"
    audit.screen("editor: email with a bad address")
    to = driver.find_element(By.ID, "to")
    to.send_keys(Keys.CONTROL, "a")
    to.send_keys("boss@example.com")
    driver.find_element(By.ID, "save").click()
    wait.until(EC.presence_of_element_located((By.ID, "grid")))

    driver.get(server.url + "/templates/new?kind=text")
    wait.until(EC.presence_of_element_located((By.ID, "editor")))
    assert driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=text]").is_selected(), "New from a kind starts with that kind"
    driver.find_element(By.ID, "body").send_keys("a" * 161)
    wait.until(lambda d: "2 SMS" in d.find_element(By.ID, "counter").text)
    counter = driver.find_element(By.ID, "counter").text
    assert counter == "2 SMS · 161 characters (GSM-7)", f"the text message counter shows SMS parts (161 GSM-7 characters = 2 SMS): {counter!r}"
    driver.find_element(By.ID, "body").send_keys("ç")
    wait.until(lambda d: "UCS-2" in d.find_element(By.ID, "counter").text)
    counter = driver.find_element(By.ID, "counter").text
    assert counter == "3 SMS · 162 characters (UCS-2)", f"one character outside GSM-7 switches the counter to UCS-2 (67 a part): {counter!r}"
    audit.screen("editor: text message counter")

    driver.get(server.url + "/")
    chips = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "nav[aria-label='Filter by kind']")))
    chip_text = " ".join(chips.text.split())
    assert "Email 1" in chip_text and "Telegram 2" in chip_text, f"kind chips with counts ({chip_text!r})"
    # Loading slowly: skeleton tiles; failing: the banner with Retry, the old tiles back.
    driver.execute_script("window.__fetch = window.fetch; window.fetch = (...a) => new Promise(r => setTimeout(() => r(window.__fetch(...a)), 1500));")
    chips.find_element(By.PARTIAL_LINK_TEXT, "Email").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#grid .tile.skeleton"))
    assert driver.find_element(By.ID, "grid-area").get_attribute("aria-busy") == "true", "skeleton tiles while the grid loads"
    shot("15-skeleton")
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#grid .tile.skeleton"))
    names = driver.execute_script("return [...document.querySelectorAll('.tile .name')].map(n => n.textContent)")
    assert names == ["Late email"] and driver.current_url.endswith("/?kind=email"), f"the Email chip filters in place ({names})"
    audit.screen("grid: filtered by kind")
    driver.execute_script("window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
    driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Filter by kind']").find_element(By.PARTIAL_LINK_TEXT, "Telegram").click()
    banner = wait.until(EC.visibility_of_element_located((By.ID, "grid-error")))
    assert "Couldn't load your templates" in banner.text, "a failed load shows an error banner"
    assert driver.execute_script("return document.querySelectorAll('.tile .name').length") == 1, "and the tiles shown before stay"
    audit.screen("grid: loading failed, with Retry")
    driver.execute_script("window.fetch = window.__fetch;")
    driver.find_element(By.ID, "grid-retry").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "grid-error")))
    wait.until(lambda d: "Leaving" in " ".join(d.execute_script("return [...document.querySelectorAll('.tile .name')].map(n => n.textContent)")))
    names = driver.execute_script("return [...document.querySelectorAll('.tile .name')].map(n => n.textContent)")
    assert sorted(names) == ["Leaving work", "Tell the neighbours"] and not driver.find_element(By.ID, "grid-error").is_displayed(), \
        f"Retry loads the grid: the Telegram tiles, the error banner gone ({names})"

    driver.get(server.url + "/?kind=x")
    empty = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".empty")))
    assert "No x post templates yet" in empty.text, "each kind has its own empty state"
    audit.screen("grid: no templates of a kind")

    driver.get(server.url + "/?kind=email")
    tile = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".tile[data-kind=email]")))
    assert "boss@example.com" in tile.text and "Email" in tile.text, "a draft tile names its kind and recipients"
    tile.find_element(By.CSS_SELECTOR, ".tap").click()
    picker = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#vars-fields select")))
    options = [o.text for o in picker.find_elements(By.TAG_NAME, "option")]
    eta = driver.find_element(By.CSS_SELECTOR, "#vars-fields input[name=eta]")
    assert options == ["fine", "tired", "late"] and eta.get_attribute("value") == "10 min", \
          "the dialog offers the choices in a picker and fills in the default"
    audit.screen("grid: variables dialog with a choice and a default")
    picker.find_element(By.CSS_SELECTOR, "option[value=tired]").click()
    driver.find_element(By.CSS_SELECTOR, "#vars-form button[value=send]").click()
    link = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".tile[data-kind=email] .results a")))
    href = link.get_attribute("href")
    assert href.startswith("mailto:boss@example.com?subject=Late%3A%2010%20min&body=Sorry%2C%20I%20feel%20tired%20back%20"), \
          f"the tap hands over a mailto: draft ({href[:80]}…)"
    audit.screen("grid: a draft handed over")
    driver.get(server.url + "/sends")
    assert "handed over" in driver.page_source, "Recent says the draft was handed over, not sent"
