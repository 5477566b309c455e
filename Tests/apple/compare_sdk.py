"""Compares the interface modules of Tests/apple/interfaces/ with the text of Apple's iOS SDK.

Every declaration in the interface modules names the SDK file it was checked against, on a
comment line above it (a type's or extension's line covers its members):

    // sdk: System/Library/Frameworks/SwiftUI.framework/Modules/SwiftUI.swiftmodule/arm64-apple-ios.swiftinterface
    // sdk: System/Library/Frameworks/CarPlay.framework/Headers/CPGridTemplate.h initWithTitle:gridButtons:
    // sdk: objc gridButtons                  (a member: the Objective-C name, the type's file)
    // sdk: unchecked <why>                   (no text of it in the SDK copy: counted apart)
    // sdk-deviation: <why>                   (with an `sdk:` line: where a bodiless Linux interface
                                              cannot say what the SDK says; counted, not compared)

With `--sdk DIR` (an `iPhoneOS*.sdk` folder: Xcode's own, `xcrun --sdk iphoneos --show-sdk-path`,
or a local copy of its text; never committed), each declaration is looked up in the named file
and compared:

- Swift interfaces: a declaration of the same kind, name and argument labels in the same type;
  then `async`, `throws`, the parameter and result types (module names aside: our one `SwiftUI`
  module stands for SwiftUI and SwiftUICore), optionality, main-actor isolation (its own or its
  type's), `Sendable` for types, a type's conformances from an earlier release than the SDK's
  (its declaration's list and its extensions, each at its own availability), and the iOS and
  watchOS availability (introduced, unavailable).
- Objective-C headers, through the Swift importer's rules: the named method, property, type or
  constant exists; iOS/watchOS availability (`API_AVAILABLE`, `API_UNAVAILABLE`, its own or its
  type's; also the older `__IOS_AVAILABLE`/`__WATCHOS_UNAVAILABLE` forms); `NS_SWIFT_UI_ACTOR`
  against `@MainActor` (a subclass of an NS_SWIFT_UI_ACTOR class or a protocol refining an
  NS_SWIFT_UI_ACTOR protocol, found among the folder's headers, is main-actor, as Swift makes it); `NS_SWIFT_SENDABLE` against `Sendable`;
  `@optional` against the `// optional in the SDK` mark; a property's or a method result's
  `nullable` / `null_resettable` / `null_unspecified` against `?` / `!`; an `async` form only for
  a method whose last parameter is a completion block; the Swift name against the framework's API
  notes (`SwiftName:`), NS_SWIFT_NAME or the selector's words. A member is looked up in its own type's @interface first.

Not compared (a reader of text, not a compiler): a property's accessors (`{ get set }` against
`{ get }`), default argument values, an Objective-C method's parameter types, where the importer's name for a selector comes from (its
words are checked, not the omission rules that chose them), and anything of a declaration marked
`unchecked`.

Without an SDK (CI on Linux) it says so in one line, and runs the checks that need none: every
declaration is annotated (itself or through its type), each path is well formed, a header path
carries an Objective-C name, an `unchecked` line says why.

Usage: compare_sdk.py [--sdk DIR] [--verbose]; exits 1 on a mismatch or a missing annotation.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from typecheck_apps import DECLARATION, INTERFACES, balanced_parameters, load_interfaces, parameter_labels  # noqa: E402

SWIFT_MODULES = r"(?:Swift|SwiftUI|SwiftUICore|_Concurrency|Foundation|CoreFoundation|CoreGraphics|UIKit|ObjectiveC|Darwin|" \
                r"AppIntents|WidgetKit|ActivityKit|CoreTransferable|UniformTypeIdentifiers|MapKit|_MapKit_SwiftUI|AVKit|" \
                r"_AVKit_SwiftUI|PhotosUI|_PhotosUI_SwiftUI|CoreLocation|Combine|Observation|_AppIntents_SwiftUI|" \
                r"_WidgetKit_SwiftUI|os|Dispatch|Intents|UserNotifications|CarPlay|AVFoundation|AVFAudio|CoreImage|Security|" \
                r"WatchConnectivity|WatchKit|MessageUI|DeveloperToolsSupport|Accessibility|Symbols|CoreMedia)\."
# A line of attributes alone (`@available(...)`, `@_semantics("...")`, `@MainActor @preconcurrency`).
ATTRIBUTES_ONLY = re.compile(r'^(?:@[\w.]+(?:\((?:[^()"]|"[^"]*"|\([^()]*\))*\))?\s*)+$')
# A category of a class declared in another header: that header decides the isolation.
ISOLATION_UNKNOWN = "/* the class is declared in another header */"
KINDS_WITH_LABELS = {"func", "init", "subscript", "case", "macro"}


@dataclass
class Decl:
    """One declaration of ours or of the SDK's Swift text."""
    kind: str
    name: str
    labels: tuple[str, ...]
    text: str                      # the declaration line(s), attributes included
    container: str                 # the innermost type or extension's type name ("" at top level)
    attributes: str                # attribute lines and inline attributes
    container_attributes: str
    where: str = ""
    sdk: str | None = None         # its own annotation
    outer_sdk: str | None = None   # the nearest annotation of an enclosing type or extension
    optional_mark: bool = False
    container_where: str = ""      # the enclosing extension's `where` clause
    inner_attributes: str = ""     # the innermost type's attributes (isolation is not inherited further)
    deviation: str | None = None   # `// sdk-deviation: <why>`: where the Linux model must differ


def strip_modules(text: str) -> str:
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"\b" + SWIFT_MODULES, "", text)
    return text


def parse_labels(kind: str, signature: str) -> tuple[str, ...]:
    if kind not in KINDS_WITH_LABELS:
        return ()
    start = signature.find("(")
    if start < 0:
        return ()
    return tuple(parameter_labels(balanced_parameters(signature, start), enum_case=kind == "case"))


def parse_swift(text: str, where: str, annotated: bool) -> list[Decl]:
    """Declarations with their container, attributes and (ours) `// sdk:` annotations."""
    decls: list[Decl] = []
    stack: list[tuple[str, str, str | None, int, str]] = []  # (type name, attributes, sdk, depth at open, where)
    depth = 0
    pending_attrs: list[str] = []
    pending_sdk: str | None = None
    pending_deviation: str | None = None
    optional_mark = False
    lines = text.splitlines()
    for number, raw in enumerate(lines, 1):
        # An attribute with generic arguments (`@TransferRepresentationBuilder<Self>`) reads as
        # the attribute alone.
        line = re.sub(r"(@[\w.]+)<[^<>]*(?:<[^<>]*>[^<>]*)*>", r"\1", raw)
        stripped = line.strip()
        if annotated and stripped.startswith("// sdk:"):
            pending_sdk = stripped[len("// sdk:"):].strip()
            continue
        if annotated and stripped.startswith("// sdk-deviation:"):
            pending_deviation = stripped[len("// sdk-deviation:"):].strip()
            continue
        if stripped.startswith("//"):
            if "optional in the SDK" in stripped:
                optional_mark = True
            continue
        match = DECLARATION.match(line)
        if not match and ATTRIBUTES_ONLY.match(stripped):
            pending_attrs.append(stripped)
            continue
        opened = line.count("{") - line.count("}")
        if match and not stripped.startswith("import "):
            kind = match.group(1)
            head = line[match.end():]
            if kind == "init":
                name = "init"
            elif kind == "subscript":
                name = "subscript"
            else:
                name_match = re.match(r"\s*([\w.`]+|[^\s(<:]+)", head)
                name = name_match.group(1).strip("`") if name_match else ""
            container = stack[-1][0] if stack else ""
            container_attrs = " ".join(s[1] for s in stack)
            inherited_sdk = next((s[2] for s in reversed(stack) if s[2]), None)
            attrs = " ".join(pending_attrs) + " " + line[:match.start(1)]
            decl = Decl(kind, name, parse_labels(kind, head if kind != "init" else "init" + head),
                        stripped, container, attrs, container_attrs, f"{where}:{number}",
                        pending_sdk, inherited_sdk, optional_mark, " , ".join(e[4] for e in stack if e[4]),
                        stack[-1][1] if stack else "", pending_deviation)
            decls.append(decl)
            if kind in ("class", "struct", "enum", "protocol", "actor") and "{" in line:
                stack.append((name.split(".")[-1], attrs, pending_sdk or inherited_sdk, depth, ""))
            pending_attrs, pending_sdk, optional_mark, pending_deviation = [], None, False, None
        elif stripped.startswith("extension ") or re.match(r"^(?:@[\w.()\s,*:\"]+\s+)*extension\s", stripped):
            target = re.search(r"extension\s+([\w.]+)", stripped)
            name = target.group(1).split(".")[-1] if target else ""
            attrs = " ".join(pending_attrs)
            where_clause = re.search(r"\bwhere\s+(.*?)\s*\{?\s*$", stripped)
            stack.append((name, attrs, pending_sdk, depth, strip_modules(where_clause.group(1)) if where_clause else ""))
            pending_attrs, pending_sdk, optional_mark = [], None, False
        elif stripped:
            pending_attrs, pending_sdk = [], pending_sdk if stripped.startswith("}") else None
        depth += opened
        while stack and depth <= stack[-1][3]:
            stack.pop()
    return decls


def availability(attrs: str, platform: str) -> tuple[str | None, bool, bool]:
    """(introduced version, unavailable, deprecated) for iOS or watchOS in Swift attributes."""
    introduced, unavailable, deprecated = None, False, False
    for body in re.findall(r"@available\(([^)]*)\)", attrs):
        items = [i.strip() for i in body.split(",")]
        if items and items[0] == platform:
            rest = " ".join(items[1:])
            if "unavailable" in rest:
                unavailable = True
            if "deprecated" in rest:
                deprecated = True
            version = re.search(r"introduced:\s*([\d.]+)", rest)
            if version:
                introduced = version.group(1)
        for item in items:
            version = re.fullmatch(rf"{platform}\s+([\d.]+)", item)
            if version:
                introduced = version.group(1)
    return introduced, unavailable, deprecated


# The apps' deployment targets (Apps/project.yml): an API newer than these must say so.
DEPLOYMENT = {"iOS": (17, 0), "watchOS": (10, 0)}


def newer_than_deployment(version: str, platform: str) -> bool:
    parts = tuple(int(p) for p in version.split(".") if p.isdigit())
    return parts > DEPLOYMENT[platform]


def normal_version(version: str | None) -> str | None:
    if version is None:
        return None
    parts = version.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)


def effective_availability(decl: Decl, platform: str) -> tuple[str | None, bool]:
    own = availability(decl.attributes, platform)
    outer = availability(decl.container_attributes, platform)
    introduced = own[0] or outer[0]
    return normal_version(introduced), own[1] or outer[1]


def main_actor(attrs: str) -> bool:
    return bool(re.search(r"@(?:_Concurrency\.)?MainActor\b(?!\s*\(\s*\)|\s*\(\)\s*->)", attrs)) and "nonisolated" not in attrs


def signature_shape(decl: Decl) -> str:
    """The part of a declaration that must agree: parameters and result, modules, attributes
    and default values aside."""
    text = decl.text
    text = re.sub(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*", "", text)
    text = re.sub(r"\b(?:public|open|nonisolated|final|override|required|convenience|dynamic|optional|@preconcurrency|"
                  r"@inlinable|@_alwaysEmitIntoClient|@_disfavoredOverload|@discardableResult|@usableFromInline)\s+", "", text)
    text = re.sub(r"@(?:_Concurrency\.)?MainActor\s+(?=[^(])", "", text) if decl.kind not in ("func", "init") else text
    text = strip_modules(text)
    text = re.sub(r"(?<![=!<>])\s*=\s*(?!=)[^,)]+(?=[,)])", "", text)  # default values, not `==`
    text = re.sub(r"\{[^{}]*\}\s*$", "", text)                     # { get } / bodies
    text = re.sub(r"\{\s*$", "", text)                               # a body on the lines below
    text = re.sub(r"\bnonisolated\(unsafe\)\s*", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"@(?:_Concurrency\.)?MainActor ", "@MainActor ", text)
    text = re.sub(r"__owned |__shared |consuming |borrowing ", "", text)
    text = re.sub(r"([(,]\s*)_:\s*", r"\1", text) if decl.kind == "case" else text
    own_where = re.search(r"\s+where\s+(.*)$", text)
    constraints = set()
    if own_where:
        text = text[:own_where.start()]
        constraints |= {c.strip() for c in own_where.group(1).split(",") if c.strip()}
    if decl.container_where:
        constraints |= {c.strip() for c in decl.container_where.split(",") if c.strip()}
    return text + (" where " + ", ".join(sorted(constraints)) if constraints else "")


def compare_swift(ours: Decl, sdk_decls: list[Decl], platforms: tuple[str, ...] = ("iOS", "watchOS")) -> list[str]:
    def same_container(candidate: Decl) -> bool:
        return candidate.container == ours.container or not ours.container
    candidates = [d for d in sdk_decls if d.kind == ours.kind and d.name == ours.name and d.labels == ours.labels and same_container(d)]
    if not candidates and ours.kind == "var" and ours.name == "body" and re.search(r":\s*(Swift\.)?Never\b", ours.text):
        # The SDK's primitive views and scenes declare `typealias Body = Swift.Never` and no body;
        # ours states Body the one way a bodiless interface can.
        if any(d.kind == "typealias" and d.name == "Body" and d.container == ours.container and "Never" in d.text for d in sdk_decls):
            return []
    if not candidates:
        where = f" in {ours.container}" if ours.container else ""
        return [f"not in the SDK text: {ours.kind} {ours.name}{'(' + ':'.join(ours.labels) + ':)' if ours.labels else ''}{where}"]
    best: list[str] | None = None
    for sdk in candidates:
        found = []
        if ("async" in ours.text.split("->")[0]) != ("async" in sdk.text.split("->")[0]):
            found.append("async differs")
        if bool(re.search(r"\bthrows\b|\brethrows\b", ours.text)) != bool(re.search(r"\bthrows\b|\brethrows\b", sdk.text)):
            found.append("throws differs")
        if ours.kind in ("func", "init", "subscript", "var", "let", "case"):
            a, b = signature_shape(ours), signature_shape(sdk)
            if a != b:
                found.append(f"signature: ours `{a}`, the SDK's `{b}`")
        if ours.kind in ("func", "init", "var", "let", "subscript", "class", "struct", "enum", "protocol"):
            mine = main_actor(ours.attributes) or (main_actor(ours.inner_attributes) and "nonisolated" not in ours.attributes)
            theirs = main_actor(sdk.attributes) or (main_actor(sdk.inner_attributes) and "nonisolated" not in sdk.attributes)
            if mine != theirs:
                found.append(f"isolation: ours {'@MainActor' if mine else 'nonisolated'}, the SDK's {'@MainActor' if theirs else 'nonisolated'}")
        for platform in platforms:
            mine_v, mine_u = effective_availability(ours, platform)
            theirs_v, theirs_u = effective_availability(sdk, platform)
            if mine_u != theirs_u:
                found.append(f"{platform} unavailable: ours {mine_u}, the SDK's {theirs_u}")
            elif not mine_u and mine_v and theirs_v and mine_v != theirs_v:
                found.append(f"{platform} availability: ours {mine_v}, the SDK's {theirs_v}")
            elif not mine_u and theirs_v and not mine_v and newer_than_deployment(theirs_v, platform):
                found.append(f"{platform} availability: the SDK's {theirs_v}, ours none (newer than the deployment target)")
        if not found:
            return []
        if best is None or len(found) < len(best):
            best = found
    return best or []


def sendable_in(text_before_brace: str) -> bool:
    return bool(re.search(r"\bSendable\b", text_before_brace))


def swift_sendability(name: str, text: str) -> bool:
    """Whether Swift text makes a type Sendable: in its declaration's conformances, or in an
    extension that is not `@available(*, unavailable)` (the SDK's way of saying it is not)."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        stripped = line.strip()
        if re.search(rf"\b(?:struct|class|enum|actor)\s+{re.escape(name)}\b[^{{]*:[^{{]*\bSendable\b", stripped):
            return True
        if re.search(rf"\bextension\s+(?:[\w]+\.)*{re.escape(name)}\s*:[^{{]*\bSendable\b", stripped):
            previous = next((lines[j].strip() for j in range(index - 1, -1, -1) if lines[j].strip()), "")
            attributes = previous + " " + stripped
            if "@available(*, unavailable)" not in attributes:
                return True
    return False


def swift_type_sendability(ours: Decl, sdk_text: str, our_text: str) -> list[str]:
    if ours.kind not in ("class", "struct", "enum"):
        return []
    mine, theirs = swift_sendability(ours.name, our_text), swift_sendability(ours.name, sdk_text)
    return [] if mine == theirs else [f"Sendable: ours {mine}, the SDK's {theirs}"]


# Conformances: a protocol ours declares from an earlier release than the SDK's type conforms to
# it (`String.LocalizationValue` is Codable from iOS 16 and Sendable from iOS 18 in the 18.0 SDK,
# though the type is iOS 15) would let the Linux check accept what Xcode rejects.

def _split_top(text: str) -> list[str]:
    items, depth, current = [], 0, ""
    for char in text:
        if char in "<([":
            depth += 1
        elif char in ">)]":
            depth -= 1
        if char == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += char
    items.append(current)
    return items


def _protocol_names(text_after_colon: str) -> list[str]:
    head = re.split(r"\bwhere\b|\{", text_after_colon)[0]
    names = []
    for item in _split_top(head):
        item = strip_modules(item)
        item = re.sub(r"@unchecked\s+|@preconcurrency\s+|@retroactive\s+|\bany\s+", "", item)
        item = re.sub(r"<.*>", "", item).strip()
        if re.fullmatch(r"[\w.]+", item):
            names.append(item.split(".")[-1])
    return names


def _version_key(version: str | None) -> tuple[int, ...]:
    return tuple(int(p) for p in (version or "0").split(".") if p.isdigit())


# What a conformance brings with it, for protocols whose refinements the SDK file does not state.
IMPLIED = {
    "Hashable": {"Equatable"}, "Comparable": {"Equatable"}, "Codable": {"Encodable", "Decodable"},
    "OptionSet": {"SetAlgebra", "RawRepresentable"}, "SetAlgebra": {"Equatable", "ExpressibleByArrayLiteral"},
    "ExpressibleByStringInterpolation": {"ExpressibleByStringLiteral"},
    "ExpressibleByStringLiteral": {"ExpressibleByExtendedGraphemeClusterLiteral"},
    "ExpressibleByExtendedGraphemeClusterLiteral": {"ExpressibleByUnicodeScalarLiteral"},
    "RandomAccessCollection": {"BidirectionalCollection"}, "BidirectionalCollection": {"Collection"},
    "MutableCollection": {"Collection"}, "RangeReplaceableCollection": {"Collection"}, "Collection": {"Sequence"},
    "Error": {"Sendable"}, "CodableAttributedStringKey": {"EncodableAttributedStringKey", "DecodableAttributedStringKey"},
    "EncodableAttributedStringKey": {"AttributedStringKey"}, "DecodableAttributedStringKey": {"AttributedStringKey"},
}


def _refinements(texts: list[str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {k: set(v) for k, v in IMPLIED.items()}
    for text in texts:
        for match in re.finditer(r"^\s*(?:@[^\n]*?\s)?(?:public\s+)?protocol\s+(\w+)(?:<[^>]*>)?\s*:([^{\n]*)", text, re.M):
            found.setdefault(match.group(1), set()).update(_protocol_names(match.group(2)))
    return found


def _conformances(qualified: str, type_text: str | None, type_version: dict[str, str | None], texts: list[str],
                  platforms: tuple[str, ...]) -> dict[str, dict[str, str | None]]:
    """{protocol: {platform: introduced}} of the type named `qualified` (its last one or two
    names, modules aside): its declaration's list, at the type's availability, and every
    extension of it in `texts` that is not `@available(*, unavailable)`, at the extension's."""
    result: dict[str, dict[str, str | None]] = {}

    def add(name: str, versions: dict[str, str | None]) -> None:
        current = result.setdefault(name, dict(versions))
        for platform in platforms:
            if _version_key(versions.get(platform)) < _version_key(current.get(platform)):
                current[platform] = versions.get(platform)

    if type_text:
        match = re.search(r"\b(?:struct|class|enum|protocol|actor)\s+[\w`]+\s*(?:<[^{]*?>)?\s*:(.*)$", type_text)
        if match:
            for name in _protocol_names(match.group(1)):
                add(name, type_version)
    for text in texts:
        lines = text.splitlines()
        for index, line in enumerate(lines):
            match = re.match(r"^\s*(?:@[^\n]*?\s)?extension\s+([\w.]+)\s*:(.*)$", line)
            if not match:
                continue
            target = strip_modules(match.group(1))
            if target != qualified and not target.endswith("." + qualified):
                continue
            attrs, back = line[:match.start(1)], index - 1
            while back >= 0 and lines[back].strip().startswith("@"):
                attrs = lines[back].strip() + " " + attrs
                back -= 1
            if "@available(*, unavailable)" in attrs:
                continue
            versions = {}
            for platform in platforms:
                introduced, unavailable, _ = availability(attrs, platform)
                versions[platform] = normal_version(introduced) or type_version.get(platform)
            for name in _protocol_names(match.group(2)):
                add(name, versions)
    return result


def _expand(conformances: dict[str, dict[str, str | None]], refinements: dict[str, set[str]],
            platforms: tuple[str, ...]) -> dict[str, dict[str, str | None]]:
    expanded = {k: dict(v) for k, v in conformances.items()}
    changed = True
    while changed:
        changed = False
        for name, versions in list(expanded.items()):
            for implied in refinements.get(name, ()):
                current = expanded.get(implied)
                if current is None:
                    expanded[implied] = dict(versions)
                    changed = True
                else:
                    for platform in platforms:
                        if _version_key(versions.get(platform)) < _version_key(current.get(platform)):
                            current[platform] = versions.get(platform)
                            changed = True
    return expanded


def swift_conformance_problems(ours: Decl, sdk_decls: list[Decl], sdk_texts: list[str], our_text: str,
                               platforms: tuple[str, ...] = ("iOS", "watchOS")) -> list[str]:
    if ours.kind not in ("class", "struct", "enum", "protocol"):
        return []
    candidates = [d for d in sdk_decls if d.kind == ours.kind and d.name == ours.name
                  and (d.container == ours.container or not ours.container)]
    if not candidates:
        return []
    sdk = candidates[0]
    qualified = f"{ours.container}.{ours.name}" if ours.container else ours.name
    sdk_qualified = f"{sdk.container}.{sdk.name}" if sdk.container else sdk.name
    mine = _conformances(qualified, ours.text, {p: effective_availability(ours, p)[0] for p in platforms}, [our_text], platforms)
    theirs = _conformances(sdk_qualified, sdk.text, {p: effective_availability(sdk, p)[0] for p in platforms}, sdk_texts, platforms)
    theirs = _expand(theirs, _refinements(sdk_texts), platforms)
    problems = []
    for name, versions in sorted(mine.items()):
        # A conformance the SDK text lacks is not reported: the local SDK copies are excerpts,
        # which need not hold every extension of a type. An earlier one is: more of the SDK's
        # text can only make its versions earlier, never later.
        if name not in theirs:
            continue
        for platform in platforms:
            if effective_availability(ours, platform)[1] or effective_availability(sdk, platform)[1]:
                continue
            if _version_key(versions.get(platform)) < _version_key(theirs[name].get(platform)):
                problems.append(f"conformance to {name}: ours {platform} {versions.get(platform) or '(always)'}, "
                                f"the SDK's {platform} {theirs[name].get(platform)}")
    return problems


# Objective-C headers

def _macros_above(before: str) -> list[str]:
    """The macro lines right above a declaration, back to the previous declaration's end (`;`,
    `@end`, `}`), an empty line or a comment."""
    macros: list[str] = []
    for line in reversed(before.rstrip("\n").split("\n")[-4:]):
        if not line.strip() or line.strip().endswith((";", "}")) or line.strip().startswith(("@end", "//", "/*", "*", "#")):
            break
        macros.insert(0, line)
    return macros


def objc_context(text: str, position: int) -> tuple[str, bool, bool]:
    """(the @interface/@protocol header in force with the macro lines above it, inside @optional,
    inside a nonnull region)."""
    before = text[:position]
    starts = list(re.finditer(r"^[ \t]*@(interface|protocol)[ \t]+\w+[^\n]*", before, re.M))
    last_end = max(before.rfind("@end"), -1)
    header = ""
    optional = False
    if starts and starts[-1].start() > last_end:
        start = starts[-1]
        # The macros of the declaration stand on the lines above it, back to the previous
        # declaration's end (`;`, `@end`, `}`) or an empty line.
        header = "\n".join(_macros_above(before[:start.start()]) + [start.group(0)])
        section = before[start.end():]
        markers = re.findall(r"@(optional|required)\b", section)
        optional = start.group(1) == "protocol" and bool(markers) and markers[-1] == "optional"
    # NS_HEADER_AUDIT_BEGIN(nullability, ...) opens a nonnull region as NS_ASSUME_NONNULL_BEGIN does.
    begin = max(before.rfind("NS_ASSUME_NONNULL_BEGIN"), before.rfind("NS_HEADER_AUDIT_BEGIN(nullability"))
    end = max(before.rfind("NS_ASSUME_NONNULL_END"), before.rfind("NS_HEADER_AUDIT_END(nullability"))
    return header, optional, begin > end


def _selector(declaration: str) -> str:
    """The selector of an Objective-C method declaration (`- (void)a:(T)x b:(U)y API_...;`)."""
    head = re.sub(r"^\s*[-+]\s*\((?:[^()]|\([^()]*\))*\)\s*", "", declaration)
    pieces, depth, word, i = [], 0, "", 0
    while i < len(head):
        char = head[i]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0 and char == ":":
            pieces.append(word)
        if depth == 0 and (char.isalnum() or char == "_"):
            word = word + char if i and (head[i - 1].isalnum() or head[i - 1] == "_") else char
        i += 1
    if not pieces:
        match = re.match(r"\s*(\w+)", head)
        return match.group(1) if match else ""
    return "".join(piece + ":" for piece in pieces)


def _enclosing_name(text: str, position: int) -> str | None:
    header, _, _ = objc_context(text, position)
    found = re.search(r"@(?:interface|protocol)\s+(\w+)", header)
    return found.group(1) if found else None


def objc_find(text: str, name: str, within: str | None = None, method: bool = False,
              protocol: bool = False) -> tuple[int, str] | None:
    """The declaration of a selector, property, type or constant: (position, text to its `;`,
    or to its `{` for an enum or options type). With `within` (the Objective-C type a member
    belongs to), a member declared in that type's @interface/@protocol (or a category of it) is
    preferred to a namesake elsewhere in the header. With `method` (ours is a function), a
    method is preferred to a property of the same name (`+authorizationStatus` beside the
    `authorizationStatus` property)."""
    matches = list(_objc_matches(text, name))
    if method and any(m[1].lstrip().startswith(("-", "+")) for m in matches):
        matches = [m for m in matches if m[1].lstrip().startswith(("-", "+"))]
    if protocol and any(re.search(r"@protocol\b", m[1]) for m in matches):
        # `@protocol CIFilter` beside `@interface CIFilter` (Swift: CIFilterProtocol)
        matches = [m for m in matches if re.search(r"@protocol\b", m[1])]
    if within and len(matches) > 1:
        for match in matches:
            if _enclosing_name(text, match[0]) == within:
                return match
    return matches[0] if matches else None


def _objc_matches(text: str, name: str):
    if ":" in name:
        for match in re.finditer(r"^[ \t]*[-+][ \t]*\([^;]*;", text, re.M | re.S):
            if _selector(match.group(0)) == name:
                yield match.start(), match.group(0)
        return
    pattern = (rf"^[ \t]*(?:@property[^;]*?[\s*]{re.escape(name)}\b[^;]*;|[-+][ \t]*\([^)]*\)\s*{re.escape(name)}\b[^:;]*;"
               rf"|(?:[^\n]*\n)?[ \t]*@(?:interface|protocol)[ \t]+{re.escape(name)}\b(?![ \t]*[;,])[^\n]*"
               rf"|[ \t]*typedef\s+NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM|TYPED_ENUM|TYPED_EXTENSIBLE_ENUM)\s*\([^)]*\b{re.escape(name)}\b[^)]*\)[^{{;]*"
               rf"|[ \t]*(?:extern|FOUNDATION_EXPORT|UIKIT_EXTERN|CF_EXPORT|OS_EXPORT|typedef|[A-Z_]+_EXTERN|[A-Z_]+_EXPORT)\b[^;{{@]*\b{re.escape(name)}\b[^;{{@]*;"
               rf"|[ \t]*(?:[A-Za-z_][\w]*[ \t*]+)+{re.escape(name)}[ \t]*\([^;{{]*\)[^;{{]*;"
               rf"|[ \t]*{re.escape(name)}\b[ \t]*(?:API_\w+\([^\n]*\))?[ \t]*(?:=[^,\n]*?)?[ \t]*,?[ \t]*(?://[^\n]*|/\*[^\n]*\*/)?$)")
    for match in re.finditer(pattern, text, re.M | re.S):
        if "@interface" in match.group(0) or "@protocol" in match.group(0):
            start = match.start() + match.group(0).index("@")
            line_start = text.rfind("\n", 0, start) + 1
            end = text.find("\n", start)
            yield line_start, "\n".join(_macros_above(text[:line_start]) + [text[line_start:end if end >= 0 else len(text)]])
        else:
            yield match.start(), match.group(0)


def objc_availability(text: str, platform: str) -> tuple[str | None, bool]:
    key = {"iOS": "ios", "watchOS": "watchos"}[platform]
    introduced = None
    for body in re.findall(r"API_AVAILABLE\(([^;]*?)\)(?=\s*(?:API_|NS_|UIKIT_|$|;|\n|@))", text):
        version = re.search(rf"\b{key}\(([\d.]+)\)", body)
        if version:
            introduced = version.group(1)
    if introduced is None:
        deprecated = re.search(rf"API_DEPRECATED(?:_WITH_REPLACEMENT)?\([^;]*?\b{key}\(([\d.]+)\s*,", text)
        if deprecated:
            introduced = deprecated.group(1)
    # The older macros some headers still use (WatchConnectivity's `__IOS_AVAILABLE(9.3)
    # __WATCHOS_AVAILABLE(2.2)`, `__WATCHOS_UNAVAILABLE`, `NS_CLASS_AVAILABLE_IOS(9.0)`).
    legacy = {"ios": r"(?:__IOS_AVAILABLE|NS_AVAILABLE_IOS|NS_CLASS_AVAILABLE_IOS|NS_ENUM_AVAILABLE_IOS)", "watchos": r"__WATCHOS_AVAILABLE"}[key]
    if introduced is None:
        old_style = re.search(legacy + r"\(\s*([\d.]+)\s*\)", text)
        if old_style:
            introduced = old_style.group(1)
    if introduced is None and key == "ios":
        # `NS_AVAILABLE(10_4, 8_0)`, `NS_CLASS_AVAILABLE(10_4, 5_0)` (Core Image's headers)
        mac_ios = re.search(r"\bNS_(?:CLASS_)?AVAILABLE\(\s*\w+\s*,\s*(\d+)_(\d+)\s*\)", text)
        if mac_ios:
            introduced = f"{mac_ios.group(1)}.{mac_ios.group(2)}"
    if introduced is None and key == "ios":
        # `__OSX_AVAILABLE_STARTING(__MAC_10_7, __IPHONE_2_0)` (Security's C functions)
        starting = re.search(r"__OSX_AVAILABLE_STARTING\(\s*\w+\s*,\s*__IPHONE_(\d+)_(\d+)\s*\)", text)
        if starting:
            introduced = f"{starting.group(1)}.{starting.group(2)}"
    unavailable = any(re.search(rf"\b{key}\b", body) for body in re.findall(r"API_UNAVAILABLE\(([^)]*)\)", text))
    unavailable = unavailable or bool(re.search(rf"__{key.upper()}_(?:UNAVAILABLE|PROHIBITED)\b", text))
    return normal_version(introduced), unavailable


def _words(name: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", name)]


def _is_subsequence(small: list[str], big: list[str]) -> bool:
    iterator = iter(big)
    return all(any(word == other for other in iterator) for word in small)


def result_nullability_problems(ours: Decl, declaration: str, nonnull: bool) -> list[str]:
    """A method's result (or an initialiser's failability) against the header's nullability:
    `nullable` is `?`, `null_unspecified` or an unaudited pointer is `!`, a pointer in a nonnull
    region is not optional. A completion handler's async form is left out: its result comes
    from the block."""
    if ours.kind not in ("func", "init") or re.search(r"\basync\b", ours.text):
        return []
    if re.search(r"\bthrows\b", ours.text) and re.search(r"\(\s*NSError\s*\*[^)]*\*\s*\)\s*\w+\s*(?:API_|NS_|__|;)", declaration):
        return []  # a nullable result with an NSError** is the importer's `throws`: nil means thrown
    result = re.match(r"\s*[-+]\s*\(((?:[^()]|\([^()]*\))*)\)", declaration)
    if not result or not re.search(r"\*|\bid\b|instancetype|\^", result.group(1)):
        return []
    kind = result.group(1)
    if re.search(r"\bnullable\b|_Nullable", kind):
        theirs = "?"
    elif re.search(r"null_unspecified|_Null_unspecified", kind) or not nonnull:
        theirs = "!"
    else:
        theirs = ""
    if ours.kind == "init":
        mine = "?" if re.search(r"\binit\?", ours.text) else "!" if re.search(r"\binit!", ours.text) else ""
    else:
        returns = ours.text.rsplit("->", 1)[1] if "->" in ours.text else ""
        returns = re.sub(r"\bwhere\b.*$", "", returns).strip()
        mine = returns[-1] if returns[-1:] in ("?", "!") else ""
    if mine == theirs or (ours.kind == "func" and "->" not in ours.text):
        return []
    names = {"?": "optional", "!": "implicitly unwrapped", "": "not optional"}
    return [f"result: ours {names[mine]}, the header's {names[theirs]}"]


def apinotes_swift_name(apinotes: str, selector: str) -> str | None:
    """The SwiftName a framework's API notes give a selector (the current Swift version's notes,
    before any `SwiftVersions:` section), e.g. CoreImage's `imageByCroppingToRect:` → `cropped(to:)`."""
    current = apinotes.split("\nSwiftVersions:")[0]
    match = re.search(r"-\s*Selector:\s*['\"]" + re.escape(selector) + r"['\"]\s*\n(?:[ \t]+\w+:[^\n]*\n){0,3}?[ \t]+SwiftName:\s*['\"]([^'\"]+)['\"]", current)
    return re.sub(r"\s+", "", match.group(1)) if match else None


def swift_name_problems(ours: Decl, declaration: str, objc_name: str, apinotes: str = "") -> list[str]:
    """The Swift name against the selector it comes from. With NS_SWIFT_NAME, the two must be
    the same. Otherwise the importer only takes words away (omitting needless words, moving
    prepositions into labels, dropping `error:` and a completion handler), lower-cases leading
    acronyms and turns factory methods into `init`: every word of our name must stand, in order,
    among the selector's words; a misspelt or invented word cannot."""
    if ":" not in objc_name or ours.kind not in ("func", "init"):
        return []
    ours_full = f"{ours.name}({''.join(label + ':' for label in ours.labels)})"
    noted = apinotes_swift_name(apinotes, objc_name) if apinotes else None
    if noted and not re.search(r"\basync\b", ours.text):
        return [] if ours_full == noted else [f"Swift name: ours {ours_full}, the API notes say {noted}"]
    named = re.search(r"NS_SWIFT_NAME\(\s*([^)]*\))\s*\)", declaration)
    async_named = re.search(r"NS_SWIFT_ASYNC_NAME\(\s*([^)]*\))\s*\)", declaration)
    if async_named and re.search(r"\basync\b", ours.text):
        theirs = re.sub(r"\s+", "", async_named.group(1))
        return [] if ours_full == theirs else [f"Swift name: ours {ours_full}, NS_SWIFT_ASYNC_NAME says {theirs}"]
    if named:
        theirs = re.sub(r"\s+", "", named.group(1))
        if ours_full == theirs or re.search(r"\basync\b", ours.text):
            return []  # an async form drops its handler: its words are checked below
        return [f"Swift name: ours {ours_full}, NS_SWIFT_NAME says {theirs}"]
    ours_words = [w for part in [ours.name] + list(ours.labels) if part not in ("_", "init") for w in _words(part)]
    theirs_words = [w for piece in objc_name.split(":") for w in _words(piece)]
    # A factory's `…Named:` becomes the label `name…` (`systemImageNamed:` → `init(systemName:)`).
    theirs_words = [w[:-1] if w == "named" and "name" in ours_words else w for w in theirs_words]
    if _is_subsequence(ours_words, theirs_words):
        return []
    return [f"Swift name: ours {ours_full} has words that the selector {objc_name} does not"]


def class_index(sdk: Path) -> dict[str, tuple[bool, list[str]]]:
    """Every `@interface Name : Super` and `@protocol Name <Parents>` in the SDK folder's headers:
    (NS_SWIFT_UI_ACTOR on it, its superclass or parent protocols)."""
    index: dict[str, tuple[bool, list[str]]] = {}
    for path in sorted(sdk.rglob("*.h")):
        text = path.read_text(errors="replace")
        for match in re.finditer(r"^[ \t]*@(?:interface[ \t]+(\w+)[ \t]*:[ \t]*(\w+)|protocol[ \t]+(\w+)[ \t]*<([^>]*)>)[^\n]*", text, re.M):
            macros = "\n".join(_macros_above(text[:match.start()]) + [match.group(0)])
            name = match.group(1) or match.group(3)
            parents = [match.group(2)] if match.group(1) else [p.strip() for p in match.group(4).split(",")]
            index.setdefault(name, ("NS_SWIFT_UI_ACTOR" in macros, parents))
    return index


def inherits_main_actor(name: str | None, index: dict[str, tuple[bool, list[str]]], seen: set | None = None) -> bool:
    """Whether a class or protocol, or one it inherits from, is NS_SWIFT_UI_ACTOR: Swift isolates a
    subclass of a main-actor class (MFMailComposeViewController : UINavigationController), and a
    protocol refining a main-actor protocol (CPTemplateApplicationSceneDelegate <UISceneDelegate>),
    to the main actor."""
    seen = set() if seen is None else seen
    if not name or name not in index or name in seen:
        return False
    seen.add(name)
    main, parents = index[name]
    return main or any(inherits_main_actor(parent, index, seen) for parent in parents)


def compare_objc(ours: Decl, header_text: str, objc_name: str, platforms: tuple[str, ...] = ("iOS", "watchOS"),
                 our_text: str = "", within: str | None = None, classes: dict[str, tuple[bool, list[str]]] | None = None,
                 apinotes: str = "") -> list[str]:
    # String literals (deprecation messages name other selectors) are blanked, positions kept.
    header_text = re.sub(r'"[^"\n]*"', lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', header_text)
    found = objc_find(header_text, objc_name, within, method=ours.kind == "func", protocol=ours.kind == "protocol")
    if not found:
        return [f"not in the SDK text: {objc_name}"]
    position, declaration = found
    container, optional, nonnull = objc_context(header_text, position)
    category = re.search(r"@interface\s+(\w+)\s*\(", container)
    if category:
        # A category's methods take the class's isolation; its availability is its own line's.
        main_class = re.search(rf"(?:[^\n]*\n)?[ \t]*@interface[ \t]+{category.group(1)}\b\s*:[^\n]*", header_text)
        if main_class:
            container = container + "\n" + main_class.group(0)
        else:
            container = container + "\n" + ISOLATION_UNKNOWN
    problems = []
    is_type = ours.kind in ("class", "struct", "enum", "protocol", "typealias") and ":" not in objc_name
    scope = declaration if is_type else declaration + "\n" + container
    for platform in platforms:
        own_v, own_u = objc_availability(declaration, platform)
        outer_v, outer_u = objc_availability(container, platform) if not is_type else (None, False)
        theirs_v, theirs_u = own_v or outer_v, own_u or outer_u
        mine_v, mine_u = effective_availability(ours, platform)
        if platform == "watchOS" and not theirs_v and not theirs_u:
            continue  # headers that name no watchOS say nothing of it
        if mine_u != theirs_u:
            problems.append(f"{platform} unavailable: ours {mine_u}, the header's {theirs_u}")
        elif theirs_v and mine_v and mine_v != theirs_v and not mine_u:
            problems.append(f"{platform} availability: ours {mine_v}, the header's {theirs_v}")
        elif theirs_v and not mine_v and not mine_u and newer_than_deployment(theirs_v, platform):
            problems.append(f"{platform} availability: the header's {theirs_v}, ours none (newer than the deployment target)")
    theirs_main = "NS_SWIFT_UI_ACTOR" in scope or "NS_SWIFT_UI_ACTOR" in declaration
    isolation_known = ISOLATION_UNKNOWN not in container
    if not theirs_main and classes:
        superclass = re.search(r"@interface\s+\w+\s*:\s*(\w+)", scope)
        parents = re.search(r"@protocol\s+\w+\s*<([^>]*)>", scope)
        theirs_main = (bool(superclass) and inherits_main_actor(superclass.group(1), classes)) or \
            (bool(parents) and any(inherits_main_actor(p.strip(), classes) for p in parents.group(1).split(",")))
    if "NS_SWIFT_NONISOLATED" in declaration:
        theirs_main = False
    mine_main = main_actor(ours.attributes) or (main_actor(ours.inner_attributes) and "nonisolated" not in ours.attributes)
    if isolation_known and ours.kind not in ("typealias", "case", "struct", "enum") and theirs_main != mine_main:
        problems.append(f"isolation: ours {'@MainActor' if mine_main else 'nonisolated'}, the header {'says' if theirs_main else 'has no'} NS_SWIFT_UI_ACTOR")
    if is_type and ours.kind == "class":
        theirs_sendable = "NS_SWIFT_SENDABLE" in declaration
        # NS_SWIFT_SENDABLE may be met by our declaration or an extension; an extension of ours
        # without it in the header comes from an overlay and names its own SDK file.
        mine_sendable = sendable_in(ours.text) or (theirs_sendable and swift_sendability(ours.name, our_text))
        if theirs_sendable != mine_sendable:
            problems.append(f"Sendable: ours {mine_sendable}, the header {'says' if theirs_sendable else 'has no'} NS_SWIFT_SENDABLE")
    ours_in_protocol = bool(ours.container) and bool(re.search(rf"\bprotocol\s+{re.escape(ours.container)}\b", our_text))
    if ours_in_protocol and ours.kind in ("func", "var") and re.search(r"^[ \t]*@protocol\b", container, re.M):
        if optional != ours.optional_mark:
            problems.append(f"optional requirement: ours {ours.optional_mark}, the header's {optional}")
    pointer = bool(re.search(r"\*|\bid\b|\^|instancetype", declaration.split(objc_name)[0] if objc_name in declaration else declaration))
    known = "NS_ASSUME_NONNULL_BEGIN" in header_text or "NS_HEADER_AUDIT_BEGIN(nullability" in header_text or re.search(r"\bnullable\b|_Nullable|\bnonnull\b", declaration)
    if ours.kind == "var" and declaration.lstrip().startswith("@property") and pointer and known:
        # nullable (or outside a nonnull region) -> `?`; null_resettable -> `!`, as the importer makes it.
        if "null_resettable" in declaration:
            theirs_form = "!"
        elif re.search(r"\bnonnull\b|_Nonnull", declaration.split(";")[0]):
            theirs_form = ""
        else:
            theirs_form = "?" if (re.search(r"\bnullable\b|_Nullable", declaration) or not nonnull) else ""
        type_text = ours.text.split(":", 1)[1] if ":" in ours.text else ""
        type_text = re.sub(r"\{[^}]*\}\s*$", "", type_text).strip()
        mine_form = type_text[-1] if type_text[-1:] in ("?", "!") else ""
        if theirs_form != mine_form and "__kindof" not in declaration.split(")")[0]:
            names = {"?": "optional", "!": "implicitly unwrapped", "": "not optional"}
            problems.append(f"optional property: ours {names[mine_form]}, the header's {names[theirs_form]}")
    problems += result_nullability_problems(ours, declaration, nonnull)
    problems += swift_name_problems(ours, declaration, objc_name, apinotes)
    if ours.kind == "func" and re.search(r"\basync\b", ours.text):
        has_block = bool(re.search(r"(completion|Handler|handler|reply)\s*:\s*\((?:nullable\s+)?void\s*\(\^", declaration)) or \
            bool(re.search(r":\s*\([^()]*void\s*\(\^[^;]*\)\)\s*\w+\s*(?:API_|NS_|;)", declaration))
        if not has_block or "NS_SWIFT_DISABLE_ASYNC" in declaration:
            problems.append("async: the header's method has no completion handler the importer would turn into async")
    return problems


def read_sdk(sdk: Path, relative: str, cache: dict) -> str | None:
    if relative in cache:
        return cache[relative]
    path = sdk / relative
    texts = []
    if path.exists():
        texts.append(path.read_text(errors="replace"))
    if path.parent.exists():
        texts += [p.read_text(errors="replace") for p in sorted(path.parent.glob(path.name + ".part*"))]
    cache[relative] = "\n".join(texts) if texts else None
    return cache[relative]


def annotation(decl: Decl) -> tuple[str, str | None, str | None]:
    """('file'|'unchecked'|'missing'|'malformed', path, Objective-C name or reason)."""
    outer = decl.outer_sdk
    outer_file = outer.split()[0] if outer and re.match(r"^(System|usr)/", outer) else None
    own = decl.sdk
    if own:
        if own.startswith("unchecked"):
            return "unchecked", None, own[len("unchecked"):].strip()
        if own.startswith("objc "):
            if not outer_file or not outer_file.endswith(".h"):
                return "malformed", None, f"`// sdk: {own}` but its type names no header"
            return "file", outer_file, own[len("objc "):].strip()
        parts = own.split()
        return "file", parts[0], (parts[1] if len(parts) > 1 else None)
    if outer and outer.startswith("unchecked"):
        return "unchecked", None, outer[len("unchecked"):].strip()
    if outer_file and outer_file.endswith(".swiftinterface"):
        return "file", outer_file, None
    if outer_file and outer_file.endswith(".h"):
        return "malformed", None, f"{decl.kind} {decl.name} needs `// sdk: objc NAME` (its type's header: {outer_file})"
    return "missing", None, None


def run(sdk: Path | None, verbose: bool, folder: Path = INTERFACES, quiet: bool = False) -> tuple[int, list[str]]:
    """Compares the interface modules of `folder` (Tests/apple/interfaces, or the self-test's copy
    at the same place in a temporary tree) with `sdk`; (exit code, report)."""
    interfaces = load_interfaces(folder)
    root = folder.parents[2]
    totals = {"declarations": 0, "compared": 0, "unchecked": 0, "mismatches": 0, "missing": 0, "malformed": 0, "deviations": 0}
    cache: dict[str, str | None] = {}
    report = []
    for module in interfaces.values():
        # The whole module's text: a type's Sendable extension may stand in another part.
        module_text = "\n".join(p.read_text() for p in module.parts)
        module_swift_paths = sorted({m.group(1) for m in re.finditer(r"//\s*sdk:\s*(\S+\.swiftinterface)\b", module_text)})
        for part in module.parts:
            where = str(part.relative_to(root))
            decls = parse_swift(part.read_text(), where, annotated=True)
            for decl in decls:
                if decl.kind in ("associatedtype",):
                    continue
                totals["declarations"] += 1
                kind, path, extra = annotation(decl)
                if kind == "missing":
                    totals["missing"] += 1
                    report.append(f"{decl.where}: no `// sdk:` line for {decl.kind} {decl.name} (nor on its type)")
                    continue
                if kind == "malformed":
                    totals["malformed"] += 1
                    report.append(f"{decl.where}: {extra}")
                    continue
                if kind == "unchecked":
                    totals["unchecked"] += 1
                    if not extra:
                        totals["malformed"] += 1
                        report.append(f"{decl.where}: `// sdk: unchecked` must say why")
                    continue
                assert path is not None
                if decl.deviation is not None:
                    # Where a bodiless Linux interface cannot say what the SDK says: counted, with
                    # its reason, not compared.
                    totals["deviations"] += 1
                    if not decl.deviation:
                        totals["malformed"] += 1
                        report.append(f"{decl.where}: `// sdk-deviation:` must say why")
                    elif verbose:
                        report.append(f"{decl.where}: {decl.kind} {decl.name}: deviates on purpose: {decl.deviation}")
                    continue
                if not re.match(r"^(System|usr)/[\w./+-]+\.(swiftinterface|h)$", path):
                    totals["malformed"] += 1
                    report.append(f"{decl.where}: `// sdk: {path}` is not a path inside an SDK")
                    continue
                if path.endswith(".h") and not extra and decl.kind not in ("associatedtype",):
                    # A type's own line may name the header alone when the type is the header's subject.
                    extra = decl.name if decl.kind in ("class", "protocol", "struct", "enum", "typealias") else None
                    if extra is None:
                        totals["malformed"] += 1
                        report.append(f"{decl.where}: `// sdk: {path}` needs the Objective-C name of {decl.kind} {decl.name}")
                        continue
                if sdk is None:
                    continue
                text = read_sdk(sdk, path, cache)
                if text is None:
                    totals["mismatches"] += 1
                    report.append(f"{decl.where}: {path} is not in the SDK at {sdk}")
                    continue
                totals["compared"] += 1
                # A module that does not exist on watchOS (its `// platforms:` line) is not held
                # to the headers' watchOS words.
                platforms = tuple(p for p in ("iOS", "watchOS") if p in module.platforms)
                if path.endswith(".h"):
                    outer = (decl.outer_sdk or "").split()
                    # A member named by `objc NAME` belongs to the type its enclosing line names.
                    inherited = not decl.sdk or decl.sdk.startswith("objc ")
                    within = outer[1] if inherited and len(outer) > 1 else None
                    if "classes" not in cache:
                        cache["classes"] = class_index(sdk)  # type: ignore[assignment]
                    notes_key = ("apinotes", str(Path(path).parent))
                    if notes_key not in cache:
                        folder = sdk / Path(path).parent
                        cache[notes_key] = "\n".join(n.read_text(errors="replace") for n in sorted(folder.glob("*.apinotes"))) if folder.is_dir() else ""  # type: ignore[index]
                    problems = compare_objc(decl, text, extra or decl.name, platforms, module_text, within,
                                            cache["classes"], cache[notes_key])  # type: ignore[arg-type,index]
                else:
                    key = ("swift", path)
                    if key not in cache:
                        cache[key] = parse_swift(text, path, annotated=False)  # type: ignore[index]
                    problems = compare_swift(decl, cache[key], platforms) + swift_type_sendability(decl, text, module_text)  # type: ignore[index]
                    if decl.kind in ("class", "struct", "enum", "protocol"):
                        # Extensions of the type may stand in any SDK file the module's declarations name.
                        texts = [t for t in (read_sdk(sdk, p, cache) for p in module_swift_paths) if t]
                        problems += swift_conformance_problems(decl, cache[key], texts, module_text, platforms)  # type: ignore[arg-type,index]
                if problems:
                    totals["mismatches"] += 1
                    report.append(f"{decl.where}: {decl.kind} {decl.name}: " + "; ".join(problems))
                elif verbose:
                    report.append(f"{decl.where}: {decl.kind} {decl.name}: as the SDK says")
    if sdk is None:
        report.append(f"compare_sdk: no SDK copy given (--sdk DIR or TGT_IOS_SDK): the SDK comparison did not run; "
                      f"{totals['declarations']} declarations, {totals['declarations'] - totals['missing'] - totals['unchecked']} annotated with an SDK file, "
                      f"{totals['unchecked']} unchecked with a reason, {totals['deviations']} deliberate deviations with a reason, "
                      f"{totals['missing']} without an annotation, {totals['malformed']} malformed")
        code = 1 if totals["missing"] or totals["malformed"] else 0
    else:
        report.append(f"compare_sdk: {sdk.name}: {totals['declarations']} declarations, {totals['compared']} compared, "
                      f"{totals['mismatches']} mismatches, {totals['unchecked']} unchecked (no SDK text), {totals['deviations']} deliberate deviations, "
                      f"{totals['missing']} without an annotation, "
                      f"{totals['malformed']} malformed")
        code = 1 if totals["mismatches"] or totals["missing"] or totals["malformed"] else 0
    if not quiet:
        print("\n".join(report))
    return code, report


# Mistakes in the interfaces themselves that only the SDK's text can catch; `--selftest` plants
# each in a copy of the interfaces and fails unless the comparison reports it at its line.
PLANTS = [
    ("an async form the SDK lacks (canOpenURL: has no completion handler)", "UIKit/1-Application.swiftinterface",
     "nonisolated open func canOpenURL(_ url: Foundation.URL) -> Swift.Bool",
     "nonisolated open func canOpenURL(_ url: Foundation.URL) async -> Swift.Bool", r"async"),
    ("main-actor isolation that only a later SDK has (CPInterfaceController in 18.0)", "CarPlay.swiftinterface",
     "open class CPInterfaceController : Foundation.NSObject {",
     "@MainActor open class CPInterfaceController : Foundation.NSObject {", r"isolation"),
    ("a misspelt optional delegate method", "UIKit/1-Application.swiftinterface",
     "func applicationDidBecomeActive(_ application: UIKit.UIApplication)",
     "func applicationDidBecomeActiv(_ application: UIKit.UIApplication)", r"Swift name"),
    ("an iOS 17.2 API left without its availability (a header's API_AVAILABLE)", "CoreLocation.swiftinterface",
     "    @available(iOS 17.2, *)\n    @available(watchOS, unavailable)\n    case unmonitored = 3",
     "    @available(watchOS, unavailable)\n    case unmonitored = 3", r"iOS availability"),
    ("a nullable result declared non-optional", "UIKit/3-View.swiftinterface",
     "@MainActor open func popViewController(animated: Swift.Bool) -> UIKit.UIViewController?",
     "@MainActor open func popViewController(animated: Swift.Bool) -> UIKit.UIViewController", r"result"),
    ("an API newer than the deployment target left without its availability", "CoreLocation.swiftinterface",
     "    @available(iOS 18.0, watchOS 11.0, *)\n    public var authorizationDenied: Bool { get }",
     "    public var authorizationDenied: Bool { get }", r"availability"),
    ("a conformance from an earlier release than the SDK's (LocalizedStringResource is Sendable from iOS 18)",
     "FoundationAppleAdditions.swiftinterface",
     "public struct LocalizedStringResource : Equatable, Codable, CustomLocalizedStringResourceConvertible, ExpressibleByStringInterpolation {",
     "public struct LocalizedStringResource : Equatable, Codable, CustomLocalizedStringResourceConvertible, ExpressibleByStringInterpolation, Sendable {",
     r"conformance to Sendable"),
]


def selftest(sdk: Path) -> int:
    import shutil
    import tempfile
    missed = []
    with tempfile.TemporaryDirectory(prefix="compare-sdk-selftest-") as folder:
        copy = Path(folder) / "Tests" / "apple" / "interfaces"
        shutil.copytree(INTERFACES, copy)
        for what, file, old, new, _ in PLANTS:
            path = copy / file
            text = path.read_text()
            if old not in text:
                print(f"compare_sdk self-test: {file} no longer contains {old!r}; update the plant '{what}'", file=sys.stderr)
                return 1
            path.write_text(text.replace(old, new, 1))
        # Lines once every plant is in (two may share a file): the last line of each new text.
        lines = {}
        for what, file, _, new, _ in PLANTS:
            text = (copy / file).read_text()
            index = text.index(new) + len(new) - len(new.split("\n")[-1])
            lines[what] = text.count("\n", 0, index) + 1
        _, report = run(sdk, False, copy, quiet=True)
        for what, file, _, _, expected in PLANTS:
            pattern = re.compile(rf"^Tests/apple/interfaces/{re.escape(file)}:{lines[what]}: .*({expected})")
            found = [line for line in report if pattern.search(line)]
            print(f"planted {what} at {file}:{lines[what]}: {'reported' if found else 'NOT REPORTED'}")
            if found:
                print(f"  {found[0]}")
            else:
                missed.append(what)
    if missed:
        print(f"compare_sdk self-test failed: {len(missed)} planted mistakes went unseen", file=sys.stderr)
        return 1
    print(f"compare_sdk self-test: all {len(PLANTS)} planted interface mistakes reported")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sdk", type=Path, default=os.environ.get("TGT_IOS_SDK") and Path(os.environ["TGT_IOS_SDK"]))
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--selftest", action="store_true", help="plant interface mistakes in a copy; needs --sdk")
    args = parser.parse_args()
    if args.selftest:
        if args.sdk is None:
            print("compare_sdk self-test: no SDK copy given (--sdk DIR or TGT_IOS_SDK): the interface plants need the SDK's text; not run")
            sys.exit(0)
        sys.exit(selftest(args.sdk))
    sys.exit(run(args.sdk, args.verbose)[0])


if __name__ == "__main__":
    main()
