"""Picks a simulator for `xcodebuild test`: reads `xcrun simctl list devices available -j` on
standard input and prints the identifier of the first available iPhone (or Apple Watch) on the
newest runtime of the given platform and major version, e.g. `pick_simulator.py iOS 18`.
Exits 1, naming what it saw, when there is none."""
from __future__ import annotations

import json
import re
import sys


def pick(listing: dict, platform: str, major: str) -> str | None:
    family = "iPhone" if platform == "iOS" else "Apple Watch"
    runtimes = []
    for runtime, devices in listing.get("devices", {}).items():
        match = re.search(rf"SimRuntime\.{platform}-(\d+)-(\d+)", runtime)
        if match and match.group(1) == major:
            runtimes.append(((int(match.group(1)), int(match.group(2))), devices))
    for _, devices in sorted(runtimes, key=lambda item: item[0], reverse=True):
        for device in devices:
            if device.get("isAvailable") and device.get("name", "").startswith(family):
                return device["udid"]
    return None


def main() -> None:
    platform, major = sys.argv[1], sys.argv[2]
    listing = json.load(sys.stdin)
    udid = pick(listing, platform, major)
    if udid is None:
        print(f"pick_simulator: no available {platform} {major} simulator among {sorted(listing.get('devices', {}))}", file=sys.stderr)
        sys.exit(1)
    print(udid)


if __name__ == "__main__":
    main()
