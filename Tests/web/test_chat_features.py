"""The Telegram client's newer features in the browser: reactions (the row under a bubble with
counts and yours marked, the picker from a bubble's actions, a click on a chip taking yours back,
someone else's reaction made from a terminal arriving live), pinned messages and forwarding,
cloud drafts, notifications with the unread count in the tab, and profiles with members. Every
screen is audited and photographed (desktop, and phones where the layout changes)."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from demo import ALICE, CRAG, FAMILY, WORK, click_fresh
from modes import shot_phone_dark
import demo


def message(server, chat_id, message_id, topic=None):
    """The message as the API has it (from the chat's newest 50), or None."""
    page = server.api("GET", f"conversations/{chat_id}/messages?limit=50" + (f"&topic_id={topic}" if topic else ""))["messages"]
    return next((m for m in page if m["id"] == message_id), None)


def test_reactions(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)

    def open_chat(chat_id):
        demo.open_chat(driver, wait, server, chat_id)

    def click(selector):
        demo.click_fresh(driver, selector)

    def chips(message_id):
        return driver.execute_script(
            "return [...document.querySelectorAll('#m' + arguments[0] + ' .reaction')].map(b => [b.dataset.react, b.textContent, b.getAttribute('aria-pressed')])",
            message_id)

    # Reactions.
    open_chat(ALICE)
    newest = driver.execute_script("const all = document.querySelectorAll('#message-list .msg.in'); return Number(all[all.length - 1].dataset.id)")
    click(f"#m{newest} [data-actions]")
    wait.until(EC.visibility_of_element_located((By.ID, "actions-dialog")))
    click("#actions-dialog button[value=react]")
    dialog = wait.until(EC.visibility_of_element_located((By.ID, "react-dialog")))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#react-choices button")) >= 10)
    offered = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#react-choices button")]
    assert offered[:3] == ["👍", "❤️", "🔥"] and "🦄" not in offered, f"React… offers the chat's reactions, not Premium's ({offered})"
    shot_phone_dark(driver, shot, "93-chats-react-picker")
    audit.screen("chats: the reaction picker")
    click("#react-choices button[value='👍']")
    wait.until(lambda d: not dialog.is_displayed())
    wait.until(lambda d: any(c[0] == "👍" and c[2] == "true" for c in chips(newest)))
    assert any("1" in c[1] for c in chips(newest) if c[0] == "👍"), f"your 👍 shows under the bubble, marked as yours ({chips(newest)})"
    label = driver.find_element(By.CSS_SELECTOR, f"#m{newest} .reaction[data-react='👍']").get_attribute("aria-label")
    assert "yours" in label, f"the chip says it is yours to screen readers ({label!r})"

    result = server.tgt("chat", "react", "Alice", str(newest), "🎉")
    assert result.returncode == 0, f"tgt chat react goes through the running dashboard ({result.stderr.strip()[:200]})"
    wait.until(lambda d: any(c[0] == "🎉" for c in chips(newest)))
    party = [c for c in chips(newest) if c[0] == "🎉"]
    assert party and "1" in party[0][1], f"a reaction made from the terminal arrives live in the open chat ({chips(newest)})"
    shot_phone_dark(driver, shot, "94-chats-reactions")
    audit.screen("chats: reactions under a bubble")

    click(f"#m{newest} .reaction[data-react='🎉']")
    wait.until(lambda d: not any(c[0] == "🎉" for c in chips(newest)))
    kept = [r["emoji"] for r in (message(server, ALICE, newest) or {}).get("reactions", [])]
    assert "🎉" not in kept and not any(c[0] == "🎉" for c in chips(newest)), \
        f"a click on your reaction takes it back, on the page and on Telegram ({kept})"

    driver.set_window_size(390, 844)
    open_chat(ALICE)
    driver.execute_script("document.getElementById('m' + arguments[0]).scrollIntoView({block: 'center'})", newest)
    shot("95-chats-reactions-phone")
    audit.screen("chats: reactions on a phone")
    driver.set_window_size(1200, 900)


def test_pins_and_forward(driver, wait, audit, server, shot):
    """The pinned bar (newest first, a click jumps and moves on), pin and unpin from the actions,
    a private chat's "for both of you", and forwarding a message into a forum topic."""
    driver.set_window_size(1200, 900)
    family, work = FAMILY, WORK

    def open_chat(chat_id):
        demo.open_chat(driver, wait, server, chat_id)

    def click(selector):
        demo.click_fresh(driver, selector)

    def actions(message_id, choice):
        click(f"#m{message_id} [data-actions]")
        wait.until(EC.visibility_of_element_located((By.ID, "actions-dialog")))
        click(f"#actions-dialog button[value={choice}]")

    open_chat(family)
    bar = wait.until(EC.visibility_of_element_located((By.ID, "pinned-bar")))
    assert "Pinned message 1 of 2" in bar.text, f"Family's pinned bar shows the newest of two ({bar.text!r})"
    shot_phone_dark(driver, shot, "96-chats-pinned-bar")
    audit.screen("chats: the pinned bar")
    pinned = [m["id"] for m in server.api("GET", f"conversations/{family}/pinned")["messages"]]
    bar.click()
    wait.until(lambda d: "2 of 2" in bar.text)
    assert "Pinned message 2 of 2" in bar.text, f"a click on the bar jumps and moves on to the older pinned message ({bar.text!r})"
    bar.click()
    # (A found message is highlighted for 2 s: its id is read by the wait itself.)
    flashed = wait.until(lambda d: d.execute_script("return Number(document.querySelector('#message-list .flash')?.dataset.id ?? 0)"))
    assert len(pinned) == 2 and flashed == pinned[1], \
        f"the older pinned message is shown (the page around it) and highlighted ({flashed}; pinned {pinned})"

    open_chat(family)
    newest = driver.execute_script("const all = [...document.querySelectorAll('#message-list .msg')].filter(m => !m.querySelector('.pinned-mark')); return Number(all[all.length - 1].dataset.id)")
    actions(newest, "pin")
    wait.until(lambda d: "1 of 3" in d.find_element(By.ID, "pinned-bar").text)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#m{newest} .pinned-mark"))
    pinned = [m["id"] for m in server.api("GET", f"conversations/{family}/pinned")["messages"]]
    assert "1 of 3" in driver.find_element(By.ID, "pinned-bar").text and pinned[:1] == [newest] and len(pinned) == 3, \
        f"Pin pins it: the bar shows it first (1 of 3) and the bubble is marked ({pinned})"
    assert driver.find_element(By.ID, "pinned-snippet").text.strip() != "", "the bar shows its text"
    actions(newest, "pin")  # now "Unpin"
    wait.until(lambda d: "1 of 2" in d.find_element(By.ID, "pinned-bar").text)
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, f"#m{newest} .pinned-mark"))
    pinned = [m["id"] for m in server.api("GET", f"conversations/{family}/pinned")["messages"]]
    assert newest not in pinned and len(pinned) == 2 and "1 of 2" in driver.find_element(By.ID, "pinned-bar").text, \
        f"Unpin takes it off the bar and the bubble ({pinned})"

    open_chat(ALICE)
    hers = driver.execute_script("const all = document.querySelectorAll('#message-list .msg.in'); return Number(all[all.length - 1].dataset.id)")
    actions(hers, "pin")
    pin_dialog = wait.until(EC.visibility_of_element_located((By.ID, "pin-dialog")))
    assert "Also pin it for Alice" in pin_dialog.text, "a private chat asks whether to pin it for both"
    shot_phone_dark(driver, shot, "97-chats-pin-private")
    audit.screen("chats: pin in a private chat")
    driver.find_element(By.ID, "pin-everyone").click()
    driver.find_element(By.CSS_SELECTOR, "#pin-dialog button[value=ok]").click()
    wait.until(lambda d: d.find_element(By.ID, "pinned-bar").is_displayed())
    pinned = [m["id"] for m in server.api("GET", f"conversations/{ALICE}/pinned")["messages"]]
    assert hers in pinned and "Pinned message" in driver.find_element(By.ID, "pinned-bar").text, \
        f"pinned for you alone: the bar shows it ({driver.find_element(By.ID, 'pinned-bar').text!r}; pinned {pinned})"

    actions(hers, "forward")
    dialog = wait.until(EC.visibility_of_element_located((By.ID, "forward-dialog")))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#forward-list button")) >= 3)
    offered = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#forward-list button")]
    assert "Tech News" not in " ".join(offered) and any("Family" in o for o in offered), f"Forward lists the chats you may write in ({offered})"
    driver.find_element(By.ID, "forward-search").send_keys("wor")
    wait.until(lambda d: [" ".join(b.text.split()) for b in d.find_elements(By.CSS_SELECTOR, "#forward-list button")] == ["Work · forum"])
    offered = [" ".join(b.text.split()) for b in driver.find_elements(By.CSS_SELECTOR, "#forward-list button")]
    assert offered == ["Work · forum"], f"typing filters the chats ({offered})"
    shot_phone_dark(driver, shot, "98-chats-forward")
    audit.screen("chats: forward to a chat")
    click("#forward-list button")
    wait.until(lambda d: "Which topic of Work?" in d.find_element(By.ID, "forward-status").text)
    topics = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#forward-list button")]
    assert "General" in topics and "Standups" in " ".join(topics), f"a forum asks which topic ({topics})"
    audit.screen("chats: forward into a forum topic")
    driver.find_element(By.XPATH, "//ul[@id='forward-list']//button[contains(., 'Standups')]").click()
    wait.until(lambda d: not dialog.is_displayed())
    toast = wait.until(lambda d: (lambda t: t if "Forwarded to Work" in t else None)(
        d.execute_script("return document.querySelector('.toast, #toast')?.textContent ?? ''")))
    standups = server.api("GET", f"conversations/{work}/messages?limit=5&topic_id=11")["messages"]
    assert standups and standups[-1].get("forwarded_from"), f"the forward is sent into Standups and says where ({toast!r})"
    driver.get(server.url + f"/chats#chat/{work}/topic/11")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#message-list .fwd"))
    assert "Forwarded from Alice" in driver.find_element(By.CSS_SELECTOR, "#message-list .msg:last-child .fwd").text, "it arrives in the topic, forwarded from Alice"

    driver.set_window_size(390, 844)
    open_chat(family)
    wait.until(EC.visibility_of_element_located((By.ID, "pinned-bar")))
    shot("99-chats-pinned-phone")
    audit.screen("chats: the pinned bar on a phone")
    driver.set_window_size(1200, 900)


def test_drafts(driver, wait, audit, server, shot):
    """Cloud drafts: what is typed becomes the chat's draft (the list says "Draft: …"), a draft
    saved elsewhere (tgt, as another device) shows in the list and fills the composer, and
    sending clears it."""
    driver.set_window_size(1200, 900)
    crag = CRAG

    def row_text(chat_id):
        return driver.execute_script("return document.querySelector(`#chat-list [data-chat='${arguments[0]}'] .chat-last`)?.textContent ?? ''", chat_id)

    driver.get(server.url + f"/chats#chat/{ALICE}")
    driver.refresh()
    wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false'"))
    text = driver.find_element(By.ID, "composer-text")
    text.clear()
    text.send_keys("half-typed thought")
    wait.until(lambda d: row_text(ALICE) == "Draft: half-typed thought")
    wait.until(lambda d: server.api("GET", f"conversations/{ALICE}").get("draft") == "half-typed thought")
    assert row_text(ALICE) == "Draft: half-typed thought", "what is typed becomes the chat's draft on Telegram, and the list says so"
    shot_phone_dark(driver, shot, "100-chats-draft")
    audit.screen("chats: a draft in the list")

    result = server.tgt("chat", "draft", "Climbing crew", "typed on my phone")
    assert result.returncode == 0, f"tgt chat draft goes through the running dashboard ({result.stderr.strip()[:200]})"
    driver.execute_script("window.__sameLoad = true")
    wait.until(lambda d: row_text(crag) == "Draft: typed on my phone")
    assert driver.execute_script("return window.__sameLoad === true"), "a draft from elsewhere shows in the list live (no reload)"
    click_fresh(driver, f"#chat-list [data-chat='{crag}']")
    wait.until(lambda d: d.find_element(By.ID, "composer-text").get_attribute("value") == "typed on my phone")
    assert driver.execute_script("return location.hash") == f"#chat/{crag}", "opening the chat puts its draft in the composer"
    assert row_text(ALICE) == "Draft: half-typed thought", "switching chats kept Alice's draft"
    driver.find_element(By.ID, "composer-text").send_keys(" — sent", Keys.ENTER)
    wait.until(lambda d: row_text(crag).startswith("You: typed on my phone — sent"))
    wait.until(lambda d: "draft" not in server.api("GET", f"conversations/{crag}"))
    assert driver.find_element(By.ID, "composer-text").get_attribute("value") == "", \
        "sending clears the draft (the composer, Telegram's): the list shows the message"

    # A forum topic's draft is its own: set elsewhere for Lunch, it fills Lunch's composer only.
    work = WORK
    result = server.tgt("chat", "draft", "Work", "--topic", "12", "pizza or sushi?")
    assert result.returncode == 0, f"tgt chat draft --topic goes through the running dashboard ({result.stderr.strip()[:200]})"
    driver.get(server.url + f"/chats#chat/{work}/topic/11")
    driver.refresh()
    wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false'"))
    assert driver.find_element(By.ID, "composer-text").get_attribute("value") == "", "another topic's draft stays out of Standups"
    click_fresh(driver, "#topic-list a[data-topic='12']")
    wait.until(lambda d: d.find_element(By.ID, "composer-text").get_attribute("value") == "pizza or sushi?")
    assert driver.execute_script("return location.hash") == f"#chat/{work}/topic/12", "opening the topic puts its own draft in the composer"


FAKE_NOTIFICATION = """
window.__notes = [];
class FakeNotification {
  constructor(title, options) { window.__notes.push({title, body: options && options.body, tag: options && options.tag}); FakeNotification.last = this; this.onclick = null; }
  close() {}
  static get permission() { return sessionStorage.getItem('fake-permission') || 'default'; }
  static requestPermission() { sessionStorage.setItem('fake-permission', 'granted'); window.__asked = (window.__asked || 0) + 1; return Promise.resolve('granted'); }
}
window.Notification = FakeNotification;
"""


def test_notifications(driver, wait, audit, server, shot):
    """Being told: the polite offer on the Chats page (asked once), then on another page a new
    message from someone else raises a notification with the chat, sender and text, the unread
    count in the tab's title, a click opens the chat; none while looking at that chat."""
    driver.set_window_size(1200, 900)
    family = FAMILY
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_NOTIFICATION})["identifier"]
    try:
        driver.get(server.url + "/chats")
        driver.execute_script("localStorage.removeItem('tgt-notify-asked')")
        driver.refresh()
        offer = wait.until(EC.visibility_of_element_located((By.ID, "notify-offer")))
        assert "notification" in offer.text, f"the Chats page offers notifications ({offer.text!r})"
        shot("101-chats-notify-offer")
        audit.screen("chats: the offer to turn on notifications")
        driver.find_element(By.ID, "notify-on").click()
        wait.until(lambda d: not offer.is_displayed())
        assert driver.execute_script("return window.__asked") == 1, "Turn on asks the browser once"
        driver.refresh()
        wait.until(lambda d: d.execute_script("return document.documentElement.dataset.unread !== undefined"))
        assert not driver.find_element(By.ID, "notify-offer").is_displayed(), "and the offer does not come back"

        driver.get(server.url + "/")
        wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events === 'open' && document.documentElement.dataset.unread !== undefined"))
        before = int(driver.execute_script("return Number(document.documentElement.dataset.unread)"))
        assert (driver.title.startswith(f"({before}) ") if before else not driver.title.startswith("(")), \
            f"the tab's title carries the unread count, {before} ({driver.title!r})"
        sent = server.tgt("chat", "send", "Family", "Who is home tonight?")
        assert sent.returncode == 0, f"a message sent from the terminal ({sent.stderr.strip()[:200]})"
        wait.until(lambda d: d.execute_script("return window.__notes.length") >= 1)
        note = driver.execute_script("return window.__notes[0]")
        assert note["title"] == "Family" and note["body"].startswith("Mum") and note["tag"] == f"chat-{family}", \
              f"Mum's answer raises a notification with the chat, sender and text ({note})"
        unread = int(driver.execute_script("return Number(document.documentElement.dataset.unread)"))
        assert unread >= 1 and driver.title.startswith(f"({unread}) "), f"the tab's title counts the unread messages ({driver.title!r})"
        href = driver.execute_script("return document.querySelector('link[rel=icon]').href")
        assert href.startswith("data:image/svg+xml"), "and the tab's icon carries a badge"
        driver.execute_script("Notification.last.onclick()")
        wait.until(lambda d: d.execute_script("return location.pathname + location.hash") == f"/chats#chat/{family}")
        wait.until(lambda d: d.find_element(By.ID, "conv-title").text == "Family")
        assert driver.find_element(By.ID, "conv-title").text == "Family", "a click on the notification opens the chat"

        wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false'"))
        count = driver.execute_script("return window.__notes.length")
        text = driver.find_element(By.ID, "composer-text")
        text.send_keys("And tomorrow?", Keys.ENTER)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#message-list .msg.in .reply-head")) >= 1
                   and "And tomorrow?" in " ".join(e.text for e in d.find_elements(By.CSS_SELECTOR, "#message-list .msg.in .reply-head")))
        assert driver.execute_script("return window.__notes.length") == count, "no notification for the chat being looked at"
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})


def test_profiles(driver, wait, audit, server, shot):
    """Profiles: the conversation's ⓘ opens the group's (description, members, shared media),
    a member opens theirs, a sender's name in a bubble opens theirs; hostile bios stay text."""
    driver.set_window_size(1200, 900)
    driver.get(server.url + "/chats#chat/-4001")
    driver.refresh()
    wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false'"))
    driver.find_element(By.ID, "info-open").click()
    dialog = wait.until(EC.visibility_of_element_located((By.ID, "profile-dialog")))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#profile-members .member"))
    text = dialog.text
    assert "Climbing crew" in text and "quickdraws" in text and "Members (" in text and "photos and videos" in text, \
          f"ⓘ shows the group: description, shared media, members ({text[:160]!r})"
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#profile-avatar img.avatar.sharp"))
    photo = driver.execute_script("const i = document.querySelector('#profile-avatar img'); return {src: i.getAttribute('src'), width: i.naturalWidth}")
    assert photo["src"].endswith("/api/conversations/-4001/photo") and photo["width"] > 40, \
          f"the group's photo itself replaces its blurred preview ({photo})"
    shot_phone_dark(driver, shot, "102-chats-profile-group")
    audit.screen("chats: a group's profile")
    driver.find_element(By.CSS_SELECTOR, "#profile-members .member").click()
    wait.until(lambda d: d.find_element(By.ID, "profile-status").text and "Members (" not in d.find_element(By.ID, "profile-dialog").text)
    assert driver.find_element(By.ID, "profile-message").is_displayed(), f"a member opens their own profile, with Message ({driver.find_element(By.ID, 'profile-title').text!r})"
    driver.find_element(By.CSS_SELECTOR, "#profile-dialog button[value=cancel]").click()

    driver.get(server.url + "/chats#chat/-4002")
    driver.refresh()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#message-list .who-button"))
    eve = driver.execute_script("return [...document.querySelectorAll('#message-list .who-button')].find(b => b.dataset.profile === '555000666')")
    assert eve is not None, "Eve's name is a button in Neighbours"
    eve.click()
    wait.until(lambda d: "Bio" in d.find_element(By.ID, "profile-facts").text)
    assert "<script>" in driver.find_element(By.ID, "profile-facts").text and not driver.find_elements(By.CSS_SELECTOR, "#profile-dialog script"), \
          "a sender's name opens their profile; a hostile bio is shown as text"
    audit.screen("chats: a person's profile")
    shot_phone_dark(driver, shot, "103-chats-profile-person")
    driver.find_element(By.CSS_SELECTOR, "#profile-dialog button[value=cancel]").click()
