#!/usr/bin/env python3
"""Nothing defaults to the system clock: the clock is chosen once per process, at its entry point.

Every part of the product that reads the time takes a clock (`AppClock`) or a date from its
caller; only a process's entry point makes the wall clock (`SystemClock()`) and hands it down
(the store carries it: `AppDatabase.clock`). A parameter or property that quietly defaults to
the wall clock lets a test that forgot its test clock run on the wall clock without a word, so
this check fails, naming the file and line, when the product's code (Sources/, Apps/):
- gives a parameter or property a default of `SystemClock()`, `Date()` or `Date.now`;
- makes a `SystemClock()` anywhere but the entry points listed in ENTRY_POINTS.
`--selftest` plants each kind of mistake in a temporary copy and checks that it is caught.
"""
from __future__ import annotations

import pathlib
import re
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The processes' entry points, where the wall clock is chosen (and the clock itself).
ENTRY_POINTS = {
    "Sources/TgtDomain/Time/AppClock.swift",    # the definition of SystemClock
    "Sources/tgt/Support/GlobalOptions.swift",  # every `tgt` command (and `tgt serve`)
    "Apps/Shared/AppGroup.swift",               # the app, the widget extension, the intents
}
DEFAULT = re.compile(r"(?::\s*(?:any\s+AppClock|Date|AppClock)\??\s*|\bvar\s+\w+\s*(?::[^=]+)?)=\s*(?:SystemClock\(\)|Date\(\)|Date\.now|\.now\b)")
MAKES = re.compile(r"\bSystemClock\(\)")


def scan(root: pathlib.Path) -> list[str]:
    problems = []
    files = [p for folder in ("Sources", "Apps") for p in sorted((root / folder).rglob("*.swift"))
             if "Generated" not in p.parts]
    for path in files:
        relative = path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//", 1)[0]
            if relative in ENTRY_POINTS:
                continue
            if DEFAULT.search(code):
                problems.append(f"{relative}:{number}: defaults to the wall clock; take the clock (or the date) from the caller: {line.strip()}")
            elif MAKES.search(code):
                problems.append(f"{relative}:{number}: makes a SystemClock outside the entry points ({', '.join(sorted(ENTRY_POINTS))}); "
                                f"use the clock handed down (the store's `clock`): {line.strip()}")
    return problems


def selftest() -> int:
    plants = {
        "Sources/TgtApplication/PlantA.swift": "struct A { init(clock: any AppClock = SystemClock()) {} }\n",
        "Sources/TgtStore/PlantB.swift": "func b(now: Date = Date()) {}\n",
        "Sources/TgtAppModel/PlantC.swift": "final class C { var clock: any AppClock = SystemClock() }\n",
        "Apps/iOS/PlantD.swift": "func d(at when: Date = .now) {}\n",
        "Sources/TgtServer/PlantE.swift": "let e = Service(clock: SystemClock())\n",
    }
    with tempfile.TemporaryDirectory() as work:
        copy = pathlib.Path(work)
        for folder in ("Sources", "Apps"):
            shutil.copytree(ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("Generated", "*.xcstrings", "*.plist"))
        clean = scan(copy)
        for relative, text in plants.items():
            (copy / relative).write_text(text)
        found = scan(copy)
    caught = [p for p in plants if any(problem.startswith(p + ":") for problem in found)]
    missed = sorted(set(plants) - set(caught))
    if clean:
        print("check-clock --selftest: the unplanted copy already has problems", file=sys.stderr)
    for plant in missed:
        print(f"check-clock --selftest: missed the plant in {plant}", file=sys.stderr)
    if missed or clean:
        return 1
    print(f"check-clock --selftest: {len(caught)} of {len(plants)} plants caught")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    problems = scan(ROOT)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"clock: nothing defaults to the wall clock; SystemClock is made only at {len(ENTRY_POINTS) - 1} entry points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
