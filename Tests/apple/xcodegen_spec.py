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
import re
import sys
from pathlib import Path

import yaml

APPS = Path(__file__).resolve().parents[2] / "Apps"

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


def _matches(written, shipped) -> bool:
    """A committed plist value against the built one: build settings (`$(NAME)`, anywhere in a
    string) stand for any text, as Xcode substitutes them; dictionaries and arrays compare
    member by member."""
    if isinstance(written, dict):
        return isinstance(shipped, dict) and set(written) <= set(shipped) and all(_matches(v, shipped[k]) for k, v in written.items())
    if isinstance(written, list):
        return isinstance(shipped, list) and len(written) == len(shipped) and all(_matches(a, b) for a, b in zip(written, shipped))
    if isinstance(written, str) and "$(" in written:
        pattern = "".join(".+" if part.startswith("$(") else re.escape(part) for part in re.split(r"(\$\([^)]*\))", written))
        return isinstance(shipped, str) and re.fullmatch(pattern, shipped) is not None
    return written == shipped


def check_built_bundles(products: Path) -> list[str]:
    """The bundles xcodebuild built (Debug-iphonesimulator) against the committed files: what ships."""
    found = []
    project = load_project()
    targets = project["targets"]
    app_bundle = products / "TgTemplates.app"
    watch = sorted((app_bundle / "Watch").glob("*.app")) if (app_bundle / "Watch").is_dir() else []
    expected = {
        app_bundle / "Info.plist": bundle_file(targets["TgTemplates"], "info"),
        app_bundle / "PlugIns" / "TemplatesWidget.appex" / "Info.plist": bundle_file(targets["TemplatesWidget"], "info"),
    }
    if watch:
        expected[watch[0] / "Info.plist"] = bundle_file(targets["TgTemplatesWatch"], "info")
    else:
        found.append("TgTemplates.app/Watch: the watch app is not embedded")
    for built, source in expected.items():
        if not built.exists():
            found.append(f"{built}: not built")
            continue
        shipped, written = read_plist(built), read_plist(APPS / source)
        for key, value in written.items():
            if key not in shipped:
                found.append(f"{built.relative_to(products)}: {key} from {source} did not ship")
            elif not _matches(value, shipped[key]):
                found.append(f"{built.relative_to(products)}: {key} is {shipped[key]!r}, {source} says {value!r}")
    return found


def selftest_built() -> list[str]:
    """Proves the built-bundle check on Linux: bundles made from the committed Info.plists with
    their build settings substituted, as Xcode does, pass; one with a key dropped and one with a
    nested value changed fail."""
    import tempfile

    def substitute(value):
        if isinstance(value, dict):
            return {key: substitute(item) for key, item in value.items()}
        if isinstance(value, list):
            return [substitute(item) for item in value]
        if isinstance(value, str):
            return re.sub(r"\$\(([^)]*)\)", lambda m: {"PRODUCT_MODULE_NAME": "TgTemplates"}.get(m.group(1), "value"), value)
        return value

    project = load_project()
    bundles = {"TgTemplates.app": "TgTemplates", "TgTemplates.app/PlugIns/TemplatesWidget.appex": "TemplatesWidget",
               "TgTemplates.app/Watch/TgTemplatesWatch.app": "TgTemplatesWatch"}
    failures = []
    with tempfile.TemporaryDirectory(prefix="built-bundles-") as folder:
        products = Path(folder)
        for path, target in bundles.items():
            (products / path).mkdir(parents=True)
            info = substitute(read_plist(APPS / bundle_file(project["targets"][target], "info")))
            info["DTSDKName"] = "iphonesimulator18.5"
            (products / path / "Info.plist").write_bytes(plistlib.dumps(info))
        if check_built_bundles(products):
            failures.append(f"bundles made as Xcode makes them were refused: {check_built_bundles(products)}")
        app_info = products / "TgTemplates.app" / "Info.plist"
        info = read_plist(app_info)
        info.pop("NSSupportsLiveActivities", None)
        info["UIApplicationSceneManifest"]["UISceneConfigurations"]["CPTemplateApplicationSceneSessionRoleApplication"][0]["UISceneClassName"] = "UIWindowScene"
        app_info.write_bytes(plistlib.dumps(info))
        found = check_built_bundles(products)
        for key in ("NSSupportsLiveActivities", "UIApplicationSceneManifest"):
            if not any(key in line for line in found):
                failures.append(f"a built Info.plist without the committed {key} was not reported")
    return failures


def main() -> None:
    if len(sys.argv) == 2 and sys.argv[1] == "--selftest":
        found = selftest_built()
        what = "the built-bundle check's self-test: bundles made as Xcode makes them pass, a dropped key and a changed nested value fail"
    elif len(sys.argv) == 3 and sys.argv[1] == "--built":
        found = check_built_bundles(Path(sys.argv[2]))
        what = "built bundles (the app, its widget, the embedded watch app): every committed Info.plist key shipped"
    else:
        found = problems()
        what = "project.yml as XcodeGen generates it"
    for problem in found:
        print(f"  - {problem}", file=sys.stderr)
    if found:
        sys.exit(1)
    print(what if len(sys.argv) > 1 else f"{what}: the Info.plists and entitlements that ship are the committed ones")


if __name__ == "__main__":
    main()
