"""Changes made by `tgt` commands in another process reach open dashboard pages live, without a
reload: a template added shows on the grid, a timer added, started and paused on the timers page, a
send scheduled and cancelled on the scheduled page. Each page is marked when it loads; the mark
surviving proves the page updated in place. The time from the command's end to the change on
the page is printed (the store is looked at four times a second)."""
import time

from selenium.webdriver.common.by import By



def open_live(driver, wait, url):
    """Opens a page, waits for its event stream, and marks the page so a reload would show."""
    driver.get(url)
    wait.until(lambda d: d.execute_script("return document.documentElement.dataset.events") == "open")
    driver.execute_script("window.__sameLoad = true")


def same_load(driver):
    return driver.execute_script("return window.__sameLoad === true")


def arrives(wait, condition):
    """Waits for `condition` and returns how long it took, in seconds."""
    started = time.monotonic()
    wait.until(condition)
    return time.monotonic() - started


def test_changes_from_tgt_arrive_live(driver, wait, audit, server, shot, report):
    driver.set_window_size(1200, 900)

    # The first template, added in a terminal, replaces the open grid's first-template invitation.
    open_live(driver, wait, server.url + "/")
    assert driver.find_elements(By.CSS_SELECTOR, "#grid-area .empty"), "an empty grid invites to make the first template"
    added = server.tgt("templates", "add", "--name", "Typed in a terminal", "--body", "Hello from the CLI", "--target", "-1001000000001")
    assert added.returncode == 0, f"tgt templates add succeeds while the dashboard runs ({added.stderr.strip()})"
    seconds = arrives(wait, lambda d: "Typed in a terminal" in d.execute_script(
        "return [...document.querySelectorAll('.tile .name')].map(n => n.textContent)"))
    assert same_load(driver), "the grid showed the CLI's template without a reload"
    assert not driver.find_elements(By.CSS_SELECTOR, "#grid-area .empty"), "the first-template invitation went with the first template"
    report.append(f"live: a template added by tgt showed on the open grid after {seconds:.2f} s")
    shot("60-live-template-from-cli")

    # A timer added, then started, in a terminal.
    open_live(driver, wait, server.url + "/timers")
    made = server.tgt("timers", "add", "--name", "Terminal tea", "--duration", "3m")
    assert made.returncode == 0, f"tgt timers add succeeds ({made.stderr.strip()})"

    def card(d):
        texts = d.execute_script("return [...document.querySelectorAll('.timer-card')].map(c => c.innerText.replace(/\\s+/g, ' '))")
        return next((t for t in texts if "Terminal tea" in t), None)

    seconds = arrives(wait, lambda d: card(d) is not None)
    report.append(f"live: a timer added by tgt showed on the open timers page after {seconds:.2f} s")
    started = server.tgt("timers", "start", "Terminal tea")
    assert started.returncode == 0, f"tgt timers start succeeds ({started.stderr.strip()})"
    # Running, the card's clock counts down from 03:00.
    arrives(wait, lambda d: (card(d) or "03:00").find("03:00") < 0)
    paused = server.tgt("timers", "pause", "Terminal tea")
    assert paused.returncode == 0, f"tgt timers pause succeeds ({paused.stderr.strip()})"
    seconds = arrives(wait, lambda d: "PAUSED" in (card(d) or ""))
    report.append(f"live: a timer paused by tgt showed PAUSED after {seconds:.2f} s")
    assert same_load(driver), "the timers page showed the CLI's timer, its start and its pause, without a reload"
    shot("61-live-timer-from-cli")

    # A send scheduled, then cancelled, in a terminal.
    open_live(driver, wait, server.url + "/scheduled")
    before = len(driver.find_elements(By.CSS_SELECTOR, ".scheduled-item"))
    later = server.tgt("send", "Typed in a terminal", "--in", "2h")
    assert later.returncode == 0, f"tgt send --in succeeds through the running dashboard ({later.stderr.strip()})"

    def terminal_rows(d):
        # Read in one script: the page redraws live, so an element found a moment ago may be
        # gone by the time its text is asked for.
        return d.execute_script(
            "return [...document.querySelectorAll('.scheduled-item')]"
            ".filter(e => e.textContent.includes('Typed in a terminal')).map(e => e.dataset.id)")

    seconds = arrives(wait, lambda d: len(terminal_rows(d)) == 1)
    report.append(f"live: a send scheduled by tgt showed on the open scheduled page after {seconds:.2f} s")
    row_id = terminal_rows(driver)[0]
    cancelled = server.tgt("scheduled", "cancel", row_id)
    assert cancelled.returncode == 0, f"tgt scheduled cancel succeeds ({cancelled.stderr.strip()})"
    arrives(wait, lambda d: len(terminal_rows(d)) == 0)
    assert same_load(driver) and len(driver.find_elements(By.CSS_SELECTOR, ".scheduled-item")) == before, \
          "the scheduled page showed the CLI's send, then its cancel, without a reload"
    audit.screen("scheduled: after changes from the CLI")
