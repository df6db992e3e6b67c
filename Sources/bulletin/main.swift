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

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
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

let dependencies: AppDependencies
/// What Home's status line says at the start (`--reset-embedded`'s outcome), if anything.
var notice: String?
do {
    let factory = SourceFactory(
        timeout: options.timeout, maxResponseMB: options.maxResponseMB, readOnly: options.readOnly,
        githubToken: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
    if options.resetsEmbedded { notice = try factory.resetEmbedded() }
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
        let app = try Application(dependencies: dependencies, usesMouse: options.usesMouse)
        app.run(opening: options.link, notice: notice)
    } catch {
        printError("cannot start the terminal: \(error)")
        exit(2)
    }
}
