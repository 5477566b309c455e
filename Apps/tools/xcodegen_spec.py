"""What `xcodegen generate` does to the files Apps/project.yml names, worked out on Linux from
XcodeGen's documented behaviour (Docs/ProjectSpec.md) and its source (2.45.x:
XcodeGenKit/FileWriter.swift `writePlists`, InfoPlistGenerator.swift, PBXProjGenerator.swift):

- a target's `info:` block makes `generate` write its Info.plist anew on every run: XcodeGen's
  defaults for the target type (CFBundleIdentifier, CFBundleExecutable, CFBundlePackageType...)
  merged with `info.properties`; a hand-written file at that path is replaced by that, so a spec
  with `info: {path: ...}` and no properties strips the scene manifest, the usage descriptions,
  the URL scheme and the rest;
- an `entitlements:` block writes exactly `entitlements.properties` (an empty dictionary without
  them): the App Group, CarPlay, Siri and data-protection entitlements would be lost;
- otherwise the build settings `INFOPLIST_FILE` and `CODE_SIGN_ENTITLEMENTS` point at the files
  as they are, and nothing rewrites them;
- a watchOS application that an iOS app depends on with `embed: true` goes into the app's
  "Embed Watch Content" phase (`$(CONTENTS_FOLDER_PATH)/Watch`), an app extension into PlugIns;
- a file under a target's source folder is compiled or copied into the bundle unless excluded:
  an Info.plist or .entitlements there must be excluded (Xcode refuses an Info.plist copied as a
  resource, and an entitlements file does not belong in the bundle).

`generated_plists` returns what generation would write; `problems` lists every way in which the
generated project would differ from what is committed and tested. `check_built_bundles` reads
the bundles xcodebuild built (the macOS workflow) against the same expectations.
"""
from __future__ import annotations

import plistlib
import sys
from pathlib import Path

import yaml

APPS = Path(__file__).resolve().parents[1]

# XcodeGen's InfoPlistGenerator: the properties every generated Info.plist starts from.
_BASE_INFO = {
    "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleName": "$(PRODUCT_NAME)",
    "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)",
    "CFBundleShortVersionString": "1.0",
    "CFBundleVersion": "1",
}
_PACKAGE_TYPE = {"application": "APPL", "watch2-app": "APPL", "framework": "FMWK", "bundle": "BNDL",
                 "bundle.unit-test": "BNDL", "bundle.ui-testing": "BNDL", "app-extension": "XPC!", "xpc-service": "XPC!"}


def load_project(apps: Path = APPS) -> dict:
    return yaml.safe_load((apps / "project.yml").read_text())


def generated_info(target: dict) -> dict:
    """The Info.plist XcodeGen writes for a target with an `info:` block."""
    info = dict(_BASE_INFO)
    if target.get("type") != "bundle":
        info["CFBundleExecutable"] = "$(EXECUTABLE_NAME)"
    if target.get("type") in _PACKAGE_TYPE:
        info["CFBundlePackageType"] = _PACKAGE_TYPE[target["type"]]
    info.update(target.get("info", {}).get("properties") or {})
    return info


def generated_plists(project: dict) -> dict[str, dict]:
    """Path (relative to Apps/) -> the dictionary `xcodegen generate` writes there."""
    written = {}
    for target in project.get("targets", {}).values():
        if "info" in target:
            written[target["info"]["path"]] = generated_info(target)
        if "entitlements" in target:
            written[target["entitlements"]["path"]] = dict(target["entitlements"].get("properties") or {})
    return written


def bundle_file(target: dict, which: str) -> str | None:
    """The Info.plist ("info") or entitlements ("entitlements") file the target builds with."""
    settings = target.get("settings", {}).get("base", {})
    setting = settings.get("INFOPLIST_FILE" if which == "info" else "CODE_SIGN_ENTITLEMENTS")
    return setting or target.get(which, {}).get("path")


def read_plist(path: Path) -> dict:
    return plistlib.loads(path.read_bytes())


def problems(project: dict | None = None, apps: Path = APPS) -> list[str]:
    project = project or load_project(apps)
    found = []
    for path, content in generated_plists(project).items():
        committed = apps / path
        if not committed.exists() or read_plist(committed) != content:
            found.append(f"project.yml: `xcodegen generate` would rewrite {path} (an info:/entitlements: block "
                         "writes the file from the spec); keep the keys in the file and point INFOPLIST_FILE / "
                         "CODE_SIGN_ENTITLEMENTS at it instead")
    targets = project.get("targets", {})
    for name, target in targets.items():
        info = bundle_file(target, "info")
        if not info or not (apps / info).exists():
            found.append(f"project.yml: {name} builds with no Info.plist on disk ({info})")
        settings = target.get("settings", {}).get("base", {})
        if str(settings.get("GENERATE_INFOPLIST_FILE", "")).upper() not in ("NO", "FALSE"):
            found.append(f"project.yml: {name} must set GENERATE_INFOPLIST_FILE: NO (its Info.plist is written by hand)")
        entitlements = bundle_file(target, "entitlements")
        if entitlements and not (apps / entitlements).exists():
            found.append(f"project.yml: {name}'s entitlements {entitlements} missing")
        for source in target.get("sources", []):
            folder = apps / source["path"]
            if not folder.is_dir():
                continue
            excludes = source.get("excludes", [])
            for member in list(folder.rglob("*.plist")) + list(folder.rglob("*.entitlements")):
                if not any(member.match(pattern) for pattern in excludes):
                    found.append(f"project.yml: {member.relative_to(apps)} would be copied into {name}'s bundle (exclude it from {source['path']})")
        for dependency in target.get("dependencies", []):
            embedded = targets.get(dependency.get("target", ""))
            if embedded is None or not dependency.get("embed"):
                continue
            if embedded.get("platform") == "watchOS" and embedded.get("type") == "application" and target.get("platform") != "iOS":
                found.append(f"project.yml: the watch app {dependency['target']} must be embedded by an iOS app")
    return found


def check_built_bundles(products: Path) -> list[str]:
    """The bundles xcodebuild built (Debug-iphonesimulator) against the committed files: what ships."""
    found = []
    project = load_project()
    targets = project["targets"]
    app_bundle = products / "TgTemplates.app"
    expected = {
        app_bundle / "Info.plist": bundle_file(targets["TgTemplates"], "info"),
        app_bundle / "PlugIns" / "TemplatesWidget.appex" / "Info.plist": bundle_file(targets["TemplatesWidget"], "info"),
    }
    for built, source in expected.items():
        if not built.exists():
            found.append(f"{built}: not built")
            continue
        shipped, written = read_plist(built), read_plist(APPS / source)
        # Build settings ($(...)) are substituted at build time; every key written must ship.
        for key, value in written.items():
            if key not in shipped:
                found.append(f"{built.relative_to(products)}: {key} from {source} did not ship")
            elif not (isinstance(value, str) and "$(" in value) and shipped[key] != value:
                found.append(f"{built.relative_to(products)}: {key} is {shipped[key]!r}, {source} says {value!r}")
    watch = list((app_bundle / "Watch").glob("*.app")) if (app_bundle / "Watch").is_dir() else []
    if not watch:
        found.append("TgTemplates.app/Watch: the watch app is not embedded")
    return found


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--built":
        found = check_built_bundles(Path(sys.argv[2]))
        what = "built bundles"
    else:
        found = problems()
        what = "project.yml as XcodeGen generates it"
    for problem in found:
        print(f"  - {problem}", file=sys.stderr)
    if found:
        sys.exit(1)
    print(f"{what}: the Info.plists and entitlements that ship are the committed ones")


if __name__ == "__main__":
    main()
