"""Sending files from the browser: two pictures dropped on a conversation and one pasted into
the composer go into the tray above it (a preview, the name, the size, the upload's progress
and what each will be sent as), ✕ takes one back (cancelling or deleting its upload), and Send
posts the rest as one album with the composer's text as caption. A file refused by the server
(an empty one) says why beside it. A big file's bubble shows how far its upload to Telegram is
(the test server's uploads crawl) and ✕ stops it before Telegram has it. Every screen is
audited and photographed."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from demo import ALICE
from modes import shot_phone_dark

# Builds PNG files in the page (a canvas of one colour each) and hands them to the composer as
# a drop on the message area (arguments[0]: how many) or a paste into the text field.
FILES = """
const [count, how, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const colours = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f'];
Promise.all(Array.from({length: count}, (_, i) => new Promise((resolve) => {
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 48;
  const g = canvas.getContext('2d'); g.fillStyle = colours[i % 4]; g.fillRect(0, 0, 64, 48);
  canvas.toBlob((blob) => resolve(new File([blob], how + '-' + (i + 1) + '.png', {type: 'image/png'})), 'image/png');
}))).then((files) => {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  if (how === 'empty') { data.items.clear(); data.items.add(new File([], 'empty.txt', {type: 'text/plain'})); }
  if (how === 'paste') document.getElementById('composer-text').dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
  else document.getElementById('messages').dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
  done(true);
});
"""

# A 2 MB file dropped on the conversation.
BIG = """
const done = arguments[arguments.length - 1];
const bytes = new Uint8Array(2 * 1024 * 1024);
for (let i = 0; i < bytes.length; i += 512) bytes[i] = i % 251;
const data = new DataTransfer();
data.items.add(new File([bytes], 'big-report.bin', {type: 'application/octet-stream'}));
document.getElementById('messages').dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
done(true);
"""

UPLOADING = """
const p = document.querySelector('#message-list li.msg.out .upload progress');
return p ? p.value : -1;
"""

TRAY = """
return [...document.querySelectorAll('#attach-tray li')].map((li) => ({
  name: li.querySelector('.attach-name').textContent, status: li.querySelector('.attach-status').textContent,
  progress: li.querySelector('progress').value, failed: li.classList.contains('failed'), preview: (li.querySelector('img')?.naturalWidth ?? 0) > 0}));
"""


def test_sending_files(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)
    driver.get(server.url + "/chats#chat/" + str(ALICE))
    driver.refresh()
    wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false'"))
    before = driver.execute_script("return document.querySelectorAll('#message-list li.msg').length")

    def tray():
        return driver.execute_script(TRAY)

    driver.execute_async_script(FILES, 2, "dropped")
    wait.until(lambda d: len(tray()) == 2 and all(item["progress"] == 100 and "photo" in item["status"] and item["preview"] for item in tray()))
    items = tray()
    assert [i["name"] for i in items] == ["dropped-1.png", "dropped-2.png"] and all(i["preview"] for i in items), \
          f"two pictures dropped on the conversation wait in the tray with a preview, uploaded, as photos ({items})"
    driver.execute_async_script(FILES, 1, "paste")
    wait.until(lambda d: len(tray()) == 3 and tray()[2]["progress"] == 100)
    assert tray()[2]["name"] == "paste-1.png", "a picture pasted into the composer joins them"
    driver.execute_async_script(FILES, 1, "empty")
    assert len(tray()) == 3, "an empty file is refused before anything is uploaded"
    shot_phone_dark(driver, shot, "115-chats-attach-tray")
    audit.screen("chats: files waiting to be sent")
    driver.find_element(By.CSS_SELECTOR, "#attach-tray li:nth-child(3) .icon-button").click()
    wait.until(lambda d: len(tray()) == 2)
    assert driver.find_element(By.ID, "attach-tray").is_displayed(), "✕ takes one back; the others stay"
    toasts = driver.execute_script("return [...document.querySelectorAll('.toast')].map((t) => t.textContent).join(' ')")
    assert "status" not in toasts, f"quietly ({toasts!r})"
    text = driver.find_element(By.ID, "composer-text")
    text.clear()
    text.send_keys("Two colours")
    driver.find_element(By.ID, "composer-send").click()
    wait.until(lambda d: not d.find_element(By.ID, "attach-tray").is_displayed())
    wait.until(lambda d: d.execute_script(
        "const l = [...document.querySelectorAll('#message-list li.msg.out')].slice(-2);"
        "return l.length === 2 && l.every((m) => m.querySelector('.open-media')) && l[0].textContent.includes('Two colours')"))
    assert driver.find_element(By.ID, "composer-text").get_attribute("value") == "", \
          "Send posts them as one album with the text as caption; the tray and the composer empty"
    after = driver.execute_script("return document.querySelectorAll('#message-list li.msg').length")
    assert after >= before + 2, f"the two photos are in the conversation ({before} → {after})"
    uploads = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/conversations/" + str(ALICE) + "/messages?limit=2', {headers: {Accept: 'application/json'}}).then((r) => r.json())"
        ".then((j) => done(j.data.messages.map((m) => m.media && m.media.kind)))")
    assert uploads == ["photo", "photo"], f"as photos ({uploads})"
    shot_phone_dark(driver, shot, "116-chats-album-sent")
    audit.screen("chats: an album sent from the browser")

    # A big file: its bubble says how far Telegram has it, and ✕ stops it.
    driver.execute_async_script(BIG)
    wait.until(lambda d: len(tray()) == 1 and tray()[0]["progress"] == 100)
    driver.find_element(By.ID, "composer-send").click()
    wait.until(lambda d: d.execute_script(UPLOADING) >= 0)
    assert not driver.find_element(By.ID, "attach-tray").is_displayed() and driver.find_element(By.ID, "composer-send").is_enabled(), \
          "Send hands the file over at once: the composer is free while it goes up"
    first = driver.execute_script(UPLOADING)
    wait.until(lambda d: d.execute_script(UPLOADING) > first)
    label = driver.execute_script("return document.querySelector('#message-list .upload progress').getAttribute('aria-label') + ' · '"
                                  " + document.querySelector('#message-list .upload span').textContent")
    assert "big-report.bin" in label and " of 2.0 MB" in label, f"its bubble shows the upload moving on, named and sized ({label!r})"
    shot_phone_dark(driver, shot, "117-chats-file-uploading")
    audit.screen("chats: a file on its way up")
    # Pressed from the keyboard: a message sent from another tab redraws the list, and the ✕
    # keeps the focus.
    driver.execute_script("document.querySelector('#message-list .cancel-send').focus()")
    wait.until(lambda d: d.execute_script("return document.activeElement.matches('#message-list .cancel-send')"))
    driver.execute_script(
        "window.__redraws = 0; new MutationObserver(() => window.__redraws++).observe(document.getElementById('message-list'), {childList: true});"
        "fetch('/api/conversations/" + str(ALICE) + "/messages', {method: 'POST', credentials: 'same-origin', headers: {Accept: 'application/json',"
        " 'Content-Type': 'application/json', 'X-CSRF-Token': document.querySelector('meta[name=\"csrf-token\"]').content},"
        " body: JSON.stringify({text: 'Sent from another tab'})})")
    wait.until(lambda d: d.execute_script("return window.__redraws > 0 && document.getElementById('message-list').textContent.includes('Sent from another tab')"))
    assert driver.execute_script("return document.activeElement.matches('#message-list .cancel-send')"), \
          "the ✕ keeps the focus while the conversation changes around it"
    # To whatever has the focus now (a live redraw may have replaced the element, focus kept).
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait.until(lambda d: d.execute_script("return !document.querySelector('#message-list .upload')"))
    toasts = driver.execute_script("return [...document.querySelectorAll('.toast')].map((t) => t.textContent).join(' ')")
    assert "Not sent." in toasts, f"✕ stops it: the bubble goes ({toasts!r})"
    last = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/conversations/" + str(ALICE) + "/messages?limit=3', {headers: {Accept: 'application/json'}}).then((r) => r.json())"
        ".then((j) => done(j.data.messages.map((m) => (m.media && m.media.file && m.media.file.name) || m.text)))")
    assert "big-report.bin" not in last, f"and Telegram never gets it ({last})"
