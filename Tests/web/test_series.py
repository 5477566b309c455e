"""Repeating series in the browser: Send later's "Repeat" (a rule prefilled from the chosen
time, a bad rule refused beside its field with an example and nothing started, the rule read
back in words with its next dates as it is typed, an end after a number of sends), the tile's
"↻ Repeats …" line, and the Scheduled page's series card (the rule in words, the next dates on
Telegram, Skip next, Pause and Resume, Stop after a confirmation) at desktop and phone width,
light and dark. Every screen is audited and photographed."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from demo import FAMILY
from modes import set_scheme


def api(server, method, path, body=None):
    return server.api(method, path, body)


def click(wait, selector):
    """Clicks the element now in the page. The cards are redrawn on live events, so one found a
    moment ago may be gone, or moved by a redraw between finding it and a pointer click landing
    at its old place (a CI run once pressed beside Stop that way): the click is dispatched to the
    element the selector finds at that instant, in one script."""
    wait.until(lambda d: d.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e || e.disabled) return false; e.click(); return true;", selector))


def card_states(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.series-item .series-next li')].map(li => li.dataset.state)")


def test_repeating_series(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    gym = api(server, "POST", "templates", {"name": "Gym", "body": "Gym with {{who}}", "targets": [{"chat_id": FAMILY}]})
    driver.get(server.url + "/")
    tile = wait.until(EC.presence_of_element_located((By.XPATH, "//li[@data-name='Gym']")))
    tile.find_element(By.CSS_SELECTOR, "summary").click()
    tile.find_element(By.CSS_SELECTOR, "[data-action=later]").click()
    wait.until(EC.visibility_of_element_located((By.ID, "later-at")))
    driver.find_element(By.CSS_SELECTOR, "#later-vars input[name=who]").send_keys("Bo")
    driver.find_element(By.ID, "later-repeat").click()
    every = wait.until(EC.visibility_of_element_located((By.ID, "later-every")))
    assert not driver.find_element(By.ID, "later-at").is_displayed() and driver.find_element(By.ID, "later-submit").text == "Start repeating", \
          "Repeat swaps the date for a rule and the button says Start repeating"
    assert every.get_attribute("value").split(" ")[0] in ("mon", "tue", "wed", "thu", "fri", "sat", "sun"), \
          f"the rule is prefilled with the chosen time's weekday and time ({every.get_attribute('value')!r})"
    words = driver.find_element(By.ID, "later-every-words")
    wait.until(lambda d: words.text.startswith("Posts every "))

    every.clear()
    every.send_keys("sometimes")
    error = wait.until(EC.visibility_of_element_located((By.ID, "later-every-error")))
    wait.until(lambda d: "mon,fri 10:00" in error.text)
    assert "is not a repeat rule" in error.text and every.get_attribute("aria-invalid") == "true", \
          f"a bad rule is refused beside its field with an example ({error.text!r})"
    driver.find_element(By.ID, "later-submit").click()
    wait.until(lambda d: "is not a repeat rule" in error.text and d.find_element(By.ID, "later-dialog").is_displayed())
    assert api(server, "GET", "series")["total"] == 0, "and starting it starts nothing; the dialog stays open"
    shot("37-repeat-bad-rule")
    audit.screen("grid: repeat dialog with a bad rule")

    every.clear()
    every.send_keys("mon,fri 10:00")
    driver.find_element(By.CSS_SELECTOR, "#later-end option[value=times]").click()
    times = wait.until(EC.visibility_of_element_located((By.ID, "later-times")))
    times.clear()
    times.send_keys("4")
    wait.until(lambda d: "4 times" in words.text and not error.is_displayed())
    assert words.text.startswith("Posts every Mon and Fri at 10:00") and "next" in words.text, \
          f"the rule is read back in words with its next dates ({words.text!r})"
    shot("38-repeat-dialog")
    audit.screen("grid: repeat dialog")
    set_scheme(driver, "dark")
    shot("38-repeat-dialog-dark")
    set_scheme(driver, "light")

    audit.hold_results()
    driver.find_element(By.ID, "later-submit").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "later-dialog")))
    line = wait.until(lambda d: tile.find_element(By.CSS_SELECTOR, ".results li.scheduled")).text
    assert "Repeats every Mon and Fri at 10:00" in line and "next" in line, f"the tile says it repeats and when next ({line!r})"
    started = api(server, "GET", "series")
    assert started["total"] == 1 and started["series"][0]["every"].startswith("mon,fri 10:00"), "the series is on the server"
    series = started["series"][0]
    on_telegram = [s for s in api(server, "GET", "scheduled")["scheduled"] if s.get("series_id") == series["id"]]
    assert len(on_telegram) >= 2 and all(s["status"] == "scheduled" for s in on_telegram), \
          f"its next occurrences wait on Telegram's schedule ({len(on_telegram)})"

    driver.get(server.url + "/scheduled")
    card = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".series-item")))
    wait.until(lambda d: len(card_states(d)) == 4)
    assert "↻ every Mon and Fri at 10:00" in card.text and "4 times" in card.text and card_states(driver)[0] == "scheduled", \
          f"the Scheduled page groups the series: its rule in words and its next dates, on Telegram ({card_states(driver)})"
    assert not [i for i in driver.find_elements(By.CSS_SELECTOR, "#scheduled-list .scheduled-item") if "Gym" in i.text], \
          "its occurrences are not listed again among single messages"
    shot("39-scheduled-series")
    audit.screen("scheduled: a repeating series")
    set_scheme(driver, "dark")
    shot("39-scheduled-series-dark")
    set_scheme(driver, "light")
    driver.set_window_size(320, 740)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    small = driver.execute_script(
        "return [...document.querySelectorAll('.series-item button')].filter(e => e.offsetParent && e.getBoundingClientRect().height < 44)"
        ".map(e => e.textContent.trim())")
    assert width <= 320 and not small, f"the series card at 320 px: no sideways scrolling ({width} px), 44 px buttons ({small})"
    shot("39-scheduled-series-phone")
    driver.set_window_size(1200, 900)

    click(wait, ".series-item [data-series-action=skip]")
    wait.until(lambda d: card_states(d)[:1] == ["skipped"])
    wait.until(lambda d: "Skipped “Gym”" in d.execute_script("return document.getElementById('toast').textContent"))
    states = card_states(driver)
    assert states[0] == "skipped" and states.count("skipped") == 1, f"Skip next marks the next date skipped, with a toast ({states})"
    after_skip = [s for s in api(server, "GET", "scheduled")["scheduled"] if s.get("series_id") == series["id"]]
    assert len(after_skip) == len(on_telegram) - 1, "and it is taken off Telegram's schedule"

    click(wait, ".series-item [data-series-action=pause]")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".series-item").get_attribute("data-status") == "paused")
    card = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".series-item").text)
    assert "Paused" in card and "nothing posts until you resume it" in card, "Pause: the card says so"
    wait.until(lambda d: "Paused “Gym”" in d.execute_script("return document.getElementById('toast').textContent"))
    assert not [s for s in api(server, "GET", "scheduled")["scheduled"] if s.get("series_id") == series["id"]], \
          "and nothing of it waits on Telegram"
    assert driver.switch_to.active_element.get_attribute("data-series-action") == "resume", "focus moves to Resume"
    audit.screen("scheduled: a paused series")
    click(wait, ".series-item [data-series-action=resume]")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".series-item").get_attribute("data-status") == "active")
    wait.until(lambda d: "scheduled" in card_states(d))
    back = [s for s in api(server, "GET", "scheduled")["scheduled"] if s.get("series_id") == series["id"]]
    assert any(s["status"] == "scheduled" for s in back) and "scheduled" in card_states(driver), \
        f"Resume: its next dates are back on Telegram ({len(back)}; {card_states(driver)})"

    click(wait, ".series-item [data-series-action=cancel]")
    confirm = wait.until(EC.visibility_of_element_located((By.ID, "stop-dialog")))
    assert "Gym" in confirm.text and "stops for good" in confirm.text, "Stop asks first, naming the series"
    shot("40-scheduled-series-stop")
    audit.screen("scheduled: stop a series")
    driver.find_element(By.CSS_SELECTOR, "#stop-dialog button[value=ok]").click()
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".series-item"))
    # The card can go on the page's live reload before the reply: the toast comes with the reply.
    wait.until(lambda d: "Stopped “Gym”" in d.execute_script("return document.getElementById('toast').textContent"))
    assert api(server, "GET", "series")["total"] == 0 and api(server, "GET", "series?all=true")["series"][0]["status"] == "cancelled", \
          "after the confirmation the series is stopped on the server"
    assert not [s for s in api(server, "GET", "scheduled")["scheduled"] if s.get("series_id") == series["id"]], \
          "and nothing of it waits on Telegram"
    api(server, "DELETE", "templates/" + gym["id"])
