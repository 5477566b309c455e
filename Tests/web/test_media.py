"""Media in the browser: Family's photo opened full size in the viewer (a labelled modal dialog
with a download link; Escape and Close shut it and focus goes back to the thumbnail), its voice
message played in the page (the browser's own player, the whole 12 s known from a range request)
and its sticker shown; Work's PDF a download link; Neighbours' hostile HTML page and SVG only
download links (nothing rendered, nothing run, served as sandboxed application/octet-stream
attachments, a click saving the file without leaving the chat); and Settings' downloaded media
with its size and the button that clears it. Every screen is audited and photographed (desktop,
and a phone in dark mode where the layout changes)."""
import re
import shutil
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from demo import FAMILY, NEIGHBOURS, WORK, no_alert
from modes import set_scheme, shot_phone_dark
import demo

# The reply to fetch(arguments[0]) from the page (the dashboard's own cookie): status and the
# headers that decide how the browser treats the file.
FETCH = """
const [url, range, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
fetch(url, range ? {headers: {Range: range}} : {}).then(async (r) => done({
  status: r.status, type: r.headers.get('content-type') || '', disposition: r.headers.get('content-disposition') || '',
  csp: r.headers.get('content-security-policy') || '', nosniff: r.headers.get('x-content-type-options') || '',
  range: r.headers.get('content-range') || '', bytes: (await r.arrayBuffer()).byteLength}),
  (e) => done({error: String(e)}));
"""

# The voice message's player (arguments[0]: the message id): what it knows and how it sits.
PLAYER = """
const a = document.querySelector('#m' + arguments[0] + ' audio.player');
const box = a.getBoundingClientRect(), bubble = a.closest('.bubble').getBoundingClientRect();
return {duration: a.duration, controls: a.controls, label: a.getAttribute('aria-label'), src: a.getAttribute('src'),
  button: !!a.closest('.msg').querySelector('button.play'), width: box.width,
  inside: box.left >= bubble.left && box.right <= bubble.right};
"""


def test_media(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 900)

    def open_chat(address):
        demo.open_chat(driver, wait, server, address)

    def click(selector):
        demo.click_fresh(driver, selector)

    def fetched(url, range_=None):
        return driver.execute_async_script(FETCH, url, range_)

    def focused_view():
        return driver.execute_script("return document.activeElement?.dataset?.view ?? null")

    def viewer_closed(d):
        return not d.find_elements(By.CSS_SELECTOR, "dialog.viewer")

    # Family: a photo full size.
    open_chat(str(FAMILY))
    photo = driver.execute_script("const all = document.querySelectorAll('#message-list button.open-media[data-view]'); return all[all.length - 1].dataset.view")
    click(f"#m{photo} button.open-media")
    dialog = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.viewer[open]")))
    wait.until(lambda d: d.execute_script("const i = document.querySelector('dialog.viewer img.full'); return !!i && i.complete && i.naturalWidth > 0"))
    full = driver.execute_script(
        "const i = document.querySelector('dialog.viewer img.full'); return {width: i.naturalWidth, height: i.naturalHeight, alt: i.alt, "
        "src: i.getAttribute('src'), modal: document.querySelector('dialog.viewer').matches(':modal')}")
    assert full["src"] == f"/api/conversations/{FAMILY}/messages/{photo}/file" and full["width"] > 0 and full["alt"], \
          f"a click on a photo opens it full size from the message's file ({full})"
    label = dialog.get_attribute("aria-label")
    assert full["modal"] and label and "Photo" in label, f"in a modal dialog with a name ({label!r})"
    download = dialog.find_element(By.LINK_TEXT, "Download")
    assert download.get_attribute("href").endswith(f"/messages/{photo}/file?download=true") and download.get_attribute("download"), \
          f"the viewer offers the photo for download ({download.get_attribute('href')}, {download.get_attribute('download')!r})"
    assert driver.execute_script("return !document.querySelector('dialog.viewer .viewer-status').textContent"), "no 'Loading…' once the photo is shown"
    shot("107-chats-photo-viewer")
    audit.screen("chats: a photo full size")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait.until(viewer_closed)
    assert focused_view() == photo, "Escape closes the viewer and focus goes back to the thumbnail"
    click(f"#m{photo} button.open-media")
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.viewer[open]")))
    driver.find_element(By.XPATH, "//dialog[contains(@class, 'viewer')]//button[normalize-space()='Close']").click()
    wait.until(viewer_closed)
    assert focused_view() == photo, "so does Close"

    # The same on a phone, dark: the photo fits the screen.
    driver.set_window_size(390, 844)
    set_scheme(driver, "dark")
    open_chat(str(FAMILY))
    click(f"#m{photo} button.open-media")
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.viewer[open]")))
    wait.until(lambda d: d.execute_script("const i = document.querySelector('dialog.viewer img.full'); return !!i && i.complete && i.naturalWidth > 0"))
    fits = driver.execute_script(
        "const r = document.querySelector('dialog.viewer').getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight")
    assert fits, "phone: the viewer fits the screen"
    shot("108-chats-photo-viewer-phone-dark")
    driver.find_element(By.XPATH, "//dialog[contains(@class, 'viewer')]//button[normalize-space()='Close']").click()
    wait.until(viewer_closed)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1200, 900)

    # The voice message plays in the page; the sticker shows.
    open_chat(str(FAMILY))
    voice = driver.execute_script("return [...document.querySelectorAll('#message-list button.play[data-play]')].find(b => b.textContent.includes('Voice message'))?.dataset.play ?? null")
    assert voice is not None, "Family's voice message has a play button"
    url = f"/api/conversations/{FAMILY}/messages/{voice}/file"
    part = fetched(url, "bytes=0-99")
    assert part.get("status") == 206 and part["range"].startswith("bytes 0-99/") and part["bytes"] == 100 and part["type"].startswith("audio/"), \
          f"the server answers a range request with 206 and that range only ({part})"
    fresh = driver.execute_script(f"const b = document.querySelector('#m{voice} button.play'); return b.classList.contains('fresh') && b.title")
    assert fresh == "Not played yet", f"a voice message not listened to yet has Telegram's dot ({fresh!r})"
    click(f"#m{voice} button.play")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#m{voice} audio.player"))
    wait.until(lambda d: d.execute_script(f"const a = document.querySelector('#m{voice} audio.player'); return !!a && a.readyState >= 1 && a.duration > 10"))
    player = driver.execute_script(PLAYER, voice)
    assert player["controls"] and player["src"] == url and 10 < player["duration"] < 14 and not player["button"], \
          f"▶ becomes the browser's player, which knows the whole 12 s ({player})"
    assert player["width"] >= 250 and player["inside"], f"the player is wide enough to use, inside its bubble ({player['width']:.0f} px)"
    wait.until(lambda d: d.execute_script(f"const a = document.querySelector('#m{voice} audio.player'); return !a.paused && a.currentTime > 0"))
    playing = driver.execute_script(f"const a = document.querySelector('#m{voice} audio.player'); return {{paused: a.paused, at: a.currentTime}}")
    assert not playing["paused"] and playing["at"] > 0, f"and plays it ({playing})"
    wait.until(lambda d: d.execute_script("return performance.getEntriesByType('resource').some((e) => e.name.endsWith('/messages/' + arguments[0] + '/opened'))", voice))

    def played(_):
        page = server.api("GET", f"conversations/{FAMILY}/messages?limit=50")["messages"]
        return next((m["media"].get("is_played") for m in page if m["id"] == int(voice)), None)
    wait.until(played)
    assert played(driver) is True, "Telegram hears it was played (its sender sees it listened)"
    # A live change redraws the conversation (a reaction from another tab): the player plays on.
    driver.execute_script(
        "window.__player = document.querySelector('#m' + arguments[0] + ' audio.player'); window.__redraws = 0;"
        "new MutationObserver(() => window.__redraws++).observe(document.getElementById('message-list'), {childList: true});"
        "const all = document.querySelectorAll('#message-list li.msg'); const other = all[all.length - 1].dataset.id;"
        "fetch('/api/conversations/" + str(FAMILY) + "/messages/' + other + '/reactions', {method: 'POST', credentials: 'same-origin',"
        " headers: {Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': document.querySelector('meta[name=\"csrf-token\"]').content},"
        " body: JSON.stringify({reaction: '👍', chosen: true})})", voice)
    wait.until(lambda d: d.execute_script("return window.__redraws > 0"))
    kept = driver.execute_script("const a = document.querySelector('#m' + arguments[0] + ' audio.player'); return {same: a === window.__player, playing: !!a && !a.paused}", voice)
    assert kept == {"same": True, "playing": True}, f"a live change redraws the conversation and the voice message plays on ({kept})"
    driver.execute_script(f"document.querySelector('#m{voice} audio.player').pause()")
    shot("109-chats-voice-playing")
    audit.screen("chats: a voice message playing")
    sticker = driver.find_element(By.CSS_SELECTOR, "#message-list img.sticker")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", sticker)
    wait.until(lambda d: d.execute_script("const i = document.querySelector('#message-list img.sticker'); return i.complete && i.naturalWidth > 0"))
    assert sticker.get_attribute("alt") and "/file" in sticker.get_attribute("src"), f"the sticker shows from its file ({sticker.get_attribute('alt')!r})"

    # The player on a phone, dark: it fits its bubble and the screen.
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    open_chat(str(FAMILY))
    assert driver.execute_script(f"return !document.querySelector('#m{voice} button.play').classList.contains('fresh')"), \
          "once played, its dot is gone (Telegram keeps it listened)"
    click(f"#m{voice} button.play")
    wait.until(lambda d: d.execute_script(f"const a = document.querySelector('#m{voice} audio.player'); return !!a && a.readyState >= 1"))
    driver.execute_script(f"const a = document.querySelector('#m{voice} audio.player'); a.pause(); a.scrollIntoView({{block: 'center'}})")
    player = driver.execute_script(PLAYER, voice)
    wide = driver.execute_script("return document.documentElement.scrollWidth")
    assert player["width"] >= 150 and player["inside"] and wide <= 320, f"phone: the player fits its bubble ({player['width']:.0f} px) and the screen ({wide} px)"
    shot("110-chats-voice-phone-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1200, 900)

    # A browser that plays no Ogg (Safari) asks for the voice note as CAF; Chromium plays no
    # CAF, so here the player gives way to a download link, said why.
    open_chat(str(FAMILY))
    driver.execute_script("window.__canPlay = HTMLMediaElement.prototype.canPlayType;"
                          " HTMLMediaElement.prototype.canPlayType = function (type) { return type.includes('ogg') ? '' : window.__canPlay.call(this, type); }")
    click(f"#m{voice} button.play")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#m{voice} a.file"))
    asked = driver.execute_script("return performance.getEntriesByType('resource').some((e) => e.name.endsWith('/messages/' + arguments[0] + '/file?format=caf'))", voice)
    link = driver.execute_script(f"const a = document.querySelector('#m{voice} a.file'); return a && {{href: a.getAttribute('href'), text: a.textContent}}")
    assert asked and link["href"].endswith("/file?download=true"), \
          f"without Ogg the voice note is asked for as CAF, and one the browser cannot play gives way to its download ({asked}, {link})"
    driver.execute_script("HTMLMediaElement.prototype.canPlayType = window.__canPlay")

    # Alice's self-destructing photo: its blurred preview and why it does not open here.
    open_chat("555000111")
    secret = driver.execute_script(
        "const li = [...document.querySelectorAll('#message-list li.msg')].find(l => l.textContent.includes('Self-destructing photo'));"
        " li?.scrollIntoView({block: 'center'});"
        " return li && {buttons: li.querySelectorAll('.media button, .media a').length, text: li.querySelector('.media').textContent,"
        " sharp: [...li.querySelectorAll('img.thumb')].some(i => !i.classList.contains('blurred'))}")
    assert secret and secret["buttons"] == 0 and "open it in Telegram on your phone" in secret["text"] and not secret["sharp"], \
          f"a self-destructing photo shows its blurred preview and why it does not open here, nothing to open or download ({secret})"
    shot_phone_dark(driver, shot, "125-chats-self-destructing")
    audit.screen("chats: a self-destructing photo")
    # Tech News' newest chart is a spoiler: blurred until opened, and its button says so.
    open_chat("-1001000000003")
    spoiler = driver.execute_script(
        "const b = [...document.querySelectorAll('#message-list button.open-media')].pop();"
        " return b && {label: b.getAttribute('aria-label'), blurred: !!b.querySelector('img.thumb.blurred')}")
    assert spoiler == {"label": "Show the spoiler photo", "blurred": True}, f"a spoiler photo stays blurred until opened ({spoiler})"

    # Work's PDF: a download link.
    open_chat(f"{WORK}/topic/11")
    pdf = wait.until(lambda d: d.find_element(By.XPATH, "//*[@id='message-list']//a[contains(@class, 'file')][contains(., 'Q3 minutes.pdf')]"))
    assert pdf.get_attribute("download") == "Q3 minutes.pdf" and pdf.get_attribute("href").endswith("/file?download=true"), \
          f"Work's PDF is a link that downloads it under its name ({pdf.get_attribute('href')}, {pdf.get_attribute('download')!r})"
    assert pdf.text.endswith(" · 77 bytes"), f"and says how big it is ({pdf.text!r})"
    reply = fetched(pdf.get_attribute("href"))
    assert reply.get("status") == 200 and reply["type"] == "application/octet-stream" and reply["disposition"].startswith("attachment"), \
          f"a PDF is served as a download, not shown ({reply})"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", pdf)
    shot_phone_dark(driver, shot, "111-chats-document")
    audit.screen("chats: a document to download")

    # Neighbours: a hostile HTML page and SVG are only download links.
    open_chat(str(NEIGHBOURS))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#message-list a.file")) == 2)
    links = driver.execute_script(
        "return [...document.querySelectorAll('#message-list a.file')].map(a => ({text: a.textContent, href: a.href, download: a.getAttribute('download'), html: a.innerHTML}))")
    texts = [link["text"] for link in links]
    assert (any("img src=x onerror=alert(1).html" in t for t in texts) and any("drawing.svg" in t for t in texts)
          and all("<" not in link["html"] for link in links)), \
          f"the hostile HTML page and SVG show as download links with their names as text ({texts})"
    assert all(link["href"].endswith("/file?download=true") and link["download"] for link in links), "each downloads under its name"
    assert no_alert(driver) is None, "nothing from the files ran (no alert)"
    rendered = driver.execute_script(
        "return document.querySelectorAll('[onerror], [onload], #message-list svg, #message-list iframe, #message-list object, #message-list embed, script:not([src])').length")
    assert rendered == 0, f"nothing from them is in the document: no onerror or onload element, no <svg>, frame or script ({rendered})"
    for link in links:
        for url in (link["href"], link["href"].removesuffix("?download=true")):
            reply = fetched(url)
            assert (reply.get("status") == 200 and reply["type"] == "application/octet-stream" and reply["disposition"].startswith("attachment")
                  and reply["csp"].startswith("sandbox") and reply["nosniff"] == "nosniff"), \
                  (f"{url.split('/api/')[1]} is a sandboxed application/octet-stream attachment "
                  f"({reply.get('type')}; {reply.get('disposition', '')[:40]}…; {reply.get('csp', '')[:20]}…)")
    folder = tempfile.mkdtemp(prefix="tgt-media-downloads-")
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
    try:
        address = driver.current_url
        click("#message-list a.file[download$='.html']")
        wait.until(lambda d: [p for p in Path(folder).iterdir() if p.suffix == ".html"])
        saved = next(p for p in Path(folder).iterdir() if p.suffix == ".html")
        assert driver.current_url == address and no_alert(driver) is None and b"<script" in saved.read_bytes(), \
              f"a click saves the file as it came ({saved.name!r}) and the chat stays, nothing run"
    finally:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})
        shutil.rmtree(folder, ignore_errors=True)
    shot_phone_dark(driver, shot, "112-chats-hostile-files")
    audit.screen("chats: hostile files as download links")

    # Settings: the downloaded media, and clearing it.
    driver.get(server.url + "/settings#media")
    usage = wait.until(EC.presence_of_element_located((By.ID, "media-usage")))
    before = usage.text
    assert " in " in before and "files" in before and "at most" in before and not before.startswith("Zero"), \
          f"Settings show what downloaded media takes and its limit ({before!r})"
    section = driver.find_element(By.ID, "media")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", section)
    shot_phone_dark(driver, shot, "113-settings-media")
    audit.screen("Settings: downloaded media")
    clear = "//section[@id='media']//button[normalize-space()='Clear downloaded media']"
    driver.find_element(By.XPATH, clear).click()
    question = wait.until(EC.alert_is_present())
    assert "Delete downloaded photos" in question.text, f"Clear asks first ({question.text!r})"
    question.dismiss()
    assert driver.find_element(By.ID, "media-usage").text == before and "done=" not in driver.current_url, "declining keeps them"
    driver.find_element(By.XPATH, clear).click()
    wait.until(EC.alert_is_present()).accept()
    wait.until(EC.url_contains("done=media-cleared"))
    notice = driver.find_element(By.CSS_SELECTOR, "#media .banner.info").text
    after = driver.find_element(By.ID, "media-usage").text
    assert "Downloaded media deleted" in notice, f"accepting clears them and says so ({notice!r})"
    # TDLib keeps chat photos and stickers (the chat list's photos, Family's sticker).
    assert after != before and re.match(r"[0-9.]+ (bytes|KB) in [0-9]+ files?", after) is not None and "Chat photos and stickers stay" in notice, \
          f"the size shown is what is left, chat photos and stickers ({before!r} → {after!r})"
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", driver.find_element(By.ID, "media"))
    shot("114-settings-media-cleared")
    audit.screen("Settings: downloaded media cleared")
    reply = fetched(f"/api/conversations/{FAMILY}/messages/{photo}/file")
    assert reply.get("status") == 200 and reply["type"].startswith("image/") and reply["bytes"] > 0, f"a photo opened again downloads again ({reply})"
