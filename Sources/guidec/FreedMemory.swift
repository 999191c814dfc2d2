/// How the process hands memory it has freed back to the system.
enum FreedMemory {
    /// glibc's `mallopt` parameter for the trim threshold (`M_TRIM_THRESHOLD` in malloc.h).
    static let trimThresholdParameter: Int32 = -1

    /// The trim threshold guidec sets: freed space at the top of the heap beyond 1 MiB is returned.
    static let trimThreshold: Int32 = 1 << 20

    /// Makes glibc return freed memory instead of keeping it; does nothing on other C libraries.
    ///
    /// By default glibc raises its mmap threshold whenever a large block is freed, so later large
    /// arrays (token and property buffers, the JSON spool) come from the heap, and the space they
    /// leave is kept: `check` of the 24 MB `--everything` benchmark peaked at 184 MB resident while
    /// its heap never passed 150 MB. Setting the trim threshold fixes both thresholds (mallopt(3)),
    /// which brought that run to 150 MB.
    static func returnToTheSystem() {
        #if canImport(Glibc)
        _ = glibcMallopt(trimThresholdParameter, trimThreshold)
        #endif
    }
}

#if canImport(Glibc)
// Glibc's module map leaves out malloc.h, so `mallopt` is declared here by its C symbol: two
// `int` arguments and an `int` result pass in the same registers under Swift's and C's
// conventions on every Linux architecture Swift supports.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
