"""Timers in the browser: the empty list, a timer made in the form (pickers, icon, color, a
completion template with a choice variable), a validation message beside its field, its card,
the detail view counting down in the page (START → PAUSE, PAUSE → PAUSED, RESUME, +1 min,
RESET), a 3-second timer reaching DONE with a beep, to-dos (add, tick, edit, reorder, delete,
an empty one refused beside the field), notes kept over a reload, changes made through the API
showing up through the event stream, reordering cards, phone width, and delete with
confirmation. Every screen is audited with axe and photographed."""
import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait


def api(server, method, path, body=None):
    return server.api(method, path, body)


def seconds(clock):
    parts = [int(p) for p in clock.split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


def test_timers(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    for timer in api(server, "GET", "timers")["timers"]:
        api(server, "DELETE", "timers/" + timer["id"])
    api(server, "POST", "templates", {"name": "Tea is ready", "body": "Tea in the {{room|kitchen|garden}}",
                                      "targets": [{"chat_id": -1001000000001}]})
    driver.get(server.url + "/timers")
    empty = wait.until(EC.visibility_of_element_located((By.ID, "timers-empty")))
    assert "No timers yet" in empty.text, "no timers: the empty state with a New timer button"
    assert driver.find_element(By.CSS_SELECTOR, "nav a[href='/timers']").get_attribute("aria-current") == "page", "Timers is in the nav"
    shot("20-timers-empty")
    audit.screen("timers: none yet")

    driver.find_element(By.ID, "new-timer").click()
    wait.until(EC.visibility_of_element_located((By.ID, "timer-form")))
    shot("21-timer-form")
    audit.screen("timers: new timer form")
    driver.find_element(By.ID, "timer-save").click()
    name_error = wait.until(EC.visibility_of_element_located((By.ID, "name-error")))
    assert name_error.text == "Please enter a timer name." and driver.find_element(By.ID, "duration-error").is_displayed(), \
          "saving an empty form shows the message beside each field"
    assert "Please enter a timer name and duration" in driver.find_element(By.ID, "form-error").text, "and the document's message above"
    shot("22-timer-form-error")
    audit.screen("timers: form with a field's message")

    driver.find_element(By.ID, "timer-name").send_keys("Tea")
    driver.find_element(By.CSS_SELECTOR, "label.swatch:has(input[value='#34C759'])").click()
    driver.find_element(By.ID, "timer-save").click()
    wait.until(EC.invisibility_of_element_located((By.ID, "name-error")))
    assert (driver.find_element(By.ID, "duration-error").is_displayed()
          and driver.find_element(By.ID, "timer-name").get_attribute("value") == "Tea"
          and driver.find_element(By.CSS_SELECTOR, "input[name=color][value='#34C759']").is_selected()), \
          "a failed save keeps what was typed; only the duration's message is left"
    Select(driver.find_element(By.ID, "minutes")).select_by_value("3")
    driver.find_element(By.CSS_SELECTOR, "label.icon-choice:has(input[value='cup.and.saucer.fill'])").click()
    driver.find_element(By.CSS_SELECTOR, "label.swatch:has(input[value='#34C759'])").click()
    template = Select(driver.find_element(By.ID, "action-template"))
    template.select_by_visible_text("Tea is ready")
    room = Select(wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#action-values select[data-variable=room]"))))
    assert [o.text for o in room.options] == ["kitchen", "garden"], "the completion template's choice variable gets a picker"
    room.select_by_value("garden")
    driver.find_element(By.ID, "remind-me").click()
    Select(driver.find_element(By.ID, "hours")).select_by_value("0")
    driver.find_element(By.ID, "timer-save").click()
    wait.until(EC.visibility_of_element_located((By.ID, "detail-view")))
    wait.until(lambda d: d.find_element(By.ID, "detail-title").text == "Tea")
    stored = api(server, "GET", "timers")["timers"][0]
    assert (stored["duration_seconds"] == 180 and stored["icon"] == "cup.and.saucer.fill" and stored["color"] == "#34C759"
          and stored["action"]["values"] == {"room": "garden"} and stored["action"]["remind_me"]), \
          "the form saved the pickers, icon, color and completion action"
    clock = driver.find_element(By.ID, "clock")
    assert (clock.text == "03:00" and driver.find_element(By.ID, "btn-start").is_displayed()
          and not driver.find_element(By.ID, "btn-pause").is_displayed()), "the detail shows 03:00 and only the controls that apply"

    driver.find_element(By.ID, "btn-start").click()
    wait.until(EC.visibility_of_element_located((By.ID, "btn-pause")))
    wait.until(lambda d: seconds(d.find_element(By.ID, "clock").text) <= 178)
    assert not driver.find_element(By.ID, "btn-start").is_displayed(), "START → PAUSE, and the time counts down in the page"
    shot("23-timer-running")
    audit.screen("timers: running")
    driver.find_element(By.ID, "btn-pause").click()
    wait.until(lambda d: d.find_element(By.ID, "state-label").text == "PAUSED")
    held = clock.text
    # That it stands still takes time to show: watched for 1.5 s (a running clock moves every
    # second), it never moves.
    with pytest.raises(TimeoutException):
        WebDriverWait(driver, 1.5, poll_frequency=0.1).until(lambda d: d.find_element(By.ID, "clock").text != held)
    assert clock.text == held and driver.find_element(By.ID, "btn-resume").is_displayed(), f"PAUSE → PAUSED, the time stands at {held}"
    shot("24-timer-paused")
    audit.screen("timers: paused")
    driver.find_element(By.ID, "btn-extend").click()
    wait.until(lambda d: seconds(d.find_element(By.ID, "clock").text) == seconds(held) + 60)
    assert seconds(clock.text) == seconds(held) + 60 and driver.find_element(By.ID, "state-label").text == "PAUSED", \
        f"+1 min adds a minute, still paused ({held} → {clock.text})"
    driver.find_element(By.ID, "btn-resume").click()
    wait.until(EC.visibility_of_element_located((By.ID, "btn-pause")))
    assert driver.find_element(By.ID, "state-label").text == "", "RESUME runs it again"
    driver.find_element(By.ID, "btn-reset").click()
    wait.until(lambda d: d.find_element(By.ID, "clock").text == "03:00" and d.find_element(By.ID, "btn-start").is_displayed())
    tea = api(server, "GET", "timers/" + stored["id"])
    assert clock.text == "03:00" and not driver.find_element(By.ID, "btn-pause").is_displayed() and tea["state"] == "idle", \
        f"RESET puts back the full duration: 03:00, START offered, the timer idle ({tea['state']})"

    todo = driver.find_element(By.ID, "todo-text")
    for text in ("Boil water", "Cups"):
        todo.send_keys(text)
        driver.find_element(By.CSS_SELECTOR, "#todo-form button").click()
        wait.until(lambda d, t=text: t in d.find_element(By.ID, "todo-list").text)

    def todo_texts():
        return driver.execute_script("return [...document.querySelectorAll('#todo-list .todo label span')].map(s => s.textContent)")
    assert todo_texts() == ["Boil water", "Cups"], "to-dos are added in order"
    driver.find_element(By.CSS_SELECTOR, "#todo-list .todo input[type=checkbox]").click()
    wait.until(lambda d: d.find_element(By.ID, "todos-done").text == "1 of 2")
    ticked = driver.execute_script("return [...document.querySelectorAll('#todo-list .todo input[type=checkbox]')].map(b => b.checked)")
    assert ticked == [True, False] and driver.find_element(By.ID, "todos-done").text == "1 of 2", \
        f"ticking a to-do counts it done ({ticked})"
    driver.execute_script("window.prompt = () => 'Boil the water';")
    driver.find_element(By.CSS_SELECTOR, "#todo-list .todo [data-todo-action=edit]").click()
    wait.until(lambda d: todo_texts() == ["Boil the water", "Cups"])
    assert todo_texts() == ["Boil the water", "Cups"], f"a to-do is edited ({todo_texts()})"
    driver.find_elements(By.CSS_SELECTOR, "#todo-list .todo [data-todo-action=up]")[1].click()
    wait.until(lambda d: todo_texts() == ["Cups", "Boil the water"])
    assert [t["text"] for t in api(server, "GET", "timers/" + stored["id"])["todos"]] == ["Cups", "Boil the water"], \
        "a to-do moves up, in the page and on the server"
    driver.find_element(By.CSS_SELECTOR, "#todo-list .todo [data-todo-action=delete]").click()
    wait.until(lambda d: todo_texts() == ["Boil the water"])
    assert [t["text"] for t in api(server, "GET", "timers/" + stored["id"])["todos"]] == ["Boil the water"], \
        "a to-do is deleted, in the page and on the server"
    todo.send_keys("   ")
    driver.find_element(By.CSS_SELECTOR, "#todo-form button").click()
    todo_error = wait.until(EC.visibility_of_element_located((By.ID, "todo-error")))
    assert todo_error.text == "Write what there is to do.", "an empty to-do is refused beside the field"
    notes = driver.find_element(By.ID, "notes")
    notes.send_keys("Green tea: 80 °C")
    driver.find_element(By.ID, "save-notes").click()
    wait.until(lambda d: d.find_element(By.ID, "notes-status").text == "Notes saved")
    driver.refresh()
    wait.until(lambda d: d.find_element(By.ID, "notes").get_attribute("value") == "Green tea: 80 °C")
    assert todo_texts() == ["Boil the water"], "notes and to-dos are kept over a reload (the detail opens from the address)"

    egg = api(server, "POST", "timers", {"name": "Egg", "duration": "3", "color": "orange"})
    driver.get(server.url + "/timers#timer/" + egg["id"])
    wait.until(lambda d: d.find_element(By.ID, "detail-title").text == "Egg")
    driver.execute_script("window.__tones = 0; const make = AudioContext.prototype.createOscillator;"
                          "AudioContext.prototype.createOscillator = function () { window.__tones++; return make.call(this); };")
    driver.find_element(By.ID, "btn-start").click()
    wait.until(lambda d: d.find_element(By.ID, "state-label").text == "DONE")
    assert driver.find_element(By.ID, "clock").text == "00:00", "the short timer reaches DONE at 00:00 in the page"
    wait.until(EC.visibility_of_element_located((By.ID, "btn-start")))
    assert not driver.find_element(By.ID, "btn-pause").is_displayed(), "and offers START again"
    assert driver.execute_script("return window.__tones") >= 3, "and beeps (Web Audio oscillator)"
    granted = driver.execute_script("return window.Notification ? Notification.permission : 'none'")
    status = driver.find_element(By.ID, "notify-status")
    assert granted == "granted" or (status.is_displayed() and "otification" in status.text), \
          f"notifications: asked on START; when refused the page says so ({granted})"
    wait.until(lambda d: api(server, "GET", "timers/" + egg["id"])["state"] == "completed")
    shot("25-timer-done")
    audit.screen("timers: done")

    driver.get(server.url + "/timers")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".timer-card")) == 2)
    cards = driver.execute_script("return [...document.querySelectorAll('.timer-card')].map(c => c.innerText.replace(/\\s+/g, ' '))")
    assert "Tea" in cards[0] and "03:00" in cards[0] and "1 to-do" in cards[0] and "Notes added" in cards[0], f"the Tea card ({cards[0]})"
    assert "DONE" in cards[1] and "0 to-dos" in cards[1] and "No notes" in cards[1], f"the Egg card ({cards[1]})"
    time_color = driver.find_element(By.CSS_SELECTOR, ".timer-card .card-time").get_attribute("data-color")
    assert time_color == "green", "the duration is shown in the timer's color"
    shot("26-timers-list")
    audit.screen("timers: list")
    made = api(server, "POST", "timers", {"name": "From the API", "duration": "45s"})
    wait.until(lambda d: "From the API" in d.find_element(By.ID, "timer-list").text)
    cards = driver.execute_script("return [...document.querySelectorAll('.timer-card')].map(c => c.dataset.id)")
    assert cards[-1] == made["id"] and len(cards) == 3, f"a timer made through the API appears in the open page, last (event stream; {cards})"
    driver.find_element(By.CSS_SELECTOR, ".timer-card[data-id='%s'] [data-move='-1']" % made["id"]).click()
    wait.until(lambda d: [t["name"] for t in api(server, "GET", "timers?summary=true")["timers"]] == ["Tea", "From the API", "Egg"])

    def order(d):
        return d.execute_script("return [...document.querySelectorAll('.timer-card')].map(c => c.dataset.id)")
    wait.until(lambda d: order(d)[1:2] == [made["id"]])
    assert order(driver) == [stored["id"], made["id"], egg["id"]], "a card moves up, on the page as on the server (Tea, From the API, Egg)"
    # The detail freshly loaded (a page ignores live changes for a second after one of its own,
    # the card just moved), its event stream open: it hears what changes elsewhere.
    driver.get(server.url + "/timers#timer/" + made["id"])
    driver.refresh()
    wait.until(EC.visibility_of_element_located((By.ID, "btn-start")))
    wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open")
    api(server, "POST", "timers/" + made["id"] + "/start")
    wait.until(EC.visibility_of_element_located((By.ID, "btn-pause")))
    assert not driver.find_element(By.ID, "btn-start").is_displayed() and seconds(driver.find_element(By.ID, "clock").text) <= 45, \
        f"a start made through the API shows in the open detail: PAUSE offered, counting down from 00:45 ({driver.find_element(By.ID, 'clock').text})"

    driver.set_window_size(320, 740)
    for address, view in (("/timers", "list-view"), ("/timers#timer/" + made["id"], "detail-view"), ("/timers#new", "form-view")):
        driver.get(server.url + address)
        # The address's view drawn: the list's three cards, the timer's name, or the form.
        ready = {"list-view": lambda d: len(d.find_elements(By.CSS_SELECTOR, ".timer-card")) == 3,
                 "detail-view": lambda d: d.find_element(By.ID, "detail-title").text == "From the API",
                 "form-view": lambda d: d.find_element(By.ID, "timer-form").is_displayed()}[view]
        wait.until(lambda d: d.find_element(By.ID, view).is_displayed() and ready(d), f"{address} did not show its view")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        small = driver.execute_script(
            "return [...document.querySelectorAll('button, a.button, a.timer-open, .swatch, .icon-choice, summary, select, input')]"
            ".filter(e => e.offsetParent && e.type !== 'checkbox' && e.type !== 'radio' && e.getBoundingClientRect().height < 44).map(e => e.textContent.trim() || e.id)")
        assert width <= 320 and not small, f"{address} at 320 px: no sideways scrolling ({width} px), 44 px targets ({small})"
    shot("27-timers-phone")
    driver.set_window_size(1200, 900)

    driver.get(server.url + "/timers#timer/" + made["id"])
    wait.until(EC.visibility_of_element_located((By.ID, "delete-timer"))).click()
    wait.until(EC.visibility_of_element_located((By.ID, "confirm-dialog")))
    assert "From the API" in driver.find_element(By.ID, "confirm-text").text, "delete asks first"
    driver.find_element(By.CSS_SELECTOR, "#confirm-dialog button[value=ok]").click()
    wait.until(EC.visibility_of_element_located((By.ID, "list-view")))
    wait.until(lambda d: "From the API" not in d.find_element(By.ID, "timer-list").text)
    assert all(t["name"] != "From the API" for t in api(server, "GET", "timers")["timers"]), "delete after confirmation removes the timer"
