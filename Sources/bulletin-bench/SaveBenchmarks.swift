import BulletinData
import Dispatch
import Foundation

/// `bulletin-bench --save FILE [--runs N]`: Ctrl-S on one post and the two exports, in process,
/// on FILE, a scratch copy of a bench data file that the saves change (never the data file
/// itself). FILE is opened through ``FileDataSource`` as the Posts list opens it (the file
/// indexed, ``DataSource/postListing(partial:)``; the post in the middle decoded); then:
///
/// - `save (first after load)`: per run a fresh source (the file opened again) and writer, so
///   each save is the first Ctrl-S after opening, with no head start: the store holds the
///   load's index and the save makes its record map itself (from the index, or by a scan);
/// - `save (form open first)`: the same, with ``DataWriter/prepareToWrite()`` (what opening the
///   edit form starts) untimed before the timed save;
/// - `save (again)`: further saves through one writer, which reuses the record map;
/// - `record map (prepareToWrite)`: the untimed step of `form open first` timed on its own: the
///   record map the save would otherwise make (from the load's index, or by a scan);
/// - `export db.json` / `export posts CSV`: ``ExportFile`` into FILE's directory as the Admin
///   panel exports (from the source, after the saves: streamed from the mapped file), MB/s of output;
/// - peak RSS (`ru_maxrss`) after the load (the index: what browsing holds), after the saves
///   and after the exports.
///
/// Prints one JSON object: `{"load_s", "rss_load_bytes", "rss_save_bytes", "rss_export_bytes",
/// "file_bytes", "benchmarks": [Measurement]}`; `load_s` is the first open (the index pass).
enum SaveBenchmarks {
    struct Report: Encodable {
        var file_bytes: Int
        var load_s: Double
        var rss_load_bytes: Int
        var rss_save_bytes: Int
        var rss_export_bytes: Int
        /// Resident bytes now (`/proc/self/statm`) after the load and after the saves: what the
        /// saves keep (the record map, the data set's new arrays) while the peak is the load's.
        var resident_after_load_bytes: Int
        var resident_after_saves_bytes: Int
        var benchmarks: [Measurement]
    }

    static func run(path: String, runs: Int) async throws -> Report {
        let started = DispatchTime.now().uptimeNanoseconds
        var source = try await open(path)
        let loadSeconds = seconds(since: started)
        let rssLoad = peakRSS()
        let residentAfterLoad = residentNow()
        let listing = try await source.postListing(partial: nil)
        guard !listing.posts.isEmpty else { throw BenchFailure("no posts in \(path)") }
        var post = try await source.post(id: listing.posts[listing.posts.count / 2].id)
        var first: [Double] = []
        for run in 0..<runs {
            if run > 0 { source = try await reopen(path, replacing: &source) }
            post.title = "bench save \(run)"
            let writer = FileDataWriter(source: source)
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await writer.update(.post(post))
            first.append(seconds(since: start))
        }
        var prepared: [Double] = []
        var maps: [Double] = []
        for run in 0..<runs {
            source = try await reopen(path, replacing: &source)
            post.title = "bench save prepared \(run)"
            let writer = FileDataWriter(source: source)
            let mapStart = DispatchTime.now().uptimeNanoseconds
            await writer.prepareToWrite() // what opening the edit form starts, while the person types
            maps.append(seconds(since: mapStart))
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await writer.update(.post(post))
            prepared.append(seconds(since: start))
        }
        var again: [Double] = []
        let writer = FileDataWriter(source: source)
        _ = try await writer.update(.post(post))
        for run in 0..<runs {
            post.title = "bench save again \(run)"
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await writer.update(.post(post))
            again.append(seconds(since: start))
        }
        let rssSave = peakRSS()
        let residentAfterSaves = residentNow()
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var results = [summarize("save (first after load)", first), summarize("save (form open first)", prepared),
                       summarize("save (again)", again), summarize("record map (prepareToWrite)", maps)]
        for format in [ExportFormat.dbJSON, .postsCSV] {
            let target = directory + "/bench-export-" + format.suggestedFileName
            var times: [Double] = []
            var bytes = 0
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                bytes = try await ExportFile.write(format, from: source, to: target, overwrite: true).bytes
                times.append(seconds(since: start))
            }
            unlink(target)
            var measurement = summarize("export \(format.label)", times)
            measurement.note = String(format: "%.0f MB/s of output (%d bytes)", Double(bytes) / measurement.median_s / 1e6, bytes)
            results.append(measurement)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Report(file_bytes: size, load_s: loadSeconds, rss_load_bytes: rssLoad, rss_save_bytes: rssSave,
                      rss_export_bytes: peakRSS(), resident_after_load_bytes: residentAfterLoad,
                      resident_after_saves_bytes: residentAfterSaves, benchmarks: results)
    }

    /// A fresh source on `path`, opened as the Posts list opens it (the file indexed).
    private static func open(_ path: String) async throws -> FileDataSource {
        let source = FileDataSource(path: path)
        _ = try await source.postListing(partial: nil)
        return source
    }

    /// A fresh source on `path` once the one before is gone (its index and mapping freed), so
    /// the peak RSS holds one open file, as the app does.
    private static func reopen(_ path: String, replacing source: inout FileDataSource) async throws -> FileDataSource {
        source = FileDataSource(path: path) // nothing loaded: lets the old source go first
        return try await open(path)
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The process's peak resident set so far, bytes (`ru_maxrss` is in KiB on Linux).
    static func peakRSS() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// The process's resident set now, bytes (`/proc/self/statm`'s second field, in pages).
    static func residentNow() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    struct BenchFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
