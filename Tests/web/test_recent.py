"""Recent following the send log live: with the page open and scrolled, a template sent to
Family through the API appears as a new card, then Mum's reply line ("Mum replied: …", the
simulator answers a few seconds later) under it, with no reload of the page and the card that
was in view staying where it was. Audited and photographed."""
from demo import CRAG, FAMILY


def test_recent_follows_the_send_log_live(driver, wait, audit, server, shot):
    driver.set_window_size(1200, 600)
    template = server.api("POST", "templates", {"name": "Family live", "body": "Home in 5 (Recent live check)", "targets": [{"chat_id": FAMILY}]})
    # Enough cards for the page to scroll, whatever ran before.
    filler = server.api("POST", "templates", {"name": "Crag ping", "body": "Ping", "targets": [{"chat_id": CRAG}]})
    for _ in range(4):
        server.api("POST", f"templates/{filler['id']}/send", {})
    driver.get(server.url + "/sends")
    wait.until(lambda d: d.find_elements("css selector", "[data-batch]"))
    driver.execute_script("window.notReloaded = true")
    cards = driver.execute_script("return document.querySelectorAll('[data-batch]').length")
    # Scrolled down so that new cards arrive above what is being read.
    driver.execute_script("window.scrollTo(0, 250)")
    anchor = driver.execute_script("""const card = [...document.querySelectorAll('[data-batch]')].find(c => c.getBoundingClientRect().bottom > 0);
        return card ? {key: card.dataset.batch, top: card.getBoundingClientRect().top, scrolled: window.scrollY} : null""")
    assert anchor and anchor["scrolled"] > 0, f"Recent is open and scrolled ({cards} cards, {anchor})"

    server.api("POST", f"templates/{template['id']}/send", {})
    wait.until(lambda d: d.execute_script("return [...document.querySelectorAll('[data-batch] h2')].some(h => h.textContent === 'Family live')"))
    assert driver.execute_script("return window.notReloaded === true"), "the new send appears by itself, without a reload"
    top = driver.execute_script("return document.querySelector('[data-batch=\"' + arguments[0] + '\"]').getBoundingClientRect().top", anchor["key"])
    assert abs(top - anchor["top"]) <= 2, f"the card in view stays where it was ({anchor['top']:.0f} → {top:.0f} px)"

    def reply_line():
        return driver.execute_script("""const card = [...document.querySelectorAll('[data-batch]')].find(c => c.querySelector('h2').textContent === 'Family live');
            const reply = card && card.querySelector('.reply'); return reply ? reply.textContent : ''""")
    wait.until(lambda d: "replied" in reply_line())
    assert "Mum" in reply_line() and driver.execute_script("return window.notReloaded === true"), f"Mum's reply line arrives live ({reply_line().strip()!r})"
    top = driver.execute_script("return document.querySelector('[data-batch=\"' + arguments[0] + '\"]').getBoundingClientRect().top", anchor["key"])
    assert abs(top - anchor["top"]) <= 2, "and the reader's place is kept"
    driver.execute_script("window.scrollTo(0, 0)")
    shot("56-recent-live-reply")
    audit.screen("Recent: a reply arrived live")
    driver.set_window_size(1200, 900)
