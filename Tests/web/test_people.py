"""People and folders in the browser: the folder bar above the chat list (the folders in
Telegram's order with their unread chats, a folder showing its chats, an archived one too),
presence in a conversation's header (a person's status, someone typing there, and the user's
own typing told to Telegram while composing), the contacts (search, a contact opening a new
private chat) and adding someone to the contacts from their profile, their hostile name kept
as text. Every new screen is audited and photographed."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from demo import ALICE, FAMILY
from modes import shot_phone_dark

# Records what the header's second line says whenever it changes (a typing line lasts about a
# second), and every typing request the page makes.
WATCH = """
window.__metas = [];
const meta = document.getElementById('conv-meta');
new MutationObserver(() => window.__metas.push(meta.textContent)).observe(meta, {childList: true, characterData: true, subtree: true});
window.__typing = [];
const fetch0 = window.fetch;
window.fetch = (url, init) => {
  if (String(url).endsWith('/typing')) window.__typing.push(JSON.parse(init.body));
  return fetch0(url, init);
};
"""


def chips(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#folder-chips .chip')].map(c => [(c.querySelector('span') ?? c).textContent, "
        "c.querySelector('.chip-count')?.textContent ?? '', c.getAttribute('aria-pressed')])")


def titles(driver):
    return driver.execute_script("return [...document.querySelectorAll('#chat-list .chat-title')].map(t => t.textContent)")


def test_folders_presence_and_contacts(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    driver.get(server.url + "/chats")
    wait.until(lambda d: len(chips(d)) == 3)
    bar = chips(driver)
    assert [c[0] for c in bar] == ["All chats", "Friends", "Updates"] and bar[0][2] == "true", \
          f"the folder bar: All chats first, then the folders in Telegram's order ({bar})"
    unread = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/conversations?unread=true', {headers: {Accept: 'application/json'}}).then(r => r.json()).then(j => done(j.data.chats.length))")
    assert all(c[1] == "" or c[1].isdigit() for c in bar) and bar[0][1] == (str(unread) if unread else ""), \
          f"each with its unread chats; All chats counts the {unread} unread ({bar})"
    driver.find_element(By.CSS_SELECTOR, "#folder-chips [data-folder='2']").click()
    wait.until(lambda d: d.find_element(By.ID, "chat-list").get_attribute("aria-busy") == "false" and "Family" not in titles(d) and titles(d))
    shown = titles(driver)
    assert set(shown) == {"Alice", "Climbing crew", "Old flatmates"}, f"Friends shows its chats, the archived one too ({shown})"
    assert chips(driver)[1][2] == "true", "and its chip is pressed"
    shot_phone_dark(driver, shot, "104-chats-folder")
    audit.screen("chats: a chat folder")
    driver.find_element(By.CSS_SELECTOR, "#folder-chips [data-list=main]").click()
    wait.until(lambda d: "Family" in titles(d))

    # A person's status, and someone typing in a group after reading our message.
    driver.get(server.url + f"/chats#chat/{ALICE}")
    driver.refresh()
    wait.until(lambda d: d.find_element(By.ID, "conv-title").text == "Alice")
    wait.until(lambda d: d.find_element(By.ID, "conv-meta").text.startswith("online"))
    status = server.api("GET", f"conversations/{ALICE}").get("status")
    assert driver.find_element(By.ID, "conv-meta").text.startswith("online") and status == "online", \
        f"a person's header says whether they are online, as Telegram does ({status!r})"
    shot_phone_dark(driver, shot, "120-chats-online-header")
    driver.get(server.url + f"/chats#chat/{FAMILY}")
    driver.refresh()
    wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open"
               and d.find_element(By.ID, "conv-title").text == "Family")
    driver.execute_script(WATCH)
    box = driver.find_element(By.ID, "composer-text")
    box.send_keys("Home in 10")
    wait.until(lambda d: d.execute_script("return window.__typing.length") >= 1)
    told = driver.execute_script("return window.__typing")
    assert told[0] == {"typing": True}, f"typing in the composer tells the chat ({told})"
    box.send_keys(" minutes")
    assert len(driver.execute_script("return window.__typing")) == 1, "and not again within seconds"
    driver.find_element(By.ID, "composer-send").click()
    wait.until(lambda d: any("Mum is typing" in m for m in d.execute_script("return window.__metas")))
    metas = driver.execute_script("return window.__metas")
    assert any(m.startswith("Mum is typing") for m in metas), f"Mum typing her answer shows in the header ({metas})"
    wait.until(lambda d: not d.find_element(By.ID, "conv-meta").text.startswith("Mum is typing"))
    assert "Mum" not in driver.find_element(By.ID, "conv-meta").text, "and goes when her message arrives"

    # Contacts: search, then a contact without a chat opens a new one.
    driver.find_element(By.ID, "contacts-open").click()
    dialog = wait.until(EC.visibility_of_element_located((By.ID, "contacts-dialog")))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#contacts-list [data-user]")) >= 5)
    names = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#contacts-list [data-user]")]
    assert names[0].startswith("Alice Moreau") and "online" in names[0], f"the contacts, online first ({names[:3]})"
    shot_phone_dark(driver, shot, "105-chats-contacts")
    audit.screen("chats: the contacts")
    driver.find_element(By.ID, "contacts-search").send_keys("sof")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#contacts-list [data-user]")) == 1)
    driver.find_element(By.CSS_SELECTOR, "#contacts-list [data-user]").click()
    wait.until(lambda d: not dialog.is_displayed() and d.find_element(By.ID, "conv-title").text == "Sofia Rossi")
    assert driver.current_url.endswith("#chat/555000203"), f"a contact opens the private chat with them ({driver.current_url})"

    # Adding a stranger from their profile: her hostile name stays text, filled in as it is.
    driver.get(server.url + "/chats#chat/-4002")
    driver.refresh()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#message-list .who-button"))
    driver.execute_script("[...document.querySelectorAll('#message-list .who-button')].find(b => b.dataset.profile === '555000666').click()")
    wait.until(lambda d: d.find_element(By.ID, "profile-add").is_displayed())
    driver.find_element(By.ID, "profile-add").click()
    first = driver.find_element(By.ID, "contact-first")
    assert first.get_attribute("value") == "<img src=x onerror=alert(1)>" and not driver.find_elements(By.CSS_SELECTOR, "#profile-dialog img"), \
          "Add to contacts starts from the person's own name, as text"
    shot_phone_dark(driver, shot, "106-chats-add-contact")
    audit.screen("chats: adding a contact")
    first.clear()
    driver.find_element(By.ID, "contact-save").click()
    error = wait.until(EC.visibility_of_element_located((By.ID, "contact-error")))
    assert "first name" in error.text, f"an empty first name is refused before Telegram is asked ({error.text!r})"
    first.send_keys("<img src=x onerror=alert(1)>")
    driver.find_element(By.ID, "contact-save").click()
    wait.until(lambda d: d.find_element(By.ID, "profile-contact-state").text == "In your contacts")
    assert not driver.find_element(By.ID, "profile-add").is_displayed(), "once added, the profile says so"
    driver.find_element(By.CSS_SELECTOR, "#profile-dialog button[value=cancel]").click()
