"""Linux checks of the Apple shells (no Apple SDK here): every Swift file under Apps/ parses
with `swiftc -parse`; project.yml, the Info.plists and the entitlements parse and carry the
keys the app needs (CarPlay scene manifest with generation off, the carplay-communication
entitlement, one App Group in app, widget and code, the URL scheme, Siri phrases with the app
name and at most one parameter, interactive widget buttons); that every send runs without
opening the app: no App Intent sets openAppWhenRun, the sending intents are LiveActivityIntents
(performed in the app's process) with an authentication policy from the model, and app, widget
and Keychain use the Data Protection classes of TgtAppModel's DataProtectionPlan; and the timers'
parts: the watch app (watchOS, embedded in the iPhone app, its companion bundle id, only the sync
protocol and the domain linked), the Live Activity (in the widget extension,
`NSSupportsLiveActivities` in the app, its intent compiled into both), and every String Catalog
key the watch uses; the chats: the Chats tab's badge, and no chat view parses a message as
HTML or Markdown."""
import json
import plistlib
import re
import subprocess
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import xcodegen_spec  # noqa: E402
from xcodegen_spec import bundle_file  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "Apps"
problems = []


def check(condition, what):
    if not condition:
        problems.append(what)


def parse_swift():
    files = sorted(APPS.rglob("*.swift"))
    check(len(files) >= 15, f"expected the app's Swift files, found {len(files)}")
    # One swiftc parses them all (each file on its own: -parse resolves nothing across files);
    # its messages name the file at fault.
    result = subprocess.run(["swiftc", "-parse"] + [str(path) for path in files], capture_output=True, text=True)
    check(result.returncode == 0, f"Apps/ Swift files do not parse:\n{result.stderr.strip()}")
    return files


def swift_text():
    return {p.relative_to(APPS).as_posix(): p.read_text() for p in APPS.rglob("*.swift")}


def check_project(sources):
    project = yaml.safe_load((APPS / "project.yml").read_text())
    targets = project.get("targets", {})
    app, widget = targets.get("TgTemplates", {}), targets.get("TemplatesWidget", {})
    check(app.get("type") == "application" and app.get("platform") == "iOS", "project.yml: TgTemplates must be an iOS application")
    check(widget.get("type") == "app-extension", "project.yml: TemplatesWidget must be an app extension")
    check(str(project.get("options", {}).get("deploymentTarget", {}).get("iOS")) == "17.0", "project.yml: iOS 17.0 deployment target")
    tdlib = project.get("packages", {}).get("TDLibFramework", {})
    check("Swiftgram/TDLibFramework" in tdlib.get("url", ""), "project.yml: TDLib must come from Swiftgram's TDLibFramework")
    # An exact tag that exists in Swiftgram/TDLibFramework (its newest in the snapshot readable
    # here, TDLib 1.8.66; no 1.8.69 build is tagged there): docs/apple-apps.md, "TDLib on the phone".
    check(set(tdlib) == {"url", "exactVersion"} and re.fullmatch(r"1\.8\.\d+-[0-9a-f]{8}", str(tdlib.get("exactVersion", ""))),
          "project.yml: TDLibFramework pinned to one existing tag (exactVersion: <TDLib version>-<commit>), no range or branch")
    check(project.get("packages", {}).get("TgTemplates", {}).get("path") == "..", "project.yml: the package at the repo root")
    deps = app.get("dependencies", [])
    check({"package": "TDLibFramework"} in deps, "project.yml: the app links TDLibFramework")
    check(any(d.get("target") == "TemplatesWidget" and d.get("embed") for d in deps), "project.yml: the app embeds the widget")
    check(any(d.get("product") == "TgtAppModel" for d in deps), "project.yml: the app uses TgtAppModel")
    check(not any(d.get("package") == "TDLibFramework" for d in widget.get("dependencies", [])), "project.yml: no TDLib in the widget")
    app_settings = app.get("settings", {}).get("base", {})
    check(str(app_settings.get("INFOPLIST_KEY_UIApplicationSceneManifest_Generation")).upper() in ("NO", "FALSE"),
          "project.yml: automatic scene manifest generation must be off")
    # What `xcodegen generate` would do to the Info.plists and entitlements (xcodegen_spec.py).
    for problem in xcodegen_spec.problems(project) + xcodegen_spec.selftest_built():
        problems.append(problem)
    for target in (app, widget):
        for key in ("info", "entitlements"):
            path = bundle_file(target, key)
            check(path and (APPS / path).exists(), f"project.yml: {key} file {path} missing")
        for source in target.get("sources", []):
            check((APPS / source["path"]).is_dir(), f"project.yml: source folder {source['path']} missing")
    return app, widget


def check_watch(app, widget, sources):
    """The watch app and the Live Activity: targets, Info.plist keys, what each links."""
    project = yaml.safe_load((APPS / "project.yml").read_text())
    watch = project.get("targets", {}).get("TgTemplatesWatch", {})
    check(watch.get("type") == "application" and watch.get("platform") == "watchOS", "project.yml: TgTemplatesWatch must be a watchOS application")
    check(any(d.get("target") == "TgTemplatesWatch" and d.get("embed") for d in app.get("dependencies", [])),
          "project.yml: the iPhone app embeds the watch app")
    watch_products = {d.get("product") for d in watch.get("dependencies", []) if "product" in d}
    check(watch_products == {"TgtTimerSync", "TgtDomain"}, f"project.yml: the watch links only TgtTimerSync and TgtDomain, not {watch_products}")
    check(not any(d.get("package") == "TDLibFramework" for d in watch.get("dependencies", [])), "project.yml: no TDLib on the watch")
    for target, name in ((app, "app"), (widget, "widget")):
        check(any(d.get("product") == "TgtTimerSync" for d in target.get("dependencies", [])), f"project.yml: the {name} links TgtTimerSync")
    watch_paths = [s["path"] for s in watch.get("sources", [])]
    check("Companion" in watch_paths and any(s["path"] == "Companion" for s in app.get("sources", [])),
          "project.yml: Companion/ (the WatchConnectivity link) in both the app and the watch app")
    check("Shared/Localizable.xcstrings" in watch_paths, "project.yml: the watch app carries the String Catalog")
    for path in watch_paths:
        check((APPS / path).exists(), f"project.yml: watch source {path} missing")
    info_path = bundle_file(watch, "info")
    check(info_path and (APPS / info_path).exists(), f"project.yml: watch Info.plist {info_path} missing")
    if info_path and (APPS / info_path).exists():
        info = plistlib.loads((APPS / info_path).read_bytes())
        app_id = app.get("settings", {}).get("base", {}).get("PRODUCT_BUNDLE_IDENTIFIER")
        watch_id = watch.get("settings", {}).get("base", {}).get("PRODUCT_BUNDLE_IDENTIFIER", "")
        check(info.get("WKCompanionAppBundleIdentifier") == app_id, f"watch Info.plist: WKCompanionAppBundleIdentifier must be {app_id}")
        check(info.get("WKApplication") is True, "watch Info.plist: WKApplication (a single-target watch app)")
        check(watch_id.startswith(f"{app_id}."), f"project.yml: the watch bundle id {watch_id} must extend the app's {app_id}")
    app_info = plistlib.loads((APPS / bundle_file(app, "info")).read_bytes())
    check(app_info.get("NSSupportsLiveActivities") is True, "Info.plist: NSSupportsLiveActivities in the app")
    widget_code = "\n".join(t for n, t in sources.items() if n.startswith("Widget/"))
    check("ActivityConfiguration(for: TimerActivityAttributes.self)" in widget_code, "widget: the timer Live Activity (ActivityConfiguration)")
    check("TimerLiveActivity()" in widget_code and "TimersWidget()" in widget_code, "widget: the bundle lists the Live Activity and the timers widget")
    check("Text(timerInterval:" in widget_code and "ProgressView(timerInterval:" in widget_code,
          "widget: the Live Activity counts down by itself (timerInterval)")
    intent = [n for n, t in sources.items() if re.search(r"struct \w+: LiveActivityIntent", t)]
    check(intent and all(n.startswith("Shared/") for n in intent), "App Intents: the Live Activity buttons' LiveActivityIntent in Shared/ (app and widget)")
    catalog = json.loads((APPS / "Shared/Localizable.xcstrings").read_text())["strings"]
    watch_code = "\n".join(t for n, t in sources.items() if n.startswith("Watch/"))
    keys = re.findall(r'string\("([\w.]+)"', watch_code)
    check(len(keys) >= 5, "watch: its words come from the String Catalog")
    for key in keys:
        check(key in catalog, f"watch: {key} is not in the String Catalog")


def check_plists(app, widget, sources):
    info = plistlib.loads((APPS / bundle_file(app, "info")).read_bytes())
    roles = info.get("UIApplicationSceneManifest", {}).get("UISceneConfigurations", {})
    carplay = roles.get("CPTemplateApplicationSceneSessionRoleApplication", [])
    check(len(carplay) == 1 and carplay[0].get("UISceneClassName") == "CPTemplateApplicationScene",
          "Info.plist: a CarPlay scene (CPTemplateApplicationScene)")
    delegate = carplay[0].get("UISceneDelegateClassName", "").split(".")[-1] if carplay else ""
    check(any(re.search(rf"class {delegate}\b.*CPTemplateApplicationSceneDelegate", t) for t in sources.values()),
          f"Info.plist: CarPlay delegate {delegate} must exist and be a CPTemplateApplicationSceneDelegate")
    schemes = [s for t in info.get("CFBundleURLTypes", []) for s in t.get("CFBundleURLSchemes", [])]
    model_scheme = re.search(r'static let scheme = "(\w+)"', (ROOT / "Sources/TgtAppModel/Surfaces/DeepLink.swift").read_text())
    check(model_scheme and schemes == [model_scheme.group(1)], f"Info.plist: URL scheme {schemes} must be DeepLink.scheme")
    check(bool(info.get("NSLocationWhenInUseUsageDescription")), "Info.plist: location usage description")
    messaging = {"INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent"}
    # SiriKit hands an intent to application(_:handlerFor:) only if INIntentsSupported lists it
    # (https://developer.apple.com/documentation/bundleresources/information-property-list/intentssupported);
    # NSUserActivityTypes is for donated activities and does not route intents.
    check(set(info.get("INIntentsSupported", [])) >= messaging, "Info.plist: INIntentsSupported must list the SiriKit messaging intents")
    check(set(info.get("NSUserActivityTypes", [])) >= messaging, "Info.plist: the SiriKit messaging intents as user activity types")
    check(set(info.get("CFBundleLocalizations", [])) == {"en", "it", "ru"}, "Info.plist: en, it, ru")
    widget_info = plistlib.loads((APPS / bundle_file(widget, "info")).read_bytes())
    check(widget_info.get("NSExtension", {}).get("NSExtensionPointIdentifier") == "com.apple.widgetkit-extension",
          "widget Info.plist: WidgetKit extension point")

    group = re.search(r'static let identifier = "([\w.]+)"', sources["Shared/AppGroup.swift"])
    app_ent = plistlib.loads((APPS / bundle_file(app, "entitlements")).read_bytes())
    widget_ent = plistlib.loads((APPS / bundle_file(widget, "entitlements")).read_bytes())
    groups = {tuple(e.get("com.apple.security.application-groups", [])) for e in (app_ent, widget_ent)}
    check(group and groups == {(group.group(1),)}, f"entitlements: app and widget share the App Group in AppGroup.swift ({groups})")
    check(app_ent.get("com.apple.developer.carplay-communication") is True, "entitlements: com.apple.developer.carplay-communication")


def check_code(sources):
    everything = "\n".join(sources.values())
    check("Button(intent:" in everything, "widget: interactive Button(intent:) buttons")
    check("CPGridTemplate(" in everything, "CarPlay: a CPGridTemplate")
    check("AppShortcutsProvider" in everything, "App Intents: an AppShortcutsProvider")
    phrases = re.findall(r'^\s*"([^"\n]*\\\(\.[^"\n]*)",?\s*$', sources["iOS/AppShortcuts.swift"], re.M)
    check(len(phrases) >= 2, "App Shortcuts: phrases")
    for phrase in phrases:
        check("\\(.applicationName)" in phrase, f"App Shortcuts phrase without the app name: {phrase}")
        check(phrase.count("\\(\\.$") <= 1, f"App Shortcuts phrase with more than one parameter: {phrase}")
    for name, text in sources.items():
        check("print(" not in text, f"{name}: print( outside the CLI")
        check("try!" not in text, f"{name}: try!")
    check_chats(sources)
    catalog = json.loads((APPS / "Shared/Localizable.xcstrings").read_text())
    for key, entry in catalog["strings"].items():
        check(set(entry.get("localizations", {})) == {"en", "it", "ru"}, f"catalog: {key} not in en, it, ru")


def check_chats(sources):
    """The chats on iPhone: the Chats tab with its badge, voice notes played in their bubbles,
    and other people's messages shown as text styled by Telegram's entities, never parsed as
    HTML or Markdown."""
    check(".badge(app.chats.unreadChats)" in sources.get("iOS/RootView.swift", ""), "RootView: the Chats tab with its unread badge")
    # Voice notes play inside their bubbles: the app gives conversations a player, bubbles a tap.
    check(".audio = { SystemAudioPlayer() }" in sources.get("iOS/TgTemplatesApp.swift", ""), "TgTemplatesApp: no player for voice notes in their bubbles")
    check("model.playVoiceNote(row.item)" in sources.get("iOS/ConversationView.swift", ""), "ConversationView: voice notes do not play in their bubbles")
    for name in ("iOS/ChatListView.swift", "iOS/ConversationView.swift", "iOS/MessageBubble.swift", "iOS/ComposerView.swift"):
        text = sources.get(name)
        check(text is not None, f"{name}: missing (chats on iPhone)")
        for markup in (".html", "AttributedString(markdown", "NSAttributedString(", "WKWebView", "LocalizedStringKey("):
            check(markup not in (text or ""), f"{name}: {markup} — messages are shown as text, never parsed as markup")


def check_background_sends(app, widget, sources):
    """One tap never opens the app: see docs/apple-apps.md, "One tap that never opens the app"."""
    for name, text in sources.items():
        check(not re.search(r"openAppWhenRun\s*[:=]", text), f"{name}: an App Intent sets openAppWhenRun (sends must run in the background)")
        check("ForegroundContinuableIntent" not in text, f"{name}: ForegroundContinuableIntent would bring the app to the screen")
    intents = {}
    for name, text in sources.items():
        for match in re.finditer(r"^struct (\w+): ([^{]*)\{(.*?)^\}", text, re.M | re.S):
            if re.search(r"\w*Intent\b", match.group(2)):
                intents[match.group(1)] = (name, match.group(2), match.group(3))
    sending = {k: v for k, v in intents.items() if "BackgroundSend.run(" in v[2]}
    # A widget button's Undo (a tap in its undo hold) runs in the app's process too.
    undoing = {k: v for k, v in intents.items() if "BackgroundSend.undo(" in v[2]}
    for intent, (name, conformances, _) in undoing.items():
        check("LiveActivityIntent" in conformances, f"{name}: {intent} must be a LiveActivityIntent (performed in the app's process)")
    check(len(sending) >= 2, f"App Intents: a Siri and a widget intent that send through BackgroundSend, found {sorted(sending)}")
    surfaces = (ROOT / "Sources/TgtAppModel/Surfaces/SendSurface.swift").read_text()
    locked = dict(re.findall(r"case \.(\w+): SendSurfacePolicy\(opensApp: \w+, lockedPhone: \.(\w+)", surfaces))
    apple = {"allowed": "alwaysAllowed", "requiresUnlock": "requiresLocalDeviceAuthentication"}
    for intent, (name, conformances, body) in sending.items():
        check("LiveActivityIntent" in conformances, f"{name}: {intent} must be a LiveActivityIntent (performed in the app's process)")
        source = re.search(r"BackgroundSend\.run\([^)]*source: \.(\w+)\)", body)
        policy = re.search(r"static let authenticationPolicy: IntentAuthenticationPolicy = \.(\w+)", body)
        wanted = source and apple.get(locked.get(source.group(1), ""))
        check(policy and wanted and policy.group(1) == wanted,
              f"{name}: {intent}'s authenticationPolicy must be .{wanted} (SendJob.Source.{source and source.group(1)}.policy)")
    widget_intents = set(re.findall(r"Button\(intent: (\w+)\(", sources.get("Widget/TemplatesWidget.swift", "")))
    check(widget_intents and widget_intents <= set(sending) | set(undoing), f"widget: its buttons run sending (or undo) intents ({widget_intents})")
    for intent in widget_intents & (set(sending) | set(undoing)):
        where = (sending.get(intent) or undoing[intent])[0]
        check(where.startswith("Shared/"), f"{intent} must be in Shared/ (compiled into the app, where it runs, and the widget)")
    for target in (app, widget):
        check(any(s.get("path") == "Shared" for s in target.get("sources", [])), "project.yml: Shared/ in the app and the widget")

    plan = (ROOT / "Sources/TgtAppModel/Services/DataProtection.swift").read_text()
    default = re.search(r"static let defaultProtection = FileProtectionClass\.(\w+)", plan)
    raw = default and re.search(rf'case {default.group(1)} = "(\w+)"', plan)
    check(raw, "DataProtectionPlan.defaultProtection names a FileProtectionClass case")
    for target in (app, widget):
        entitlements = plistlib.loads((APPS / bundle_file(target, "entitlements")).read_bytes())
        value = entitlements.get("com.apple.developer.default-data-protection")
        check(raw and value == raw.group(1),
              f"{bundle_file(target, 'entitlements')}: default-data-protection {value} must be the plan's {raw and raw.group(1)}")
    keychain = re.search(r'static let keychainAccessibility = "(\w+)"', plan)
    check(keychain and re.search(rf"kSecAttrAccessible as String(?:\] =|:) {keychain.group(1)}\b", sources.get("Shared/KeychainSecretStore.swift", "")),
          "KeychainSecretStore: items use DataProtectionPlan.keychainAccessibility")


def main():
    files = parse_swift()
    sources = swift_text()
    app, widget = check_project(sources)
    check_plists(app, widget, sources)
    check_watch(app, widget, sources)
    check_code(sources)
    check_background_sends(app, widget, sources)
    workflow = yaml.safe_load((ROOT / ".github/workflows/apple.yml").read_text())
    build = (ROOT / "scripts/apple-build.sh").read_text()
    check("macos" in json.dumps(workflow).lower() and "Xcode_16.4.app" in json.dumps(workflow),
          "workflow: macOS with Xcode 16.4 (the iOS 18 SDK generation the interfaces were read against)")
    check("scripts/apple-build.sh" in json.dumps(workflow), "workflow: runs scripts/apple-build.sh, the contributor's command")
    for needed, what in (("xcodegen generate", "generates the project"), ("git status --porcelain -- Apps", "checks generation changed nothing"),
                         ("xcodegen_spec.py --built", "reads the built bundles"), ("-scheme TgTemplatesWatch", "builds the watch app"),
                         ("platform=watchOS Simulator", "for the watchOS simulator"), ("compare_sdk.py --sdk", "compares the interfaces with its SDK"),
                         ("xcodebuild test", "runs tests on an iOS simulator")):
        check(needed in build, f"scripts/apple-build.sh: {what} ({needed})")
    if problems:
        print("Apple shell checks failed:", *problems, sep="\n  - ", file=sys.stderr)
        sys.exit(1)
    print(f"Apple shells: {len(files)} Swift files parse; project.yml (app, widget with the Live Activity, watch app), 3 Info.plists, 2 entitlements, phrases, catalog and background sends check out")
    typecheck_targets()
    swift_floor()
    sdk_annotations()


def typecheck_targets():
    """The type-check of every Apple target against the interface modules (typecheck_apps.py),
    then the proof that it catches planted mistakes (typecheck_selftest.py). On macOS the
    workflow's xcodebuild steps compile the targets against the real SDK instead."""
    if sys.platform == "darwin":
        print("Apple targets: type-checked by xcodebuild with the real SDK (the Linux interface check is skipped on macOS)")
        return
    import typecheck_apps
    import typecheck_selftest
    print(typecheck_apps.interface_summary())
    total, _ = typecheck_apps.typecheck()
    if total:
        print(f"Apple targets: {total} diagnostics (see above); `python3 Tests/apple/typecheck_apps.py --target ios` checks one target", file=sys.stderr)
        sys.exit(1)
    typecheck_selftest.main()


def swift_floor():
    """Nothing the Apple build compiles needs more than Xcode 16.4 (Swift 6.1.2, iOS 17.0,
    watchOS 10.0, macOS 14): check_swift_floor.py, then the proof that it catches each pattern."""
    import check_swift_floor
    if check_swift_floor.main(["check_swift_floor.py"]) or check_swift_floor.main(["check_swift_floor.py", "--selftest"]):
        sys.exit(1)


def sdk_annotations():
    """Every interface declaration names the SDK text it was read against (compare_sdk.py). With
    an SDK given (TGT_IOS_SDK, or Xcode's in the Mac build) the declarations are compared with
    it and its interface plants must be caught; without one it says so in one line and checks
    the annotations only."""
    import os
    import compare_sdk
    sdk = os.environ.get("TGT_IOS_SDK")
    code, _ = compare_sdk.run(Path(sdk) if sdk else None, False)
    if code or (sdk and compare_sdk.selftest(Path(sdk))):
        sys.exit(1)


if __name__ == "__main__":
    main()
