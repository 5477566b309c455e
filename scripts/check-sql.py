#!/usr/bin/env python3
"""The store's cached statements hold only SQL written in the code.

`Database.cachedStatement(sql:)` keeps each SQL text it is given, prepared, for the life of the
connection: SQLite parses it once, not at every call (parsing was a third of a one-tap send's
time, triggers compiled again at each UPDATE). The cache never forgets, so a text built from
values (an interpolation, a concatenation) would grow it without end. This check fails, naming
the file and line, when a `cachedStatement(sql:` in Sources/ is given anything but one string
literal without interpolation; such SQL goes through `db.execute(sql:)` or `fetchAll(db, sql:)`,
which prepare it each time. `--selftest` plants each kind of mistake in a temporary copy.
"""
from __future__ import annotations

import pathlib
import re
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CALL = re.compile(r"cachedStatement\(\s*sql:\s*")


def literal_end(text: str, start: int) -> int | None:
    """Where the string literal at `start` ends, or None when `start` is not a literal."""
    if text.startswith('"""', start):
        end = text.find('"""', start + 3)
        return None if end < 0 else end + 3
    if not text.startswith('"', start):
        return None
    index = start + 1
    while index < len(text) and text[index] not in '"\n':
        index += 2 if text[index] == "\\" else 1
    return index + 1 if index < len(text) and text[index] == '"' else None


def scan(root: pathlib.Path) -> list[str]:
    problems = []
    for path in sorted((root / "Sources").rglob("*.swift")):
        text = path.read_text(encoding="utf-8")
        for match in CALL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            where = f"{path.relative_to(root).as_posix()}:{line}"
            end = literal_end(text, match.end())
            if end is None:
                problems.append(f"{where}: cachedStatement(sql:) takes a string literal; SQL held in a variable may be built from values")
            elif "\\(" in text[match.end():end]:
                problems.append(f"{where}: cachedStatement(sql:) with an interpolation: each value would stay in the cache; use db.execute(sql:) or fetchAll(db, sql:)")
            elif text[end:].lstrip().startswith("+"):
                problems.append(f"{where}: cachedStatement(sql:) with a concatenation: each text would stay in the cache; use db.execute(sql:) or fetchAll(db, sql:)")
    return problems


def selftest() -> int:
    plants = {
        "Sources/TgtStore/PlantA.swift": 'let a = try db.cachedStatement(sql: "SELECT * FROM t WHERE id IN (\\(ids))")\n',
        "Sources/TgtStore/PlantB.swift": 'let b = try db.cachedStatement(sql: "SELECT * FROM t" + filter)\n',
        "Sources/TgtStore/PlantC.swift": "let c = try db.cachedStatement(sql: query)\n",
        "Sources/TgtStore/PlantD.swift": 'let d = try db.cachedStatement(sql: """\n    SELECT \\(column) FROM t\n    """)\n',
    }
    with tempfile.TemporaryDirectory() as work:
        copy = pathlib.Path(work)
        shutil.copytree(ROOT / "Sources", copy / "Sources")
        for relative, text in plants.items():
            (copy / relative).write_text(text, encoding="utf-8")
        found = scan(copy)
    missed = [name for name in plants if not any(problem.startswith(name + ":") for problem in found)]
    extra = [problem for problem in found if not any(problem.startswith(name + ":") for name in plants)]
    if missed or extra:
        print("check-sql self-test FAILED:", "missed " + ", ".join(missed) if missed else "", *extra, sep="\n  ")
        return 1
    print(f"check-sql self-test: all {len(plants)} planted mistakes caught")
    return 0


def main() -> int:
    if "--selftest" in sys.argv:
        return selftest()
    problems = scan(ROOT)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    count = sum(len(CALL.findall(p.read_text(encoding="utf-8"))) for p in (ROOT / "Sources").rglob("*.swift"))
    print(f"check-sql: {count} cached statements, each one SQL literal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
