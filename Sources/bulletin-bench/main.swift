// bulletin-bench: in-process micro-benchmarks of Bulletin's hot paths, for `make bench`.
//
//     bulletin-bench --data bench/data/posts-10k.json [--iterations 20] [--find-rows 100000,1000000]
//
// Prints one JSON object, {"benchmarks": [{name, median_s, p95_s, iterations, note}], "sink": n},
// to stdout. Each hot path is timed beside a baseline measured in the same run where one makes
// sense (Foundation's JSONSerialization beside the JSONDecoder path; plain Surface writes
// beside TableView; splitting on spaces beside TextLayout.wrap; a naive String.range filter
// and String sorting beside the list filter and sort), and `note` gives the ratio.
// `--find-rows` gives the list sizes of the filter and sort benchmarks (rows made in process
// from the data set's titles and names; see FindRows).
import BulletinData
import BulletinFeatures
import Foundation
import TermView

setlocale(LC_ALL, "")   // DisplayWidth uses wcwidth, which needs a UTF-8 locale

// `--save FILE [--runs N]`: the save and export benchmarks alone (SaveBenchmarks), on a
// scratch copy; nothing else is loaded, so the peak RSS is the save's.
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--save" {
    let runs = CommandLine.arguments.count >= 5 && CommandLine.arguments[3] == "--runs" ? Int(CommandLine.arguments[4]) ?? 5 : 5
    do {
        let report = try await SaveBenchmarks.run(path: CommandLine.arguments[2], runs: runs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(report))
        FileHandle.standardOutput.write(Data("\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("bulletin-bench --save: \(error)\n".utf8))
        exit(1)
    }
}

// `--export FILE FORMAT OUT`: one export as the Admin panel makes it (ExportBenchmarks).
if CommandLine.arguments.count >= 5, CommandLine.arguments[1] == "--export" {
    do {
        let arguments = CommandLine.arguments
        let report = try await ExportBenchmarks.run(path: arguments[2], format: arguments[3], output: arguments[4])
        FileHandle.standardOutput.write(try JSONEncoder().encode(report))
        FileHandle.standardOutput.write(Data("\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("bulletin-bench --export: \(error)\n".utf8))
        exit(1)
    }
}

// `--search FILE [--iterations N] [--old]`: Search on a file source alone (SearchBenchmarks).
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--search" {
    let rest = Array(CommandLine.arguments.dropFirst(3))
    let runs = rest.firstIndex(of: "--iterations").flatMap { rest.indices.contains($0 + 1) ? Int(rest[$0 + 1]) : nil } ?? 5
    do {
        let report = try await SearchBenchmarks.run(path: CommandLine.arguments[2], iterations: runs, old: rest.contains("--old"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(report))
        FileHandle.standardOutput.write(Data("\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("bulletin-bench --search: \(error)\n".utf8))
        exit(1)
    }
}

// `--pg-load URL ACCEPTED [--clients N] [--seconds S] [--posts N] [--hot N]`: issue 26's load
// (PostgresLoadBenchmarks) on a database bench/postgres_load.py made.
if CommandLine.arguments.count >= 4, CommandLine.arguments[1] == "--pg-load" {
    let rest = Array(CommandLine.arguments.dropFirst(4))
    func option(_ name: String, _ fallback: Double) -> Double {
        rest.firstIndex(of: name).flatMap { rest.indices.contains($0 + 1) ? Double(rest[$0 + 1]) : nil } ?? fallback
    }
    let report = await PostgresLoadBenchmarks.run(url: CommandLine.arguments[2], clients: Int(option("--clients", 20)),
                                                  seconds: option("--seconds", 60), posts: Int(option("--posts", 1_000_000)),
                                                  hot: Int(option("--hot", 100)), accepted: CommandLine.arguments[3])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(report))
    FileHandle.standardOutput.write(Data("\n".utf8))
    exit(0)
}

var dataPath: String?
var openPath: String?
var openListPath: String?
var iterations = 20
var findRows = [100_000, 1_000_000]
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--data": dataPath = arguments.next()
    case "--open": openPath = arguments.next()
    case "--open-list": openListPath = arguments.next()
    case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
    case "--find-rows": findRows = (arguments.next() ?? "").split(separator: ",").compactMap { Int($0) }
    default:
        FileHandle.standardError.write(Data("usage: bulletin-bench --data FILE [--iterations N] [--find-rows N,N] | --open FILE [--iterations N] | --open-list FILE [--iterations N]\n".utf8))
        exit(2)
    }
}
if let openListPath {
    // The Posts list's whole open (view model, no terminal) `iterations` times, as JSON.
    let runs = await ListOpenBenchmarks.run(path: openListPath, iterations: iterations)
    FileHandle.standardOutput.write(try JSONEncoder().encode(["runs": runs]))
    FileHandle.standardOutput.write(Data("\n".utf8))
    exit(0)
}
if let openPath {
    // Only the open figures: index the file `iterations` times, print the runs as JSON.
    let plain = ProcessInfo.processInfo.environment["BULLETIN_BENCH_PLAIN"] == "1"
    let runs = await IndexBenchmarks.run(path: openPath, iterations: iterations, streaming: !plain)
    FileHandle.standardOutput.write(try JSONEncoder().encode(["runs": runs]))
    FileHandle.standardOutput.write(Data("\n".utf8))
    exit(0)
}
guard let dataPath, let data = FileManager.default.contents(atPath: dataPath) else {
    FileHandle.standardError.write(Data("bulletin-bench: cannot read --data FILE\n".utf8))
    exit(2)
}

let dataSet: DataSet
do {
    dataSet = try JSONDecoding.decode(DataSet.self, from: data, location: dataPath)
} catch {
    FileHandle.standardError.write(Data("bulletin-bench: \(error)\n".utf8))
    exit(1)
}

// Top-level code runs on the main actor (ListFinder's passes hop back to it to apply).
let results = DecodeBenchmarks.run(data: data, iterations: iterations)
    + RenderBenchmarks.run(users: dataSet.users, iterations: max(iterations, 50))
    + FooterBenchmarks.run(iterations: max(iterations, 50))
    + WrapBenchmarks.run(posts: dataSet.posts, iterations: iterations)
    + (await FindBenchmarks.run(dataSet: dataSet, sizes: findRows, iterations: iterations))

struct Report: Encodable {
    var benchmarks: [Measurement]
    var sink: Int
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
FileHandle.standardOutput.write(try encoder.encode(Report(benchmarks: results, sink: sink)))
FileHandle.standardOutput.write(Data("\n".utf8))
