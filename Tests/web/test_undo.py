"""The undo hold in the browser: the setting on the Settings page (a bad value refused with its
range), a tap that shows "Sending in N s · Undo" on its tile and sends nothing until the hold
ends, Undo that takes it back ("Undone: nothing was sent."), a tap left alone that goes out, and
a hold started elsewhere (the API, as another screen or `tgt send` would) that shows on this
screen's tile with its own Undo. Desktop, phone and dark; every screen is audited."""
import threading

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from demo import FAMILY
from modes import set_scheme


def tile_text(driver, name):
    return driver.execute_script(
        "const t = document.querySelector(`li.tile[data-name='${arguments[0]}'] .results`); return t ? t.textContent : ''", name)


def save_hold(driver, wait, server, value):
    driver.get(server.url + "/settings")
    field = wait.until(EC.presence_of_element_located((By.ID, "undo_hold")))
    field.clear()
    field.send_keys(str(value))
    driver.find_element(By.XPATH, "//form[@action='/settings/undo-hold#undo-hold']//button").click()


def test_undo_hold(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    server.api("POST", "templates", {"name": "Oops", "body": "Wrong tile 🙈", "targets": [{"chat_id": FAMILY}]})

    # The setting: a value out of range is refused with the range, and nothing changes (the
    # field's own limits are lifted to reach the server's rule).
    driver.get(server.url + "/settings")
    field = wait.until(EC.presence_of_element_located((By.ID, "undo_hold")))
    driver.execute_script("arguments[0].type = 'text'; arguments[0].removeAttribute('max')", field)
    field.clear()
    field.send_keys("45")
    driver.find_element(By.XPATH, "//form[@action='/settings/undo-hold#undo-hold']//button").click()
    wait.until(lambda d: "is not an undo hold" in d.page_source)
    assert server.api("GET", "settings")["undo_hold"] == 0, "an undo hold of 45 s is refused with its range; the setting is unchanged"
    save_hold(driver, wait, server, 8)
    wait.until(EC.url_contains("done=undo-hold"))
    assert server.api("GET", "settings")["undo_hold"] == 8 and "Undo hold saved." in driver.page_source, "Settings saves an undo hold of 8 s"
    audit.screen("settings: the undo hold")

    # A tap: held, counted down, nothing sent; Undo takes it back.
    sent_before = len(server.api("GET", "sends?limit=1000")["batches"])
    driver.get(server.url + "/")
    tile = wait.until(EC.presence_of_element_located((By.XPATH, "//li[@data-name='Oops']")))
    tile.find_element(By.CSS_SELECTOR, ".tap").click()
    wait.until(lambda d: "Sending in" in tile_text(d, "Oops"))
    # The tile counts down as soon as it is tapped; the server lists the hold once the tap's
    # request is in (on a loaded machine a moment later).
    wait.until(lambda d: server.api("GET", "sends/held")["holds"])
    held = server.api("GET", "sends/held")["holds"]
    assert len(held) == 1 and held[0]["template_name"] == "Oops", f"the tap is held, nothing sent yet ({tile_text(driver, 'Oops')!r})"
    undo = tile.find_element(By.CSS_SELECTOR, "button[data-undo]")
    assert undo.text == "Undo" and undo.size["height"] >= 44, "the tile offers Undo, a 44 px button"
    audit.screen("grid: a tap in its undo hold")
    shot("62-undo-hold-tile")
    undo.click()
    wait.until(lambda d: "Undone: nothing was sent." in tile_text(d, "Oops"))
    batches = server.api("GET", "sends?limit=1000")["batches"]
    assert [t["status"] for t in batches[0]["targets"]] == ["undone"] and len(batches) == sent_before + 1, \
          "Undo took it back: the send log says undone"
    assert server.api("GET", "sends/held")["holds"] == [], "and nothing is held any more"
    shot("63-undo-hold-undone")

    # Left alone, it goes out when the hold ends.
    wait.until(lambda d: "Undone" not in tile_text(d, "Oops"))
    tile = driver.find_element(By.XPATH, "//li[@data-name='Oops']")
    tile.find_element(By.CSS_SELECTOR, ".tap").click()
    wait.until(lambda d: "Sending in" in tile_text(d, "Oops"))
    wait.until(lambda d: "sent" in tile_text(d, "Oops") and "Sending in" not in tile_text(d, "Oops"))
    batches = server.api("GET", "sends?limit=1000")["batches"]
    assert [t["status"] for t in batches[0]["targets"]] == ["sent"], f"a tap left alone goes out when its hold ends ({tile_text(driver, 'Oops')!r})"

    # A hold started elsewhere shows here, with Undo.
    template = next(t for t in server.api("GET", "templates")["templates"] if t["name"] == "Oops")
    answer = {}

    def elsewhere():
        answer["report"] = server.api("POST", f"templates/{template['id']}/send", {"hold": 20})

    thread = threading.Thread(target=elsewhere)
    thread.start()
    wait.until(lambda d: "Sending in" in tile_text(d, "Oops"))
    held = server.api("GET", "sends/held")["holds"]
    undo = driver.find_element(By.XPATH, "//li[@data-name='Oops']//button[@data-undo]")
    assert len(held) == 1 and held[0]["template_name"] == "Oops" and undo.is_displayed(), \
        f"a send held on another screen shows on this one's tile, with Undo ({tile_text(driver, 'Oops')!r})"
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    wait.until(lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 320)
    driver.execute_script("document.querySelector(\"li.tile[data-name='Oops'] li.held\").scrollIntoView({block: 'center'})")
    shot("64-undo-hold-phone-dark")
    audit.screen("grid: a hold from another screen, phone, dark")
    set_scheme(driver, "light")
    driver.set_window_size(1200, 900)
    driver.find_element(By.XPATH, "//li[@data-name='Oops']//button[@data-undo]").click()
    thread.join()
    assert answer["report"]["undone"] is True, "its Undo here took back the other screen's send"
    wait.until(lambda d: "Sending in" not in tile_text(d, "Oops"))

    save_hold(driver, wait, server, 0)
    wait.until(EC.url_contains("done=undo-hold"))
