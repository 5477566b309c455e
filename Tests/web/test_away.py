"""Away replies in the browser: Settings → Away replies says honestly that answers go out only
while `tgt serve` runs and when it last looked; its defaults; bad input refused with an error
banner that keeps what was typed (no template for "on", a moment that has passed or is missing,
a weekly window with no days, with equal times or with no start, quiet hours and a cap out of
range both in the browser and past it, a template that needs values, one deleted while the page
was open) and nothing saved; on by hand with a reply template, the quiet hours, the cap, "only
while offline" and a person never answered, saved and kept across a reload; until a moment; a
weekly window with a greeting; off again. GET /api/away agrees each time. Desktop, phone 320 px
and dark; every screen is audited.

Not here: someone writing while you are away. The demo simulator has no person who writes to
you in a private chat by themselves (only Family, a group, answers what you send), and nothing a
browser can do makes one write; Tests/TgtServerTests/AwayReplyTests.swift drives that through
the simulator in process, with "Away reply to Alice" in Recent."""
import re
from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from demo import ALICE, FAMILY
from modes import set_scheme
from waits import gone

AWAY = "Away note"
GREETING = "Hello newcomer"
NEEDS = "Back at (needs a value)"
GONE = "Deleted meanwhile"
POST = "Away post on X"
HONEST = "Replies go out only while this dashboard (tgt serve) runs and is logged in to Telegram."
# It notes a look once a minute while logged in, so the last is about a minute old at most.
LOOKED = r"It last looked (just now|1 min ago)\."

# Buttons, fields, selects and the labels of radios and checkboxes in the away section that are
# shorter than 44 px; hidden ones do not count.
SMALL_TARGETS = (
    "return [...arguments[0].querySelectorAll('button, input:not([type=checkbox]):not([type=radio]), select, label.check')]"
    ".filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.textContent.trim() || e.id || e.name)")

# What the form holds now: the mode, the moment, the window, the templates (by name), the numbers,
# "only while offline" and who is never answered.
FORM_STATE = """
const form = document.getElementById('away-form');
const value = (id) => document.getElementById(id).value;
const chosen = (id) => { const s = document.getElementById(id); return s.selectedIndex < 0 ? null : s.options[s.selectedIndex].text; };
return {mode: (form.querySelector('input[name=mode]:checked') || {}).value || null, until: value('away_until'),
    days: [...form.querySelectorAll('input[name^=day_]:checked')].map(e => e.name.slice(4)), from: value('away_from'), to: value('away_to'),
    reply: chosen('away_reply'), greeting: chosen('away_greeting'), quiet: value('away_quiet'), cap: value('away_cap'),
    offline: form.querySelector('input[name=only_when_offline]').checked,
    excluded: [...form.querySelectorAll('input[name^=exclude_]:checked')].map(e => e.name.slice(8))};
"""


def away(server):
    return server.api("GET", "away")


def saved(reply):
    """What the store holds, without what only the running dashboard adds."""
    return {k: v for k, v in reply.items() if k not in ("checked_at", "answers_last_hour", "away_now")}


def open_section(driver, wait, server):
    driver.get(server.url + "/settings#away")
    return wait.until(EC.presence_of_element_located((By.ID, "away")))


def form_state(driver):
    return driver.execute_script(FORM_STATE)


def chosen(state):
    """The form's state without the fields of the modes not chosen (the settings keep only the
    chosen mode's moment or window; the others show their defaults again)."""
    unused = {"until": ("days", "from", "to"), "schedule": ("until",)}.get(state["mode"], ("until", "days", "from", "to"))
    return {k: v for k, v in state.items() if k not in unused}


def info(driver):
    return driver.find_element(By.ID, "away-status").text


def fill(driver, mode=None, until=None, days=None, start=None, end=None, reply=None, greeting=None, quiet=None, cap=None,
         offline=None, excluded=None):
    """Fills in what is given as a person would: a click on the mode, the days and the
    checkboxes, a choice in the selects, numbers typed. The date and time pickers' typing
    depends on the browser's locale, so their values are set (with the events typing sends)."""
    form = driver.find_element(By.ID, "away-form")
    if mode:
        form.find_element(By.CSS_SELECTOR, f"input[name=mode][value={mode}]").click()
    for field, value in (("away_until", until), ("away_from", start), ("away_to", end)):
        if value is not None:
            driver.execute_script("const f = document.getElementById(arguments[0]); f.value = arguments[1];"
                                  "f.dispatchEvent(new Event('input', {bubbles: true})); f.dispatchEvent(new Event('change', {bubbles: true}))",
                                  field, value)
    if days is not None:
        for box in form.find_elements(By.CSS_SELECTOR, "input[name^=day_]"):
            if box.is_selected() != (box.get_attribute("name")[4:] in days):
                box.click()
    for field, name in (("away_reply", reply), ("away_greeting", greeting)):
        if name is not None:
            Select(driver.find_element(By.ID, field)).select_by_visible_text(name)
    for field, number in (("away_quiet", quiet), ("away_cap", cap)):
        if number is not None:
            element = driver.find_element(By.ID, field)
            element.clear()
            element.send_keys(str(number))
    if offline is not None:
        box = form.find_element(By.CSS_SELECTOR, "input[name=only_when_offline]")
        if box.is_selected() != offline:
            box.click()
    if excluded is not None:
        for box in form.find_elements(By.CSS_SELECTOR, "input[name^=exclude_]"):
            if box.is_selected() != (box.get_attribute("name")[8:] in excluded):
                box.click()


def submit_form(driver, wait):
    page = driver.find_element(By.TAG_NAME, "html")
    button = driver.find_element(By.CSS_SELECTOR, "#away-form button[type=submit]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait.until(gone(page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def refused(driver, wait, server, before, why, typed, what):
    """Submits the form and checks that it is refused with `why`, keeps what was typed and saves
    nothing."""
    submit_form(driver, wait)
    error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
    assert why in error.text, f"{what}: refused with an error banner ({error.text!r})"
    kept, typed = chosen(form_state(driver)), chosen(typed)
    assert kept == typed, f"the refused form keeps what was typed ({ {k: v for k, v in kept.items() if typed.get(k) != v} or 'all of it'})"
    assert saved(away(server)) == before, "and nothing was saved (GET /api/away)"


def local_minute(moment):
    return moment.strftime("%Y-%m-%dT%H:%M")


def test_away_replies(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    target = [{"chat_id": FAMILY}]
    made = {name: server.api("POST", "templates", {"name": name, "body": body, "targets": target})["id"] for name, body in (
        (AWAY, "I'm away for now, {{chat}}; I'll answer when I'm back."),
        (GREETING, "Hi! Thanks for writing, I'll answer soon."),
        (NEEDS, "Back at {{back_at}}."),
        (GONE, "This one is deleted while the page is open."))}
    made[POST] = server.api("POST", "templates", {"name": POST, "kind": "x", "body": "Away this week"})["id"]
    # The chat list in the store (the "Never answer" list is its private chats), and the
    # defaults, whatever ran before.
    server.api("GET", "chats")
    defaults = saved(server.api("PUT", "away", {"mode": "off", "quiet_hours": 12, "hourly_cap": 30}))
    assert defaults == {"mode": "off", "quiet_hours": 12, "only_when_offline": False, "hourly_cap": 30, "excluded": []}, \
          f"away replies start off, 12 quiet hours, 30 an hour, nobody excluded ({defaults})"

    # The section: honest about where replies run and when it last looked; the defaults.
    # The first look comes within a minute of the login: asked before and after the page, the
    # API tells which the page may say.
    looked_before = away(server).get("checked_at")
    section = open_section(driver, wait, server)
    looked_after = away(server).get("checked_at")
    assert section.find_element(By.TAG_NAME, "h2").text == "Away replies", "Settings has an Away replies section"
    text = info(driver)
    assert HONEST in text, f"it says replies go out only while tgt serve runs and is logged in ({text!r})"
    looked = LOOKED if looked_before else r"It has not looked yet\." if not looked_after else LOOKED + r"|It has not looked yet\."
    assert re.search(looked, text), f"and when it last looked, as GET /api/away has it (checked_at {looked_after})"
    assert "You do not count as away now." in text and "0 automatic answers in the last hour." in text, \
          "that you are not away now and no automatic answers went out in the last hour"
    assert (form_state(driver) == {"mode": "off", "until": "", "days": ["mon", "tue", "wed", "thu", "fri"], "from": "18:00", "to": "09:00",
                                 "reply": "Choose a template", "greeting": "No greeting", "quiet": "12", "cap": "30", "offline": False,
                                 "excluded": []}), \
          "the form: Off, weekday evenings 18:00 to 09:00 offered, no template chosen, 12 hours, 30 an hour"
    offered = driver.execute_script("return [...document.querySelectorAll('#away_reply option')].map(o => o.text)")
    assert all(name in offered for name in (AWAY, GREETING, NEEDS, GONE)) and POST not in offered, \
          f"the templates offered are the Telegram ones, not a post for X ({len(offered) - 1} offered)"
    people = driver.execute_script("return [...document.querySelectorAll('#away-form input[name^=exclude_]')].map(e => e.parentElement.textContent.trim())")
    assert people == ["Alice"], f"“Never answer” lists the people of private chats ({people})"
    zone = driver.find_element(By.CSS_SELECTOR, "#away .hint").text
    assert zone.startswith("Times in ") and "runs past midnight" in zone, f"the window's hint names the time zone ({zone!r})"
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", section)
    small = driver.execute_script(SMALL_TARGETS, section)
    assert not small, f"the section's fields, choices and button are 44 px touch targets ({small})"
    shot("74-away-off")
    audit.screen("Settings: away replies, off")
    before = saved(away(server))

    # Refused, each with what was typed kept, nothing saved.
    fill(driver, mode="on", quiet=6)
    refused(driver, wait, server, before, "Choose the template that answers while you are away.",
            dict(form_state(driver)), "on without a template")
    yesterday = local_minute(datetime.now() - timedelta(days=1))
    fill(driver, mode="until", until=yesterday, reply=AWAY, quiet=6)
    typed = form_state(driver)
    refused(driver, wait, server, before, "That moment has passed; give one to come.", typed, f"until {yesterday}, a moment past")
    # The banner is at the top of Settings and the form further down: a tall window shows both.
    driver.set_window_size(1200, 2000)
    driver.execute_script("window.scrollTo(0, 0)")
    shot("75-away-refused")
    driver.set_window_size(1200, 900)
    audit.screen("Settings: away replies refused")
    fill(driver, mode="until", until="", reply=AWAY)
    refused(driver, wait, server, before, "Give the day and time you are back.", form_state(driver), "until with no moment")
    fill(driver, mode="schedule", days=[], start="18:00", end="09:00", reply=AWAY)
    refused(driver, wait, server, before, "Choose at least one day.", form_state(driver), "a weekly window with no day")
    fill(driver, mode="schedule", days=["sat", "sun"], start="09:00", end="09:00", reply=AWAY)
    refused(driver, wait, server, before, "Give two different times", form_state(driver), "a window from 09:00 to 09:00")
    fill(driver, mode="schedule", days=["sat", "sun"], start="", end="13:00", reply=AWAY)
    refused(driver, wait, server, before, "Give the times the window starts and ends", form_state(driver),
            "a window with no start time")

    # Numbers out of range: the browser stops the form at the field; past it (as a script
    # posting the form could), the dashboard refuses them.
    fill(driver, mode="on", reply=AWAY, quiet=200)
    driver.execute_script("window.stillHere = true")
    driver.find_element(By.CSS_SELECTOR, "#away-form button[type=submit]").click()
    wait.until(lambda d: d.execute_script("return document.activeElement.id") == "away_quiet")
    message = driver.execute_script("return document.getElementById('away_quiet').validationMessage")
    assert driver.execute_script("return window.stillHere === true") and message, \
          f"quiet hours of 200: the browser stops the form at the field and says why ({message!r})"
    driver.execute_script("document.getElementById('away-form').noValidate = true")
    refused(driver, wait, server, before, "Quiet hours after a reply must be 1 to 168.", form_state(driver),
            "quiet hours of 200 sent past the browser")
    fill(driver, quiet=12, cap=0)
    driver.execute_script("document.getElementById('away-form').noValidate = true")
    refused(driver, wait, server, before, "Automatic replies an hour must be 1 to 500.", form_state(driver), "a cap of 0 an hour")

    # Templates that cannot answer: one that needs a value, one deleted since the page opened.
    fill(driver, cap=30, reply=NEEDS)
    refused(driver, wait, server, before, f"“{NEEDS}” needs values for {{{{back_at}}}}, and nobody is there to give them.",
            form_state(driver), "a template with a variable nobody can fill in")
    assert "Give those variables defaults in the template, or choose another." in driver.find_element(By.CSS_SELECTOR, ".banner.error").text, \
          "and the banner says what to do"
    fill(driver, reply=AWAY, greeting=GONE)
    server.api("DELETE", f"templates/{made.pop(GONE)}")
    typed = form_state(driver)
    submit_form(driver, wait)
    error = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner.error")))
    assert "That template no longer exists." in error.text, f"a greeting deleted while the page was open: refused ({error.text!r})"
    kept = chosen(form_state(driver))
    assert kept == chosen(dict(typed, greeting="No greeting")), f"the form keeps the rest; the deleted template is no longer offered ({kept['greeting']!r})"
    assert saved(away(server)) == before, "and nothing was saved"
    open_section(driver, wait, server)
    assert form_state(driver)["mode"] == "off" and "You do not count as away now." in info(driver), "reloaded, the section is still off"

    # On by hand: the reply, 8 quiet hours, 20 an hour, only while offline, never Alice.
    fill(driver, mode="on", reply=AWAY, greeting="No greeting", quiet=8, cap=20, offline=True, excluded=[str(ALICE)])
    typed = form_state(driver)
    submit_form(driver, wait)
    wait.until(EC.url_contains("done=away"))
    assert "Away replies saved." in driver.find_element(By.CSS_SELECTOR, ".banner.info").text, "saved: “Away replies saved.”"
    assert chosen(form_state(driver)) == chosen(typed) and "You count as away now." in info(driver), "the section shows what was saved: away now"
    reply = away(server)
    assert (saved(reply) == {"mode": "on", "reply_template_id": made[AWAY], "quiet_hours": 8, "only_when_offline": True, "hourly_cap": 20,
                           "excluded": [{"user_id": ALICE, "name": "Alice"}]} and reply["away_now"] is True), \
          "GET /api/away agrees: on, the reply template, 8 h, 20 an hour, only while offline, never Alice, away now"
    open_section(driver, wait, server)
    assert chosen(form_state(driver)) == chosen(typed), "reloaded, the values stay"
    section = driver.find_element(By.ID, "away")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", section)
    shot("76-away-on")
    audit.screen("Settings: away replies on")
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    wait.until(lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 320)
    small = driver.execute_script(SMALL_TARGETS, section)
    assert not small, f"phone: the section fits (no sideways scrolling) and its targets are 44 px ({small})"
    # The saved template, numbers, "only while offline" and "Never answer" on a phone.
    driver.execute_script("document.querySelector('label[for=away_reply]').scrollIntoView({block: 'start'})")
    shot("77-away-on-phone-dark")
    set_scheme(driver, "light")
    driver.set_window_size(1200, 900)

    # Until a moment to come.
    back = (datetime.now() + timedelta(days=3)).replace(hour=9, minute=30, second=0, microsecond=0)
    fill(driver, mode="until", until=local_minute(back))
    submit_form(driver, wait)
    wait.until(EC.url_contains("done=away"))
    reply = away(server)
    until = datetime.fromisoformat(reply.get("until", "").replace("Z", "+00:00"))
    assert reply["mode"] == "until" and until == back.astimezone(timezone.utc) and reply["away_now"] is True, \
          f"until {local_minute(back)} (the dashboard's time): saved as {reply.get('until')}, away now"
    assert (form_state(driver)["mode"] == "until" and form_state(driver)["until"] == local_minute(back)
          and "You count as away now." in info(driver)), "and the section shows it"

    # Every week: Tue, Thu and Sat from 22:30 past midnight to 06:15, with a greeting.
    fill(driver, mode="schedule", days=["tue", "thu", "sat"], start="22:30", end="06:15", greeting=GREETING)
    typed = form_state(driver)
    submit_form(driver, wait)
    wait.until(EC.url_contains("done=away"))
    reply = away(server)
    zone = driver.find_element(By.CSS_SELECTOR, "#away .hint").text
    assert (reply["mode"] == "schedule" and reply["schedule"]["days"] == ["tue", "thu", "sat"]
          and (reply["schedule"]["from"], reply["schedule"]["to"]) == ("22:30", "06:15")
          and zone.startswith(f"Times in {reply['schedule']['time_zone']};") and reply["greeting_template_id"] == made[GREETING]
          and reply["reply_template_id"] == made[AWAY]), \
          f"GET /api/away: every Tue, Thu, Sat 22:30–06:15 in {reply['schedule']['time_zone']}, the greeting and the reply"
    now = "You count as away now." if reply["away_now"] else "You do not count as away now."
    assert now in info(driver), f"the section says whether that is now, as the API does: {now!r}"
    open_section(driver, wait, server)
    kept = form_state(driver)
    assert chosen(kept) == chosen(typed) and kept["until"] == "", \
          f"reloaded, the window and the greeting stay ({kept['days']}, {kept['from']}–{kept['to']}, {kept['greeting']!r})"
    section = driver.find_element(By.ID, "away")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", section)
    shot("78-away-schedule-greeting")
    audit.screen("Settings: away replies every week, with a greeting")
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    wait.until(lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 320)
    driver.execute_script("document.querySelector('#away .days').scrollIntoView({block: 'start'})")
    small = driver.execute_script(SMALL_TARGETS, section)
    assert not small, f"phone: the days, the times and the rest are 44 px targets ({small})"
    shot("79-away-schedule-phone-dark")
    set_scheme(driver, "light")
    driver.set_window_size(1200, 900)

    # Off, and no greeting: nothing answers; the reply template stays chosen for next time.
    fill(driver, mode="off", greeting="No greeting")
    submit_form(driver, wait)
    wait.until(EC.url_contains("done=away"))
    reply = away(server)
    assert (reply["mode"] == "off" and "greeting_template_id" not in reply and reply["away_now"] is False
          and "You do not count as away now." in info(driver) and form_state(driver)["mode"] == "off"), \
          "switched off, no greeting: GET /api/away says off and not away, and so does the section"
    assert reply["reply_template_id"] == made[AWAY] and form_state(driver)["reply"] == AWAY, "the reply template stays chosen for next time"

    # When it last looked: the dashboard notes it at the login and once a minute after.
    wait.until(lambda _: away(server).get("checked_at"))
    open_section(driver, wait, server)
    text = info(driver)
    assert re.search(LOOKED, text), f"once it has looked, the section says when ({text!r})"
    audit.screen("Settings: away replies off again")

    server.api("PUT", "away", {"mode": "off", "quiet_hours": 12, "hourly_cap": 30})
    for template_id in made.values():
        server.api("DELETE", f"templates/{template_id}")
