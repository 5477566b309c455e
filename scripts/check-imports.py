#!/usr/bin/env python3
"""Every module a target imports from this package is one of its direct dependencies, and the
faces list none of the layers below the application layer.

An import of a sibling target that is not declared builds locally while the module happens to be
built already (an incremental build) and fails on a clean clone, where SwiftPM may compile the
importing target first. This check reads Package.swift (through `swift package dump-package`) and
every Swift file of each target, and fails with the file and the missing dependency.

The faces (layer 6: the CLI, the dashboard's server and client, the app's models) reach the
product through the application layer only: they may not list the store, the TDLib binding or
the Telegram services in Package.swift (with the rule above, they cannot import them either).
What a face needs of those is a door or a value the application layer owns or re-exports on
purpose (Sources/TgtApplication/Exports/). Faces not moved over yet are named in NOT_YET with
what they still list; the check fails when one of them lists less (shrink NOT_YET) or more.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_implementationOnly\s+|(?:public|internal|package)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


FACES = ("tgt", "TgtServer", "TgtDashboardClient", "TgtAppModel")
BELOW_APPLICATION = {"TgtStore", "TgtTDLib", "TgtTelegram"}
# Faces still to be moved over, with the lower layers each lists today (none left: a face
# added later that cannot follow the rule yet is named here, with why, until it can).
NOT_YET: dict = {}


def layer_problems(targets: dict) -> list:
    """Faces listing a layer below the application layer, beyond what NOT_YET allows, and
    NOT_YET entries that allow more than a face lists now."""
    problems = []
    for face in FACES:
        listed = {d[kind][0] for d in targets[face]["dependencies"] for kind in ("byName", "target") if kind in d}
        below = listed & BELOW_APPLICATION
        allowed = NOT_YET.get(face, set())
        for module in sorted(below - allowed):
            problems.append(f"the face {face} lists {module} in Package.swift: faces reach the store, TDLib and "
                            "the Telegram services through TgtApplication only (a door there, or a value it "
                            "re-exports in Sources/TgtApplication/Exports/)")
        for module in sorted(allowed - below):
            problems.append(f"{face} no longer lists {module}: take it out of NOT_YET in scripts/check-imports.py")
    return problems


def main() -> int:
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    package = json.loads(dump)
    targets = {t["name"]: t for t in package["targets"]}
    problems = []
    for name, target in targets.items():
        if target["type"] == "plugin":
            continue
        declared = set()
        for dependency in target["dependencies"]:
            for kind in ("byName", "target"):
                if kind in dependency:
                    declared.add(dependency[kind][0])
        default = {"test": "Tests", "executable": "Sources"}.get(target["type"], "Sources")
        path = ROOT / (target.get("path") or f"{default}/{name}")
        for file in sorted(path.rglob("*.swift")):
            for module in set(IMPORT.findall(file.read_text(encoding="utf-8"))):
                if module in targets and module != name and module not in declared:
                    problems.append(f"{file.relative_to(ROOT)} imports {module}, "
                                    f"which {name} does not list in its dependencies (Package.swift)")
    problems += layer_problems(targets)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    clean = [face for face in FACES if face not in NOT_YET]
    waiting = f" ({len(NOT_YET)} still to move: {', '.join(sorted(NOT_YET))})" if NOT_YET else ""
    print(f"imports: every target imports only its declared dependencies ({len(targets)} targets); "
          f"faces listing no layer below the application layer: {', '.join(clean)}{waiting}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
