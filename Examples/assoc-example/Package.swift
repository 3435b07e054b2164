// swift-tools-version: 6.0
// An example of assoc's libraries used from another package: docs/library.md shows its code, and
// `make examples` (part of `make check`) builds it, so the libraries' public API cannot change
// without this failing to compile.
import PackageDescription

let package = Package(
    name: "assoc-example",
    dependencies: [
        // Your package would name a release instead: .package(url: "…/assoc.git", from: "1.0.0").
        .package(name: "assoc", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "assoc-example",
            dependencies: [
                .product(name: "XDGSupport", package: "assoc"),
                .product(name: "MIMEDatabase", package: "assoc"),
                .product(name: "Associations", package: "assoc"),
                .product(name: "DocumentProvider", package: "assoc"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
