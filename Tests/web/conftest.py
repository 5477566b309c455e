"""Fixtures of the browser tests (`python3 -m pytest Tests/web`; scripts/test.sh runs it).

Once per run (per worker with pytest-xdist's `-n N`; the controller prints the totals): headless
Chromium (`chromium`) and the axe-core audit collector (`audit`). For
each test: a `tgt serve --demo` of its own in a temporary data folder (`unsigned_server`, or
`server`: logged in to the demo Telegram, its chats loaded, and `driver` signed in to it), so a
test depends on no other and on no order; `driver` is the session's browser put back to a
1200×900 window in the light scheme with no cookies; `wait` waits up to 15 s on a condition;
`shot(name)` saves artifacts/screenshots/NAME.png; `make_driver()` gives a test a browser of its
own. A test fails on an assertion, or when a screen it audited has a serious or critical axe
violation (listed). At the end the run prints the page weights, the axe summary (screens ×
modes = audits, violations by impact) and how many assertions passed."""
import json
import shutil
import sys
from pathlib import Path

import pytest

pytest.register_assert_rewrite("a11y", "demo", "waits")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from a11y import Audit  # noqa: E402
from dashboard_server import ROOT, DashboardServer  # noqa: E402
from demo import sign_in  # noqa: E402

SHOTS = ROOT / "artifacts" / "screenshots"
# What the run reports at its end (page weights, the axe summary), and the assertions passed.
REPORT = []
AUDITS = []
ASSERTIONS = {"passed": 0}


def make_chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900", "--lang=en-US"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def make_wait(driver, seconds=15):
    # Pages redraw themselves on live events, so an element found a moment ago may be gone:
    # waits retry on that.
    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))


def reset(driver):
    """The session's browser as a test expects it: no alert open, no cookies (every dashboard is
    on 127.0.0.1, and cookies do not tell ports apart), 1200×900, light, nothing emulated."""
    try:
        driver.switch_to.alert.dismiss()
    except NoAlertPresentException:
        pass
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    # What a test that failed half-way may have left: blocked requests, a location, permissions,
    # downloads allowed into a folder.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
    driver.execute_cdp_cmd("Browser.resetPermissions", {})
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1200, 900)


def pytest_collection_modifyitems(items):
    """The long tests first (stable sort): with `-n 2 --dist load --maxschedchunk 1`, each starts
    at once on a worker of its own while the other takes the short ones, instead of one ending
    the run alone."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(scope="session")
def shots():
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture(scope="session")
def chromium():
    driver = make_chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def audit(chromium):
    collector = Audit(chromium)
    AUDITS.append(collector)
    return collector


@pytest.fixture
def driver(chromium):
    reset(chromium)
    yield chromium
    try:
        chromium.switch_to.alert.dismiss()
    except (NoAlertPresentException, WebDriverException):
        pass


@pytest.fixture
def wait(driver):
    return make_wait(driver)


@pytest.fixture
def shot(driver, shots):
    def save(name):
        driver.save_screenshot(str(shots / f"{name}.png"))
    return save


class Browsers:
    """`make_driver()`: a browser of a test's own, quit when the test ends."""

    def __init__(self):
        self.made = []

    def __call__(self):
        self.made.append(make_chromium())
        return self.made[-1]


@pytest.fixture
def make_driver():
    browsers = Browsers()
    yield browsers
    for browser in browsers.made:
        browser.quit()


@pytest.fixture
def unsigned_server():
    """A fresh `tgt serve --demo`: nobody signed in, not logged in to Telegram."""
    with DashboardServer() as server:
        yield server


@pytest.fixture
def server(unsigned_server, driver, wait):
    """A fresh `tgt serve --demo` logged in to the demo Telegram with its chats loaded, and the
    session's browser signed in to it."""
    unsigned_server.login_telegram()
    unsigned_server.api("GET", "chats?refresh=true")
    sign_in(driver, wait, unsigned_server)
    return unsigned_server


@pytest.fixture(scope="session")
def report():
    """Lines printed at the end of the run (pytest keeps a passing test's output to itself)."""
    return REPORT


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test that audited a screen with a serious or critical axe violation fails, with every
    such violation listed (after the test's own assertions, which come first)."""
    collector = AUDITS[0] if AUDITS else None
    before = len(collector.failures) if collector else 0
    result = yield
    if collector and len(collector.failures) > before:
        found = collector.failures[before:]
        raise AssertionError(f"axe found {len(found)} serious or critical violations:\n" + Audit.describe(found))
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test leaves a screenshot of each of its browsers (failure-TEST.png) and says
    which page they were on."""
    report = yield
    if report.when == "call" and report.failed:
        browsers = [item.funcargs["driver"]] if "driver" in item.funcargs else []
        if "make_driver" in item.funcargs:
            browsers += item.funcargs["make_driver"].made
        for number, browser in enumerate(browsers):
            name = f"failure-{item.name}" + (f"-{number}" if number else "")
            try:
                SHOTS.mkdir(parents=True, exist_ok=True)
                browser.save_screenshot(str(SHOTS / f"{name}.png"))
                report.sections.append(("page at failure", f"{browser.current_url} (screenshot {SHOTS / name}.png)"))
            except WebDriverException as error:
                report.sections.append(("page at failure", f"no screenshot: {error.msg}"))
    return report


def pytest_assertion_pass(item, lineno, orig, expl):
    ASSERTIONS["passed"] += 1


# What other test workers reported (pytest-xdist: `-n N` runs tests in N worker processes, each
# with its own browser and audit collector; the controller prints the run's totals).
FROM_WORKERS = []


def collected():
    """What this process collected: report lines, assertions passed, audit totals."""
    return {"report": REPORT, "assertions": ASSERTIONS["passed"], "audits": [collector.totals() for collector in AUDITS]}


def pytest_sessionfinish(session):
    """A worker hands what it collected to the controller."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["tgt_report"] = json.dumps(collected())


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller keeps what a finished worker collected."""
    data = getattr(node, "workeroutput", {}).get("tgt_report")
    if data:
        FROM_WORKERS.append(json.loads(data))


def pytest_terminal_summary(terminalreporter):
    parts = FROM_WORKERS + [collected()]
    for part in parts:
        for line in part["report"]:
            terminalreporter.write_line(line)
    totals = [audit for part in parts for audit in part["audits"]]
    if totals:
        terminalreporter.write_line("browser: " + Audit.summary_of(totals))
    passed = sum(part["assertions"] for part in parts)
    terminalreporter.write_line(f"browser: {passed} assertions passed; screenshots in {SHOTS}")
