import Foundation
import Testing

/// The trait of a test that waits a long time for something outside the process (valgrind, pip,
/// pre-commit, a browser, a Python client): its body runs on a thread of its own instead of one
/// of the cooperative pool's, which has only as many threads as the machine has cores.
///
/// Synchronous tests block the thread they run on. On a two-core machine two such tests waiting
/// for minutes held the whole pool, so every other test stood still with its time limit running:
/// in a CI run on 2026-12-01 tests of a millisecond finished after 538 s and a language-server
/// test of 6 s went past its 5-minute hang detector without having run.
///
/// The threads are not a pool: a suite of many such tests is also `.serialized`, so that they
/// do not all run at once on two cores while their time limits run.
struct ThreadOfItsOwn: TestTrait, SuiteTrait, TestScoping {
    /// Applied to a suite, every test (and test case) in it gets the trait.
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A child task, which inherits the test's task-local context, started on the executor:
        // the group waits for it, so the body never outlives this scope.
        try await withoutActuallyEscaping(function) { function in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask(executorPreference: ThreadPerJobExecutor.shared) {
                    try await function()
                }
                try await group.waitForAll()
            }
        }
    }
}

extension Trait where Self == ThreadOfItsOwn {
    /// Runs the test on a thread of its own, off the cooperative pool.
    static var onAThreadOfItsOwn: Self { ThreadOfItsOwn() }
}

/// A task executor that runs each job on a new thread: the jobs it gets are test bodies that
/// block, so a thread each costs little and never makes one wait for another.
final class ThreadPerJobExecutor: TaskExecutor {
    /// The one executor every `ThreadOfItsOwn` test runs on.
    static let shared = ThreadPerJobExecutor()

    /// The key its threads carry in their thread dictionary (Linux gives a new thread its
    /// creator's name, so a name would not tell them).
    static let marker = "guidec.ThreadPerJobExecutor"

    /// Whether the calling code runs on one of its threads.
    static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread {
            Thread.current.threadDictionary[Self.marker] = true
            job.runSynchronously(on: executor)
        }
        // Test bodies build large strings and parse them recursively; a secondary thread's
        // default stack (512 KB with Foundation on Linux) is smaller than the main thread's.
        thread.stackSize = 8 << 20
        thread.start()
    }
}
