#!/usr/bin/env python3
"""The map is true and stays true: README.md's architecture section → docs/architecture.md → the
file, in two hops, for any behaviour. This check fails (one line per problem, naming the doc and
its line) when README.md or docs/architecture.md

- names a file or folder that does not exist: a path in backticks or a link's target, read as a
  reader would read it: from the repository's root, from the doc's own folder (links), from the
  folder of the section it stands in (docs/architecture.md's `### `Sources/TgtStore`` headings
  and `**`Sources/TgtStore/Changes/`**` paragraphs give the folder their list items are in: a
  list item's own file, before its " — ", must be in that folder), and, in running text, a
  partial path (`Commands/Send.swift`, `Support/ScheduleSync`) or a bare file name found in the
  repository;
- names, in a folder's section under Tests/, a suite (`FooTests`) that is not a file of that folder;
- names a Swift type, or a `Type.member`, in backticks (an identifier starting with an upper-case
  letter: `SendService`, `SessionHost.withSender`, `SendJob.Source.policy`) that nothing in
  Sources/, Tests/ (the Apple interface modules included), Apps/, Benchmarks/ or Fuzz/ declares: the
  type must be declared, a member must be declared (`func`, `var`, `let`, `case`, a nested type)
  in a file that declares or extends its type. A file-level check: the member may belong to
  another type of that file. Words that are not Swift types are in `NOT_SWIFT` below;
- has a `code span` that does not close on its line (it could not be checked);
- leaves out a source folder: every folder that directly holds .swift, .js, .css or .py files
  under Sources/, Tests/, Apps/, Benchmarks/, Fuzz/ and scripts/ (not Generated/ folders) must be
  named in docs/architecture.md;
- leaves out a test file: every Swift file under Tests/ and every Python file under Tests/ must be
  named in docs/architecture.md (its name, or its suite's name without `.swift`, in the section
  of its folder, or its path).

Usage: check-map.py             the check; exit 1 with one line per problem
       check-map.py --selftest  plants each kind of problem in a temporary copy of the docs and
                                fails unless each is reported at its line
scripts/test.sh runs both.
"""
from __future__ import annotations

import glob
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("README.md", "docs/architecture.md")
MAP = "docs/architecture.md"
# Where source folders must be named, and which files make a folder a source folder.
SOURCE_ROOTS = ("Sources", "Tests", "Apps", "Benchmarks", "Fuzz", "scripts")
SOURCE_SUFFIXES = {".swift", ".js", ".css", ".py"}
# Where Swift declarations are looked for.
DECLARATION_ROOTS = ("Sources", "Tests", "Apps", "Benchmarks", "Fuzz")
SKIPPED_DIRS = {".git", ".build", ".swiftpm", "__pycache__", "Generated", "node_modules", ".venv-apple"}
# What a doc may name that is not in the repository: what the programs write when they run (the
# data folder's files, the build's and the test run's outputs, gitignored) and TDLib's schema,
# which lives beside the project (../shared/reference/td_api-*.tl), not in it.
OUTPUTS = ("dist/", "artifacts/", "bench-results/", ".build/")   # gitignored
NOT_IN_REPOSITORY = {
    "credentials.json",      # the data folder's API credentials (docs/cli.md)
    "dashboard.json",        # the dashboard's password hash and tokens, in the data folder
    "server.json",           # where a running `tgt serve` listens, in the data folder
    "td_api.tl",             # TDLib's schema, ../shared/reference/td_api-1.8.66.tl
    "THIRD-PARTY-LICENSES.txt",  # written into the release archive by scripts/package.sh
    "../lib/tgtemplates/",   # the release archive's layout, beside the installed `tgt`
}
# Backticked words that look like a Swift type or `Type.member` but are not one of this
# project's Swift declarations. Keep it short; every entry says what it is.
NOT_SWIFT = {
    # Chrome DevTools Protocol methods (Tests/web/app_shell_tests.py)
    "Page.getInstallabilityErrors", "Page.getAppManifest",
    # HTTP headers
    "Range",
    # TypeScript (Sources/TgtServer/Web/events.d.ts)
    "EventMap",
    # Swift's standard library, Foundation and swift-openapi-runtime (not declared here)
    "Character", "Process", "ClientTransport",
}
# TDLib's own type names (its classes, `= ChatAction;` in td_api.tl), named beside the Swift type
# that models them; held to the schema when it is beside the project.
TDLIB_TYPES = {"ChatAction"}
SCHEMAS = sorted((ROOT.parent / "shared" / "reference").glob("td_api*.tl")) if (ROOT.parent / "shared" / "reference").is_dir() else []
KNOWN_EXTENSIONS = ("swift", "py", "sh", "js", "css", "yml", "yaml", "json", "jsonl", "md", "h", "modulemap",
                    "swiftinterface", "xcstrings", "plist", "entitlements", "txt", "tl", "html", "ts", "resolved",
                    "gz", "sha256", "xcodeproj")
PATH_LIKE = re.compile(r"^[\w.+\-*/]+$")
TYPE_LIKE = re.compile(r"^([A-Z]\w*(?:\.[A-Za-z_]\w*)*)(?:\(.*\))?$")
DECLARED = re.compile(r"\b(?:class|struct|enum|actor|protocol|typealias|associatedtype|macro)\s+([A-Z]\w*)")
EXTENDED = re.compile(r"\bextension\s+((?:[A-Z]\w*\.)*[A-Z]\w*)")
MEMBER = re.compile(r"\b(?:func|var|let|case|class|struct|enum|actor|protocol|typealias|associatedtype|init|subscript)\s+`?(\w+)")
CASE_LIST = re.compile(r"\bcase\s+([^:\n{]*)")


@dataclass
class Repository:
    """What the docs are checked against: every path, and the Swift declarations."""
    root: Path
    paths: set[str] = field(default_factory=set)            # files and folders, root-relative
    by_name: dict[str, list[str]] = field(default_factory=dict)
    declared: set[str] = field(default_factory=set)          # type names declared
    files_of: dict[str, set[str]] = field(default_factory=dict)   # type name -> files declaring/extending it
    members: dict[str, set[str]] = field(default_factory=dict)    # file -> names declared in it
    modules: set[str] = field(default_factory=set)

    @classmethod
    def load(cls, root: Path) -> "Repository":
        repo = cls(root)
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS - {"Generated"}]
            rel = Path(folder).relative_to(root).as_posix()
            for name in dirs + files:
                path = name if rel == "." else f"{rel}/{name}"
                repo.paths.add(path)
                repo.by_name.setdefault(name, []).append(path)
        for top in DECLARATION_ROOTS:
            for folder, dirs, files in os.walk(root / top):
                dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS - {"Generated"}]
                for name in files:
                    if name.endswith((".swift", ".swiftinterface")):
                        repo._read_swift(Path(folder) / name)
        for manifest in ("Package.swift", "Fuzz/Package.swift", "Codegen/Package.swift"):
            if (root / manifest).exists():
                repo.modules |= set(re.findall(r'\bname:\s*"([\w-]+)"', (root / manifest).read_text()))
        interfaces = root / "Tests/apple/interfaces"
        if interfaces.is_dir():
            repo.modules |= {p.name.removesuffix(".swiftinterface") for p in interfaces.iterdir()}
        return repo

    def _read_swift(self, path: Path) -> None:
        text = path.read_text(errors="replace")
        rel = path.relative_to(self.root).as_posix()
        names = set(MEMBER.findall(text))
        for match in CASE_LIST.finditer(text):
            names |= set(re.findall(r"(?<![.\w])([A-Za-z_]\w*)", match.group(1)))
        self.members[rel] = names
        for name in DECLARED.findall(text):
            self.declared.add(name)
            self.files_of.setdefault(name, set()).add(rel)
        for qualified in EXTENDED.findall(text):
            self.files_of.setdefault(qualified.split(".")[-1], set()).add(rel)

    def exists(self, path: str) -> bool:
        return path.rstrip("/") in self.paths

    def is_dir(self, path: str) -> bool:
        return (self.root / path).is_dir()


def normalize(path: str) -> str | None:
    """A root-relative path with `..` and `.` resolved, or None if it leaves the root."""
    parts: list[str] = []
    for part in PurePosixPath(path).parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def is_path(token: str) -> bool:
    if not PATH_LIKE.match(token) or token.startswith(("-", "/", "~")):
        return False
    if "/" in token:
        return not re.match(r"^(application|text|image|audio|video|multipart)/", token)
    return bool(re.search(r"\.(" + "|".join(KNOWN_EXTENSIONS) + r")$", token)) and not token.startswith(".")


@dataclass
class Line:
    doc: str
    number: int
    text: str
    folders: list[str]          # the section's folders, innermost first


def doc_lines(doc: str, text: str, repo: Repository) -> list[Line]:
    """Each line with the folders of the section it stands in (fenced code left out)."""
    lines, heading, bold, fenced = [], [], [], False
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if raw.startswith("#"):
            level = len(raw) - len(raw.lstrip("#"))
            bold = []
            heading = [] if level <= 2 else [t for t in backticked(raw) if is_path(t) and repo.is_dir(t.rstrip("/"))]
        elif raw.startswith("**`"):
            first = backticked(raw)[0]
            bold = [first.rstrip("/")] if repo.is_dir(first.rstrip("/")) else []
        lines.append(Line(doc, number, raw, bold + [h.rstrip("/") for h in heading]))
    return lines


def backticked(text: str) -> list[str]:
    return [t.strip() for t in re.findall(r"`([^`\n]+)`", text)]


def linked(text: str) -> list[str]:
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"^[a-z]+:", t) and not t.startswith("#")]


def subjects(line: Line) -> list[str]:
    """A list item's own files: the backticked names before its " — "."""
    match = re.match(r"^- ((?:`[^`]+`[\s,/]*(?:and\s+)?)+)\s*—", line.text)
    return backticked(match.group(1)) if match else []


def resolve(token: str, line: Line, repo: Repository, search: bool) -> tuple[str | None, bool]:
    """(the path the token names, whether it was found by its place rather than by a search)."""
    bases = ["", str(PurePosixPath(line.doc).parent)] + line.folders
    for base in bases:
        candidate = normalize(f"{base}/{token}" if base and base != "." else token)
        if candidate is None:
            continue
        if "*" in candidate:
            if glob.glob(str(repo.root / candidate)):
                return candidate, True
        elif repo.exists(candidate):
            return candidate, True
    if not search:
        return None, False
    stripped = token.rstrip("/").lstrip("./")
    if "/" not in stripped:
        found = repo.by_name.get(stripped) or repo.by_name.get(stripped + ".swift")
        return (found[0], False) if found else (None, False)
    for candidate in (stripped, stripped + ".swift"):
        for path in repo.paths:
            if path.endswith("/" + candidate):
                return path, False
    return None, False


def allowed_elsewhere(token: str) -> bool:
    return token.startswith(OUTPUTS) or token in NOT_IN_REPOSITORY or PurePosixPath(token).name in NOT_IN_REPOSITORY


def type_problem(token: str, repo: Repository) -> str | None:
    """Why `token` (`Type`, `Type.member`, `A.B.member`) names nothing declared, or None."""
    match = TYPE_LIKE.match(token)
    if not match:
        return None
    chain = match.group(1)
    if chain in NOT_SWIFT or chain.split(".")[0] in NOT_SWIFT or chain.replace("_", "").isupper():
        return None
    parts = chain.split(".")
    head = parts[0]
    if chain in TDLIB_TYPES:
        if SCHEMAS and not re.search(rf"= {chain};", SCHEMAS[-1].read_text()):
            return f"`{token}`: not a class of TDLib's schema ({SCHEMAS[-1].name})"
        return None
    if head not in repo.declared and head not in repo.modules:
        return f"`{token}`: no type {head} is declared in {', '.join(DECLARATION_ROOTS)}"
    owner = head
    for part in parts[1:]:
        files = repo.files_of.get(owner, set())
        if not any(part in repo.members.get(f, ()) for f in files) and not (part[0].isupper() and part in repo.declared):
            where = f"any file that declares or extends {owner} ({len(files)})" if files else f"{owner}'s declaration"
            return f"`{token}`: no member {part} in {where}"
        owner = part
    return None


def check(doc_root: Path, repo: Repository) -> list[str]:
    problems: list[str] = []
    mentioned_dirs: set[str] = set()
    named_files: set[str] = set()
    stems: set[tuple[str, str]] = set()      # (name, folder) as a section of the map names it
    for doc in DOCS:
        text = (doc_root / doc).read_text()
        for line in doc_lines(doc, text, repo):
            if line.text.count("`") % 2:
                problems.append(f"{doc}:{line.number}: a `code span` runs onto the next line: keep it on one line, so it can be checked")
            own = subjects(line)
            tokens = [(t, False) for t in backticked(line.text)] + [(t.split("#")[0], True) for t in linked(line.text)]
            for token, is_link in tokens:
                if not token:
                    continue
                if is_link or is_path(token):
                    if allowed_elsewhere(token):
                        continue
                    if is_link:
                        found = normalize(f"{PurePosixPath(doc).parent}/{token}")
                        placed = found is not None and repo.exists(found)
                        if not placed:
                            problems.append(f"{doc}:{line.number}: link to `{token}`: no such file or folder")
                            continue
                    else:
                        found, placed = resolve(token, line, repo, search=token not in own)
                        if found is None:
                            where = f" in {' or '.join(line.folders)}" if line.folders and token in own else ""
                            problems.append(f"{doc}:{line.number}: `{token}`: no such file or folder{where}")
                            continue
                    if doc == MAP and placed and found:
                        if "*" in found:
                            continue
                        if repo.is_dir(found):
                            mentioned_dirs.add(found)
                        else:
                            named_files.add(found)
                            if "/" in token:
                                mentioned_dirs.add(str(PurePosixPath(found).parent))
                    continue
                problem = type_problem(token, repo)
                if problem:
                    problems.append(f"{doc}:{line.number}: {problem}")
                elif doc == MAP and re.match(r"^[A-Z]\w*Tests$", token) and line.folders and line.folders[0].startswith("Tests/") \
                        and not any(p.startswith(line.folders[0] + "/") and PurePosixPath(p).name == token + ".swift" for p in repo.paths):
                    problems.append(f"{doc}:{line.number}: `{token}`: no test file {token}.swift in {line.folders[0]}/")
                if doc == MAP and re.match(r"^\w+$", token):
                    stems |= {(token, folder) for folder in line.folders}
    problems += [f"{MAP}: the source folder `{folder}/` is not named" for folder in source_folders(repo)
                 if folder not in mentioned_dirs]
    for test in test_files(repo):
        path = PurePosixPath(test)
        folders = [str(p) for p in path.parents if str(p).count("/") >= 1]
        if test in named_files or any((name, f) in stems for name in (path.stem, path.name) for f in folders):
            continue
        problems.append(f"{MAP}: the test file `{test}` is not named (in the section of `{path.parent}/`)")
    return problems


def source_folders(repo: Repository) -> list[str]:
    found = set()
    for path in repo.paths:
        top = path.split("/")[0]
        if top in SOURCE_ROOTS and PurePosixPath(path).suffix in SOURCE_SUFFIXES and (repo.root / path).is_file():
            parent = str(PurePosixPath(path).parent)
            if not any(part in SKIPPED_DIRS for part in parent.split("/")):
                found.add(parent)
    return sorted(found)


def test_files(repo: Repository) -> list[str]:
    return sorted(p for p in repo.paths if p.startswith("Tests/") and PurePosixPath(p).suffix in (".swift", ".py")
                  and (repo.root / p).is_file())


def main() -> int:
    repo = Repository.load(ROOT)
    problems = check(ROOT, repo)
    for problem in problems:
        print(problem)
    if problems:
        kinds = {"no such file": 0, "no type": 0, "no member": 0, "source folder": 0, "test file": 0, "link": 0}
        for problem in problems:
            for kind in kinds:
                if kind in problem:
                    kinds[kind] += 1
                    break
        summary = ", ".join(f"{count} {kind}" for kind, count in kinds.items() if count)
        print(f"check-map: {len(problems)} problems ({summary}): docs/architecture.md and README.md must name what exists", file=sys.stderr)
        return 1
    print(f"map: README.md and docs/architecture.md name only what exists; {len(source_folders(repo))} source folders "
          f"and {len(test_files(repo))} test files named")
    return 0


# ---------------------------------------------------------------------------------------------
# Self-test: each kind of problem planted in a temporary copy of the docs must be reported at
# its line; the copy as it is must report nothing new.

PLANTS = [
    # (what, doc, old text (None: append a line), new text, what the report must say). A plant
    # that leaves something out is reported without a line; the others at the plant's line.
    ("a nonexistent path in running text", "README.md", None,
     "- a planted flow → `Sources/TgtDomain/NoSuchFile.swift`", r"`Sources/TgtDomain/NoSuchFile.swift`: no such file"),
    ("a nonexistent file in a folder's list", MAP, "- `Template.swift` —",
     "- `NoSuchTemplate.swift` —", r"`NoSuchTemplate.swift`: no such file or folder in Sources/TgtDomain"),
    ("a broken link", MAP, None, "See [the planted guide](no-such-guide.md).", r"link to `no-such-guide.md`"),
    ("an unknown type", "README.md", None, "- a planted tap → `PlantedNoSuchService`", r"no type PlantedNoSuchService"),
    ("an unknown member", MAP, None, "A planted flow: `SendService.plantedNoSuchMethod`.", r"no member plantedNoSuchMethod"),
    ("a suite named in another folder's section", MAP, "- `SendReplyTests` —", "- `RenderingTests` —",
     r"`RenderingTests`: no test file RenderingTests.swift in Tests/TgtStoreTests/"),
    ("a code span left open (or running onto the next line)", "README.md", "- a change, by any process → the store → `StoreChangeFeed`",
     "- a change, by any process → the store → `StoreChangeFeed", r"a `code span` runs onto the next line"),
    ("an unmentioned source folder", MAP, "**`Sources/TgtDomain/Time/`** — the clock:", "The clock:",
     r"the source folder `Sources/TgtDomain/Time/` is not named"),
    ("an unmentioned test file", MAP, "- `TimerVariableTests` —", "- `TimerVariables` —",
     r"the test file `Tests/TgtDomainTests/TimerVariableTests.swift` is not named"),
]


def selftest() -> int:
    repo = Repository.load(ROOT)
    baseline = set(check(ROOT, repo))
    failures = []
    with tempfile.TemporaryDirectory(prefix="check-map-selftest-") as folder:
        copy = Path(folder)
        for doc in DOCS:
            (copy / doc).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / doc, copy / doc)
        where = {}
        for what, doc, old, new, expected in PLANTS:
            text = (copy / doc).read_text()
            if old is None:
                text = text.rstrip("\n") + "\n\n" + new + "\n"
                line = text.count("\n")
            else:
                if old not in text:
                    print(f"check-map self-test: {doc} no longer contains {old!r}; update the plant '{what}'", file=sys.stderr)
                    return 1
                line = text.count("\n", 0, text.index(old)) + 1
                text = text.replace(old, new, 1)
            (copy / doc).write_text(text)
            where[what] = f"{doc}: " if "not named" in expected else f"{doc}:{line}: "
        report = [p for p in check(copy, repo) if p not in baseline]
        for what, _, _, _, expected in PLANTS:
            found = [p for p in report if p.startswith(where[what]) and re.search(expected, p)]
            print(f"planted {what}: {'reported' if found else 'NOT REPORTED'}")
            if found:
                print(f"  {found[0]}")
            else:
                failures.append(what)
                print("  the check said:", *report, sep="\n    ")
    if failures:
        print(f"check-map self-test failed: {len(failures)} planted problems went unseen: {', '.join(failures)}", file=sys.stderr)
        return 1
    print(f"check-map self-test: all {len(PLANTS)} planted problems reported")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--selftest"]:
        sys.exit(selftest())
    if sys.argv[1:]:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main())
