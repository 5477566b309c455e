"""The Swift floor of the Apple build: no code the Apple build compiles may need more than
Xcode 16.4 gives it.

The Apple workflow (.github/workflows/apple.yml) builds with Xcode 16.4, whose compiler is
Swift 6.1.2 and whose deployment targets here are iOS 17.0 and watchOS 10.0 (Apps/project.yml)
and macOS 14 for `swift test` on the macOS host (Package.swift's platforms). Linux builds the
same code with a newer compiler (Swift 6.3) and a standard library / Foundation that carry no
Apple availability checks, so code can silently use a Swift 6.2/6.3 language feature, a Swift
Testing addition after 6.1, or an API that Apple ships only from iOS 18 / watchOS 11 / macOS 15
(or iOS 26), and nothing on Linux notices.

This script scans exactly that code:

- every Swift file of the Apple targets in Apps/project.yml (their `sources`);
- the package targets those targets link (`product:` dependencies in project.yml) and every
  target they depend on, read from Package.swift (e.g. TgtApplication through TgtAppModel);
- the test targets that run on an iOS simulator / the macOS host (`TEST_TARGETS`) and what
  they depend on (TgtTestSupport, TgtSimulator, TgtQRCode).

with comments and string literals blanked out (interpolated code is kept), for the patterns in
`PATTERNS`: Swift 6.2/6.3 language features (raw identifiers, `nonisolated(nonsending)`,
`@concurrent`, `weak let`, `isolated deinit`, isolated conformances, InlineArray, Span,
`unsafe` expressions, `@abi`, `@c`, `@section`/`@used`, module selectors, method key paths,
integer generic parameters, `Task(name:)`, `Task.immediate`, ...), Swift Testing additions
after 6.1 (exit tests, attachments, `Test.cancel`, issue severity, issue handling traits) and
APIs newer than iOS 17 / watchOS 10 / macOS 14 (Synchronization's Mutex and Atomic, Int128,
RangeSet, typed-throws AsyncSequence, `String(validating:as:)`, EnumeratedSequence as a
Collection, Foundation's RecurrenceRule, ...) or unavailable on iOS (`Process`). Availability
hits inside `if #available` / `guard #available` / `@available` scopes, and iOS-unavailable
ones inside `#if os(macOS)` / `#if os(Linux)`, are not reported. The hits found and removed
when this was written are listed in /work/sdk/reports/swift-floor.md.

Usage: check_swift_floor.py            scan; prints `file:line: feature (Swift X.Y / iOS N)` per
                                       hit and exits 1, or one summary line and exits 0
       check_swift_floor.py --selftest plants one example of every pattern in a clean sample
                                       and proves each is caught (and the clean sample is not)
"""
from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "Apps"
# The package's test targets that the Apple workflow runs on the macOS host (`swift test`) and
# that are meant to run on an iOS simulator; their dependencies come from Package.swift.
# With Swift 6.1 the manifest holds only the app graph (Package.swift: the server targets need
# Swift 6.2), so `swift test` there builds every test target of that graph.
TEST_TARGETS = ("TgtAppModelTests", "TgtTimerSyncTests", "TgtDomainTests", "TgtStoreTests", "TgtTDLibTests",
                "TgtTelegramTests", "TgtApplicationTests")
FLOOR = "Xcode 16.4: Swift 6.1.2, iOS 17.0, watchOS 10.0, macOS 14"


# ---------------------------------------------------------------------------------------------
# Which files


@dataclass
class PackageTarget:
    name: str
    kind: str
    dependencies: list[str]
    path: Path


def _balanced(text: str, start: int, open_char: str, close_char: str) -> int:
    """Index just after the bracket that closes the one at `start` (string literals skipped)."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1) + 1
            continue
        if c == open_char:
            depth += 1
        elif c == close_char:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced Package.swift")


def package_targets(manifest: str) -> dict[str, PackageTarget]:
    """The targets of Package.swift: name, kind, target dependencies (not products), folder."""
    manifest = "\n".join(line.split("//")[0] if '"' not in line.split("//")[0] else line for line in manifest.splitlines())
    targets = {}
    for match in re.finditer(r"\.(target|testTarget|executableTarget)\s*\(", manifest):
        body = manifest[match.end() - 1:_balanced(manifest, match.end() - 1, "(", ")")]
        name = re.search(r'\bname:\s*"([^"]+)"', body)
        if not name:
            continue
        deps: list[str] = []
        dep_match = re.search(r"\bdependencies:\s*\[", body)
        if dep_match:
            array = body[dep_match.end() - 1:_balanced(body, dep_match.end() - 1, "[", "]")]
            array = re.sub(r"\.product\s*\([^)]*\)", "", array)
            deps = re.findall(r'"([^"]+)"', array) + re.findall(r'\.target\s*\(\s*name:\s*"([^"]+)"', array)
        path = re.search(r'\bpath:\s*"([^"]+)"', body)
        folder = path.group(1) if path else ("Tests" if match.group(1) == "testTarget" else "Sources") + "/" + name.group(1)
        # `.target(name:)` also names a dependency inside another target's list: keep the definition.
        if name.group(1) not in targets or dep_match or path:
            targets[name.group(1)] = PackageTarget(name.group(1), match.group(1), deps, ROOT / folder)
    return targets


def apple_roots(project: dict) -> tuple[set[str], list[Path]]:
    """The package products the Apple targets link and their own source files or folders."""
    products, sources = set(), []
    for target in project.get("targets", {}).values():
        for dep in target.get("dependencies", []):
            if "product" in dep and dep.get("package") == "TgTemplates":
                products.add(dep["product"])
        for source in target.get("sources", []):
            sources.append(APPS / (source["path"] if isinstance(source, dict) else source))
    return products, sources


def scanned_files() -> tuple[list[Path], list[str]]:
    """Every Swift file the Apple build compiles, and the package targets they come from."""
    targets = package_targets((ROOT / "Package.swift").read_text())
    products, app_sources = apple_roots(yaml.safe_load((APPS / "project.yml").read_text()))
    wanted, queue = set(), sorted(products) + list(TEST_TARGETS)
    while queue:
        name = queue.pop()
        if name in wanted:
            continue
        if name not in targets:
            raise SystemExit(f"check_swift_floor: {name} (project.yml or TEST_TARGETS) is not a target of Package.swift")
        wanted.add(name)
        queue.extend(targets[name].dependencies)
    files = set()
    for name in wanted:
        files.update(targets[name].path.rglob("*.swift"))
    for source in app_sources:
        if source.is_file() and source.suffix == ".swift":
            files.add(source)
        elif source.is_dir():
            files.update(source.rglob("*.swift"))
    return sorted(files), sorted(wanted)


# ---------------------------------------------------------------------------------------------
# Comments and strings out


def blank_code(text: str) -> str:
    """`text` with comments and string-literal contents replaced by spaces (line breaks kept, so
    line numbers stay); the code of string interpolations is kept. Handles nested block
    comments, raw strings (`#"..."#`, `\\#(...)`) and multi-line strings."""
    out, n = list(text), len(text)

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def scan_string(i: int, hashes: int, multiline: bool) -> int:
        close = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        start = i
        while i < n:
            if text.startswith(close, i):
                blank(start, i)
                return i + len(close)
            if text.startswith(escape, i):
                j = i + len(escape)
                if j < n and text[j] == "(":
                    blank(start, i)
                    i = scan_code(j + 1, interpolation=True)
                    start = i
                    continue
                i = j + 1
                continue
            if not multiline and text[i] == "\n":
                break
            i += 1
        blank(start, i)
        return i

    def scan_code(i: int, interpolation: bool = False) -> int:
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
            elif text.startswith("/*", i):
                level, j = 1, i + 2
                while j < n and level:
                    if text.startswith("/*", j):
                        level, j = level + 1, j + 2
                    elif text.startswith("*/", j):
                        level, j = level - 1, j + 2
                    else:
                        j += 1
                blank(i, j)
                i = j
            elif c in '#"':
                j = i
                while j < n and text[j] == "#":
                    j += 1
                if j < n and text[j] == '"':
                    multiline = text.startswith('"""', j)
                    i = scan_string(j + (3 if multiline else 1), j - i, multiline)
                else:
                    i = max(j, i + 1)
            else:
                if interpolation and c == "(":
                    depth += 1
                elif interpolation and c == ")":
                    if depth == 0:
                        return i + 1
                    depth -= 1
                i += 1
        return n

    scan_code(0)
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# What is looked for

LANGUAGE, TESTING, AVAILABILITY, UNAVAILABLE = "language", "testing", "availability", "unavailable"


@dataclass(frozen=True)
class Pattern:
    feature: str
    since: str
    regex: str
    kind: str
    example: str  # one line of Swift the pattern must catch (the self-test plants it)
    own_names: bool = False  # not a hit when the scanned code declares a type of that name

    def compiled(self) -> re.Pattern[str]:
        return re.compile(self.regex, re.M)


IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
PATTERNS: tuple[Pattern, ...] = (
    # Swift 6.2 language features.
    Pattern("raw identifier (SE-0451)", "Swift 6.2",
            r"`(?:[^`\n]*[^A-Za-z0-9_`$\n][^`\n]*|[0-9][^`\n]*)`", LANGUAGE, "@Test func `sends a template`() {}"),
    Pattern("nonisolated(nonsending) (SE-0461)", "Swift 6.2", r"\bnonisolated\s*\(\s*nonsending\s*\)", LANGUAGE,
            "nonisolated(nonsending) func load() async {}"),
    Pattern("@concurrent (SE-0461)", "Swift 6.2", r"@concurrent\b", LANGUAGE, "@concurrent func decode() async {}"),
    Pattern("weak let (SE-0481)", "Swift 6.2", r"\bweak\s+let\b", LANGUAGE, "weak let owner: AnyObject?"),
    Pattern("isolated deinit (SE-0371)", "Swift 6.2", r"\bisolated\s+deinit\b", LANGUAGE, "isolated deinit { stop() }"),
    Pattern("isolated conformance (SE-0470)", "Swift 6.2",
            rf"\b(?:extension|struct|class|enum|actor)\s+{IDENT}(?:\.{IDENT})*(?:<[^>{{\n]*>)?\s*:[^{{\n]*@(?!unchecked\b|retroactive\b|preconcurrency\b|unsafe\b|safe\b|objc\b|available\b){IDENT}\s+{IDENT}",
            LANGUAGE, "extension Model: @MainActor Equatable {}"),
    Pattern("InlineArray (SE-0453)", "Swift 6.2 / iOS 26", r"\bInlineArray\b", AVAILABILITY, "let cells: InlineArray<4, Int> = [1, 2, 3, 4]",
            own_names=True),
    Pattern("InlineArray sugar [N of T] (SE-0483)", "Swift 6.2 / iOS 26", rf"\[\s*(?:\d+|{IDENT})\s+of\s+[A-Za-z_\[(]", LANGUAGE,
            "let cells: [4 of Int] = [1, 2, 3, 4]"),
    Pattern("Span / RawSpan / UTF8Span / MutableSpan / OutputSpan (SE-0447, SE-0464, SE-0467, SE-0485)", "Swift 6.2",
            r"\b(?:RawSpan|MutableSpan|MutableRawSpan|UTF8Span|OutputSpan|OutputRawSpan)\b|\bSpan\s*<", LANGUAGE,
            "func sum(_ values: Span<Int>) -> Int { 0 }"),
    Pattern("span properties (SE-0456)", "Swift 6.2", r"\.(?:span|mutableSpan|utf8Span|mutableBytes)\b", LANGUAGE,
            "let view = numbers.span"),
    Pattern("unsafe expression / @unsafe / @safe (SE-0458)", "Swift 6.2",
            r"(?<![\w.(@])unsafe\s+(?=[A-Za-z_(&\[])(?!let\b|var\b|func\b)|@(?:unsafe|safe)\b", LANGUAGE,
            "let value = unsafe pointer.pointee"),
    Pattern("@abi (SE-0476)", "Swift 6.2", r"@abi\s*\(", LANGUAGE, "@abi(func oldName()) func newName() {}"),
    Pattern("integer generic parameter <let N: Int> (SE-0452)", "Swift 6.2", rf"<\s*let\s+{IDENT}\s*:", LANGUAGE,
            "struct Grid<let N: Int> {}"),
    Pattern("method or initializer key path (SE-0479)", "Swift 6.2", rf"\\(?:{IDENT})?(?:\.{IDENT})*\.{IDENT}\s*\(", LANGUAGE,
            "let names = items.map(\\.name.uppercased())"),
    Pattern("default: in a string interpolation (SE-0477)", "Swift 6.2", r"\\\([^)\n]*,\s*default\s*:", LANGUAGE,
            'let text = "age \\(age, default: "unknown")"'),
    Pattern("~Escapable / lifetime dependence (SE-0446)", "Swift 6.2", r"~\s*Escapable\b|@_?lifetime\s*\(", LANGUAGE,
            "struct View: ~Escapable {}"),
    Pattern("Task(name:) / addTask(name:) / Task.name (SE-0469)", "Swift 6.2 / iOS 26",
            r"\b(?:Task(?:\.detached)?|addTask|addTaskUnlessCancelled|addDiscardingTask\w*)\s*\(\s*name\s*:|\bTask\.name\b", AVAILABILITY,
            'Task(name: "refresh") { await refresh() }'),
    Pattern("Task.immediate / addImmediateTask (SE-0472)", "Swift 6.2 / iOS 26",
            r"\bTask\.immediate(?:Detached)?\b|\baddImmediateTask\w*\b", AVAILABILITY, "Task.immediate { await refresh() }"),
    Pattern("task priority escalation (SE-0462)", "Swift 6.2 / iOS 26",
            r"\bwithTaskPriorityEscalationHandler\b|\bescalatePriority\b", AVAILABILITY,
            "await withTaskPriorityEscalationHandler { await work() } onPriorityEscalated: { _, _ in }"),
    Pattern("Clock epoch (SE-0473)", "Swift 6.2 / iOS 26", r"\.systemEpoch\b", AVAILABILITY, "let zero = ContinuousClock().systemEpoch"),
    Pattern("Observations (SE-0475)", "Swift 6.2 / iOS 26", r"\bObservations\b", AVAILABILITY,
            "let values = Observations { model.count }", own_names=True),
    Pattern("Backtrace (SE-0419)", "Swift 6.2 / iOS 26", r"\bBacktrace\b|\bimport\s+Runtime\b", AVAILABILITY,
            "let trace = try Backtrace.capture()", own_names=True),
    # Swift 6.3 language features.
    Pattern("@c (SE-0495)", "Swift 6.3", r"@c\b(?!\w)", LANGUAGE, "@c func callback() {}"),
    Pattern("@section / @used (SE-0492)", "Swift 6.3", r"@section\s*\(|@used\b", LANGUAGE, '@used @section("__DATA,x") let marker = 1'),
    Pattern("module selector A::b (SE-0491)", "Swift 6.3", rf"\b{IDENT}::{IDENT}", LANGUAGE, "let text = Swift::String(42)"),
    Pattern("@specialized / @inline(always) / @export (SE-0460, SE-0496, SE-0497)", "Swift 6.3",
            r"@specialized\s*\(|@inline\s*\(\s*always\s*\)|@export\s*\(", LANGUAGE, "@inline(always) func fast() {}"),
    Pattern("await in a defer body (SE-0493)", "Swift 6.3", r"\bdefer\s*\{[^{}]*\bawait\b", LANGUAGE,
            "defer { await cleanUp() }"),
    # Swift Testing after 6.1.
    Pattern("exit test #expect(processExitsWith:) (ST-0008)", "Swift 6.2", r"\bprocessExitsWith\s*:", TESTING,
            "await #expect(processExitsWith: .failure) { fatalError() }"),
    Pattern("Attachment.record / Attachable (ST-0009)", "Swift 6.2", r"\bAttachment\s*\.\s*record\b|\bAttachable\b", TESTING,
            'Attachment.record(data, named: "log")'),
    Pattern("Test.cancel (ST-0016)", "Swift 6.3", r"\bTest(?:\.Case)?\.cancel\s*\(", TESTING, "try Test.cancel()"),
    Pattern("issue severity (ST-0013)", "Swift 6.3", r"\bIssue\.record\s*\([^)\n]*\bseverity\s*:|\bIssue\.Severity\b", TESTING,
            'Issue.record("slow", severity: .warning)'),
    Pattern("issue handling traits (ST-0011)", "Swift 6.3", r"\.(?:compactMapIssues|filterIssues)\b", TESTING,
            "@Test(.filterIssues { _ in true }) func quiet() {}"),
    # APIs newer than iOS 17 / watchOS 10 / macOS 14.
    Pattern("Synchronization module (Mutex, Atomic)", "Swift 6.0 / iOS 18", r"\bimport\s+Synchronization\b", AVAILABILITY,
            "import Synchronization"),
    Pattern("Mutex / Atomic / AtomicLazyReference (SE-0410, SE-0433)", "Swift 6.0 / iOS 18",
            r"\b(?:Mutex|Atomic|AtomicLazyReference|WordPair)\s*<|\b(?:Mutex|Atomic|AtomicLazyReference|WordPair)\b(?=\s*[.(])",
            AVAILABILITY, "let hits = Mutex<Int>(0)", own_names=True),
    Pattern("Int128 / UInt128 (SE-0425)", "Swift 6.0 / iOS 18", r"\b(?:Int128|UInt128)\b", AVAILABILITY,
            "let big: Int128 = 1", own_names=True),
    Pattern("RangeSet / DiscontiguousSlice (SE-0270)", "Swift 6.0 / iOS 18",
            r"\b(?:RangeSet|DiscontiguousSlice)\b|\.(?:indices)\s*\(\s*(?:where|of)\s*:|\.(?:removeSubranges|moveSubranges)\s*\(",
            AVAILABILITY, "let picked = items.indices(where: { $0 > 1 })", own_names=True),
    Pattern("String(validating:as:) (SE-0405)", "Swift 6.0 / iOS 18", r"\bString\s*\(\s*validating\s*:", AVAILABILITY,
            "let text = String(validating: bytes, as: UTF8.self)"),
    Pattern("typed-throws AsyncSequence (primary associated types, Failure, next(isolation:))", "Swift 6.0 / iOS 18",
            r"\bAsync(?:Sequence|IteratorProtocol)\s*<|\bnext\s*\(\s*isolation\s*:|\bwhere\b[^{\n]*\.Failure\s*==", AVAILABILITY,
            "func drain(_ s: some AsyncSequence<Int, Never>) async {}"),
    Pattern("task executors (SE-0417)", "Swift 6.0 / iOS 18",
            r"\bwithTaskExecutorPreference\b|\bTaskExecutor\b|\bglobalConcurrentExecutor\b|\bexecutorPreference\s*:", AVAILABILITY,
            "await withTaskExecutorPreference(nil) { await work() }", own_names=True),
    Pattern("Duration attoseconds (SE-0457)", "Swift 6.2 / iOS 18", r"\.attoseconds\b|\battoseconds\s*:", AVAILABILITY,
            "let a = duration.attoseconds"),
    Pattern("EnumeratedSequence as a Collection (SE-0459)", "Swift 6.2 / iOS 26",
            r"\.enumerated\(\)\s*(?:\.(?:count|last|indices|startIndex|endIndex|index|isEmpty|dropLast|suffix|first(?!\s*\())\b|\[)|"
            r"\bForEach\s*\(\s*[\w.]+\.enumerated\(\)", AVAILABILITY, "let n = names.enumerated().count"),
    Pattern("Foundation Calendar.RecurrenceRule / dates(byAdding:) / dates(byMatching:) / .dayOfYear", "iOS 18",
            r"\bRecurrenceRule\b|\.dates\s*\(\s*(?:byAdding|byMatching)\s*:|\.dayOfYear\b", AVAILABILITY,
            "let next = calendar.dates(byAdding: .day, startingAt: now)", own_names=True),
    Pattern("Foundation DiscreteFormatStyle / AnchoredRelativeFormatStyle / #Expression", "iOS 18",
            r"\bDiscreteFormatStyle\b|\bAnchoredRelativeFormatStyle\b|#Expression\b", AVAILABILITY,
            "let e = #Expression<Int, Bool> { $0 > 1 }", own_names=True),
    Pattern("Foundation Locale.Region.isoRegions / subRegions", "iOS 18", r"\.(?:isoRegions|subRegions)\s*\(", AVAILABILITY,
            "let all = Locale.Region.isoRegions(ofCategory: .territory)"),
    Pattern("Foundation NotificationCenter messages / URL.Template / UUID.random(using:)", "iOS 26",
            r"\b(?:MainActorMessage|AsyncMessage)\b|\bURL\.Template\b|\bUUID\.random\s*\(", AVAILABILITY,
            "struct Ping: NotificationCenter.AsyncMessage {}", own_names=True),
    Pattern("Foundation Process (macOS and Linux only: unavailable on iOS and watchOS)", "unavailable on iOS / watchOS",
            r"(?<![\w.])Process\b(?!\s*Info)(?=\s*[(\n{]|\s*$)", UNAVAILABLE, "let p = Process()"),
)

# Names the self-test declares and the patterns with `own_names` must then ignore.
DECLARED = re.compile(r"\b(?:struct|class|enum|actor|protocol|typealias)\s+(" + IDENT + r")")
AVAILABLE_ATTRIBUTE = re.compile(r"@available\s*\(([^)]*)\)|#available\s*\(([^)]*)\)")


def platforms_of(path: str) -> set[str]:
    """The Apple platforms a file is compiled for: an availability guard must name each of them
    above its floor (a platform it leaves to `*` gets the deployment target)."""
    if path.startswith("Apps/Watch/"):
        return {"watchOS"}
    if path.startswith("Apps/Companion/"):
        return {"iOS", "watchOS"}
    if path.startswith("Apps/"):
        return {"iOS"}
    # Package code: built for the iOS app and `swift test` on the Mac; the watch links the domain
    # and the timer sync protocol too.
    needed = {"iOS", "macOS"}
    if re.match(r"(Sources|Tests)/(TgtDomain|TgtTimerSync)", path):
        needed.add("watchOS")
    return needed


def newer_than_floor(arguments: str, needed: set[str] | None = None) -> bool:
    floors = {"iOS": 17, "watchOS": 10, "macOS": 14, "tvOS": 17, "visionOS": 1}
    listed = {os: int(major) for os, major in re.findall(r"\b(iOS|watchOS|macOS|tvOS|visionOS)\s+(\d+)", arguments)}
    if needed is None:
        return any(major > floors[os] for os, major in listed.items())
    return all(listed.get(os, 0) > floors[os] for os in needed)


def guarded_lines(code: str, path: str = "") -> tuple[set[int], set[int]]:
    """Lines inside an `if #available` / `guard #available` / `@available` scope newer than the
    floor, and lines inside `#if os(macOS)` / `#if os(Linux)` / `canImport(Glibc)` branches."""
    available, platform = set(), set()
    lines = code.splitlines()
    # Brace scopes opened after an availability condition.
    depth, armed, scopes = 0, False, []  # scopes: (depth at open, kind)
    for number, line in enumerate(lines, 1):
        for match in AVAILABLE_ATTRIBUTE.finditer(line):
            if newer_than_floor(match.group(1) or match.group(2) or "", platforms_of(path) if path else None):
                if re.search(r"\bguard\b[^{]*#available", line):
                    scopes.append((depth, "guard"))  # the rest of the enclosing scope
                else:
                    armed = True
        if scopes or armed:
            available.add(number)
        for c in line:
            if c == "{":
                depth += 1
                if armed:
                    scopes.append((depth, "block"))
                    armed = False
            elif c == "}":
                while scopes and (scopes[-1][1] == "block" and scopes[-1][0] == depth or scopes[-1][1] == "guard" and scopes[-1][0] >= depth):
                    scopes.pop()
                depth -= 1
    # `#if` branches for macOS or Linux only.
    stack: list[bool] = []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith(("#if ", "#elseif ")):
            condition = stripped.split(None, 1)[1]
            desktop_only = (bool(re.search(r"os\((?:macOS|Linux)\)|canImport\((?:Glibc|Musl)\)", condition))
                            and not re.search(r"os\((?:iOS|watchOS|tvOS|visionOS)\)", condition) and "!" not in condition)
            if stripped.startswith("#if "):
                stack.append(desktop_only)
            elif stack:
                stack[-1] = desktop_only
        elif stripped.startswith("#else") and stack:
            stack[-1] = False
        elif stripped.startswith("#endif") and stack:
            stack.pop()
        elif any(stack):
            platform.add(number)
    return available, platform


def newer_compiler_lines(code: str) -> set[int]:
    """Lines inside `#if compiler(>=6.2)` (or later) branches: Xcode 16.4's compiler skips them."""
    lines, stack = set(), []
    for number, line in enumerate(code.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#if "):
            version = re.fullmatch(r"#if\s+compiler\(\s*>=\s*(\d+)\.(\d+)\s*\)", stripped)
            stack.append(bool(version) and (int(version.group(1)), int(version.group(2))) > (6, 1))
        elif stripped.startswith(("#else", "#elseif")) and stack:
            stack[-1] = False
        elif stripped.startswith("#endif") and stack:
            stack.pop()
        elif any(stack):
            lines.add(number)
    return lines


@dataclass
class Hit:
    path: str
    line: int
    pattern: Pattern

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.pattern.feature} ({self.pattern.since})"


def scan_text(path: str, text: str, own_types: set[str]) -> list[Hit]:
    code = blank_code(text)
    available, platform = guarded_lines(code, path)
    newer = newer_compiler_lines(code)
    hits = []
    for pattern in PATTERNS:
        for match in pattern.compiled().finditer(code):
            line = code.count("\n", 0, match.start()) + 1
            if line in newer:
                continue
            if pattern.own_names and re.match(IDENT, match.group(0).lstrip(".#\\")):
                name = re.match(r"[.#]?(" + IDENT + ")", match.group(0)).group(1)
                if name in own_types:
                    continue
            if pattern.kind == AVAILABILITY and line in available:
                continue
            if pattern.kind == UNAVAILABLE and line in platform:
                continue
            hits.append(Hit(path, line, pattern))
    return hits


def declared_types(texts: list[str]) -> set[str]:
    return {name for text in texts for name in DECLARED.findall(blank_code(text))}


def scan(files: list[Path]) -> list[Hit]:
    texts = {path: path.read_text() for path in files}
    own = declared_types(list(texts.values()))
    hits = []
    for path, text in texts.items():
        hits.extend(scan_text(path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path), text, own))
    return sorted(hits, key=lambda h: (h.path, h.line, h.pattern.feature))


# ---------------------------------------------------------------------------------------------
# Self-test

CLEAN_SAMPLE = '''import Foundation
import Testing

// Comments may name anything: Mutex<Int>, nonisolated(nonsending), `raw name`, weak let, A::b.
/* Nested /* block */ comments too: Int128, InlineArray<2, Int>, Task(name: "x"), @concurrent */
/// Documentation: `Observations`, `[4 of Int]`, `unsafe p`, `defer { await x() }`.
struct Span { var start: Int }  // the project's own type of that name
final class Box: @unchecked Sendable {
    nonisolated(unsafe) static var shared = 0
    unowned(unsafe) let owner: AnyObject
    static let `default` = 1
    init(owner: AnyObject) { self.owner = owner }
}
enum Kind { case `private`, group }
extension Box: @retroactive CustomDebugStringConvertible { var debugDescription: String { "Mutex<Int> Int128 \\\\(x, default: y)" } }
func sample(items: [String], span: Span, numbers: [Int]) async -> String {
    let names = items.map(\\.count)
    let text = """
    Process() `a b` @c import Synchronization Attachment.record(x)
    """
    let raw = #"Task.immediate \\(unsafe x) InlineArray"#
    if #available(iOS 18, macOS 15, *) {
        let m = Mutex<Int>(0)
        _ = m
    }
    #if os(macOS)
    let p = Process()
    _ = p
    #endif
    let first = Array(items.enumerated()).first
    if (CancellationError() as Error) as? Kind.Failure == .timedOut { return "" }
    _ = (names, text, raw, first, span.start, numbers.reversed())
    return "\\(items.count) done"
}
@Test("a display name with spaces", arguments: [1, 2])
func displayName(value: Int) throws {
    #expect(throws: (any Error).self) { throw CancellationError() }
}
'''


def selftest() -> int:
    own = declared_types([CLEAN_SAMPLE])
    clean = scan_text("clean.swift", CLEAN_SAMPLE, own)
    failures = [f"clean sample: false positive {hit}" for hit in clean]
    insertion = CLEAN_SAMPLE.index("func sample(")
    for pattern in PATTERNS:
        planted = CLEAN_SAMPLE[:insertion] + pattern.example + "\n" + CLEAN_SAMPLE[insertion:]
        line = CLEAN_SAMPLE.count("\n", 0, insertion) + 1
        found = [hit for hit in scan_text("planted.swift", planted, own) if hit.pattern is pattern]
        if not any(hit.line == line for hit in found):
            failures.append(f"not caught: {pattern.feature} in `{pattern.example}`")
    # The same through the file path: one planted file on disk.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Planted.swift"
        path.write_text(CLEAN_SAMPLE + "\n".join(p.example for p in PATTERNS) + "\n")
        caught = {hit.pattern.feature for hit in scan([path])}
        missed = [p.feature for p in PATTERNS if p.feature not in caught]
        failures += [f"not caught in a file: {name}" for name in missed]
    if failures:
        print("check_swift_floor self-test failed:", *failures, sep="\n  - ", file=sys.stderr)
        return 1
    print(f"Swift floor self-test: all {len(PATTERNS)} planted patterns caught, none in the clean sample")
    return 0


def main(argv: list[str]) -> int:
    if argv[1:] == ["--selftest"]:
        return selftest()
    if argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    files, targets = scanned_files()
    hits = scan(files)
    for hit in hits:
        print(hit)
    if hits:
        print(f"Swift floor ({FLOOR}): {len(hits)} uses of newer Swift features or APIs", file=sys.stderr)
        return 1
    apps = sum(1 for f in files if f.is_relative_to(APPS))
    print(f"Swift floor ({FLOOR}): {len(files)} Swift files ({apps} in Apps/, {len(targets)} package targets) "
          f"scanned for {len(PATTERNS)} patterns, no hits")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
