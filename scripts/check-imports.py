#!/usr/bin/env python3
"""Every module a target imports from this package is one of its direct dependencies.

An import of a sibling target that is not declared builds locally while the module happens to be
built already (an incremental build) and fails on a clean clone, where SwiftPM may compile the
importing target first. This check reads Package.swift (through `swift package dump-package`) and
every Swift file of each target, and fails with the file and the missing dependency.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_implementationOnly\s+|(?:public|internal|package)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


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
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"imports: every target imports only its declared dependencies ({len(targets)} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
