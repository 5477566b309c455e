"""Sending on arriving or leaving, in the browser: the editor's "Send on arriving or leaving"
section (off by default, its defaults, the map link following the typed coordinates), a new
template saved with a place (arriving at Home, 300 m, once a day) that GET /api/templates/{id}
agrees with and the editor shows again; bad input that keeps what was typed and saves nothing
(coordinates off the Earth or not coordinates at all, said in the browser with the focus on the
field; a radius of 20 m, a place with no name or with spaces around it, a body asking for a
value: said by the dashboard beside the place); switching to an email template hides the
section and saves no place (the API refuses one); "Use where I am" with the browser's location
allowed and refused; Settings → Your templates → Download templates (the file, and its place
rule); the place turned off again. Desktop, phone 320 px and dark; every screen is audited.

Not here: the iPhone app noticing the crossing and sending. The dashboard only keeps the rule
(it "never sends it"); Tests/TgtDomainTests/PlaceRuleTests.swift and
Tests/TgtAppModelTests/PlacesModelTests.swift cover the rule and the app's side."""
import json
import os
import tempfile
import urllib.error
from datetime import datetime, timezone
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from demo import FAMILY
from modes import set_scheme
from waits import gone

ARRIVED = "Arrived home"
EMAILED = "Arrived home by email"
MAP = "https://maps.google.com/?q="

# Buttons, links, fields, selects and the checkbox's label in the place section that are
# shorter than 44 px; hidden ones do not count.
SMALL_TARGETS = (
    "return [...arguments[0].querySelectorAll('button, a, input:not([type=checkbox]):not([type=radio]), select, label.check')]"
    ".filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.textContent.trim() || e.id || e.name)")

# What the section holds now: on, open, the choices (the window by its text), the fields, the
# map link (null when hidden) and the message beside it (null when hidden).
PLACE_STATE = """
const value = (id) => document.getElementById(id).value;
const windowChoice = document.getElementById('place_window');
const map = document.getElementById('place-map');
const error = document.getElementById('place-error');
return {on: document.getElementById('place_on').checked, open: !document.getElementById('place-fields').hidden,
    crossing: value('place_crossing'), name: value('place_name'), coordinates: value('place_coordinates'), radius: value('place_radius'),
    window: windowChoice.options[windowChoice.selectedIndex].text,
    map: map.hidden ? null : map.getAttribute('href'), error: error.hidden ? null : error.textContent};
"""

# The export, fetched from the page with the session's cookie as the link would be.
FETCH_EXPORT = """
const done = arguments[arguments.length - 1];
fetch('/settings/export').then(async (r) => done({status: r.status, type: r.headers.get('content-type'),
    disposition: r.headers.get('content-disposition'), body: await r.json()}), (e) => done({error: String(e)}));
"""


def today():
    """The export's date in its file name (the dashboard names it by the UTC day)."""
    return datetime.now(timezone.utc).date().isoformat()


def map_point(href):
    """The point a map link shows, as numbers (the editor writes 45.4642, the page 45.464200)."""
    if not href or not href.startswith(MAP):
        return None
    latitude, longitude = href[len(MAP):].split(",")
    return float(latitude), float(longitude)


def template(server, template_id):
    return server.api("GET", f"templates/{template_id}")


def template_ids(server):
    return {t["id"] for t in server.api("GET", "templates")["templates"]}


def place_state(driver):
    return driver.execute_script(PLACE_STATE)


def typed(state):
    """What was typed, without the message beside it."""
    return {k: v for k, v in state.items() if k != "error"}


def section(driver):
    return driver.find_element(By.CSS_SELECTOR, "fieldset.place")


def open_editor(driver, wait, server, template_id=None):
    driver.get(server.url + (f"/templates/{template_id}/edit" if template_id else "/templates/new"))
    wait.until(EC.presence_of_element_located((By.ID, "editor")))
    # A chat list cached before every kind could be a target (or none yet) is refreshed as the
    # page opens: wait until Family can be ticked and the list is not being redrawn.
    wait.until(lambda d: d.find_element(By.ID, "refresh-chats").is_enabled()
               and d.find_elements(By.CSS_SELECTOR, f"input[name=target][value='{FAMILY}']"))


def set_field(driver, field_id, text):
    element = driver.find_element(By.ID, field_id)
    element.clear()
    if text:
        element.send_keys(text)


def fill_place(driver, on=True, crossing=None, name=None, coordinates=None, radius=None, window=None):
    """Fills in the place as a person would: the checkbox clicked, choices chosen, text typed."""
    box = driver.find_element(By.ID, "place_on")
    if box.is_selected() != on:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()
    if crossing is not None:
        Select(driver.find_element(By.ID, "place_crossing")).select_by_value(crossing)
    for field, text in (("place_name", name), ("place_coordinates", coordinates), ("place_radius", radius)):
        if text is not None:
            set_field(driver, field, str(text))
    if window is not None:
        Select(driver.find_element(By.ID, "place_window")).select_by_visible_text(window)


def choose_kind(driver, kind):
    driver.find_element(By.CSS_SELECTOR, f"input[name=kind][value={kind}]").click()


def save(driver, wait):
    """Saves; returns once the grid is back (saved) or a message shows beside a field (refused)."""
    page = driver.find_element(By.TAG_NAME, "html")
    button = driver.find_element(By.ID, "save")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait.until(lambda d: gone(page)(d) or d.execute_script(
        "return [...document.querySelectorAll('.field-error, #form-error')].some(e => !e.hidden) && !document.getElementById('save').disabled"))
    if gone(page)(driver):
        wait.until(EC.presence_of_element_located((By.ID, "grid")))
        return True
    return False


def refused(driver, wait, server, before, why, what, template_id=None, focus=None):
    """Saves and checks that the place's message says `why`, the form keeps what was typed and
    nothing was saved (the template as before, or no new template)."""
    kept = typed(place_state(driver))
    assert not save(driver, wait), f"{what}: not saved, the editor stays"
    state = place_state(driver)
    assert state["error"] and why in state["error"], f"{what}: said beside the place ({state['error']!r})"
    assert typed(state) == kept, f"the refused form keeps what was typed ({ {k: v for k, v in typed(state).items() if kept.get(k) != v} or 'all of it'})"
    if focus:
        active = driver.execute_script("return document.activeElement.id")
        assert active == focus and driver.find_element(By.ID, focus).get_attribute("aria-invalid") == "true", \
              f"the focus is on the field at fault, marked invalid ({active})"
    after = template(server, template_id) if template_id else template_ids(server)
    assert after == before, "and nothing was saved (GET /api/templates" + (f"/{template_id})" if template_id else ")")


def test_arriving_or_leaving(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    # The chat list in the store, whatever ran before (the editor offers its chats as targets).
    server.api("GET", "chats")
    before = template_ids(server)

    # A new template: the section is there for Telegram, off, its fields hidden.
    open_editor(driver, wait, server)
    place = section(driver)
    assert place.find_element(By.TAG_NAME, "legend").text == "Send on arriving or leaving" and place.is_displayed(), \
          "the editor of a new Telegram template has a “Send on arriving or leaving” section"
    hint = driver.find_element(By.ID, "place-hint").text
    assert "this dashboard never sends it" in hint and "must all have defaults" in hint, \
          f"it says the iPhone app sends it, never the dashboard, and that values need defaults ({hint[:60]}…)"
    state = place_state(driver)
    assert not state["on"] and not state["open"], "off, its fields hidden"
    fill_place(driver)
    state = place_state(driver)
    assert (state == {"on": True, "open": True, "crossing": "arrive", "name": "", "coordinates": "", "radius": "150",
                    "window": "once an hour", "map": None, "error": None}), \
          f"ticked, the fields show: arriving, 150 m, once an hour, no place yet and no map link ({state})"
    assert driver.execute_script("return document.activeElement.id") == "place_name", "and the focus moves to the place's name"

    # Filled in; a body asking for a value is refused beside the place.
    set_field(driver, "name", ARRIVED)
    set_field(driver, "body", "Home in {{eta}} min 🏠")
    driver.find_element(By.CSS_SELECTOR, f"input[name=target][value='{FAMILY}']").click()
    fill_place(driver, crossing="arrive", name="Home", coordinates="45.4642, 9.19", radius=300, window="once a day")
    state = place_state(driver)
    assert map_point(state["map"]) == (45.4642, 9.19), f"typed coordinates show a map link to them ({state['map']})"
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", place)
    small = driver.execute_script(SMALL_TARGETS, place)
    assert not small, f"the section's checkbox, fields, button and map link are 44 px touch targets ({small})"
    shot("80-place-filled")
    audit.screen("editor: a new template with a place filled in")
    refused(driver, wait, server, before, "cannot ask for values: give {{eta}} a default, such as {{eta=…}}",
            "a body with {{eta}} and no default")
    assert driver.find_element(By.ID, "body").get_attribute("value") == "Home in {{eta}} min 🏠", "the body stays as typed"
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", place)
    shot("81-place-refused")
    audit.screen("editor: a place refused (a value without a default)")

    # With a default, it saves.
    set_field(driver, "body", "Home in {{eta=10}} min 🏠")
    assert save(driver, wait), "saved: back to the grid"
    made = template_ids(server) - before
    assert len(made) == 1, "one template was made"
    template_id = made.pop()
    saved = template(server, template_id)
    assert saved["name"] == ARRIVED and saved["body"] == "Home in {{eta=10}} min 🏠" and [t["chat_id"] for t in saved["targets"]] == [FAMILY], \
          "GET /api/templates/{id}: the name, the body and Family"
    assert (saved.get("place") == {"crossing": "arrive", "latitude": 45.4642, "longitude": 9.19, "radius": 300, "place_name": "Home",
                                 "window_minutes": 1440, "summary": "Arriving at Home (300 m), at most once a day"}), \
          f"and the place: arriving at Home, 45.4642, 9.19, 300 m, 1440 minutes ({saved.get('place')})"
    # (The grid redraws itself on live events: its name is read in one step.)
    shown = wait.until(lambda d: d.execute_script(
        "const tile = document.querySelector(`li[data-id='${arguments[0]}']`); return tile && tile.textContent", template_id))
    assert ARRIVED in shown, "the grid shows the template"

    # Reopened: the section open, the fields as saved, the map link on the coordinates.
    open_editor(driver, wait, server, template_id)
    state = place_state(driver)
    assert (dict(state, map=None) == {"on": True, "open": True, "crossing": "arrive", "name": "Home", "coordinates": "45.4642, 9.19", "radius": "300",
                                    "window": "once a day", "map": None, "error": None} and map_point(state["map"]) == (45.4642, 9.19)), \
          f"reopened, the section is open with what was saved and the map link points at it ({state['map']})"
    link = driver.find_element(By.ID, "place-map")
    assert link.text == "Check it on a map" and link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel"), \
          "“Check it on a map” opens in a new tab, without access back to the dashboard"
    audit.screen("editor: a template with a place")
    saved = template(server, template_id)

    # Refused in the browser: coordinates that are not a point on Earth, or not coordinates.
    for coordinates, why in (("91, 9", "latitude -90…90, longitude -180…180"), ("not a place", "Write the place as latitude, longitude"),
                             ("", "Choose where: paste the coordinates from a map app")):
        fill_place(driver, coordinates=coordinates, radius=500)
        assert place_state(driver)["map"] is None, f"“{coordinates}”: no map link"
        refused(driver, wait, server, saved, why, f"coordinates “{coordinates}”", template_id, focus="place_coordinates")
        assert driver.find_element(By.ID, "place_name").get_attribute("aria-invalid") != "true", "and only that field is marked invalid"
    audit.screen("editor: coordinates refused in the browser")

    # Refused by the dashboard: a radius of 20 m, a place with no name or spaces around it.
    fill_place(driver, coordinates="45.4642, 9.19", radius=20)
    refused(driver, wait, server, saved, "The radius is 20 m; it must be 100–5000 m", "a radius of 20 m", template_id)
    driver.set_window_size(1200, 1100)
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", section(driver))
    audit.screen("editor: a place refused by the dashboard (radius)")
    driver.set_window_size(1200, 900)
    fill_place(driver, radius=300, name="")
    refused(driver, wait, server, saved, "Name the place (Home, Office, …)", "a place with no name", template_id)
    fill_place(driver, name=" Home ")
    refused(driver, wait, server, saved, "cannot start or end with spaces", "a place named “ Home ”", template_id)
    fill_place(driver, name="Home")

    # An email template cannot send by itself: switching hides the section (what was typed
    # waits for Telegram again) and the save carries no place; the API refuses one.
    open_editor(driver, wait, server)
    set_field(driver, "name", EMAILED)
    set_field(driver, "body", "I'm home.")
    fill_place(driver, name="Home", coordinates="45.4642, 9.19", radius=300, window="once a day")
    typed_place = typed(place_state(driver))
    choose_kind(driver, "email")
    assert not section(driver).is_displayed(), "switching to Email hides the place section"
    audit.screen("editor: email, the place section hidden")
    choose_kind(driver, "telegram")
    assert section(driver).is_displayed() and typed(place_state(driver)) == typed_place, "back to Telegram, it shows again as typed"
    choose_kind(driver, "email")
    set_field(driver, "to", "me@example.com")
    listed = template_ids(server)
    assert save(driver, wait), "an email template with the (hidden) place ticked saves"
    made = template_ids(server) - listed
    emailed = template(server, made.pop()) if len(made) == 1 else {}
    assert emailed.get("kind") == "email" and "place" not in emailed, f"as an email template with no place (GET /api/templates/{{id}}: {emailed.get('kind')})"
    server.api("DELETE", f"templates/{emailed['id']}")
    with pytest.raises(urllib.error.HTTPError) as refusal:
        server.api("POST", "templates", {"name": EMAILED, "kind": "email", "body": "I'm home.",
                                         "place": {"crossing": "arrive", "latitude": 45.4642, "longitude": 9.19, "place_name": "Home"}})
    reason = json.loads(refusal.value.read()).get("error", {})
    assert (refusal.value.code == 422 and any(i.get("field") == "place" and "Only Telegram templates can send on arriving or leaving" in i.get("message", "")
                                              for i in reason.get("issues", []))), \
          f"the API refuses an email template with a place, on the place ({reason.get('message')!r})"
    assert template_ids(server) == listed, "and made nothing"

    # "Use where I am": Chromium counts 127.0.0.1 as a secure context, so the browser's
    # location can be allowed (and set) through CDP.
    open_editor(driver, wait, server, template_id)
    assert driver.execute_script("return window.isSecureContext && 'geolocation' in navigator"), \
          "the dashboard on 127.0.0.1 is a secure context with geolocation"
    driver.execute_cdp_cmd("Browser.setPermission", {"origin": server.url, "permission": {"name": "geolocation"}, "setting": "denied"})
    driver.find_element(By.ID, "place-here").click()
    wait.until(lambda d: place_state(d)["error"])
    state = place_state(driver)
    assert "not allowed to share your location" in state["error"] and state["coordinates"] == "45.4642, 9.19", \
          f"location refused: it says so and keeps the coordinates ({state['error']!r})"
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 51.5074, "longitude": -0.1278, "accuracy": 20})
    driver.find_element(By.ID, "place-here").click()
    wait.until(lambda d: place_state(d)["coordinates"] != "45.4642, 9.19")
    state = place_state(driver)
    assert state["coordinates"] == "51.507400, -0.127800" and map_point(state["map"]) == (51.5074, -0.1278) and state["error"] is None, \
          f"location allowed: “Use where I am” fills in where the browser is, with its map link, and clears the message ({state['coordinates']})"
    fill_place(driver, crossing="leave", name="Office", radius=1000, window="once every 2 hours")
    assert save(driver, wait), "saved"
    saved = template(server, template_id)
    assert (saved.get("place") == {"crossing": "leave", "latitude": 51.5074, "longitude": -0.1278, "radius": 1000, "place_name": "Office",
                                 "window_minutes": 120, "summary": "Leaving Office (1000 m), at most once every 2 hours"}), \
          f"GET /api/templates/{{id}}: leaving Office at the browser's location, 1000 m, 120 minutes ({saved.get('place', {}).get('summary')})"
    driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
    driver.execute_cdp_cmd("Browser.resetPermissions", {})

    # Phone, dark: the section fits and its targets are 44 px.
    open_editor(driver, wait, server, template_id)
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    wait.until(lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 320)
    place = section(driver)
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", place)
    small = driver.execute_script(SMALL_TARGETS, place)
    assert not small, f"phone: the editor with the place open fits (no sideways scrolling) and the section's targets are 44 px ({small})"
    coordinates = driver.find_element(By.ID, "place_coordinates")
    shown = driver.execute_script("return [arguments[0].clientWidth, arguments[0].scrollWidth]", coordinates)
    assert shown[1] <= shown[0], f"phone: the coordinates field shows them whole (nothing cut off in its {shown[0]} px)"
    shot("82-place-phone-dark")
    fill_place(driver, coordinates="91, 9")
    save(driver, wait)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 320 and place_state(driver)["error"], f"phone: with the message beside the place it still fits ({width} px)"
    set_scheme(driver, "light")
    driver.set_window_size(1200, 900)

    # Settings → Your templates → Download templates: the file has the place rule.
    driver.get(server.url + "/settings#export")
    export = wait.until(EC.presence_of_element_located((By.ID, "export")))
    link = export.find_element(By.LINK_TEXT, "Download templates")
    assert (export.find_element(By.TAG_NAME, "h2").text == "Your templates" and link.get_attribute("download") is not None
          and link.get_attribute("href") == server.url + "/settings/export"), \
          "Settings → Your templates has a “Download templates” link to /settings/export that downloads"
    assert link.size["height"] >= 44, f"a 44 px button ({link.size['height']} px)"
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", export)
    audit.screen("Settings: your templates (download)")
    reply = driver.execute_async_script(FETCH_EXPORT)
    assert (reply.get("status") == 200 and reply["type"].startswith("application/json")
          and reply["disposition"] == f'attachment; filename="tgtemplates-{today()}.json"'), \
          f"/settings/export answers JSON as an attachment ({reply.get('disposition')})"
    archive = reply["body"]
    assert archive.get("format") == "tgtemplates.templates" and archive.get("version") == 4, \
          f"format “tgtemplates.templates”, version 4 ({archive.get('format')}, {archive.get('version')})"
    exported = next((t for t in archive.get("templates", []) if t["id"].lower() == template_id.lower()), {})
    assert (exported.get("place") == {"crossing": "leave", "latitude": 51.5074, "longitude": -0.1278, "radius": 1000, "place_name": "Office",
                                    "window_minutes": 120}), \
          f"the template is in it with its place rule ({exported.get('place')})"
    # Clicked, the browser saves the file (downloads allowed into a folder of our own).
    folder = tempfile.mkdtemp(prefix="tgt-export-")
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
    link.click()
    name = f"tgtemplates-{today()}.json"
    WebDriverWait(driver, 15).until(lambda _: (Path(folder) / name).exists())
    downloaded = json.loads((Path(folder) / name).read_text())
    assert (downloaded["format"] == "tgtemplates.templates" and
          next(t for t in downloaded["templates"] if t["id"].lower() == template_id.lower())["place"]["place_name"] == "Office"), \
          f"clicked, the browser saves {name} with the place in it"
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})
    for leftover in Path(folder).iterdir():
        leftover.unlink()
    os.rmdir(folder)

    # Off again: unticked and saved, the place is gone.
    open_editor(driver, wait, server, template_id)
    fill_place(driver, on=False)
    assert not place_state(driver)["open"], "unticked, the fields hide"
    assert save(driver, wait), "saved"
    saved = template(server, template_id)
    assert "place" not in saved and saved["name"] == ARRIVED, "GET /api/templates/{id}: the place is removed, the template stays"
    open_editor(driver, wait, server, template_id)
    state = place_state(driver)
    assert not state["on"] and not state["open"] and state["map"] is None, "reopened, the section is off"
    exported = driver.execute_async_script(FETCH_EXPORT)["body"]
    assert "place" not in next(t for t in exported["templates"] if t["id"].lower() == template_id.lower()), \
          "and the download no longer has a place for it"

    server.api("DELETE", f"templates/{template_id}")
