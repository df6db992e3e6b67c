import CJSONIndex

/// Whether this CPU can run the index pass (CJSONIndex is compiled for AVX2, BMI1, PCLMUL and
/// LZCNT: simdjson's "haswell" level, x86-64 since 2013), asked of the CPU once (`cpuid`,
/// `ji_cpu_supported`); elsewhere files are decoded whole as before the index.
enum IndexSupport {
    static let isAvailable: Bool = ji_cpu_supported() != 0
}
