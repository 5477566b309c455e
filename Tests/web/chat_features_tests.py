"""The Telegram client's newer features in the browser: reactions (the row under a bubble with
counts and yours marked, the picker from a bubble's actions, a click on a chip taking yours back,
someone else's reaction made from a terminal arriving live). Every screen is audited and
photographed (desktop, then a phone)."""
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from live_changes_tests import tgt

ALICE = 555000111


def run(driver, wait, audit, server, check, shot):
    print("browser: chat features", flush=True)
    driver.set_window_size(1200, 900)

    def open_chat(chat_id):
        driver.get(server.url + f"/chats#chat/{chat_id}")
        wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false' && document.querySelectorAll('#message-list li.msg').length > 0"))

    def click(selector):
        # A live event may redraw the bubble between finding and clicking.
        for attempt in range(5):
            try:
                driver.find_element(By.CSS_SELECTOR, selector).click()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

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
    check(offered[:3] == ["👍", "❤️", "🔥"] and "🦄" not in offered, f"React… offers the chat's reactions, not Premium's ({offered})")
    shot("93-chats-react-picker")
    audit.screen("chats: the reaction picker")
    click("#react-choices button[value='👍']")
    wait.until(lambda d: not dialog.is_displayed())
    wait.until(lambda d: any(c[0] == "👍" and c[2] == "true" for c in chips(newest)))
    check(any("1" in c[1] for c in chips(newest) if c[0] == "👍"), f"your 👍 shows under the bubble, marked as yours ({chips(newest)})")
    label = driver.find_element(By.CSS_SELECTOR, f"#m{newest} .reaction[data-react='👍']").get_attribute("aria-label")
    check("yours" in label, f"the chip says it is yours to screen readers ({label!r})")

    result = tgt(server, "chat", "react", "Alice", str(newest), "🎉")
    check(result.returncode == 0, f"tgt chat react goes through the running dashboard ({result.stderr.strip()[:200]})")
    wait.until(lambda d: any(c[0] == "🎉" for c in chips(newest)))
    check(True, "a reaction made from the terminal arrives live in the open chat")
    shot("94-chats-reactions")
    audit.screen("chats: reactions under a bubble")

    click(f"#m{newest} .reaction[data-react='🎉']")
    wait.until(lambda d: not any(c[0] == "🎉" for c in chips(newest)))
    check(True, "a click on your reaction takes it back")

    driver.set_window_size(390, 844)
    open_chat(ALICE)
    driver.execute_script("document.getElementById('m' + arguments[0]).scrollIntoView({block: 'center'})", newest)
    shot("95-chats-reactions-phone")
    audit.screen("chats: reactions on a phone")
    driver.set_window_size(1200, 900)
