// swift-tools-version:6.0
// Bulletin: a full-screen terminal browser for users, posts and comments (MVVM-C over ncursesw).
// Layers point one way: bulletin → BulletinUI → TermView → CNcurses, and
// BulletinUI → BulletinFeatures → MVVMC / BulletinData → CCurl (libcurl), CSQLite, CPostgres (libpq); TermView and
// BulletinFeatures both stand on ViewState (pure Swift state that widgets draw and view
// models own). MVVMC, BulletinData and BulletinFeatures do not depend on TermView or CNcurses,
// so the compiler keeps view models free of ncurses. No outside packages: only the toolchain and Debian's -dev packages.
import PackageDescription

let package = Package(
    name: "Bulletin",
    // macOS 15 for Synchronization.Mutex; Linux is the target.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bulletin", targets: ["bulletin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libcurl (Debian's libcurl4-openssl-dev) for HTTP; only BulletinData/Networking imports it.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // SQLite (Debian's libsqlite3-dev) for database files; only BulletinData/SQLite imports it.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libpq (Debian's libpq-dev) for PostgreSQL servers; only BulletinData/Postgres imports it.
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "CTerminalSafety"),
        .target(name: "CByteSearch"),
        // The db.json index pass: C++ over simdjson On-Demand (Debian libsimdjson-dev) behind a
        // C header, so no C++ reaches Swift. -O2 even in debug builds: simdjson is mostly inline
        // templates, and unoptimized they are ~20x slower. On-Demand is compiled for one CPU
        // level only (simdjson 3.0 has no run-time dispatch for it): AVX2 ("haswell"); Swift
        // calls it only when the CPU has those instructions (`IndexSupport.isAvailable`), else
        // files are decoded whole as before.
        .target(
            name: "CJSONIndex",
            // SIMDJSON_THREADS_ENABLED as `pkg-config --cflags simdjson` gives it: the library was
            // built with it, and it changes the layout of simdjson's parser classes.
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
                .unsafeFlags(["-O2", "-mavx2", "-mbmi", "-mpclmul", "-mlzcnt"]),
            ],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // View state that widgets draw and view models own (list selection and scroll, text
        // editing, dialog choice): pure Swift, below both TermView and BulletinFeatures.
        .target(name: "ViewState"),
        .target(name: "TermView", dependencies: ["CNcurses", "CTerminalSafety", "ViewState"]),
        .target(name: "MVVMC"),
        .target(name: "BulletinData", dependencies: ["CCurl", "CJSONIndex", "CSQLite", "CPostgres"], resources: [.copy("Resources/embedded.json")]),
        .target(name: "BulletinFeatures", dependencies: ["MVVMC", "BulletinData", "CByteSearch", "ViewState"]),
        .target(name: "BulletinUI", dependencies: ["TermView", "BulletinFeatures", "BulletinData", "MVVMC", "ViewState"]),
        .executableTarget(
            name: "bulletin",
            dependencies: ["BulletinUI", "BulletinFeatures", "BulletinData", "TermView"]
        ),
        .executableTarget(name: "bulletin-bench", dependencies: ["BulletinData", "BulletinFeatures", "MVVMC", "TermView", "ViewState"]),
        .target(name: "CSpawnSupport", path: "Tests/CSpawnSupport"),
        .target(
            // Testing: SharedData skips the running test (Test.cancel) when ../shared is absent.
            name: "BulletinTestSupport", dependencies: ["BulletinData", "CSpawnSupport"], path: "Tests/BulletinTestSupport"
        ),
        .testTarget(name: "ViewStateTests", dependencies: ["ViewState"]),
        // Test-only child for SignalRoutingTests: the event loop beside threads that block no signal.
        .executableTarget(name: "bulletin-signal-probe", dependencies: ["TermView"], path: "Tests/SignalProbe"),
        .testTarget(
            name: "TermViewTests",
            dependencies: ["TermView", "CTerminalSafety", "ViewState", "BulletinTestSupport", "bulletin-signal-probe"]
        ),
        .testTarget(name: "MVVMCTests", dependencies: ["MVVMC"]),
        // Test-only child for the SIGKILL test: loops saves of one record through FileDataWriter.
        .executableTarget(name: "bulletin-save-loop", dependencies: ["BulletinData"], path: "Tests/SaveLoop"),
        .testTarget(
            name: "BulletinDataTests", dependencies: ["BulletinData", "BulletinTestSupport", "bulletin-save-loop"]
        ),
        .testTarget(
            name: "BulletinFeaturesTests",
            dependencies: ["BulletinFeatures", "BulletinData", "MVVMC", "ViewState", "BulletinTestSupport"]
        ),
        .testTarget(
            name: "BulletinUITests",
            dependencies: ["BulletinUI", "BulletinFeatures", "BulletinData", "MVVMC", "TermView", "ViewState", "BulletinTestSupport"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["bulletin", "BulletinData", "BulletinFeatures", "BulletinTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
