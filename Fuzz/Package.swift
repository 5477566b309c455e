// swift-tools-version:6.1
// Coverage-guided fuzz targets (libFuzzer). Build and run them with `scripts/fuzz.sh SECONDS`;
// see docs/testing.md, "Fuzzing". Each executable's entry point is `LLVMFuzzerTestOneInput`; libFuzzer
// (linked by `swift build --sanitize fuzzer`) supplies `main`.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // No `main` of their own: libFuzzer's main runs and calls LLVMFuzzerTestOneInput.
    .unsafeFlags(["-parse-as-library"]),
]

let package = Package(
    name: "TgtFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The same as the app's (see ../Package.swift); only what TgtStore needs.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The app's own sources, through symlinks (Sources/Linked → ../Sources): depending on
        // the root package instead would build its whole graph, build-tool plugins included,
        // with the fuzzer's flags.
        .target(name: "TgtDomain", path: "Sources/Linked/TgtDomain", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(
            name: "TgtStore",
            dependencies: [
                "TgtDomain",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Linked/TgtStore", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "FuzzSupport", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        // The downloads' saver alone (Sources/LinkedSaver → the app's MediaSaver.swift): it needs
        // only the domain and the system.
        .target(name: "TgtMediaSaver", dependencies: ["TgtDomain"], path: "Sources/LinkedSaver",
                swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        // Template text: parser, renderer, validator, Markdown helpers, Telegram text rules.
        .executableTarget(
            name: "fuzz-template",
            dependencies: ["FuzzSupport", "TgtDomain"],
            path: "Sources/FuzzTemplate", swiftSettings: strict),
        // The archive importer against an in-memory store.
        .executableTarget(
            name: "fuzz-archive",
            dependencies: [
                "FuzzSupport",
                "TgtDomain",
                "TgtStore",
            ],
            path: "Sources/FuzzArchive", swiftSettings: strict),
        // Files from other people: Ogg Opus voice notes into CAF, the type sniffer, picture
        // headers, file names.
        .executableTarget(
            name: "fuzz-media",
            dependencies: ["FuzzSupport", "TgtDomain"],
            path: "Sources/FuzzMedia", swiftSettings: strict),
        // Other people's file names saved into a folder whose name may be taken (a file, a
        // dangling link, a folder), with hard links and without.
        .executableTarget(
            name: "fuzz-names",
            dependencies: ["FuzzSupport", "TgtDomain", "TgtMediaSaver"],
            path: "Sources/FuzzNames", swiftSettings: strict),
        // The CLI's value parsers: coordinates, NAME=VALUE, target ids, scalar splitting.
        .executableTarget(
            name: "fuzz-values",
            dependencies: ["FuzzSupport", "TgtDomain"],
            path: "Sources/FuzzValues", swiftSettings: strict),
    ]
)
