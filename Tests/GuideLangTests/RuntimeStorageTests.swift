import Foundation
import GuideIR
@testable import GuideRuntime
import GuideRuntimeStorage
import Testing

/// The stores: a state round-trips through its JSON; the file store replaces its file
/// atomically, reports and replaces a damaged or newer file (keeping it aside), and a damaged
/// entry loses only itself.
struct RuntimeStorageTests {
    static let sample: RuntimeState = {
        var state = RuntimeState()
        state.showings["walletoy.welcome"] = ShowingRecord(version: 2, count: 1, lastShown: 1_700_000_000.5)
        state.guides["welcome"] = GuideRecord(version: 2, ending: .completed, completedVersion: 2, displaySeconds: 12.25)
        state.guides["home-tips"] = GuideRecord(version: 1, position: .step(tour: "basics", step: "split"), displaySeconds: 3)
        state.guides["crop"] = GuideRecord(invalidation: .event("photo-cropped"))
        state.guides["brief"] = GuideRecord(version: 1, ending: .dismissed, displaySeconds: 30, invalidation: .maxDuration)
        state.guides["pages"] = GuideRecord(version: 1, position: .page("map"))
        state.lastShownAt = 1_700_000_000.5
        state.parameters.restore("is-pro", to: .bool(true))
        state.parameters.restore("level", to: .number(3.5))
        state.parameters.restore("plan", to: .string("family \"max\""))
        state.events.record("app-opened", at: 10)
        state.events.record("app-opened", at: 5)
        return state
    }()

    @Test func stateRoundTripsThroughItsJSON() {
        let bytes = RuntimeStateCoding.encode(Self.sample)
        let (state, problems) = RuntimeStateCoding.decode(bytes)
        #expect(problems.isEmpty)
        #expect(state == Self.sample)
        #expect(RuntimeStateCoding.encode(state) == bytes)
        #expect(state.events.times["app-opened"] == [5, 10])
    }

    /// A damaged entry is dropped alone, with a problem naming it; every other guide's state is kept.
    @Test func aDamagedEntryLosesOnlyItself() throws {
        var text = String(decoding: RuntimeStateCoding.encode(Self.sample), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"ending\":\"completed\"", with: "\"ending\":\"finished\"")
        let (state, problems) = RuntimeStateCoding.decode(Array(text.utf8))
        #expect(problems.map(\.kind) == [.unreadableEntry])
        #expect(problems.first?.message.contains("'welcome'") == true)
        var expected = Self.sample
        expected.guides["welcome"] = nil
        #expect(state == expected)
    }

    static func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("guides.json").path
    }

    @Test func fileStoreKeepsTheStateAcrossLaunches() throws {
        let path = try Self.scratch()
        var store = FileStateStore(path: path)
        let fresh = store.load()
        #expect(fresh.state == RuntimeState() && fresh.problems.isEmpty)
        #expect(store.save(Self.sample) == nil)
        var again = FileStateStore(path: path)
        let loaded = again.load()
        #expect(loaded.state == Self.sample && loaded.problems.isEmpty)
        // No temporary file is left behind.
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["guides.json"])
    }

    /// A file that is not a state, or a state of a newer version, is reported, set aside and
    /// replaced by a fresh state that the next launch reads without a problem.
    @Test(arguments: [
        ("{\"format\": \"guide-runtime-state\", \"version\": 1, \"guides\": {\"a\": ", StoreProblem.Kind.corrupt),
        ("\u{0}\u{1}garbage", .corrupt),
        ("[]", .corrupt),
        ("{\"format\": \"guide-runtime-state\", \"version\": 7, \"guides\": {}}", .futureVersion),
    ])
    func unreadableFilesAreReportedAndReplaced(content: String, kind: StoreProblem.Kind) throws {
        let path = try Self.scratch()
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        var store = FileStateStore(path: path)
        let loaded = store.load()
        #expect(loaded.problems.map(\.kind) == [kind])
        #expect(loaded.state == RuntimeState())
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.setAsidePath)) == Data(content.utf8))
        var next = FileStateStore(path: path)
        #expect(next.load().problems.isEmpty)
    }

    /// Truncated anywhere, a state file never traps: it reads as a fresh state with a problem.
    @Test func everyTruncationIsReportedNeverATrap() {
        let bytes = RuntimeStateCoding.encode(Self.sample)
        for length in 0..<(bytes.count - 1) {
            let (state, problems) = RuntimeStateCoding.decode(Array(bytes[..<length]))
            #expect(problems.map(\.kind) == [.corrupt], "cut at \(length)")
            #expect(state == RuntimeState())
        }
    }

    @Test func userDefaultsStoreKeepsAndRecovers() throws {
        let suite = "guidec-runtime-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        var store = UserDefaultsStateStore(defaults: defaults, key: "state")
        #expect(store.load().state == RuntimeState())
        #expect(store.save(Self.sample) == nil)
        #expect(UserDefaultsStateStore(defaults: defaults, key: "state").loaded.state == Self.sample)
        defaults.set("not data", forKey: "state")
        let damaged = store.load()
        #expect(damaged.problems.map(\.kind) == [.corrupt] && damaged.state == RuntimeState())
        #expect(defaults.string(forKey: "state.unreadable") == "not data")
        #expect(store.load().problems.isEmpty)
    }

    /// A second and a third unreadable value never replace the copy of the first: each is kept
    /// under a name of its own, which its problem names.
    @Test func unreadableCopiesAreNeverOverwritten() throws {
        let path = try Self.scratch()
        let contents = ["first", "second", "third"]
        var kept: [String] = []
        for garbage in contents {
            try Data(garbage.utf8).write(to: URL(fileURLWithPath: path))
            var store = FileStateStore(path: path)
            let problems = store.load().problems
            #expect(problems.map(\.kind) == [.corrupt])
            kept.append(try #require(problems.first?.message.components(separatedBy: "; kept as ").dropFirst().first, "\(problems)"))
        }
        #expect(kept == [path + ".unreadable", path + ".unreadable-2", path + ".unreadable-3"])
        for (copy, garbage) in zip(kept, contents) { #expect(try String(contentsOfFile: copy, encoding: .utf8) == garbage) }

        let suite = "guidec-runtime-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        var store = UserDefaultsStateStore(defaults: defaults, key: "state")
        for garbage in contents {
            defaults.set(garbage, forKey: "state")
            #expect(store.load().problems.map(\.kind) == [.corrupt])
        }
        #expect(["state.unreadable", "state.unreadable-2", "state.unreadable-3"].map { defaults.string(forKey: $0) } == contents)
    }

    /// `load` removes a temporary file of an ended process of this machine, and leaves one of
    /// another machine (sharing the folder, its processes cannot be seen) and other files alone.
    @Test func onlyThisMachinesAbandonedTemporaryFilesAreRemoved() throws {
        let path = try Self.scratch()
        let folder = (path as NSString).deletingLastPathComponent
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let names = [".guides.json.\(FileStateStore.hostName())-\(ended.processIdentifier).a1B2c3",
                     ".guides.json.another-machine-\(ended.processIdentifier).a1B2c3", ".guides.json.notes", "guides.json.bak"]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        var store = FileStateStore(path: path)
        _ = store.load()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == names.dropFirst().sorted())
    }

    /// Two stores of one file saving at once on two threads never share a temporary file: every
    /// save succeeds and the file is always a whole state.
    @Test func concurrentSavesOfOneFileNeverMix() async throws {
        let path = try Self.scratch()
        let failures = await withTaskGroup(of: [StoreProblem].self) { group in
            for writer in 0..<2 {
                group.addTask(executorPreference: ThreadPerJobExecutor.shared) {
                    var store = FileStateStore(path: path)
                    var state = Self.sample
                    // Many events make each write long enough for the two to overlap.
                    for second in 0..<2_000 { state.events.record("writer-\(writer)", at: Double(second)) }
                    var problems: [StoreProblem] = []
                    for round in 0..<100 {
                        state.guides["writer-\(writer)"] = GuideRecord(version: 1, displaySeconds: Double(round))
                        if let problem = store.save(state) { problems.append(problem) }
                    }
                    return problems
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        var store = FileStateStore(path: path)
        let loaded = store.load()
        #expect(loaded.problems.isEmpty)
        #expect(loaded.state.guides["writer-0"]?.displaySeconds == 99 || loaded.state.guides["writer-1"]?.displaySeconds == 99)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["guides.json"])
    }

    /// Killed with SIGKILL at random moments while it saves over and over, a writer loses at most
    /// the save under way: the file always reads back without a problem, every other guide's
    /// state is intact, and the next load removes the killed writer's temporary file.
    @Test(.onAThreadOfItsOwn, .timeLimit(.minutes(10)))
    func aWriterKilledMidSaveLosesAtMostThatSave() throws {
        let path = try Self.scratch()
        let folder = (path as NSString).deletingLastPathComponent
        var setup = FileStateStore(path: path)
        #expect(setup.save(Self.sample) == nil)
        let writer = CommandLineTests.binary.deletingLastPathComponent().appendingPathComponent("StateStoreWriter")
        // Fixed pseudo-random delays (a seeded generator), so a failure is the same on a rerun.
        var seed: UInt64 = 20_261_201
        var previous = 0
        for round in 0..<30 {
            let process = Process()
            process.executableURL = writer
            process.arguments = [path, "killed"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Killed while it saves, however slowly a busy machine starts it: after its first
            // save is acknowledged, at a moment spread over the next few saves.
            var printed = ""
            while !printed.contains("\n") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            usleep(useconds_t((seed >> 33) % 20_000))
            kill(process.processIdentifier, SIGKILL)
            printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer stopped by itself")
            let acknowledged = printed.split(separator: "\n").last.flatMap { Int($0) } ?? previous
            var store = FileStateStore(path: path)
            let loaded = store.load()
            #expect(loaded.problems.isEmpty, "round \(round): \(loaded.problems)")
            let saved = Int(loaded.state.guides["killed"]?.displaySeconds ?? 0)
            #expect(saved == acknowledged || saved == acknowledged + 1, "round \(round): \(saved) saved, \(acknowledged) acknowledged")
            for (guide, record) in Self.sample.guides { #expect(loaded.state.guides[guide] == record, "round \(round): \(guide)") }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["guides.json"], "round \(round)")
            previous = saved
        }
        // Every round's writer saved at least once before it was killed.
        #expect(previous >= 30, "the writer saved only \(previous) times in 30 rounds")
    }

    @Test func inMemoryStoreReadsAsAFileWould() {
        var store = InMemoryStateStore()
        #expect(store.load().state == RuntimeState())
        #expect(store.save(Self.sample) == nil)
        #expect(store.load().state == Self.sample)
    }
}

extension UserDefaultsStateStore {
    /// What a store made afresh loads (`load` is mutating, since it may repair).
    var loaded: (state: RuntimeState, problems: [StoreProblem]) {
        var copy = self
        return copy.load()
    }
}
