// swift-tools-version:6.1
// TgTemplates: one-tap Telegram message templates. The map: docs/architecture.md.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

// The Apple build (Apps/, .github/workflows/apple.yml) is pinned to Xcode 16.4, whose Swift 6.1
// reads no manifest newer than tools 6.1. The apps link only the layers below the faces (domain,
// store, TDLib binding, Telegram services, application services, app models), which need GRDB,
// swift-log and swift-crypto. The command line, the dashboard and the benchmarks need Hummingbird,
// the OpenAPI runtime, swift-service-lifecycle and the newest swift-log, whose manifests are tools
// 6.2: they are part of the package from Swift 6.2 on (this machine's 6.3, CI), and the app graph
// resolves without them on Xcode 16.4 (docs/apple-apps.md, "One SDK").
#if compiler(>=6.2)
let swiftLog: Package.Dependency = .package(url: "https://github.com/apple/swift-log", from: "1.16.2")
#else
// swift-log 1.16's manifest is tools 6.2: Swift 6.1 takes the newest release it can read.
let swiftLog: Package.Dependency = .package(url: "https://github.com/apple/swift-log", "1.5.3"..<"2.0.0")
#endif

let package = Package(
    name: "TgTemplates",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "TgtDomain", targets: ["TgtDomain"]),
        .library(name: "TgtStore", targets: ["TgtStore"]),
        .library(name: "TgtTDLib", targets: ["TgtTDLib"]),
        .library(name: "TgtTelegram", targets: ["TgtTelegram"]),
        .library(name: "TgtSimulator", targets: ["TgtSimulator"]),
        .library(name: "TgtApplication", targets: ["TgtApplication"]),
        .library(name: "TgtAppModel", targets: ["TgtAppModel"]),
        .library(name: "TgtTimerSync", targets: ["TgtTimerSync"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        swiftLog,
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // Layer 1: pure domain (templates, targets, variables, validation, rendering) and QR codes.
        .target(name: "TgtDomain", swiftSettings: strict),
        .target(name: "TgtQRCode", swiftSettings: strict),
        // Layer 1: the timers' sync protocol between the phone and the watch (no store, no TDLib:
        // the watch app links it alone).
        .target(name: "TgtTimerSync", dependencies: ["TgtDomain"], swiftSettings: strict),
        // Layer 2: the SQLite store.
        .target(
            name: "TgtStore",
            dependencies: [
                "TgtDomain",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Layer 3: the TDLib JSON binding (libtdjson loaded at run time).
        .target(
            name: "TgtTDLib",
            dependencies: ["TgtDomain", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        // Layer 4: Telegram services and the simulator that speaks TDLib's JSON.
        .target(name: "TgtSimulator", dependencies: ["TgtTDLib", "TgtDomain"], swiftSettings: strict),
        .target(
            name: "TgtTelegram",
            dependencies: [
                "TgtDomain", "TgtStore", "TgtTDLib",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Layer 5: application services, one per area, that every face calls (no HTTP, terminal
        // or SwiftUI types).
        .target(
            name: "TgtApplication",
            dependencies: ["TgtDomain", "TgtStore", "TgtTDLib", "TgtTelegram", "TgtSimulator", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        // Layer 6: the view models of the Apple apps (iOS app, widgets, CarPlay, Siri), no UI.
        .target(
            name: "TgtAppModel",
            dependencies: [
                "TgtDomain", "TgtTimerSync", "TgtApplication",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .target(
            name: "TgtTestSupport",
            dependencies: ["TgtDomain", "TgtStore", "TgtTDLib", "TgtTelegram", "TgtSimulator"],
            path: "Tests/TgtTestSupport",
            swiftSettings: strict),
        .testTarget(name: "TgtDomainTests", dependencies: ["TgtDomain", "TgtQRCode", "TgtTestSupport"], swiftSettings: strict),
        .testTarget(name: "TgtTimerSyncTests", dependencies: ["TgtTimerSync", "TgtDomain", "TgtTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "TgtStoreTests",
            dependencies: ["TgtStore", "TgtDomain", "TgtTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        .testTarget(
            name: "TgtTDLibTests", dependencies: ["TgtTDLib", "TgtSimulator", "TgtDomain", "TgtTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "TgtTelegramTests",
            dependencies: ["TgtTelegram", "TgtSimulator", "TgtStore", "TgtDomain", "TgtTDLib", "TgtTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "TgtAppModelTests",
            dependencies: [
                "TgtAppModel", "TgtApplication", "TgtTestSupport", "TgtStore", "TgtDomain", "TgtTelegram", "TgtSimulator", "TgtTDLib", "TgtTimerSync",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TgtApplicationTests", dependencies: ["TgtApplication", "TgtStore", "TgtDomain", "TgtTelegram", "TgtTDLib", "TgtSimulator", "TgtTestSupport"],
            swiftSettings: strict),
    ]
)

#if compiler(>=6.2)
// The faces that are not Apple apps: the command line, the dashboard, their wire types, the
// benchmarks, and their tests.
package.products.insert(.executable(name: "tgt", targets: ["tgt"]), at: 0)
package.dependencies += [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    .package(url: "https://github.com/jpsim/Yams", "5.0.1"..<"7.0.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
]
// TgtWebFiles' `#embed` is C23.
package.cLanguageStandard = .c2x
package.targets += [
    // Layer 6: the dashboard API's wire format: the types generated from openapi.yaml (public;
    // Generated/, written by scripts/generate-openapi.sh and committed, so no build runs the
    // generator) and the hand-written ones it maps schemas to; shared by the server and client.
    .target(
        name: "TgtWire",
        dependencies: [
            "TgtDomain", "TgtStore",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        // The generated public types import what some of their files do not use; the
        // generator silences that warning only from Swift 6.4 (`@diagnose(UnusedImportAccess,
        // as: ignored)`), so this module is built quiet. Its hand-written part is Wire/.
        swiftSettings: strict + [.unsafeFlags(["-suppress-warnings"])]),
    // Layer 6: the client of a running dashboard (`tgt` commands while `tgt serve` holds the
    // Telegram session), generated from the same document, and the application interfaces
    // (sending, chats, account, login) implemented through it.
    .target(
        name: "TgtDashboardClient",
        dependencies: [
            "TgtDomain", "TgtApplication", "TgtWire",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        swiftSettings: strict),
    // Layer 6: the dashboard's stylesheets, scripts and openapi.yaml compiled into the binary
    // (C23 `#embed` of the files in Sources/TgtServer/), read by TgtServer's `WebFiles`.
    .target(name: "TgtWebFiles"),
    // Layer 6: the web dashboard and its JSON API (`tgt serve`).
    .target(
        name: "TgtServer",
        dependencies: [
            "TgtDomain", "TgtQRCode", "TgtApplication", "TgtWire", "TgtWebFiles",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
            .product(name: "Yams", package: "Yams"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            // Webhook deliveries (`HTTPWebhookPoster`): the one outgoing HTTP(S) client.
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ],
        // The dashboard's files and openapi.yaml are compiled in by TgtWebFiles, not by SwiftPM.
        exclude: ["Web", "API/Spec/openapi.yaml"],
        swiftSettings: strict),
    // Layer 6: the command line.
    .executableTarget(
        name: "tgt",
        dependencies: [
            "TgtDomain", "TgtQRCode", "TgtServer", "TgtApplication",
            "TgtDashboardClient", "TgtWire",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict),
    .executableTarget(
        name: "tgt-bench",
        dependencies: [
            "TgtDomain", "TgtStore", "TgtTDLib", "TgtTelegram", "TgtSimulator", "TgtApplication", "TgtAppModel",
        ],
        path: "Benchmarks/tgt-bench",
        swiftSettings: strict),
    .executableTarget(name: "tgt-bench-print", path: "Benchmarks/print", swiftSettings: strict),
    .executableTarget(
        name: "tgt-bench-hello",
        dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
        path: "Benchmarks/hello",
        swiftSettings: strict),
    .testTarget(
        name: "TgtServerTests",
        dependencies: [
            "TgtServer", "TgtWire", "TgtDashboardClient", "TgtApplication", "TgtTestSupport", "TgtStore", "TgtDomain", "TgtTelegram", "TgtSimulator", "TgtTDLib",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        swiftSettings: strict),
    .testTarget(
        name: "TgtCLITests", dependencies: ["TgtTestSupport", "TgtStore", "TgtDomain", "TgtApplication", "TgtSimulator"],
        swiftSettings: strict),
]
#endif
