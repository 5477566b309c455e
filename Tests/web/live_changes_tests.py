"""Changes made by `tgt` commands in another process reach open dashboard pages live, without a
reload: a template added shows on the grid, a timer added, started and paused on the timers page, a
send scheduled and cancelled on the scheduled page. Each page is marked when it loads; the mark
surviving proves the page updated in place. The time from the command's end to the change on
the page is printed (the store is looked at four times a second)."""
import os
import subprocess
import time

from selenium.webdriver.common.by import By

from dashboard_server import tgt_binary


def tgt(server, *args):
    """Runs the real `tgt` against the server's data folder, as a person in a terminal would."""
    env = dict(os.environ, TGT_DATA_DIR=server.folder)
    return subprocess.run([tgt_binary(), "--demo", *args], env=env, capture_output=True, text=True, timeout=300)


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


def run(driver, wait, audit, server, check, shot):
    print("browser: changes made by tgt commands arrive live", flush=True)
    driver.set_window_size(1200, 900)

    # A template added in a terminal shows on the open grid.
    open_live(driver, wait, server.url + "/")
    added = tgt(server, "templates", "add", "--name", "Typed in a terminal", "--body", "Hello from the CLI", "--target", "-1001000000001")
    check(added.returncode == 0, f"tgt templates add succeeds while the dashboard runs ({added.stderr.strip()})")
    seconds = arrives(wait, lambda d: "Typed in a terminal" in d.execute_script(
        "return [...document.querySelectorAll('.tile .name')].map(n => n.textContent)"))
    check(same_load(driver), "the grid showed the CLI's template without a reload")
    print(f"browser: a template added by tgt showed on the open grid after {seconds:.2f} s", flush=True)
    shot("60-live-template-from-cli")

    # A timer added, then started, in a terminal.
    open_live(driver, wait, server.url + "/timers")
    made = tgt(server, "timers", "add", "--name", "Terminal tea", "--duration", "3m")
    check(made.returncode == 0, f"tgt timers add succeeds ({made.stderr.strip()})")

    def card(d):
        texts = d.execute_script("return [...document.querySelectorAll('.timer-card')].map(c => c.innerText.replace(/\\s+/g, ' '))")
        return next((t for t in texts if "Terminal tea" in t), None)

    seconds = arrives(wait, lambda d: card(d) is not None)
    print(f"browser: a timer added by tgt showed on the open timers page after {seconds:.2f} s", flush=True)
    started = tgt(server, "timers", "start", "Terminal tea")
    check(started.returncode == 0, f"tgt timers start succeeds ({started.stderr.strip()})")
    # Running, the card's clock counts down from 03:00.
    arrives(wait, lambda d: (card(d) or "03:00").find("03:00") < 0)
    paused = tgt(server, "timers", "pause", "Terminal tea")
    check(paused.returncode == 0, f"tgt timers pause succeeds ({paused.stderr.strip()})")
    seconds = arrives(wait, lambda d: "PAUSED" in (card(d) or ""))
    print(f"browser: a timer paused by tgt showed PAUSED after {seconds:.2f} s", flush=True)
    check(same_load(driver), "the timers page showed the CLI's timer, its start and its pause, without a reload")
    shot("61-live-timer-from-cli")

    # A send scheduled, then cancelled, in a terminal.
    open_live(driver, wait, server.url + "/scheduled")
    before = len(driver.find_elements(By.CSS_SELECTOR, ".scheduled-item"))
    later = tgt(server, "send", "Typed in a terminal", "--in", "2h")
    check(later.returncode == 0, f"tgt send --in succeeds through the running dashboard ({later.stderr.strip()})")

    def terminal_rows(d):
        # Read in one script: the page redraws live, so an element found a moment ago may be
        # gone by the time its text is asked for.
        return d.execute_script(
            "return [...document.querySelectorAll('.scheduled-item')]"
            ".filter(e => e.textContent.includes('Typed in a terminal')).map(e => e.dataset.id)")

    seconds = arrives(wait, lambda d: len(terminal_rows(d)) == 1)
    print(f"browser: a send scheduled by tgt showed on the open scheduled page after {seconds:.2f} s", flush=True)
    row_id = terminal_rows(driver)[0]
    cancelled = tgt(server, "scheduled", "cancel", row_id)
    check(cancelled.returncode == 0, f"tgt scheduled cancel succeeds ({cancelled.stderr.strip()})")
    arrives(wait, lambda d: len(terminal_rows(d)) == 0)
    check(same_load(driver) and len(driver.find_elements(By.CSS_SELECTOR, ".scheduled-item")) == before,
          "the scheduled page showed the CLI's send, then its cancel, without a reload")
    audit.screen("scheduled: after changes from the CLI")
