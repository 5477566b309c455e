#!/usr/bin/env python3
"""The product's code uses no Foundation call that traps on Linux over names from outside.

On Linux, Foundation's `FileManager.moveItem` (and `replaceItem`, built on it) compares the two
paths by case folding to tell a case-only rename, and FoundationEssentials does not implement
case folding there: a move onto an existing name (a dangling link is enough) that starts with a
non-ASCII letter ("Äpfel.pdf") traps with "_caseFoldMapping is not implemented yet". Other
people's file names reach the file system every day, so the code under Sources/ (which runs on
Linux) takes names with plain system calls instead (`MediaSaver.place`: link(2), a rename that
refuses to replace). This check fails, naming the file and line, when a Swift file under
Sources/ calls one of those; `--selftest` plants each and checks that it is caught.
"""
from __future__ import annotations

import pathlib
import re
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = re.compile(r"\.(moveItem|replaceItem|replaceItemAt)\s*\(")


def scan(root: pathlib.Path) -> list[str]:
    problems = []
    for path in sorted((root / "Sources").rglob("*.swift")):
        if "Generated" in path.parts:
            continue
        relative = path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//", 1)[0]
            match = FORBIDDEN.search(code)
            if match:
                problems.append(f"{relative}:{number}: FileManager.{match.group(1)} traps on Linux for names that start with a "
                                "non-ASCII letter (case folding is not implemented there): take the name with link/rename "
                                "system calls, as MediaSaver.place does")
    return problems


def selftest() -> int:
    plants = {
        "Sources/TgtApplication/PlantMove.swift": "import Foundation\nfunc plant(_ a: URL, _ b: URL) throws { try FileManager.default.moveItem(at: a, to: b) }\n",
        "Sources/TgtServer/PlantReplace.swift": "import Foundation\nfunc plant(_ a: URL, _ b: URL) throws { _ = try FileManager.default.replaceItemAt(a, withItemAt: b) }\n",
    }
    with tempfile.TemporaryDirectory() as temp:
        copy = pathlib.Path(temp) / "tree"
        shutil.copytree(ROOT / "Sources", copy / "Sources")
        if scan(copy):
            print("check-linux-foundation --selftest: the unplanted copy already has problems", file=sys.stderr)
            return 1
        for relative, text in plants.items():
            (copy / relative).write_text(text, encoding="utf-8")
        found = scan(copy)
        missed = [p for p in plants if not any(f.startswith(p + ":") for f in found)]
        if missed:
            print(f"check-linux-foundation --selftest: missed the plants in {missed}", file=sys.stderr)
            return 1
    print(f"check-linux-foundation --selftest: {len(plants)} of {len(plants)} plants caught")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    problems = scan(ROOT)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print("linux-foundation: no FileManager move or replace under Sources/ (they trap on Linux for non-ASCII names)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
