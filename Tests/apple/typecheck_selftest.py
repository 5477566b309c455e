"""Proves the Linux type-check of Apps/ can fail: plants one mistake of each kind it must catch
in a copy of Apps/, type-checks the copy, and fails unless each is reported at its line.

- a misspelt model property (TgtAppModel, the real module),
- a wrong argument label on an Apple initialiser (CarPlay),
- an iOS 18 API used outside `if #available(iOS 18.0, *)` in an iOS 17 app,
- an API unavailable in app extensions (UIApplication.shared) in a file the widget compiles,
- a non-Sendable value sent to an actor and used again (Swift 6 region-based isolation, a SIL
  diagnostic: planted in the watch app, alone, because type errors stop the compiler before it);

and mistakes that only interfaces true to the iOS 18.0 SDK catch (Tests/apple/interfaces, checked
against the SDK's text by compare_sdk.py):

- an `async` form the SDK lacks: WCSession's sendMessageData takes two handlers, so the Swift
  importer makes no async form of it;
- a main-actor API of the baseline SDK (UIApplication, NS_SWIFT_UI_ACTOR) called from
  nonisolated code;
- a misspelt optional delegate method (CPTemplateApplicationSceneDelegate): Objective-C would
  never call it; the interfaces model an optional requirement as a defaulted one, so the compiler's
  near-miss warning (an error here) names it;
- an API newer than the deployment target at the interface level: CLLocationUpdate's
  `authorizationDenied` is iOS 18.0 in the SDK, used in the iOS 17 app outside `if #available`.

Usage: typecheck_selftest.py (after `swift build`); exits 1 if a planted mistake went unseen.
"""
from __future__ import annotations

import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from typecheck_apps import APPS, side_by_side, typecheck  # noqa: E402


@dataclass
class Plant:
    """One mistake: where it goes, how, and the diagnostic that must name it."""
    what: str
    target: str
    file: str
    old: str | None      # replaced by new; None appends new at the end of the file
    new: str
    expected: str        # a regex the diagnostic's message must match

    def apply(self, apps: Path) -> int:
        path = apps / self.file
        text = path.read_text()
        if self.old is None:
            line = text.count("\n") + 2
            path.write_text(text + "\n" + self.new + "\n")
            return line + next(i for i, l in enumerate(self.new.splitlines()) if "PLANTED" in l)
        if self.old not in text:
            raise SystemExit(f"self-test: {self.file} no longer contains {self.old!r}; update the plant '{self.what}'")
        index = text.index(self.old)
        path.write_text(text.replace(self.old, self.new, 1))
        return text.count("\n", 0, index) + 1


PLANTS = [
    Plant("a misspelt model property", "ios", "iOS/RootView.swift",
          "app.chats.unreadChats", "app.chats.unreadChat", r"has no member 'unreadChat'"),
    Plant("a wrong argument label", "ios", "iOS/CarPlaySceneDelegate.swift",
          "CPGridTemplate(title: model.title.localized, gridButtons: buttons)",
          "CPGridTemplate(title: model.title.localized, buttons: buttons)", r"argument label|extraneous argument|missing argument"),
    Plant("an iOS 18 API outside #available", "ios", "iOS/CoreLocationProvider.swift", None,
          "func plantedNewerAPI() {\n    _ = CLServiceSession(authorization: .whenInUse) // PLANTED\n}",
          r"only available in iOS 18"),
    Plant("an API unavailable in app extensions, in code the widget compiles", "widget", "Shared/WidgetKinds.swift", None,
          "import UIKit\n@MainActor func plantedExtensionAPI() {\n    _ = UIApplication.shared // PLANTED\n}",
          r"unavailable"),
    Plant("an async form the SDK lacks", "ios", "iOS/BackgroundActivity.swift", None,
          "import WatchConnectivity\nfunc plantedAsyncForm() async throws {\n"
          "    _ = try await WCSession.default.sendMessageData(Foundation.Data()) // PLANTED\n}",
          r"missing argument|no exact matches|incorrect argument|cannot|does not|no 'async'"),
    Plant("a main-actor API called from nonisolated code", "ios", "iOS/ComposeSheet.swift", None,
          "nonisolated func plantedMainActorCall() -> Bool {\n"
          "    UIApplication.shared.applicationState == .background // PLANTED\n}",
          r"main actor-isolated|main actor"),
    Plant("a misspelt optional delegate method", "ios", "iOS/CarPlaySceneDelegate.swift",
          "didDisconnectInterfaceController interfaceController: CPInterfaceController)",
          "didDisconnectInterfaceControler interfaceController: CPInterfaceController)",
          r"nearly matches"),
    Plant("an interface API newer than the deployment target", "ios", "iOS/PlaceMonitor.swift", None,
          "func plantedNewerInterfaceAPI(_ update: CLLocationUpdate) -> Bool {\n"
          "    update.authorizationDenied // PLANTED\n}",
          r"only available in iOS 18"),
    Plant("a non-Sendable value crossing an actor", "watch", "Watch/WatchTimerStore.swift", None,
          "final class PlantedCounter { var count = 0 }\n"
          "actor PlantedActor { func take(_ counter: PlantedCounter) { counter.count += 1 } }\n"
          "@MainActor func plantedCrossing() async {\n"
          "    let counter = PlantedCounter()\n"
          "    await PlantedActor().take(counter) // PLANTED\n"
          "    counter.count += 1\n"
          "}",
          r"sending 'counter'|risks causing data races|non-Sendable"),
]


def plant_and_check(target: str) -> tuple[list[str], list[str]]:
    """One target's plants in a copy of Apps/: (lines to print, what went unseen)."""
    lines, missed = [], []
    with tempfile.TemporaryDirectory(prefix="apps-selftest-") as folder:
        apps = Path(folder) / "Apps"
        shutil.copytree(APPS, apps)
        planted = [(plant, plant.apply(apps)) for plant in PLANTS if plant.target == target]
        _, report = typecheck([target], quiet=True, apps=apps)
        for plant, line in planted:
            pattern = re.compile(rf"^\s*Apps/{re.escape(plant.file)}:{line}:\d+: error: .*({plant.expected})")
            found = [r for r in report if pattern.search(r)]
            lines.append(f"planted {plant.what} at Apps/{plant.file}:{line}: {'reported' if found else 'NOT REPORTED'}")
            lines += [f"  {entry.strip()}" for entry in found[:1]]
            if not found:
                missed.append(plant.what)
                lines.append("\n    ".join(["  the check said:"] + report))
    return lines, missed


def main() -> None:
    # Each target's copy is checked by a swiftc of its own: side by side, one per core.
    targets = sorted({p.target for p in PLANTS})
    results = side_by_side(plant_and_check, targets)
    missed = []
    for lines, unseen in results:
        print(*lines, sep="\n")
        missed += unseen
    if missed:
        print(f"typecheck self-test failed: {len(missed)} planted mistakes went unseen: {', '.join(missed)}", file=sys.stderr)
        sys.exit(1)
    print(f"typecheck self-test: all {len(PLANTS)} planted mistakes reported")


if __name__ == "__main__":
    main()
