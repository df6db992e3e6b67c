import Foundation

/// Whether this CPU can run the index pass (CJSONIndex is compiled for AVX2, BMI1, PCLMUL and
/// LZCNT: simdjson's "haswell" level, x86-64 since 2013). Read once from `/proc/cpuinfo`'s
/// flags; elsewhere (no such file, another CPU) files are decoded whole as before the index.
enum IndexSupport {
    static let isAvailable: Bool = {
        #if arch(x86_64)
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
        else { return false }
        let flags = Set(line.split(separator: " ").map(String.init))
        return ["avx2", "bmi1", "pclmulqdq", "abm"].allSatisfy(flags.contains)
        #else
        return false
        #endif
    }()
}
