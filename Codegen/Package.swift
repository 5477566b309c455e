// swift-tools-version:6.1
// The code generator behind Sources/*/Generated/: swift-openapi-generator, pinned, built apart
// from the app so that building `tgt` never builds it. scripts/generate-openapi.sh builds and
// runs it (with --check, CI's test that the committed code matches openapi.yaml); see
// docs/install.md, "The generated API code".
import PackageDescription

let package = Package(
    name: "TgtCodegen",
    dependencies: [
        // Exactly the generator the committed code came from: another version may write other
        // code from the same document, which --check would then report as stale.
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        // And what reads the document (Package.resolved stays out of git): a newer OpenAPIKit
        // or Yams could read the same YAML into other code.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),  // as the generator asks
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: []
)
