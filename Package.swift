// swift-tools-version:6.0
// tteok — a terminal chat client for regional communities.
// Only the toolchain and Debian's C libraries: no outside Swift package can be fetched here.
import PackageDescription

/// The commit `tteok --version` prints. scripts/build-release.sh (used by install.sh and run.sh)
/// sets TTEOK_STAMP_COMMIT=1 and builds with `--manifest-cache none`, and gets the checkout's HEAD
/// (`-dirty` with uncommitted changes). Any other build says "unknown": SwiftPM caches this
/// manifest's result, so a plain `swift build` would otherwise print an old commit as current.
let buildCommit: String = {
    guard Context.environment["TTEOK_STAMP_COMMIT"] == "1", let git = Context.gitInformation else { return "unknown" }
    return String(git.currentCommit.prefix(12)) + (git.hasUncommittedChanges ? "-dirty" : "")
}()

/// For the modules whose `Codable` values cross the service's socket: the compiler's code reaches
/// a generic type's metadata (`KeyedDecodingContainer<CodingKeys>`…) through its accessor, not
/// by mangled name. By name, the runtime decodes the name and looks up each conformance it needs
/// by scanning every conformance record of the binary, once per type: about a sixth of a
/// client's start-up CPU (3–4 ms of 17, `perf`), most of it on the thread that reads the
/// service's answers (issue 20's exec row). About 30 KB of binary for these two modules (98 KB
/// for every module, which the start does not need).
let directMetadataAccess: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

/// The folders `pkg-config --cflags chafa` names: chafa's headers, glib's (which chafa's include),
/// and the two configuration headers kept under the architecture's library folder. Given as
/// flags, not through `.systemLibrary(pkgConfig:)`: SwiftPM would also link every library the .pc
/// file names into each product, and libchafa and glib are opened with dlopen instead
/// (CImageLibraries). For CImageLibraries' C files only: flags do not reach the modules that
/// import a module, and the test runner SwiftPM generates imports them all, so no Swift module
/// sees chafa's header (CImageLibraries' chafa_drawing.h has plain C types). `-isystem`, as for
/// any system header: their warnings are not ours.
let chafaHeaderFlags: [String] = {
    #if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
    #else
    let multiarch = "x86_64-linux-gnu"
    #endif
    return ["/usr/include/chafa", "/usr/lib/\(multiarch)/chafa/include", "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include"]
        .flatMap { ["-isystem", $0] }
}()

let package = Package(
    name: "tteok",
    platforms: [.macOS(.v13)],
    products: [
    ],
    targets: [
        // System libraries (module.modulemap + shim.h).
        // No pkgConfig for ncursesw: its cflags (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600) are "prohibited
        // flags" to SwiftPM and warn; shim.h defines what wide ncurses needs and the modulemap links it.
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypt", providers: [.apt(["libcrypt-dev"])]),
        // The image decoders (Debian's security-supported libraries, not a vendored or header-only
        // copy): these modules give their headers only. Nothing is linked: CImageLibraries defines
        // the functions ImagePreview and these shims call and opens each library with dlopen at its
        // first use, so a start of tteok that shows no image does not load them. No pkgConfig
        // either (SwiftPM would link what the .pc names): png.h and webp/decode.h are in /usr/include.
        .systemLibrary(name: "CPng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
        // The image libraries' functions, each library opened with dlopen on first use, and
        // libchafa's drawing behind plain C types (headers: libchafa-dev, libglib2.0-dev).
        .target(name: "CImageLibraries", cSettings: [.unsafeFlags(chafaHeaderFlags)]),
        // libcurl opened with dlopen by the Matrix transport (header-only shim, nothing linked).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4"])]),
        // libolm (Olm/Megolm, SAS, PK): deprecated upstream for vodozemac, which Debian does not
        // package as a C library; used only by MatrixCrypto, behind its own protocol.
        .systemLibrary(name: "COlm", providers: [.apt(["libolm-dev"])]),
        // OpenSSL's libcrypto: AES-CTR, HMAC-SHA-256, PBKDF2 for secret storage, key export and
        // verification (libolm has them inside but does not export them). Only MatrixCrypto imports it.
        // Not linked: opened with dlopen on first use (libcrypto_lazy.c), so a start of tteok that
        // never decrypts does not load it (headers: Debian's libssl-dev; at run time libssl3).
        .target(name: "CLibcrypto"),
        // libsodium's Ed25519 check, for the signature on every Megolm message (twice libolm's
        // speed here). Only MatrixCrypto imports it.
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),

        // Domain: values, the ChatService protocol, the rules.
        .target(name: "ChatCore", swiftSettings: directMetadataAccess),
        .testTarget(name: "ChatCoreTests", dependencies: ["ChatCore", "TestSupport"]),

        // A strict pull scanner over JSON bytes, for the hand-written readers of the other modules
        // (the sliding-sync window's). Depends on nothing but the standard library: no Foundation.
        .target(name: "JSONScan"),
        .testTarget(name: "JSONScanTests", dependencies: ["JSONScan", "TestSupport"]),

        // Matrix backend: typed HTTP client, sync engine, local cache.
        .target(name: "Matrix", dependencies: ["ChatCore", "Storage", "CCurl", "MatrixCrypto", "JSONScan"]),
        .testTarget(name: "MatrixTests", dependencies: ["Matrix", "JSONScan", "ChatCore", "TestSupport", "ImagePreview", "TUI", "ViewModels"]),

        // End-to-end encryption: Olm/Megolm over libolm behind the EndToEndCrypto protocol. No ChatCore.
        .target(name: "MatrixCrypto", dependencies: ["COlm", "CLibcrypto", "CSodium", "Storage", "JSONScan"]),
        .testTarget(name: "MatrixCryptoTests", dependencies: ["MatrixCrypto", "Storage", "TestSupport"]),

        // SQLite layer: connection, statements, migrations, change events, cross-process watcher.
        .target(name: "Storage", dependencies: ["CSQLite"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "TestSupport"]),

        // Terminal UI: canvas, display width, keys, line editor, themes, app loop — knows no ncurses.
        .target(name: "TUI", dependencies: ["ViewModels", "ChatCore"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "ViewModels", "ChatCore", "LocalStore", "TestSupport", "ImagePreview"]),

        // The embedded community: ChatService on a shared SQLite file.
        .target(name: "LocalStore", dependencies: ["ChatCore", "Storage", "CCrypt"]),
        .testTarget(name: "LocalStoreTests", dependencies: ["LocalStore", "ChatCore", "Storage", "TestSupport"]),
        // Child process for LocalStore's multi-process tests: signs up and posts N messages.
        .executableTarget(name: "tteok-store-stress", dependencies: ["LocalStore", "ChatCore"]),
        // The community service's load budget: many clients posting together (see its header).
        .executableTarget(name: "tteok-service-load", dependencies: ["CommunityClient", "ChatCore"]),

        // The community service: wire frames shared by service and client, the service itself
        // (the only process that opens the community file), and ChatService over its socket.
        .target(name: "CommunityProtocol", dependencies: ["ChatCore"], swiftSettings: directMetadataAccess),
        .testTarget(name: "CommunityProtocolTests", dependencies: ["CommunityProtocol", "ChatCore"]),
        .target(name: "CommunityServer", dependencies: ["LocalStore", "CommunityProtocol", "ChatCore"]),
        .target(name: "CommunityClient", dependencies: ["CommunityProtocol", "ChatCore"]),
        // The service with real processes: real Unix users (created and removed by the tests, as root), the real binary.
        .testTarget(name: "CommunityServiceTests", dependencies: ["CommunityServer", "CommunityClient", "CommunityProtocol", "LocalStore", "ChatCore", "ViewModels",
                                                                 "TestSupport", "tteok"]),

        // The ncurses backend: the only importer of CNcurses.
        .target(name: "NcursesTerminal", dependencies: ["TUI", "CNcurses", "CNcursesCells"]),
        // The backend's writer of changed cells, in C (ncurses' line records), compiled optimised.
        // DWARF 4: valgrind 3.19 (scripts/callgrind-live.sh) cannot read clang's DWARF 5.
        .target(name: "CNcursesCells", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // A tiny full-screen program over the real backend, driven in tmux by NcursesTerminalTests.
        .executableTarget(name: "tteok-termcheck", dependencies: ["TUI", "NcursesTerminal"]),
        .testTarget(name: "NcursesTerminalTests", dependencies: ["NcursesTerminal", "TUI", "TestSupport", "tteok-termcheck"]),

        // Helpers shared by test targets (temporary stores, the test Synapse, the recording terminal).
        .target(name: "TestSupport", dependencies: ["TUI", "LocalStore", "ChatCore", "Storage", "CommunityProtocol"], path: "Sources/TestSupport"),

        // View models: lifecycle, navigator, one model per screen. No terminal, no backend.
        .target(name: "ViewModels", dependencies: ["ChatCore"]),
        .testTarget(name: "ViewModelsTests", dependencies: ["ViewModels", "ChatCore", "LocalStore", "Storage", "TestSupport"]),

        // Images: decoding (libpng, libjpeg-turbo, giflib, libwebp), file checks, previews as cells (libchafa).
        .target(name: "ImagePreview", dependencies: ["CImageLibraries", "CPng", "CJpeg", "CGif", "CWebP", "ChatCore", "TUI"]),
        .testTarget(name: "ImagePreviewTests", dependencies: ["ImagePreview", "TUI", "ChatCore", "TestSupport"]),

        // The commit the executable was built from (a C string define: Swift has none).
        .target(name: "CBuildInfo", cSettings: [.define("TTEOK_COMMIT", to: "\"\(buildCommit)\"")]),

        // The executable: composition root, option parsing, scripting commands.
        .executableTarget(name: "tteok", dependencies: ["TUI", "NcursesTerminal", "ChatCore", "LocalStore", "ViewModels", "Matrix", "ImagePreview",
                                                "CommunityServer", "CommunityClient", "CBuildInfo"]),
        .testTarget(name: "CLITests", dependencies: ["tteok", "ChatCore", "LocalStore", "TestSupport", "TUI"]),
        // The real interactive binary in tmux, the same scenarios on the embedded store and on Synapse.
        .testTarget(name: "EndToEndTests", dependencies: ["tteok", "TestSupport"]),

        // The benchmark: builds a 1M-message store and prints the performance budgets table.
        .executableTarget(name: "tteok-bench", dependencies: ["ChatCore", "Storage", "LocalStore", "CommunityProtocol", "CommunityClient", "ViewModels", "TUI", "Matrix", "MatrixCrypto"]),
        .testTarget(name: "BenchTests", dependencies: ["tteok-bench", "TUI"]),
    ]
)

// Fuzzing: `scripts/fuzz.sh` sets TTEOK_FUZZ=1 and builds this with `-sanitize=fuzzer` into its own
// build directory. Not part of ordinary builds: it links libFuzzer's driver and reads the Matrix
// decoders through `@testable import` (debug builds only).
if Context.environment["TTEOK_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "tteok-fuzz", dependencies: ["TUI", "ChatCore", "Matrix", "ImagePreview"]))
}
