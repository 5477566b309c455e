"""Accessibility audit with axe-core (Deque's rules engine) inside the browser tests.

`Audit.screen(name)` injects axe into the page through selenium and runs the WCAG 2.2 AA rule
set on what is on screen, four times: desktop and phone width (320 px, CDP device metrics),
light and dark (`prefers-color-scheme` through CDP `Emulation.setEmulatedMedia`). Serious and
critical violations fail the test that audited the screen, once it has run (conftest.py; all
are listed); moderate and minor ones are counted in the summary at the end of the run. axe.min.js
comes from the PyPI wheel `axe-playwright-python` (pinned, fetched by
scripts/install-test-deps.sh into the user's cache; `TGT_AXE_JS` points elsewhere)."""
import os
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

# Keep in step with scripts/install-test-deps.sh.
WHEEL_VERSION = "0.1.8"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# Best-practice rules run as well (not WCAG criteria themselves; reported, and failing only if
# serious or critical like the rest): one h1 and one main per page, headings in order.
EXTRA_RULES = ["page-has-heading-one", "landmark-one-main", "heading-order", "landmark-unique"]
FAILING = ("critical", "serious")
MODES = [("desktop", "light"), ("desktop", "dark"), ("phone", "light"), ("phone", "dark")]
PHONE = {"width": 320, "height": 740, "deviceScaleFactor": 2, "mobile": True}

RUN_AXE = """
const [tags, extra, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const rules = Object.fromEntries(extra.map((id) => [id, {enabled: true}]));
axe.run(document, {runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations']}).then(
  (r) => done({violations: r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))})),
    incomplete: r.incomplete.map((v) => v.id)}),
  (e) => done({error: String(e)}));
"""


def axe_path() -> Path:
    explicit = os.environ.get("TGT_AXE_JS")
    if explicit:
        return Path(explicit)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "tgtemplates" / f"axe-playwright-python-{WHEEL_VERSION}" / "axe.min.js"


class Audit:
    def __init__(self, driver):
        path = axe_path()
        if not path.exists():
            raise RuntimeError(f"{path} is missing: run scripts/install-test-deps.sh (or set TGT_AXE_JS)")
        self.driver = driver
        self.source = path.read_text()
        self.version = None
        self.screens = []
        self.audits = 0
        self.by_impact = Counter()
        self.needs_review = Counter()
        self.failures = []

    def _inject(self):
        if not self.driver.execute_script("return typeof window.axe === 'object'"):
            self.driver.execute_script(self.source)
        self.version = self.driver.execute_script("return axe.version")

    def _mode(self, device, scheme):
        if device == "phone":
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        else:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        # Let the new media queries apply before axe reads the styles.
        self.driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")

    def screen(self, name):
        """Audits what is on screen now in every mode, then puts the browser back as it was
        (window size, no colour-scheme override)."""
        self._inject()
        self.screens.append(name)
        found = []
        try:
            for device, scheme in MODES:
                self._mode(device, scheme)
                result = self.driver.execute_async_script(RUN_AXE, TAGS, EXTRA_RULES)
                if "error" in result:
                    raise AssertionError(f"axe failed on {name}: {result['error']}")
                self.audits += 1
                self.needs_review.update(result["incomplete"])
                for violation in result["violations"]:
                    impact = violation["impact"] or "unknown"
                    self.by_impact[impact] += 1
                    found.append(f"{impact} {violation['id']}")
                    if impact in FAILING:
                        self.failures.append((name, f"{device}/{scheme}", violation))
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        print(f"  axe: {name}: {', '.join(sorted(set(found))) or 'no violations'}", flush=True)

    @contextmanager
    def using(self, driver):
        """Audits another browser for a while (a test's own), counting into the same totals."""
        previous, self.driver = self.driver, driver
        try:
            yield self
        finally:
            self.driver = previous

    def hold_results(self):
        """Keeps a tile's ✓ lines on screen while axe runs (the grid clears them after 6 s)."""
        self.driver.execute_script(
            "const later = window.setTimeout.bind(window);"
            "window.setTimeout = (fn, ms, ...rest) => ms >= 6000 ? 0 : later(fn, ms, ...rest);")

    def totals(self) -> dict:
        """What summary_of() counts, as plain data a test worker hands to the run (pytest-xdist)."""
        return {"version": self.version, "screens": len(self.screens), "audits": self.audits,
                "by_impact": dict(self.by_impact), "needs_review": dict(self.needs_review)}

    @staticmethod
    def summary_of(totals) -> str:
        """One line over the totals of every browser session in the run (one per test worker)."""
        by_impact, needs_review = Counter(), Counter()
        for part in totals:
            by_impact.update(part["by_impact"])
            needs_review.update(part["needs_review"])
        version = next((part["version"] for part in totals if part["version"]), None)
        screens = sum(part["screens"] for part in totals)
        audits = sum(part["audits"] for part in totals)
        impacts = ", ".join(f"{impact} {by_impact.get(impact, 0)}" for impact in ("critical", "serious", "moderate", "minor"))
        return (f"axe-core {version}: {screens} screens × {len(MODES)} modes (desktop/phone 320 px × light/dark) = "
                f"{audits} audits against {', '.join(TAGS)} (+ {', '.join(EXTRA_RULES)}); "
                f"violations (rule × screen × mode) by impact: {impacts}; left for manual review by axe: "
                + (", ".join(f"{rule} ×{count}" for rule, count in needs_review.most_common()) or "none"))

    @staticmethod
    def describe(failures) -> str:
        """Every serious or critical violation in `failures` (from `self.failures`), one per line
        with its first elements."""
        lines = []
        for name, mode, violation in failures:
            lines.append(f"✗ {name} [{mode}] {violation['impact']} {violation['id']}: {violation['help']} ({violation['nodes']} elements)")
            lines += [f"    {target}" for target in violation["targets"]]
        return "\n".join(lines)
