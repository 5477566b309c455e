"""Repeating series in the browser: Send later's "Repeat" (a rule prefilled from the chosen
time, a bad rule refused beside its field with an example and nothing started, the rule read
back in words with its next dates as it is typed, an end after a number of sends), the tile's
"↻ Repeats …" line, and the Scheduled page's series card (the rule in words, the next dates on
Telegram, Skip next, Pause and Resume, Stop after a confirmation) at desktop and phone width,
light and dark; a series with a follow-up on each post, started from Repeat and changed and
removed from Scheduled. Every screen is audited and photographed."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

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


def follow_fields(driver, prefix, condition, amount, unit):
    """Sets the follow-up form's condition and wait (`amount` "" leaves the wait empty)."""
    Select(driver.find_element(By.ID, f"{prefix}-condition")).select_by_value(condition)
    field = driver.find_element(By.ID, f"{prefix}-within")
    field.clear()
    if amount != "":
        field.send_keys(amount)
    Select(driver.find_element(By.ID, f"{prefix}-unit")).select_by_visible_text(unit)


def picker_options(driver, wait, prefix):
    """The template picker's options once loaded: {text: enabled}."""
    wait.until(lambda d: len(Select(d.find_element(By.ID, f"{prefix}-template")).options) > 1)
    return {o.text: o.is_enabled() for o in Select(driver.find_element(By.ID, f"{prefix}-template")).options}


def test_series_follow_up(driver, wait, audit, server, shot):
    """Repeat's "Follow up on each post": off at first; the same fields as Recent's Follow up
    (a template that needs values shown but not offered); a wait of 0 refused beside the wait with
    nothing started and what was typed kept; started with "if no reply within 1 h, remind me".
    Scheduled: the series card says it, Follow-up… opens the form prefilled, a wait of 9 days is
    refused beside the wait, "When read → send Nudge" replaces it, Remove follow-up takes it off.
    Every new screen is audited."""
    gym = api(server, "POST", "templates", {"name": "Gym", "body": "Gym tonight?", "targets": [{"chat_id": FAMILY}]})
    nudge = api(server, "POST", "templates", {"name": "Nudge", "body": "Anyone? 🙂", "targets": [{"chat_id": FAMILY}]})
    api(server, "POST", "templates", {"name": "Ask ETA", "body": "When do you arrive? {{eta}}", "targets": [{"chat_id": FAMILY}]})
    driver.get(server.url + "/")
    tile = wait.until(EC.presence_of_element_located((By.XPATH, "//li[@data-name='Gym']")))
    tile.find_element(By.CSS_SELECTOR, "summary").click()
    tile.find_element(By.CSS_SELECTOR, "[data-action=later]").click()
    wait.until(EC.visibility_of_element_located((By.ID, "later-at")))
    driver.find_element(By.ID, "later-repeat").click()
    every = wait.until(EC.visibility_of_element_located((By.ID, "later-every")))
    every.clear()
    every.send_keys("mon,fri 10:00")
    follow_on = driver.find_element(By.ID, "later-follow-on")
    assert follow_on.is_displayed() and not follow_on.is_selected() and not driver.find_element(By.ID, "later-follow-fields").is_displayed(), \
        "Follow up on each post is offered, off at first"
    follow_on.click()
    wait.until(EC.visibility_of_element_located((By.ID, "later-follow-condition")))
    assert Select(driver.find_element(By.ID, "later-follow-condition")).first_selected_option.text == "If not read" \
        and driver.find_element(By.ID, "later-follow-within").get_attribute("value") == "2" \
        and Select(driver.find_element(By.ID, "later-follow-unit")).first_selected_option.text == "hours" \
        and driver.find_element(By.ID, "later-follow-remind").is_selected(), "it starts as Recent's does: if not read within 2 h, remind me"
    unlabelled = driver.execute_script(
        "return [...document.querySelectorAll('#later-dialog input, #later-dialog select')].filter(e => e.offsetParent && (!e.labels || !e.labels.length)).map(e => e.id)")
    assert unlabelled == [], f"every control of the dialog has a label ({unlabelled})"
    driver.find_element(By.ID, "later-follow-send").click()
    options = picker_options(driver, wait, "later-follow")
    needs = [name for name in options if name.startswith("Ask ETA")]
    assert options.get("Nudge") and needs and "{{eta}}" in needs[0] and not options[needs[0]], \
        f"the picker offers Telegram templates; one that needs a value is shown but cannot be chosen ({options})"
    driver.find_element(By.ID, "later-follow-remind").click()

    # A wait of 0: refused beside the wait, nothing started, what was typed kept.
    follow_fields(driver, "later-follow", "no_reply", "0", "minutes")
    driver.find_element(By.ID, "later-submit").click()
    error = wait.until(EC.visibility_of_element_located((By.ID, "later-follow-within-error")))
    assert "between 1 minute and 7 days" in error.text and driver.find_element(By.ID, "later-follow-within").get_attribute("aria-invalid") == "true", \
        f"a wait of 0 is refused beside the wait, in the server's words ({error.text!r})"
    assert driver.find_element(By.ID, "later-dialog").is_displayed() and every.get_attribute("value") == "mon,fri 10:00" \
        and driver.find_element(By.ID, "later-follow-within").get_attribute("value") == "0", "the dialog stays open with what was typed"
    assert api(server, "GET", "series")["total"] == 0, "and nothing was started"
    shot("37a-repeat-follow-up-refused")
    audit.screen("grid: repeat dialog with a follow-up refused")

    follow_fields(driver, "later-follow", "no_reply", "1", "hours")
    assert not error.is_displayed(), "typing again clears the message"
    driver.find_element(By.ID, "later-submit").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "later-dialog")))
    wait.until(lambda d: "Each post" in d.execute_script("return document.getElementById('toast').textContent"))
    started = api(server, "GET", "series")["series"]
    rule = started[0].get("follow_up") if started else None
    assert rule and (rule["condition"], rule["within_minutes"], rule["action"]) == ("no_reply", 60, "remind"), \
        f"the series carries the follow-up ({rule})"
    sentence = rule["sentence"]
    assert sentence.startswith("Each post") and "1 h" in sentence, f"said in words ({sentence!r})"

    # Scheduled: the card says it; Follow-up… opens the form prefilled.
    driver.get(server.url + "/scheduled")
    card = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".series-item")))
    wait.until(lambda d: sentence in d.find_element(By.CSS_SELECTOR, ".series-item .follow-rule").text)
    shot("39a-scheduled-series-follow-up")
    audit.screen("scheduled: a series with a follow-up")
    click(wait, ".series-item [data-series-action=follow-up]")
    dialog = wait.until(EC.visibility_of_element_located((By.ID, "series-follow-dialog")))
    assert "Gym" in dialog.text and sentence in driver.find_element(By.ID, "series-follow-about").text, "the dialog names the series and its follow-up"
    assert Select(driver.find_element(By.ID, "series-follow-condition")).first_selected_option.get_attribute("value") == "no_reply" \
        and driver.find_element(By.ID, "series-follow-within").get_attribute("value") == "1" \
        and Select(driver.find_element(By.ID, "series-follow-unit")).first_selected_option.text == "hours" \
        and driver.find_element(By.ID, "series-follow-remind").is_selected(), "prefilled with the series' follow-up"
    assert driver.find_element(By.ID, "series-follow-remove").is_displayed(), "with Remove follow-up"
    unlabelled = driver.execute_script(
        "return [...document.querySelectorAll('#series-follow-dialog input, #series-follow-dialog select')].filter(e => !e.labels || !e.labels.length).map(e => e.id)")
    assert unlabelled == [], f"every control of the dialog has a label ({unlabelled})"
    audit.screen("scheduled: a series' follow-up dialog")

    # A wait of 9 days: refused beside the wait; the series keeps its follow-up.
    follow_fields(driver, "series-follow", "no_reply", "9", "days")
    driver.find_element(By.ID, "series-follow-submit").click()
    error = wait.until(EC.visibility_of_element_located((By.ID, "series-follow-within-error")))
    assert "between 1 minute and 7 days" in error.text and dialog.is_displayed() \
        and driver.find_element(By.ID, "series-follow-within").get_attribute("value") == "9", \
        f"a wait of 9 days is refused beside the wait, what was typed kept ({error.text!r})"
    assert api(server, "GET", f"series/{started[0]['id']}")["follow_up"]["within_minutes"] == 60, "nothing changed on the server"
    shot("39b-scheduled-series-follow-up-refused")
    audit.screen("scheduled: a series' follow-up refused")

    # Change it: when read (no wait: 7 days), send Nudge.
    follow_fields(driver, "series-follow", "read", "", "hours")
    driver.find_element(By.ID, "series-follow-send").click()
    options = picker_options(driver, wait, "series-follow")
    needs = [name for name in options if name.startswith("Ask ETA")]
    assert needs and not options[needs[0]], f"a template that needs a value is not offered here either ({options})"
    Select(driver.find_element(By.ID, "series-follow-template")).select_by_visible_text("Nudge")
    driver.find_element(By.ID, "series-follow-submit").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "series-follow-dialog")))
    changed = api(server, "GET", f"series/{started[0]['id']}")["follow_up"]
    assert (changed["condition"], changed["within_minutes"], changed["action"], changed.get("template_id")) == ("read", 7 * 1440, "send", nudge["id"]), \
        f"PATCH /api/series changed it ({changed})"
    wait.until(lambda d: changed["sentence"] in d.find_element(By.CSS_SELECTOR, ".series-item .follow-rule").text)
    wait.until(lambda d: d.execute_script("return document.activeElement && document.activeElement.dataset.seriesAction") == "follow-up")

    # The form again, prefilled with the new rule; Remove follow-up.
    click(wait, ".series-item [data-series-action=follow-up]")
    wait.until(EC.visibility_of_element_located((By.ID, "series-follow-dialog")))
    wait.until(lambda d: Select(d.find_element(By.ID, "series-follow-template")).first_selected_option.text == "Nudge")
    assert driver.find_element(By.ID, "series-follow-send").is_selected() \
        and driver.find_element(By.ID, "series-follow-within").get_attribute("value") == "7" \
        and Select(driver.find_element(By.ID, "series-follow-unit")).first_selected_option.text == "days", "prefilled: when read, 7 days, Nudge"
    driver.find_element(By.ID, "series-follow-remove").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "series-follow-dialog")))
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".series-item .follow-rule"))
    wait.until(lambda d: "Follow-up removed" in d.execute_script("return document.getElementById('toast').textContent"))
    assert "follow_up" not in api(server, "GET", f"series/{started[0]['id']}"), "the series carries no follow-up any more"
    assert driver.execute_script("return document.activeElement && document.activeElement.dataset.seriesAction") == "follow-up", \
        "the focus is back on Follow-up…"
    click(wait, ".series-item [data-series-action=follow-up]")
    wait.until(EC.visibility_of_element_located((By.ID, "series-follow-dialog")))
    assert not driver.find_element(By.ID, "series-follow-remove").is_displayed() \
        and "no follow-up yet" in driver.find_element(By.ID, "series-follow-about").text, "with none, there is nothing to remove"
    driver.find_element(By.CSS_SELECTOR, "#series-follow-dialog [data-close]").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "series-follow-dialog")))
    api(server, "POST", f"series/{started[0]['id']}/cancel")
    api(server, "DELETE", "templates/" + gym["id"])
