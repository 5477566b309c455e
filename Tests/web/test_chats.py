"""The Chats tab in the browser: the list (unread badges, search, archive), Family's conversation
(day separators, grouped bubbles, reply headers, a service line, photos' blurred previews then
thumbnails), send with Enter and a line break with Shift+Enter, Mum's reply and read receipt
arriving live, reply, edit, delete with confirmation, a template sent here, older messages on
scroll in Climbing crew with the jump-to-latest button, the channel you cannot write in, the
hostile Neighbours (no alert, no <script> or onerror element in the document, their text shown
as text), a phone's list → conversation → back, and the Work forum's topics (the topic bar,
General first, a topic's messages only, the composer posting into it, its live messages, the
address kept across a reload, a phone's topic bar). Every screen is audited and photographed."""
import re

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from demo import ALICE, CRAG, FAMILY, NEIGHBOURS, NEWS, WORK, click_fresh, no_alert


def test_chats(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)

    def rows():
        return driver.execute_script("return [...document.querySelectorAll('#chat-list .chat-title')].map(n => n.textContent)")

    def bubbles(selector=".msg"):
        return driver.execute_script("return [...document.querySelectorAll('#message-list ' + arguments[0])].map(n => n.textContent)", selector)

    def open_chat(chat_id):
        click_fresh(driver, f"#chat-list [data-chat='{chat_id}']")
        wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false' && document.querySelectorAll('#message-list li').length > 0"))

    def actions(message_id, choice):
        # A live event (an edit, a read receipt) may redraw the bubble between finding and clicking.
        for attempt in range(5):
            try:
                driver.find_element(By.CSS_SELECTOR, f"#m{message_id} [data-actions]").click()
                break
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
        wait.until(EC.visibility_of_element_located((By.ID, "actions-dialog")))
        driver.find_element(By.CSS_SELECTOR, f"#actions-dialog button[value={choice}]").click()

    def last_outgoing_id():
        return driver.execute_script("const all = document.querySelectorAll('#message-list .msg.out'); return all.length ? Number(all[all.length - 1].dataset.id) : 0")

    driver.get(server.url + "/chats")
    wait.until(lambda d: "Family" in rows())
    assert driver.find_element(By.CSS_SELECTOR, "nav a[href='/chats']").get_attribute("aria-current") == "page", "Chats is in the nav"
    names = rows()
    assert all(n in names for n in ("Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours")) and "Old flatmates" not in names, \
          f"the list has the chats, not the archived one ({names})"
    badges = driver.find_elements(By.CSS_SELECTOR, "#chat-list .badge")
    assert badges and all(b.get_attribute("aria-label").endswith("unread") for b in badges), f"unread badges ({len(badges)})"
    assert driver.find_elements(By.CSS_SELECTOR, "#chat-list time") and driver.find_elements(By.CSS_SELECTOR, "#chat-list .chat-last"), "each row shows the last message and its time"
    # Chats with a photo show it (loaded as the row comes into view); Neighbours has none: its letter.
    photos = wait.until(lambda d: d.execute_script(
        "const p = [...document.querySelectorAll('#chat-list img.avatar')].filter(i => i.complete && i.naturalWidth === 160); return p.length >= 4 && p.length"))
    letter = driver.execute_script("return [...document.querySelectorAll('#chat-list li')].find(li => li.textContent.includes('Neighbours'))?.querySelector('span.avatar')?.textContent")
    assert photos >= 4 and letter == "N", f"rows show chat photos ({photos}), a chat without one its letter ({letter})"
    shot("40-chats-list")
    audit.screen("chats: the list")

    search = driver.find_element(By.ID, "chat-search")
    search.send_keys("clim")
    wait.until(lambda d: rows() == ["Climbing crew"])
    assert rows() == ["Climbing crew"], f"search narrows the list ({rows()})"
    search.clear()
    search.send_keys(Keys.BACKSPACE)
    driver.find_element(By.CSS_SELECTOR, "[data-list=archive]").click()
    wait.until(lambda d: rows() == ["Old flatmates"])
    assert rows() == ["Old flatmates"], f"the archive lists the archived chat, and only it ({rows()})"
    driver.find_element(By.CSS_SELECTOR, "[data-list=main]").click()
    wait.until(lambda d: "Family" in rows())

    open_chat(FAMILY)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#message-list .reply-head"))
    assert driver.find_elements(By.CSS_SELECTOR, "#message-list .day") and driver.find_elements(By.CSS_SELECTOR, "#message-list .msg.in .who"), \
          "Family: day separators, senders' names, reply headers"
    wait.until(lambda d: d.execute_script("return [...document.querySelectorAll('#message-list img.thumb')].some(i => i.src.includes('/api/files/') && i.complete && i.naturalWidth > 0)"))
    thumbs = driver.execute_script("return [...document.querySelectorAll('#message-list img.thumb')].filter(i => i.complete && i.naturalWidth > 0 && !i.src.startsWith('data:')).map(i => new URL(i.src).pathname)")
    assert thumbs and all(re.fullmatch(r"/api/files/\d+/thumbnail", t) for t in thumbs), f"photos show their thumbnail, served by id ({thumbs})"
    labels = " ".join(bubbles(".label, .play"))
    assert "Voice" in labels or "🎤" in labels, f"media labels, the voice message's on its play button ({labels[:80]!r})"
    shot("41-chats-family")
    audit.screen("chats: a conversation")

    text = driver.find_element(By.ID, "composer-text")
    text.send_keys("Hello from the browser", Keys.ENTER)
    wait.until(lambda d: any("Hello from the browser" in b for b in bubbles(".msg.out")))
    assert text.get_attribute("value") == "", "Enter sends and empties the composer"
    sent_id = last_outgoing_id()
    text.send_keys("line one", Keys.SHIFT, Keys.ENTER, Keys.SHIFT, "line two")
    assert text.get_attribute("value") == "line one\nline two", "Shift+Enter breaks the line"
    text.send_keys(Keys.ENTER)
    wait.until(lambda d: any("line one" in b and "line two" in b for b in bubbles(".msg.out")))
    assert driver.find_elements(By.CSS_SELECTOR, "#message-list .msg.out.cont"), "the two-line message is sent, grouped under the first"
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#message-list .msg.in .reply-head[data-goto='{sent_id}']"))
    heads = driver.execute_script("return [...document.querySelectorAll(`#message-list .msg.in .reply-head[data-goto='${arguments[0]}']`)].map(a => a.textContent)", sent_id)
    answers = [m for m in server.api("GET", f"conversations/{FAMILY}/messages?limit=20")["messages"] if (m.get("reply_to") or {}).get("message_id") == sent_id]
    assert len(heads) == 1 and "Hello from the browser" in heads[0] and [m["sender"]["name"] for m in answers] == ["Mum"], \
        f"Mum's reply to it arrives live, quoting it ({heads})"
    # The bubble is redrawn as updates arrive, so the tick is read in one script, never held across calls.
    tick = wait.until(lambda d: d.execute_script(
        "const t = document.querySelector(`#m${arguments[0]} .ticks.read`); return t && [t.textContent.trim(), t.getAttribute('aria-label')]",
        sent_id))
    assert tick == ["✓✓", "Read"], f"and the read receipt turns its tick into ✓✓ ({tick!r})"
    mum = driver.execute_script(f"return Number(document.querySelector('#message-list .msg.in .reply-head[data-goto=\"{sent_id}\"]').closest('li').dataset.id)")

    actions(mum, "reply")
    banner = wait.until(EC.visibility_of_element_located((By.ID, "composer-banner")))
    assert "Replying to Mum" in banner.text, f"reply shows a banner ({banner.text!r})"
    shot("42-chats-reply")
    audit.screen("chats: replying")
    text.send_keys("Thanks Mum", Keys.ENTER)
    wait.until(lambda d: d.find_elements(By.XPATH, f"//li[contains(@class,'out')][.//a[@data-goto='{mum}']][contains(., 'Thanks Mum')]"))
    # The message can arrive by the live event a moment before the send's answer hides the banner.
    wait.until(lambda d: not banner.is_displayed())
    mine = [m for m in server.api("GET", f"conversations/{FAMILY}/messages?limit=20")["messages"] if m["is_outgoing"] and m.get("text") == "Thanks Mum"]
    assert mine and mine[-1]["reply_to"]["message_id"] == mum and not banner.is_displayed(), \
        "the reply is sent with its header (a reply to Mum's message) and the banner goes"

    actions(sent_id, "edit")
    wait.until(lambda d: text.get_attribute("value") == "Hello from the browser")
    assert "Editing" in banner.text, "edit fills the composer and says so"
    text.send_keys(Keys.END, " (edited here)", Keys.ENTER)
    wait.until(lambda d: "(edited here)" in d.find_element(By.ID, f"m{sent_id}").text)
    info = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, f"#m{sent_id} .info").text)
    assert "edited" in info, f"the edit shows with its mark ({info!r})"

    actions(sent_id, "delete")
    confirm = wait.until(EC.visibility_of_element_located((By.ID, "delete-dialog")))
    assert "Hello from the browser" in confirm.text and driver.find_element(By.ID, "delete-for-all").is_displayed(), "delete asks first, with 'for everyone'"
    shot("43-chats-delete")
    audit.screen("chats: delete confirmation")
    driver.find_element(By.CSS_SELECTOR, "#delete-dialog button[value=keep]").click()
    assert driver.find_elements(By.ID, f"m{sent_id}"), "Keep it keeps it"
    actions(sent_id, "delete")
    wait.until(EC.visibility_of_element_located((By.ID, "delete-dialog")))
    driver.find_element(By.ID, "delete-for-all").click()
    driver.find_element(By.CSS_SELECTOR, "#delete-dialog button[value=ok]").click()
    wait.until(lambda d: not d.find_elements(By.ID, f"m{sent_id}"))
    assert sent_id not in [m["id"] for m in server.api("GET", f"conversations/{FAMILY}/messages?limit=20")["messages"]], "deleted for everyone"

    driver.execute_script("document.getElementById('messages').scrollTop = 0")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#message-list .service"))
    assert "start of the chat" in driver.find_element(By.ID, "older").text, "scrolled to the top: the group's creation as a service line, and the start of the chat"

    server.api("GET", "chats?refresh=true")
    server.api("POST", "templates", {"name": "Chat hello", "body": "Hello {{who}} from a template", "targets": [{"chat_id": CRAG}]})
    driver.get(server.url + f"/chats#chat/{ALICE}")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#message-list .msg"))
    driver.find_element(By.ID, "templates-open").click()
    pick = wait.until(EC.element_to_be_clickable((By.XPATH, "//ul[@id='templates-list']//button[contains(., 'Chat hello')]")))
    pick.click()
    field = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#templates-vars input[name=who]")))
    field.send_keys("Alice")
    shot("44-chats-template")
    audit.screen("chats: send a template here")
    driver.find_element(By.ID, "templates-send").click()
    wait.until(lambda d: any("Hello Alice from a template" in b for b in bubbles(".msg.out")))
    assert "Chat hello" in driver.find_element(By.ID, "toast").text, "a template is sent into this chat only"

    driver.get(server.url + f"/chats#chat/{CRAG}")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#message-list .msg")) >= 50)
    count = len(driver.find_elements(By.CSS_SELECTOR, "#message-list .msg"))
    oldest = driver.execute_script("return Math.min(...[...document.querySelectorAll('#message-list .msg')].map(m => Number(m.dataset.id)))")
    driver.execute_script("document.getElementById('messages').scrollTop = 0")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#message-list .msg")) > count)
    now = driver.execute_script("return [...document.querySelectorAll('#message-list .msg')].map(m => Number(m.dataset.id))")
    assert len(now) > count and min(now) < oldest, f"scrolling to the top loads older messages ({count} → {len(now)}, oldest {oldest} → {min(now)})"
    jump = wait.until(EC.visibility_of_element_located((By.ID, "jump")))
    shot("45-chats-older")
    audit.screen("chats: older messages, jump to latest")
    jump.click()
    wait.until(lambda d: not d.find_element(By.ID, "jump").is_displayed())
    assert driver.execute_script("const b = document.getElementById('messages'); return b.scrollHeight - b.scrollTop - b.clientHeight < 80"), "jump to latest scrolls to the end"

    driver.get(server.url + f"/chats#chat/{NEWS}")
    cannot = wait.until(EC.visibility_of_element_located((By.ID, "cannot-write")))
    assert "cannot write" in cannot.text and not driver.find_element(By.ID, "composer-text").is_displayed(), f"a channel says why you cannot write ({cannot.text!r})"

    driver.get(server.url + f"/chats#chat/{NEIGHBOURS}")
    wait.until(lambda d: any("hi neighbours" in b for b in bubbles()))
    assert no_alert(driver) is None, "hostile messages run nothing (no alert)"
    injected = driver.execute_script("return document.querySelectorAll('script:not([src]), [onerror], [onload], a[href^=javascript], iframe, object').length")
    scripts = driver.execute_script("return [...document.scripts].map(s => s.src).filter(s => !s.includes('/assets/'))")
    assert injected == 0 and not scripts, f"no <script>, onerror or javascript: element in the document ({injected}, {scripts})"
    shown = " ".join(bubbles())
    assert "<script>alert('pwned')</script>" in shown and "<img src=x onerror" in shown, "their markup is shown as text"
    # (A file's download link is the dashboard's own address: test_media.py checks those.)
    links = driver.execute_script("return [...document.querySelectorAll('#message-list a[href]:not(.reply-head):not(.file)')].map(a => a.rel)")
    assert links and all(rel == "noopener noreferrer nofollow" for rel in links), f"links carry rel=noopener noreferrer nofollow ({links[:3]})"
    # notify.js may put the unread count in front: "(3) Neighbours · TgTemplates".
    assert re.sub(r"^\(\d+\+?\) ", "", driver.execute_script("return document.title")).startswith("Neighbours"), "the tab's title is the chat's"
    shot("46-chats-hostile")
    audit.screen("chats: hostile messages")

    driver.set_window_size(320, 740)
    driver.get(server.url + "/chats")
    wait.until(lambda d: "Family" in rows())
    assert not driver.find_element(By.ID, "conversation").is_displayed(), "phone: the list alone"
    wide = driver.execute_script("return document.documentElement.scrollWidth")
    assert wide <= 320, f"phone: no sideways scrolling in the list ({wide} px)"
    shot("47-chats-phone-list")
    click_fresh(driver, f"#chat-list [data-chat='{FAMILY}']")
    wait.until(EC.visibility_of_element_located((By.ID, "conv-back")))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#message-list .msg"))
    assert not driver.find_element(By.ID, "chat-list").is_displayed(), "phone: then the conversation alone"
    wide = driver.execute_script("return document.documentElement.scrollWidth")
    assert wide <= 320, f"phone: no sideways scrolling in the conversation ({wide} px)"
    shot("48-chats-phone-conversation")
    driver.find_element(By.ID, "conv-back").click()
    wait.until(EC.visibility_of_element_located((By.ID, "chat-list")))
    assert not driver.find_element(By.ID, "conversation").is_displayed() and "#chat" not in driver.current_url, "phone: back returns to the list"
    driver.set_window_size(1200, 900)


def test_forum_topics(driver, wait, audit, server, shot):
    """Work is a forum: General, Standups and Lunch in a topic bar, one topic's conversation at a
    time, and #chat/ID/topic/T as its address."""

    def topic_names():
        return driver.execute_script("return [...document.querySelectorAll('#topic-list .topic > span[dir]')].map(n => n.textContent)")

    def current_topic():
        return driver.execute_script("const a = document.querySelector('#topic-list [aria-current=page]'); return a ? a.dataset.topic : null")

    def shown_ids():
        return driver.execute_script("return [...document.querySelectorAll('#message-list [data-id]')].map(n => Number(n.dataset.id))")

    def topic_ids(topic):
        return [m["id"] for m in server.api("GET", f"conversations/{WORK}/messages?limit=50&topic_id={topic}")["messages"]]

    def loaded():
        return driver.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false'")

    def unread(topic):
        return next(t["unread_count"] for t in server.api("GET", f"conversations/{WORK}/topics")["topics"] if t["id"] == topic)

    standups_unread = unread(11)
    driver.get(server.url + "/chats")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#chat-list [data-chat='{WORK}']"))
    click_fresh(driver, f"#chat-list [data-chat='{WORK}']")
    wait.until(EC.visibility_of_element_located((By.ID, "topic-bar")))
    wait.until(lambda d: loaded() and current_topic() == "1")
    assert topic_names() == ["General", "Standups", "Lunch"], f"Work shows its topics ({topic_names()})"
    assert driver.current_url.endswith(f"#chat/{WORK}/topic/1"), f"a forum opens on General, and the address says so ({driver.current_url})"
    wait.until(lambda d: sorted(shown_ids()) == sorted(topic_ids(1)))
    others = set(topic_ids(11)) | set(topic_ids(12))
    assert sorted(shown_ids()) == sorted(topic_ids(1)) and not others & set(shown_ids()), "General's messages only"
    wait.until(lambda d: unread(1) == 0)
    assert standups_unread > 0 and unread(11) == standups_unread, f"General shown marks General read only (Standups keeps {unread(11)} of {standups_unread})"

    click_fresh(driver, "#topic-list [data-topic='11']")
    wait.until(lambda d: current_topic() == "11" and loaded() and sorted(shown_ids()) == sorted(topic_ids(11)))
    assert driver.current_url.endswith(f"#chat/{WORK}/topic/11"), "choosing Standups changes the address"
    assert "Standups" in driver.find_element(By.ID, "conv-meta").text, "the header names the topic"
    assert driver.switch_to.active_element.get_attribute("data-topic") == "11", "the chosen topic keeps the focus"
    wait.until(lambda d: unread(11) == 0)
    assert server.api("GET", f"conversations/{WORK}")["unread_count"] == unread(12), "Standups shown is read too; the chat counts what is left"
    shot("49-chats-forum-topic")
    audit.screen("chats: a forum topic")

    text = driver.find_element(By.ID, "composer-text")
    assert text.get_attribute("placeholder") == "Message in Standups", "the composer says where it posts"
    text.send_keys("Standup from the browser", Keys.ENTER)
    wait.until(lambda d: any("Standup from the browser" in t for t in d.execute_script(
        "return [...document.querySelectorAll('#message-list .msg.out')].map(n => n.textContent)")))
    standups = server.api("GET", f"conversations/{WORK}/messages?limit=5&topic_id=11")["messages"]
    lunch = server.api("GET", f"conversations/{WORK}/messages?limit=5&topic_id=12")["messages"]
    assert (any(m["text"] == "Standup from the browser" and m.get("topic_id") == 11 for m in standups)
          and not any(m["text"] == "Standup from the browser" for m in lunch)), "the composer posts into the chosen topic only"

    elsewhere = server.api("POST", f"conversations/{WORK}/messages", {"text": "Lunch from elsewhere", "topic_id": 12})
    here = server.api("POST", f"conversations/{WORK}/messages", {"text": "Standup from elsewhere", "topic_id": 11})
    wait.until(lambda d: here["id"] in shown_ids())
    assert elsewhere["id"] not in shown_ids(), "a message posted into this topic elsewhere arrives live; another topic's does not"

    driver.refresh()
    wait.until(lambda d: loaded() and current_topic() == "11" and here["id"] in shown_ids())
    assert driver.current_url.endswith(f"#chat/{WORK}/topic/11"), "a reload keeps the topic"

    driver.set_window_size(320, 740)
    driver.get(server.url + "/chats")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#chat-list [data-chat='{WORK}']"))
    click_fresh(driver, f"#chat-list [data-chat='{WORK}']")
    wait.until(EC.visibility_of_element_located((By.ID, "topic-bar")))
    wait.until(lambda d: loaded() and current_topic() == "1")
    click_fresh(driver, "#topic-list [data-topic='12']")
    wait.until(lambda d: current_topic() == "12" and loaded() and elsewhere["id"] in shown_ids())
    wide = driver.execute_script("return document.documentElement.scrollWidth")
    assert wide <= 320, f"phone: the topic bar scrolls on its own, not the page ({wide} px)"
    height = driver.execute_script("return Math.min(...[...document.querySelectorAll('#topic-list .topic')].map(a => a.getBoundingClientRect().height))")
    assert height >= 44, f"phone: topics are 44 px touch targets ({height} px)"
    shot("50-chats-phone-topics")
    driver.find_element(By.ID, "conv-back").click()
    wait.until(EC.visibility_of_element_located((By.ID, "chat-list")))
    assert "#chat" not in driver.current_url, "phone: back after switching topics returns to the list, not the previous topic"
    driver.set_window_size(1200, 900)


# What reaches past the right edge of the screen though it should be clipped: absolutely
# positioned elements (their scroller does not clip them unless it is positioned itself).
ESCAPING = """
return [...document.querySelectorAll('body *')].filter((e) => getComputedStyle(e).position === 'absolute'
    && e.getBoundingClientRect().right > document.documentElement.clientWidth)
  .map((e) => e.tagName.toLowerCase() + (e.className ? '.' + e.className.replace(/ /g, '.') : '') + ' in '
    + (e.closest('[id]')?.id ?? '?') + ': right edge at ' + Math.round(e.getBoundingClientRect().right) + ' px');
"""


def test_chat_list_fits_a_320px_phone(driver, wait, server):
    """The Chats page as it first opens on a 320 px phone (the demo's chats unread as they come):
    nothing scrolls sideways; the folder chips scroll on their own."""
    driver.set_window_size(320, 740)
    driver.get(server.url + "/chats")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#chat-list .chat-row") and d.find_elements(By.CSS_SELECTOR, "#list-chips .chip"))
    wide = driver.execute_script("return document.documentElement.scrollWidth")
    assert wide <= 320, f"phone: the Chats page scrolls sideways ({wide} px): {driver.execute_script(ESCAPING)}"
