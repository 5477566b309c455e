"""Choosing several messages in a conversation: "Select" in a bubble's actions ticks it and puts
a bar with Forward and Delete in place of the composer; a click on another bubble ticks it too;
Forward sends the chosen ones (oldest first) to a chat picked in the dialog, Delete removes them
all (for everyone, when all are yours and that is ticked); Escape and Cancel stop choosing.
Every screen is audited and photographed (desktop and phone)."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from demo import ALICE, FAMILY
from modes import shot_phone_dark
import demo


def test_choosing_several_messages(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)

    def open_chat(chat_id):
        demo.open_chat(driver, wait, server, chat_id)

    def click(selector):
        demo.click_fresh(driver, selector)

    def mine(text):
        return driver.execute_script(
            "const m = [...document.querySelectorAll('#message-list li.msg.out')].reverse().find((li) => li.querySelector('.text')?.textContent === arguments[0]);"
            "return m ? Number(m.dataset.id) : 0", text)

    def choose(message_id):
        click(f"#m{message_id} [data-actions]")
        wait.until(EC.visibility_of_element_located((By.ID, "actions-dialog")))
        click("#actions-dialog button[value=select]")
        wait.until(EC.visibility_of_element_located((By.ID, "select-bar")))

    def bar():
        return driver.execute_script(
            "return {shown: !document.getElementById('select-bar').hidden, composer: !document.getElementById('composer').hidden,"
            " count: document.getElementById('select-count').textContent,"
            " ticked: [...document.querySelectorAll('#message-list .pick:checked')].map((b) => Number(b.dataset.select))}")

    open_chat(ALICE)
    for text in ("First of two", "Second of two"):
        box = driver.find_element(By.ID, "composer-text")
        box.send_keys(text, Keys.ENTER)
        wait.until(lambda d: mine(text) > 0 and not d.find_elements(By.CSS_SELECTOR, f"#m{mine(text)} .ticks[aria-label=Sending]"))
    first, second = mine("First of two"), mine("Second of two")

    choose(first)
    state = bar()
    assert state["shown"] and not state["composer"] and state["count"] == "1 message selected" and state["ticked"] == [first], \
          f"Select ticks the message and puts the bar in place of the composer ({state})"
    assert driver.execute_script("return document.activeElement.matches('#m' + arguments[0] + ' .pick')", first), \
          "the focus is on its box"
    click(f"#m{second} .text")
    wait.until(lambda d: bar()["count"] == "2 messages selected")
    assert sorted(bar()["ticked"]) == sorted([first, second]), "a click on another bubble ticks it"
    boxes = driver.execute_script("return document.querySelectorAll('#message-list .pick').length")
    services = driver.execute_script("return document.querySelectorAll('#message-list li.service .pick').length")
    assert boxes > 2 and services == 0, f"every message has a box to tick ({boxes}), a service line none"
    shot_phone_dark(driver, shot, "118-chats-choosing")
    audit.screen("chats: messages chosen")

    click("#select-forward")
    dialog = wait.until(EC.visibility_of_element_located((By.ID, "forward-dialog")))
    assert driver.find_element(By.ID, "forward-text").text == "2 messages", "Forward asks where the two go"
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#forward-list button")) >= 3)
    driver.find_element(By.ID, "forward-search").send_keys("Family")
    wait.until(lambda d: [" ".join(b.text.split()) for b in d.find_elements(By.CSS_SELECTOR, "#forward-list button")] == ["Family"])
    click("#forward-list button")
    wait.until(lambda d: not dialog.is_displayed())
    wait.until(lambda d: "Forwarded 2 messages to Family" in d.execute_script("return [...document.querySelectorAll('.toast')].map((t) => t.textContent).join(' ')"))
    state = bar()
    assert not state["shown"] and state["composer"] and state["ticked"] == [], f"both go, said so, and the choosing ends ({state})"

    # Escape stops choosing too.
    choose(first)
    # To whatever has the focus now (a live redraw may have replaced the element, focus kept).
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait.until(lambda d: not bar()["shown"])
    assert bar()["composer"] and bar()["ticked"] == [], "Escape stops choosing"

    # Unticking the last one stops choosing.
    choose(second)
    click(f"#m{second} .pick")
    wait.until(lambda d: not bar()["shown"])
    assert bar()["composer"], "unticking the last one stops choosing"

    # A chosen message deleted elsewhere (another tab, another app) is no longer chosen, and
    # when the last one goes the choosing ends.
    for text in ("Third, deleted elsewhere", "Fourth, deleted elsewhere"):
        box = driver.find_element(By.ID, "composer-text")
        box.send_keys(text, Keys.ENTER)
        wait.until(lambda d: mine(text) > 0 and not d.find_elements(By.CSS_SELECTOR, f"#m{mine(text)} .ticks[aria-label=Sending]"))
    third, fourth = mine("Third, deleted elsewhere"), mine("Fourth, deleted elsewhere")
    choose(third)
    click(f"#m{fourth} .pick")
    wait.until(lambda d: bar()["count"] == "2 messages selected")
    server.api("POST", f"conversations/{ALICE}/delete", {"message_ids": [third], "for_all": True})
    wait.until(lambda d: not d.find_elements(By.ID, f"m{third}"))
    state = bar()
    assert state["shown"] and state["count"] == "1 message selected" and state["ticked"] == [fourth], \
          f"a chosen message deleted elsewhere is no longer counted ({state})"
    server.api("POST", f"conversations/{ALICE}/delete", {"message_ids": [fourth], "for_all": True})
    wait.until(lambda d: not bar()["shown"])
    assert bar()["composer"], "the last chosen one deleted elsewhere ends the choosing"

    choose(first)
    click(f"#m{second} .pick")
    wait.until(lambda d: bar()["count"] == "2 messages selected")
    click("#select-delete")
    wait.until(EC.visibility_of_element_located((By.ID, "delete-dialog")))
    title = driver.find_element(By.ID, "delete-title").text
    row = driver.find_element(By.ID, "delete-all-row")
    assert title == "Delete 2 messages?" and row.is_displayed() and "them for everyone" in row.text, \
          f"Delete asks once for both, offering 'for everyone' as both are yours ({title!r}, {row.text!r})"
    audit.screen("chats: deleting chosen messages")
    driver.find_element(By.ID, "delete-for-all").click()
    driver.find_element(By.CSS_SELECTOR, "#delete-dialog button[value=ok]").click()
    wait.until(lambda d: not d.find_elements(By.ID, f"m{first}") and not d.find_elements(By.ID, f"m{second}"))
    toasts = driver.execute_script("return [...document.querySelectorAll('.toast')].map((t) => t.textContent).join(' ')")
    assert "Deleted 2 messages for everyone." in toasts and not bar()["shown"], f"both are deleted for everyone and the choosing ends ({toasts!r})"
    left = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/conversations/" + str(ALICE) + "/messages?limit=20', {headers: {Accept: 'application/json'}}).then((r) => r.json())"
        ".then((j) => done(j.data.messages.map((m) => m.text)))")
    assert "First of two" not in left and "Second of two" not in left, "Telegram has them no more"

    open_chat(FAMILY)
    # (Mum may have answered them since.)
    texts = driver.execute_script("return [...document.querySelectorAll('#message-list li.msg')].filter((m) => m.querySelector('.fwd'))"
                                  ".slice(-2).map((m) => [m.querySelector('.fwd').textContent, m.querySelector('.text')?.textContent ?? ''])")
    assert [t for _, t in texts] == ["First of two", "Second of two"] and all(f.startswith("Forwarded from") for f, _ in texts), \
          f"the forwards are in Family, oldest first ({texts})"

    driver.set_window_size(390, 844)
    newest = driver.execute_script("const all = document.querySelectorAll('#message-list li.msg'); return Number(all[all.length - 1].dataset.id)")
    choose(newest)
    shot("119-chats-choosing-phone")
    audit.screen("chats: messages chosen on a phone")
    click("#select-cancel")
    wait.until(lambda d: not bar()["shown"])
    assert bar()["composer"], "Cancel stops choosing"
    driver.set_window_size(1200, 900)
