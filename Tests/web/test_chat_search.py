"""Message search in the Chats tab: the list's search box finds messages in every chat (a
"Messages" section with the chat, sender, date and the match highlighted, "More results"), a
result opens its chat at that message (flashed, the page around it, newer messages and "Latest"
from there), the empty state, the hostile Neighbours' text found and shown as text (no alert, no
script element), the keyboard (Enter opens the first result, Escape clears), the search inside a
conversation (🔍, Enter / Shift+Enter / ↑ / ↓ through the matches, Escape closes), and all of
it at phone width. Every screen is audited and photographed."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from demo import CRAG, FAMILY, NEIGHBOURS, no_alert

# Every message the page highlights (`.flash`, which lasts 2 s), in order, in window.__flashes:
# the test reads which message was shown from this log, not from a highlight that a busy
# machine may let fade before the next look.
FLASH_LOG = """window.__flashes = [];
new MutationObserver(records => {
  for (const r of records) {
    const row = /** @type {HTMLElement} */ (r.target);
    if (row.classList.contains('flash') && !(r.oldValue || '').split(' ').includes('flash')) window.__flashes.push(Number(row.dataset.id));
  }
}).observe(document, {attributes: true, attributeFilter: ['class'], attributeOldValue: true, subtree: true});"""


@pytest.fixture
def flash_log(driver):
    """FLASH_LOG in every page the test opens."""
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FLASH_LOG})
    yield
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def test_message_search(driver, wait, audit, server, shot, flash_log):
    driver.set_window_size(1200, 900)

    def found():
        """The results as the page shows them: chat title, sender, marked words, link."""
        return driver.execute_script("""return [...document.querySelectorAll('#found-list a')].map(a => ({
            title: a.querySelector('.chat-title').textContent, who: a.querySelector('.found-who').textContent,
            text: a.querySelector('.found-text').textContent, time: a.querySelector('time').textContent,
            marks: [...a.querySelectorAll('mark')].map(m => m.textContent), href: a.getAttribute('href')}))""")

    def status():
        return driver.find_element(By.ID, "found-status").text

    def flashed():
        """The message highlighted last on this page (0 for none yet)."""
        return driver.execute_script("const f = window.__flashes || []; return f.length ? f[f.length - 1] : 0")

    def flashes():
        """How many highlights this page has shown."""
        return driver.execute_script("return (window.__flashes || []).length")

    def in_view(message_id):
        return driver.execute_script("""const m = document.getElementById('m' + arguments[0]), box = document.getElementById('messages');
            if (!m) return false; const r = m.getBoundingClientRect(), b = box.getBoundingClientRect();
            return r.bottom > b.top && r.top < b.bottom""", message_id)

    def type_search(text):
        box = driver.find_element(By.ID, "chat-search")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.DELETE)
        box.send_keys(text)
        return box

    driver.get(server.url + "/chats")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#chat-list .chat-row"))
    type_search("quickdraws")
    wait.until(lambda d: len(found()) == 20)
    results = found()
    assert all(r["title"] == "Climbing crew" and r["who"] and r["time"] for r in results), \
          f"“Messages” lists each match with its chat, sender and date ({results[0]})"
    assert all(r["marks"] and all(m.lower() == "quickdraws" for m in r["marks"]) for r in results), "the matching word is highlighted"
    assert driver.find_element(By.ID, "found-title").text == "Messages" and "messages" in status(), f"the section says how many ({status()!r})"
    shot("50-chats-search-messages")
    audit.screen("chats: message search results")
    more = driver.find_element(By.ID, "found-more")
    assert more.is_displayed(), "More results is offered"
    more.click()
    wait.until(lambda d: len(found()) == 40)
    assert len({r["href"] for r in found()}) == 40, "More results appends the next page (no repeats)"

    target = found()[30]
    target_id = int(target["href"].rsplit("/", 1)[1])
    driver.find_element(By.CSS_SELECTOR, f"#found-list a[href='{target['href']}']").click()
    wait.until(lambda d: d.find_elements(By.ID, f"m{target_id}"))
    wait.until(lambda d: flashed() == target_id)
    assert in_view(target_id), "a result opens its chat at that message, in view and highlighted"
    assert driver.execute_script("return location.hash") == f"#chat/{CRAG}", "the address is the chat's"
    ids = driver.execute_script("return [...document.querySelectorAll('#message-list [data-id]')].map(n => Number(n.dataset.id))")
    assert min(ids) < target_id < max(ids), "the page around it: older and newer messages"
    jump = driver.find_element(By.ID, "jump")
    assert jump.is_displayed() and "Latest" in jump.text, "Latest is offered (the newest messages are not loaded)"
    shot("51-chats-search-opened")
    audit.screen("chats: opened at a found message")
    count = len(ids)
    driver.execute_script("const b = document.getElementById('messages'); b.scrollTop = b.scrollHeight")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#message-list .msg")) > count)
    now = driver.execute_script("return [...document.querySelectorAll('#message-list .msg')].map(m => Number(m.dataset.id))")
    assert max(now) > max(ids), f"scrolling to the bottom loads newer messages (newest {max(ids)} → {max(now)})"
    newest = server.api("GET", f"conversations/{CRAG}/messages?limit=1")["messages"][-1]["id"]
    driver.find_element(By.ID, "jump").click()
    wait.until(lambda d: d.find_elements(By.ID, f"m{newest}"))
    wait.until(lambda d: d.execute_script("const b = document.getElementById('messages'); return b.scrollHeight - b.scrollTop - b.clientHeight < 80"))
    assert not driver.find_element(By.ID, "jump").is_displayed(), "Latest goes to the newest messages"

    type_search("zzqx nothing")
    wait.until(lambda d: "No messages match" in status())
    assert status() == "No messages match “zzqx nothing”." and not found(), f"nothing found says so ({status()!r})"
    assert not driver.find_element(By.ID, "found-more").is_displayed(), "and offers no more"
    audit.screen("chats: no messages match")

    type_search("neighbours")
    wait.until(lambda d: any(r["title"] == "Neighbours" for r in found()))
    hostile = [r for r in found() if r["title"] == "Neighbours"]
    assert no_alert(driver) is None, "hostile search results run nothing (no alert)"
    injected = driver.execute_script("return document.querySelectorAll('script:not([src]), [onerror], [onload], a[href^=javascript], iframe, object').length")
    assert injected == 0, f"no <script>, onerror or javascript: element in the document ({injected})"
    assert all("<script>alert('pwned')</script>" in r["text"] and r["marks"] == ["neighbours"] for r in hostile), \
          f"their markup is shown as text, only the word marked ({hostile[0]['text'][:60]!r})"
    marks = driver.execute_script("return [...document.querySelectorAll('#found-list mark')].every(m => m.children.length === 0)")
    assert marks, "marks hold text only"
    shot("52-chats-search-hostile")
    audit.screen("chats: hostile messages found")
    before = flashes()
    driver.find_element(By.CSS_SELECTOR, "#found-list a[href*='/m/']").click()
    wait.until(lambda d: d.execute_script("return location.hash") == f"#chat/{NEIGHBOURS}")
    wait.until(lambda d: flashes() > before)
    assert no_alert(driver) is None, "and opening one runs nothing either"

    box = type_search("grandma")
    wait.until(lambda d: found() and not d.find_elements(By.CSS_SELECTOR, "#chat-list .chat-row"))
    first = int(found()[0]["href"].rsplit("/", 1)[1])
    box.send_keys(Keys.ENTER)
    wait.until(lambda d: d.execute_script("return location.hash") == f"#chat/{FAMILY}" and flashed() == first)
    assert driver.execute_script("return location.hash") == f"#chat/{FAMILY}" and in_view(first), \
        "Enter in the search box opens the first result: its chat, at the message"
    box.send_keys(Keys.ESCAPE)
    wait.until(lambda d: not d.find_element(By.ID, "found").is_displayed())
    # The full list is drawn again from the chat list's answer, a moment after the results go.
    wait.until(lambda d: box.get_attribute("value") == "" and len(d_rows(d)) >= 6)
    shown = d_rows(driver)
    assert box.get_attribute("value") == "" and not driver.find_element(By.ID, "found").is_displayed() \
        and all(n in shown for n in ("Family", "Work", "Climbing crew", "Alice", "Neighbours")), \
        f"Escape clears the search and shows every chat again ({shown})"

    # Inside one conversation.
    driver.get(server.url + f"/chats#chat/{CRAG}")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#message-list .msg")) >= 50)
    toggle = driver.find_element(By.ID, "find-open")
    toggle.click()
    field = wait.until(EC.visibility_of_element_located((By.ID, "find-text")))
    assert driver.switch_to.active_element == field and toggle.get_attribute("aria-expanded") == "true", "🔍 opens the search bar with the cursor in it"
    field.send_keys("quickdraws")
    counter = driver.find_element(By.ID, "find-count")
    wait.until(lambda d: counter.text.startswith("1 of "))
    first = wait.until(lambda d: flashed())
    assert first > 0 and in_view(first) and "quickdraws" in driver.find_element(By.ID, f"m{first}").text.lower(), \
          f"the newest match is shown and highlighted ({counter.text})"
    shot("53-chats-find-in-chat")
    audit.screen("chats: search in a chat")
    field.send_keys(Keys.ENTER)
    wait.until(lambda d: counter.text.startswith("2 of "))
    wait.until(lambda d: flashed() not in (0, first))
    second = flashed()
    assert second < first and in_view(second), "Enter goes to the next older match"
    before = flashes()
    for _ in range(3):
        driver.find_element(By.ID, "find-older").click()
    wait.until(lambda d: counter.text.startswith("5 of ") and flashes() >= before + 3)
    fifth = flashed()
    assert 0 < fifth < second, f"↑ steps to older matches ({fifth} < {second})"
    assert "quickdraws" in driver.find_element(By.ID, f"m{fifth}").text.lower(), f"↑ steps to older matches (5 of …: {fifth} < {second})"
    before = flashes()
    driver.find_element(By.ID, "find-newer").click()
    wait.until(lambda d: counter.text.startswith("4 of ") and flashes() >= before + 1)
    field.send_keys(Keys.SHIFT, Keys.ENTER)
    wait.until(lambda d: counter.text.startswith("3 of ") and flashes() >= before + 2)
    third = flashed()
    assert fifth < third < second and "quickdraws" in driver.find_element(By.ID, f"m{third}").text.lower(), \
        f"↓ and Shift+Enter step back to newer ones (3 of …: {fifth} < {third} < {second})"
    lister = driver.find_element(By.ID, "find-list-open")
    lister.click()
    listed = lambda d: d.find_elements(By.CSS_SELECTOR, "#find-result-list a")
    wait.until(lambda d: len(listed(d)) >= 5)
    rows = listed(driver)
    assert (lister.get_attribute("aria-expanded") == "true" and rows[2].get_attribute("aria-current") == "true"
          and driver.switch_to.active_element == rows[2]), "☰ lists the matches, the shown one marked and focused"
    assert all("quickdraws" in r.text.lower() for r in rows[:5]) and rows[0].find_elements(By.TAG_NAME, "mark"), \
          "each row has who, when and the excerpt with the words marked"
    shot("53b-chats-find-list")
    audit.screen("chats: the list of matches in a chat")
    pick = int(rows[4].get_attribute("href").rsplit("/", 1)[1])
    rows[4].click()
    wait.until(lambda d: counter.text.startswith("5 of ") and flashed() == pick)
    assert in_view(pick) and not driver.find_element(By.ID, "find-results").is_displayed() and driver.switch_to.active_element == lister, \
          "a row shows its match in the conversation; the list makes way, focus back on ☰"
    lister.click()
    wait.until(lambda d: len(listed(d)) >= 5)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait.until(lambda d: not d.find_element(By.ID, "find-results").is_displayed())
    assert driver.find_element(By.ID, "find").is_displayed() and driver.switch_to.active_element == lister, "Escape closes the list, not the search"
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("zzqx")
    wait.until(lambda d: "No messages match" in counter.text)
    assert driver.find_element(By.ID, "find-older").get_attribute("disabled") is not None, f"nothing found says so ({counter.text!r})"
    field.send_keys(Keys.ESCAPE)
    wait.until(lambda d: not d.find_element(By.ID, "find").is_displayed())
    assert driver.switch_to.active_element == toggle and toggle.get_attribute("aria-expanded") == "false", "Escape closes the bar and returns to 🔍"

    # A phone.
    driver.set_window_size(320, 740)
    driver.get(server.url + "/chats")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#chat-list .chat-row"))
    type_search("rope")
    wait.until(lambda d: len(found()) >= 5)
    # The results themselves (the page as a whole at 320 px: test_chats.py's
    # test_chat_list_fits_a_320px_phone).
    box = driver.execute_script("const f = document.getElementById('found'), r = f.getBoundingClientRect();"
                                " return {right: r.right, scroll: f.scrollWidth, client: f.clientWidth}")
    assert box["right"] <= 320 and box["scroll"] <= box["client"], f"phone: message results without sideways scrolling ({box})"
    shot("54-chats-phone-search")
    href = found()[3]["href"]
    driver.find_element(By.CSS_SELECTOR, f"#found-list a[href='{href}']").click()
    wanted = int(href.rsplit("/", 1)[1])
    wait.until(lambda d: flashed() == wanted and d.find_element(By.ID, "conv-back").is_displayed())
    assert in_view(wanted) and not driver.find_element(By.ID, "chat-list").is_displayed(), "phone: a result opens the conversation alone, at the message"
    driver.find_element(By.ID, "find-open").click()
    wait.until(EC.visibility_of_element_located((By.ID, "find-text"))).send_keys("rope")
    wait.until(lambda d: d.find_element(By.ID, "find-count").text.startswith("1 of "))
    wide = driver.execute_script("return document.documentElement.scrollWidth")
    assert wide <= 320, f"phone: the in-chat search bar fits ({wide} px)"
    shot("55-chats-phone-find")
    driver.find_element(By.ID, "find-close").click()
    driver.find_element(By.ID, "conv-back").click()
    wait.until(EC.visibility_of_element_located((By.ID, "found")))
    assert not driver.find_element(By.ID, "conversation").is_displayed() and "#chat" not in driver.current_url, \
          "phone: back returns to the list with the results"
    driver.set_window_size(1200, 900)


def d_rows(driver):
    return driver.execute_script("return [...document.querySelectorAll('#chat-list .chat-title')].map(n => n.textContent)")
