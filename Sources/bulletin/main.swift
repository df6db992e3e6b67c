// The composition root: parse the command line, build the data source, check the terminal,
// start the app, and run the main dispatch queue until the user quits.
import BulletinData
import BulletinFeatures
import Foundation
import TermView

/// Prints `message` to stderr as `bulletin: message`.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("bulletin: \(message)\n".utf8))
}

// `bulletin import …`, `bulletin export …`, `bulletin db …`: a command, not the app.
do {
    if let command = try DatabaseCommand.parse(Array(CommandLine.arguments.dropFirst())) {
        let terminal = isatty(STDERR_FILENO) == 1
        if let partial = command.partialOutput { PartialOutputCleanup.install(removing: partial) }
        let line = try command.run(progress: terminal ? { fraction, collection in
            let cells = 30
            let full = Int((fraction * Double(cells)).rounded(.down))
            let bar = String(repeating: "█", count: min(cells, full)) + String(repeating: "░", count: max(0, cells - full))
            FileHandle.standardError.write(Data("\r\(bar) \(Int(fraction * 100))% \(collection)\u{1B}[K".utf8))
        } : nil, echo: { print($0) })
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        print(line)
        exit(0)
    }
} catch let error as LaunchError {
    printError(error.description)
    exit(2)
} catch {
    printError("\(error)")
    exit(1)
}

var options: LaunchOptions
do {
    options = try LaunchOptions.scan(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError(error.description)
    exit(2)
}
if options.showsHelp {
    print(LaunchOptions.usage)
    exit(0)
}
if options.showsManPage {
    print(ManPage.roff, terminator: "")
    exit(0)
}
if let shell = options.completionShell, let script = CompletionScript.script(for: shell) {
    print(script, terminator: "")
    exit(0)
}
if options.showsVersion {
    print("bulletin \(LaunchOptions.version)")
    exit(0)
}

/// What Home's status line says at the start (a settings file not used, `--reset-embedded`'s outcome).
var notices: [String] = []

// The settings file: a bad one is said on stderr and on Home, and the run starts with the defaults.
let settingsPath = options.configPath ?? Settings.defaultPath()
var (settings, settingsProblem) = Settings.load(path: settingsPath, required: options.configPath != nil)
var colorChanges: [Style: LookChange] = [:]
do throws(SettingsError) {
    colorChanges = try SettingsColors.changes(settings.colors, path: settingsPath)
} catch {
    (settings, settingsProblem) = (Settings(), error)
}
if options.listsSources {
    for source in settings.sources { print(source.name) }
    exit(0)
}
if let settingsProblem {
    printError("\(settingsProblem) (starting with the defaults)")
    notices.append("Settings not used: \(settingsProblem)")
}
do {
    try options.apply(settings)
} catch {
    if case .unknownSource = error { printError("\(error.description); settings: \(settingsPath)") } else { printError(error.description) }
    exit(2)
}

let dependencies: AppDependencies
do {
    var factory = SourceFactory(
        timeout: options.timeout, maxResponseMB: options.maxResponseMB, readOnly: options.readOnly,
        githubToken: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
    factory.map = options.map
    factory.live = options.live
    if options.resetsEmbedded { notices.append(try factory.resetEmbedded()) }
    // A missing file, or one SQLite does not read as a database, is a bad argument: said here.
    try factory.checkFile(of: options.source)
    dependencies = try factory.dependencies(for: options.source)
} catch {
    printError(error.description)
    exit(2)
}

if let reason = TerminalCheck.current() {
    printError(reason)
    exit(2)
}

MainActor.assumeIsolated {
    do {
        let app = try Application(dependencies: dependencies, usesMouse: options.usesMouse, colors: colorChanges)
        app.run(opening: options.link, notice: notices.isEmpty ? nil : notices.joined(separator: " · "))
    } catch {
        printError("cannot start the terminal: \(error)")
        exit(2)
    }
}
