"""Type-checks the Apple targets of Apps/ on Linux, where there is no Apple SDK.

Each target of Apps/project.yml (the iOS app, the widget extension with the Live Activity, the
watch app) is compiled by the real Swift compiler, with the target's own file set, in Swift 6
language mode with complete concurrency checking and warnings as errors, through SIL's
mandatory diagnostics (region-based isolation included), against:

- the interface modules in Tests/apple/interfaces/ (Apple's frameworks as declared in Apple's
  documentation, declarations only; see the README there), lowered for the target's platform
  by apple_lowering.py so that availability, `#if os(...)` and app-extension unavailability are
  enforced as the SDK would;
- the real model modules (TgtAppModel, TgtDomain, TgtTimerSync, ...) as SwiftPM built them,
  restricted to the products the target links in project.yml and what they depend on.

Usage: typecheck_apps.py [--target ios|widget|watch ...] [--keep DIR]
Prints, per target, the files type-checked and every diagnostic (with Apps/ paths); exits 1 if
there is any. Run `swift build` first (scripts/test.sh does).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from apple_lowering import Lowering, Platform, collect_versions, parse_version, version_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "Apps"
INTERFACES = ROOT / "Tests" / "apple" / "interfaces"
SHORT_NAMES = {"ios": "TgTemplates", "widget": "TemplatesWidget", "watch": "TgTemplatesWatch"}
# Modules of the Swift toolchain that exist on Apple's platforms too (the real ones are used).
TOOLCHAIN_MODULES = {"Swift", "Foundation", "Observation", "Dispatch", "_Concurrency", "RegexBuilder", "Synchronization"}
AVAILABILITY_MODULE = "TgtAppleAvailability"
# Named in each interface's header so the compiler reads it as one of its own.
COMPILER_VERSION = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout.splitlines()[0] if shutil.which("swiftc") else "unknown"
ADDITIONS_MODULE = "FoundationAppleAdditions"
DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open|nonisolated(?:\(unsafe\))?|static|class|final|mutating|override|"
    r"required|convenience|indirect|dynamic|optional|prefix|postfix|infix|__consuming|consuming|borrowing|weak|"
    r"unowned(?:\(unsafe\))?|lazy)\s+)*"
    r"(func|var|let|init|subscript|class|struct|enum|protocol|typealias|associatedtype|case|actor|macro)\b")
DIAGNOSTIC = re.compile(r"^(?P<path>/[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning): (?P<message>.*)$")


@dataclass
class InterfaceModule:
    """One module of Tests/apple/interfaces: Swift parts and/or a Clang module folder."""
    name: str
    parts: list[Path]
    clang_folder: Path | None
    platforms: dict[str, tuple[int, ...]]
    package: str | None

    def declarations(self) -> int:
        return sum(1 for part in self.parts for line in part.read_text().splitlines() if DECLARATION.match(line))


@dataclass
class Target:
    """One Apple target of project.yml and what it is checked with."""
    name: str
    platform: Platform
    files: list[Path]
    products: list[str]
    packages: set[str] = field(default_factory=set)


def header_fields(text: str) -> dict[str, str]:
    fields = {}
    for line in text.splitlines()[:12]:
        match = re.match(r"^\s*//\s*(platforms|package|doc):\s*(.+)$", line)
        if match:
            fields[match.group(1)] = match.group(2).strip()
    return fields


def shown(path: Path, root: Path = ROOT) -> str:
    """A path as a diagnostic names it: relative to `root` (the repository, or the self-test's
    copy of it), else to the repository."""
    for base in (root, ROOT):
        if path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return str(path)


def load_interfaces(folder: Path = INTERFACES) -> dict[str, InterfaceModule]:
    """The interface modules of `folder` (Tests/apple/interfaces, or a copy of it)."""
    modules = {}
    for entry in sorted(folder.iterdir()):
        if entry.suffix == ".swiftinterface":
            name, parts, folder = entry.stem, [entry], None
        elif entry.is_dir():
            name = entry.name
            parts = sorted(entry.glob("*.swiftinterface"))
            folder = entry if (entry / "module.modulemap").exists() else None
            if not parts and not folder:
                continue
        else:
            continue
        first = parts[0].read_text() if parts else "\n".join(p.read_text() for p in sorted(folder.glob("*.h")))
        fields = header_fields(first)
        platforms = {}
        for item in fields.get("platforms", "").split(","):
            match = re.match(r"^\s*(\w+)\s+(\d+(?:\.\d+)*)\s*$", item)
            if match:
                platforms[match.group(1)] = parse_version(match.group(2))
        if not platforms:
            raise SystemExit(f"{shown(entry, folder.parents[2])}: the header needs a '// platforms: iOS 13.0, watchOS 6.0' line")
        modules[name] = InterfaceModule(name, parts, folder, platforms, fields.get("package"))
    return modules


def load_targets(only: list[str], apps: Path = APPS) -> list[Target]:
    project = yaml.safe_load((apps / "project.yml").read_text())
    deployment = project.get("options", {}).get("deploymentTarget", {})
    targets = []
    for name, spec in project.get("targets", {}).items():
        if only and name not in only:
            continue
        platform_name = spec.get("platform")
        platform = Platform(platform_name, parse_version(str(deployment[platform_name])),
                            extension=spec.get("type") == "app-extension")
        files: list[Path] = []
        for source in spec.get("sources", []):
            path = apps / source["path"]
            excludes = source.get("excludes", [])
            candidates = sorted(path.rglob("*.swift")) if path.is_dir() else [path]
            files += [f for f in candidates if f.suffix == ".swift" and not any(f.match(e) for e in excludes)]
        deps = spec.get("dependencies", [])
        products = [d["product"] for d in deps if "product" in d]
        packages = {d["package"] for d in deps if "package" in d and "product" not in d}
        targets.append(Target(name, platform, files, products, packages))
    return targets


class SwiftPMBuild:
    """The model modules as `swift build` left them (.build/<triple>/debug)."""

    def __init__(self):
        info = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True).stdout)
        self.triple = info["target"].get("unversionedTriple", info["target"]["triple"])
        self.modules = ROOT / ".build" / self.triple / "debug" / "Modules"
        manifest = ROOT / ".build" / "debug.yaml"
        if not (self.modules / "TgtAppModel.swiftmodule").exists() or not manifest.exists():
            raise SystemExit(f"typecheck_apps: the model modules are not built ({self.modules}/TgtAppModel.swiftmodule): run `swift build` first")
        self.commands = yaml.load(manifest.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["commands"]

    def _command(self, module: str) -> dict | None:
        return self.commands.get(f"C.{module}-{self.triple}-debug.module")

    def closure(self, products: list[str]) -> set[str]:
        """The modules a target may import: the products it links and everything they depend on."""
        seen: set[str] = set()
        pending = list(products)
        while pending:
            module = pending.pop()
            if module in seen:
                continue
            seen.add(module)
            command = self._command(module)
            if command is None:
                continue
            for item in command.get("inputs", []):
                match = re.search(r"/Modules/([^/]+)\.swiftmodule$", str(item))
                if match and match.group(1) != module:
                    pending.append(match.group(1))
        return seen

    def clang_flags(self, products: list[str]) -> list[str]:
        """The Clang module maps the products were compiled with (GRDB's SQLite, ...)."""
        flags: list[str] = []
        for module in products:
            args = (self._command(module) or {}).get("args", [])
            for index, arg in enumerate(args[:-1]):
                if arg == "-Xcc" and str(args[index + 1]).startswith("-fmodule-map-file="):
                    pair = ["-Xcc", args[index + 1]]
                    if pair[1] not in flags:
                        flags += pair
        return flags


def lower_interface(module: InterfaceModule, platform: Platform, has_additions: bool) -> tuple[str, list[tuple[int, Path]]]:
    """The module's lowered text, and where each part starts in it (line, part)."""
    texts = [p.read_text().rstrip("\n") for p in module.parts]
    text = "\n".join(texts)
    imports = ["import Swift", "import _Concurrency", "import _StringProcessing", f"import {AVAILABILITY_MODULE}"]
    if has_additions and module.name != ADDITIONS_MODULE:
        imports.append(f"import {ADDITIONS_MODULE}")
    flags = (f"-module-name {module.name} -swift-version 6 -enable-library-evolution "
             "-enable-experimental-feature CustomAvailability -strict-concurrency=complete")
    # The header takes no extra lines of the module's own: diagnostics keep its line numbers
    # after this many lines.
    head = ["// swift-interface-format-version: 1.0", f"// swift-compiler-version: {COMPILER_VERSION}",
            f"// swift-module-flags: {flags}"] + imports
    starts, line = [], len(head) + 1
    for part, part_text in zip(module.parts, texts):
        starts.append((line, part))
        line += part_text.count("\n") + 1
    return "\n".join(head) + "\n" + Lowering(platform).lower(text) + "\n", starts


def check_imports(target: Target, interfaces: dict[str, InterfaceModule], model: set[str], apps: Path) -> list[str]:
    """Every module a file imports must be a model module the target links, a toolchain module,
    or an interface module offered on the target's platform: an Apple framework nobody
    transcribed fails here by name, not as a vague missing module."""
    problems = []
    for path in target.files:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = re.match(r"^\s*(?:@preconcurrency\s+|@_exported\s+)?import\s+(?:(?:struct|class|enum|func|protocol|var|typealias)\s+)?([\w]+)", line)
            if not match:
                continue
            name = match.group(1)
            if name in TOOLCHAIN_MODULES or name in model:
                continue
            module = interfaces.get(name)
            where = f"{shown(path, apps.parent)}:{number}"
            if module is None:
                problems.append(f"{where}: error: '{name}' has no interface module in Tests/apple/interfaces/ (transcribe the declarations the app uses)")
            elif module.package and module.package not in target.packages:
                problems.append(f"{where}: error: '{name}' comes from the package {module.package}, which {target.name} does not link in project.yml")
            elif target.platform.name not in module.platforms:
                problems.append(f"{where}: error: '{name}' does not exist on {target.platform.name}")
    return problems


def balanced_parameters(text: str, start: int) -> str:
    """The text inside the parentheses that open at `start` (which holds `(`), nested ones kept."""
    depth, index, params = 1, start + 1, ""
    while index < len(text) and depth:
        char = text[index]
        depth += char == "(" or -(char == ")")
        if depth:
            params += char
        index += 1
    return params


def parameter_labels(params: str, enum_case: bool = False) -> list[str]:
    """The argument labels of a parameter list's text: split at the commas outside brackets
    (a closure type's `->` closes nothing), attributes aside; an enum case's unlabelled
    associated value is `_`."""
    labels, depth, current, previous = [], 0, "", ""
    for char in params + ",":
        if char in "([<":
            depth += 1
        elif char in ")]>" and not (char == ">" and previous == "-"):
            depth -= 1
        previous = char
        if char == "," and depth == 0:
            part = re.sub(r"@[\w.]+(?:\([^)]*\))?\s*", "", current)
            head = part.split(":")[0].split()
            if head:
                labels.append((head[0] if ":" in part else "_") if enum_case else head[0])
            current = ""
        else:
            current += char
    return labels


def function_names(text: str) -> list[tuple[int, str, str]]:
    """(line, base name, full name `base(a:b:)`) of every `func` in Swift text."""
    names = []
    for match in re.finditer(r"\bfunc\s+(\w+)\s*(?:<[^>]*>)?\s*\(", text):
        labels = parameter_labels(balanced_parameters(text, match.end() - 1))
        names.append((text.count("\n", 0, match.start()) + 1, match.group(1), f"{match.group(1)}({''.join(l + ':' for l in labels)})"))
    return names


def edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def optional_requirements(interfaces: dict[str, InterfaceModule]) -> dict[str, set[str]]:
    """Protocol name -> the full names of its requirements marked `// optional in the SDK`."""
    found: dict[str, set[str]] = {}
    for module in interfaces.values():
        for part in module.parts:
            text = part.read_text()
            for protocol in re.finditer(r"protocol\s+(\w+)[^{]*\{(.*?)^\}", text, re.M | re.S):
                body = protocol.group(2)
                lines = body.splitlines()
                marked = [i for i, line in enumerate(lines) if "optional in the SDK" in line]
                for index in marked:
                    following = "\n".join(lines[index:index + 6])
                    names = function_names(following)
                    if names:
                        found.setdefault(protocol.group(1), set()).add(names[0][2])
    return found


def check_optional_near_misses(target: Target, interfaces: dict[str, InterfaceModule], apps: Path) -> list[str]:
    """An optional Objective-C requirement is a requirement with a default here, so a misspelt
    implementation compiles and is never called, as in Xcode, where the compiler only warns
    ("nearly matches optional requirement"). This check says it: a method of a type that adopts
    such a protocol (named in its conformance list), within three characters of one of its
    optional requirements' full names but matching none of them, is an error."""
    requirements = optional_requirements(interfaces)
    problems = []
    for path in target.files:
        text = path.read_text()
        for adopter in re.finditer(r"(?:class|struct|extension)\s+\w+[^{\n]*:\s*([^{\n]*)\{", text):
            adopted = {name.strip() for name in adopter.group(1).split(",")}
            wanted = set().union(*(requirements.get(name, set()) for name in adopted))
            if not wanted:
                continue
            for line, base, full in function_names(text[adopter.start():]):
                # The compiler's rule of thumb: a few characters off an optional requirement's name.
                similar = [w for w in wanted if w != full and edit_distance(w, full) <= 3]
                if similar and full not in wanted:
                    where = f"{shown(path, apps.parent)}:{text.count(chr(10), 0, adopter.start()) + line}"
                    problems.append(f"{where}:5: error: instance method '{full}' nearly matches optional requirement "
                                    f"{' or '.join(sorted(similar))} of {', '.join(sorted(n for n in adopted if n in requirements))}: "
                                    "Objective-C would never call it")
    return problems


def run_target(target: Target, build: SwiftPMBuild, interfaces: dict[str, InterfaceModule], work: Path, apps: Path) -> list[str]:
    platform = target.platform
    closure = build.closure(target.products)
    problems = check_imports(target, interfaces, closure, apps) + check_optional_near_misses(target, interfaces, apps)
    offered = {n: m for n, m in interfaces.items()
               if platform.name in m.platforms and (not m.package or m.package in target.packages)}
    sources = {path: path.read_text() for path in target.files}
    for module in offered.values():
        for part in module.parts:
            collect_versions(part.read_text(), platform)
    for text in sources.values():
        collect_versions(text, platform)

    (work / "avail").mkdir(parents=True)
    (work / "avail" / "module.modulemap").write_text(f'module {AVAILABILITY_MODULE} {{ header "domains.h" export * }}\n')
    (work / "avail" / "domains.h").write_text(platform.domain_header())
    flags = ["-I", str(work / "avail")]
    has_additions = ADDITIONS_MODULE in offered
    part_starts: dict[str, list[tuple[int, Path]]] = {}
    for module in offered.values():
        if module.clang_folder:
            folder = work / "clang" / module.name
            shutil.copytree(module.clang_folder, folder, ignore=shutil.ignore_patterns("*.swiftinterface"))
            flags += ["-I", str(folder)]
        if module.parts:
            folder = work / "ifc" / f"{module.name}.swiftmodule"
            folder.mkdir(parents=True, exist_ok=True)
            text, starts = lower_interface(module, platform, has_additions)
            lowered = folder / f"{build.triple}.swiftinterface"
            lowered.write_text(text)
            part_starts[str(lowered)] = starts
    deps = work / "deps"
    deps.mkdir()
    for module in closure:
        source = build.modules / f"{module}.swiftmodule"
        if source.exists():
            (deps / source.name).symlink_to(source)

    mapping: dict[str, Path] = {}
    lowered_files = []
    notes = []
    for path, text in sources.items():
        lowering = Lowering(platform)
        out = work / "src" / path.relative_to(apps)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(lowering.lower(text))
        mapping[str(out)] = path
        lowered_files.append(str(out))
        notes += [f"{shown(path, apps.parent)}:{n.line}:{n.column}: error: {n.message}" for n in lowering.notes]

    command = [
        "swiftc", "-emit-sil", "-o", os.devnull, "-wmo", "-parse-as-library",
        "-module-name", target.name, "-swift-version", "6", "-strict-concurrency=complete",
        "-warnings-as-errors", "-enable-experimental-feature", "CustomAvailability",
        "-Xfrontend", "-import-module", "-Xfrontend", AVAILABILITY_MODULE,
        "-module-cache-path", str(work / "cache"), "-I", str(work / "ifc"), "-I", str(deps),
    ] + flags + build.clang_flags(list(closure))
    if has_additions:
        command += ["-Xfrontend", "-import-module", "-Xfrontend", ADDITIONS_MODULE]
    if platform.extension:
        command.append("-application-extension")
    result = subprocess.run(command + lowered_files, capture_output=True, text=True)
    diagnostics = []
    for line in (result.stdout + result.stderr).splitlines():
        match = DIAGNOSTIC.match(line)
        if not match:
            continue
        path, line_number = match.group("path"), int(match.group("line"))
        if path in mapping:
            where = shown(mapping[path], apps.parent)
        elif path in part_starts:
            start, part = max((s for s in part_starts[path] if s[0] <= line_number), default=part_starts[path][0], key=lambda s: s[0])
            where, line_number = shown(part, apps.parent), line_number - start + 1
        else:
            where = path
        # Warnings are errors here, as with SWIFT_TREAT_WARNINGS_AS_ERRORS in Xcode.
        entry = f"{where}:{line_number}:{match.group('col')}: error: {platform.readable(match.group('message'))}"
        if entry not in diagnostics:
            diagnostics.append(entry)
    if result.returncode != 0 and not diagnostics:
        diagnostics.append(f"swiftc failed without a diagnostic it could place:\n{(result.stdout + result.stderr).strip()[-4000:]}")
    return problems + notes + diagnostics


def describe(target: Target) -> str:
    what = "app extension" if target.platform.extension else "app"
    return f"{target.name} ({target.platform.name} {version_text(target.platform.deployment)} {what})"


def side_by_side(work, items: list) -> list:
    """`work` over `items`, one thread per core (each runs a swiftc of its own); results in order."""
    with ThreadPoolExecutor(max_workers=max(1, min(len(items), os.cpu_count() or 1))) as pool:
        return list(pool.map(work, items))


def typecheck(only: list[str] | None = None, keep: Path | None = None, quiet: bool = False,
              apps: Path = APPS, interfaces_folder: Path = INTERFACES) -> tuple[int, list[str]]:
    """Type-checks the targets of the Apps/ folder `apps` against the interface modules of
    `interfaces_folder`; returns (diagnostic count, report lines)."""
    interfaces = load_interfaces(interfaces_folder)
    build = SwiftPMBuild()

    def check_one(target: Target) -> list[str]:
        root = Path(tempfile.mkdtemp(prefix=f"apps-typecheck-{target.name}-"))
        try:
            return run_target(target, build, interfaces, root, apps)
        finally:
            if keep:
                destination = keep / target.name
                shutil.rmtree(destination, ignore_errors=True)
                shutil.copytree(root, destination, symlinks=True)
            shutil.rmtree(root, ignore_errors=True)

    # Each target is one swiftc process of its own (its own folder, module cache and platform), so
    # they run side by side, one per core; the report keeps project.yml's order.
    targets = load_targets([SHORT_NAMES.get(t, t) for t in (only or [])], apps)
    results = side_by_side(check_one, targets)
    report, total = [], 0
    for target, diagnostics in zip(targets, results):
        total += len(diagnostics)
        report.append(f"{describe(target)}: {len(target.files)} files type-checked, {len(diagnostics)} diagnostics")
        report += [f"  {d}" for d in diagnostics]
        if not quiet:
            print("\n".join(report[-(len(diagnostics) + 1):]), flush=True)
    return total, report


def interface_summary() -> str:
    interfaces = load_interfaces()
    counts = {name: module.declarations() for name, module in interfaces.items()}
    listed = ", ".join(f"{name} {count}" for name, count in counts.items() if count)
    return f"interface modules: {len(interfaces)}, {sum(counts.values())} declarations ({listed})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", action="append", help="ios, widget or watch (or a project.yml target name); default all")
    parser.add_argument("--keep", type=Path, help="keep the lowered interfaces and sources in this folder")
    args = parser.parse_args()
    print(interface_summary())
    total, _ = typecheck(args.target, args.keep)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
