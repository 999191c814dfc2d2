import Foundation
import Testing

/// `ThreadOfItsOwn` keeps blocked tests off the cooperative pool, and what they expect is still
/// theirs.
struct ThreadOfItsOwnTests {
    /// More jobs than the machine has cores all block until every one has started: on the
    /// cooperative pool, whose threads are as many as the cores, the last could never start.
    @Test func moreBlockedJobsThanCoresAllRun() async {
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let waitedInVain = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask(executorPreference: ThreadPerJobExecutor.shared) {
                    started.signal()
                    // A hang detector, not a speed check: the jobs take microseconds.
                    return release.wait(timeout: .now() + 120) == .timedOut
                }
            }
            // Every job must start while all the others are still blocked.
            var allStarted = true
            for _ in 0..<count where started.wait(timeout: .now() + 120) == .timedOut { allStarted = false }
            for _ in 0..<count { release.signal() }
            var timedOut = !allStarted
            for await result in group { timedOut = timedOut || result }
            return timedOut
        }
        #expect(!waitedInVain, "\(count) blocked jobs did not all run at once")
    }

    /// A synchronous test with the trait runs on a thread the executor started.
    @Test(.onAThreadOfItsOwn) func aSynchronousBodyRunsOnAThreadOfItsOwn() {
        #expect(ThreadPerJobExecutor.isCurrent)
    }

    /// An expectation that fails on the thread of its own is recorded against its test.
    @Test(.onAThreadOfItsOwn) func aFailedExpectationStillBelongsToItsTest() {
        withKnownIssue("recorded on the test's own thread") {
            #expect(Bool(false))
        }
    }
}
