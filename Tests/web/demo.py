"""What the browser tests share about the demo: its chats by id, signing a browser in to a fresh
dashboard, opening a conversation, clicking what live events redraw, and the check that a hostile
chat ran no script (no alert open)."""
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

# The demo simulator's chats.
FAMILY = -1001000000001       # a group: photos, a voice note, a sticker, Mum answers what you send
WORK = -1001000000002         # a forum: General (1), Standups (11), Lunch (12)
NEWS = -1001000000003         # Tech News, a channel you cannot post in
CRAG = -4001                  # Climbing crew: 5,000 messages
NEIGHBOURS = -4002            # hostile messages and files; its admins muted members
ALICE = 555000111             # a private chat

PASSWORD = "browser-pass-1"


def sign_in(driver, wait, server):
    """Chooses the dashboard's password from the printed first-run link, then logs in to the
    demo Telegram in the browser if the dashboard is not logged in yet (code 12345, password
    demo); returns once the grid (or its empty state) shows."""
    driver.get(f"{server.url}/login?setup={server.setup_code}")
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.ID, "confirm").send_keys(PASSWORD, Keys.ENTER)
    wait.until(lambda d: "/login" not in d.current_url, "choosing the dashboard password did not leave the sign-in page")
    if "/telegram" in driver.current_url:
        for field, value in (("phone_number", "+1 555 555 0123"), ("code", "12345"), ("password", "demo")):
            wait.until(EC.presence_of_element_located((By.ID, field))).send_keys(value, Keys.ENTER)
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".empty, #grid")), "signed in, the grid did not show")


def no_alert(driver):
    """None, or what the open alert says (a script from a message or file ran)."""
    try:
        text = driver.switch_to.alert.text
        return f"an alert is open: {text!r}"
    except NoAlertPresentException:
        return None


def open_chat(driver, wait, server, address):
    """Opens a conversation (`address`: a chat id, or chat/topic) and waits for its messages."""
    driver.get(server.url + f"/chats#chat/{address}")
    driver.refresh()  # the same address with only a new hash would not load the page again
    wait.until(lambda d: d.execute_script("return document.getElementById('messages').getAttribute('aria-busy') === 'false' "
                                          "&& document.querySelectorAll('#message-list li.msg').length > 0"))


def click_fresh(driver, selector):
    """Clicks `selector` (scrolled into view), found again when a live event (a read receipt, Mum's
    answer) redrew it between finding and clicking."""
    for attempt in range(5):
        try:
            element = driver.find_element(By.CSS_SELECTOR, selector)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise
