import Foundation
import GuideIR
import GuideLang
import GuideLayout
import GuideRuntime
import Testing

/// Frames measured in the app (issue 15, item 3): the runtime's recorder and the frames file,
/// and `guidec lint --frames` finding exactly the targets the app measured elsewhere.
struct MeasuredFramesTests {
    /// The default devices in both orientations, as `guidec lint` lays out by default.
    static let screens = DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:)).flatMap { device in
        Orientation.allCases.map { device.screen($0) }
    }

    /// A frames file recording, for every target of every screen of `document`, the frame its
    /// constraints declare on each of `screens` (what an app whose views match its guide
    /// measures), with `moving` shifted down by 20 pt and `emptying` measured 0 pt wide.
    static func recordedFrames(of document: GuideDocument, moving moved: (screen: String, target: String)? = nil,
                               emptying emptied: (screen: String, target: String)? = nil) -> [UInt8] {
        var recorder = FrameRecorder()
        for guide in document.guides {
            for screenIR in guide.screens {
                var byID: [String: IRTarget] = [:]
                for target in screenIR.targets where byID[target.id] == nil { byID[target.id] = target }
                for screen in screens {
                    var measured: [String: Rect] = [:]
                    for target in screenIR.targets {
                        var frame = TargetLayout.shownFrame(of: target, on: screen, targets: byID, scrollAnchor: nil)
                        if moved?.screen == screenIR.id, moved?.target == target.id { frame.y += 20 }
                        if emptied?.screen == screenIR.id, emptied?.target == target.id { frame.width = 0 }
                        measured[target.id] = frame
                    }
                    recorder.record(measured, screen: screenIR.id, device: screen.id, orientation: screen.orientation, category: .large)
                }
            }
        }
        return recorder.bytes
    }

    static func lint(_ document: GuideDocument, frames bytes: [UInt8]) throws -> [Diagnostic] {
        let (frames, problems) = MeasuredFramesCheck.read(bytes, file: LintTests.framesFileID)
        #expect(problems.isEmpty, "\(problems.map(\.message))")
        let read = try #require(frames)
        let options = Linter.Options(screens: screens, measuredFrames: read, framesFile: LintTests.framesFileID)
        return Linter.lint(document, options: options)
    }

    /// The first target a step highlights, with its screen: the one an example's test moves.
    static func firstHighlighted(in document: GuideDocument) -> (screen: String, target: IRTarget)? {
        for guide in document.guides {
            for tour in guide.tours {
                guard let screenIR = guide.screens.first(where: { $0.id == tour.screen }) else { continue }
                for step in tour.steps {
                    for id in step.targets {
                        if let target = screenIR.targets.first(where: { $0.id == id }), target.range != nil { return (screenIR.id, target) }
                    }
                }
            }
        }
        return nil
    }

    /// The issue's "Done when": frames recorded where every example's targets are declared give
    /// no finding, and the same frames with one target moved find exactly that target, once, at
    /// its declaration.
    @Test(arguments: ExampleTests.names)
    func recordedFramesFindExactlyTheTargetMoved(name: String) throws {
        let document = try #require(TestSupport.compile([name], base: ExampleTests.examples).document)
        let matching = try Self.lint(document, frames: Self.recordedFrames(of: document))
        #expect(!matching.contains { $0.code == .measuredFrameDiffers || $0.code == .invalidFramesFile },
                "\(name): \(matching.filter { $0.code == .measuredFrameDiffers }.map(\.message))")
        guard let (screen, target) = Self.firstHighlighted(in: document) else { return }
        let moved = try Self.lint(document, frames: Self.recordedFrames(of: document, moving: (screen, target.id)))
        let findings = moved.filter { $0.code == .measuredFrameDiffers }
        #expect(findings.count == 1, "\(name): \(findings.map(\.message))")
        #expect(findings.first?.range == target.range)
        #expect(findings.first?.message == "target '\(target.id)' is not where its constraints put it in the app")
        #expect(findings.first?.notes.first?.contains("top edge 20 pt lower in the app, bottom edge 20 pt lower in the app") == true,
                "\(findings.first?.notes ?? [])")
    }

    /// A measured frame with no area is the app's view, not the constraints: GL1001 says so
    /// instead of blaming constraints that were not used.
    @Test func anEmptyMeasuredFrameIsNotBlamedOnTheConstraints() throws {
        let document = try #require(TestSupport.compile(["intro.guide"], base: ExampleTests.examples).document)
        let (screen, target) = try #require(Self.firstHighlighted(in: document))
        let findings = try Self.lint(document, frames: Self.recordedFrames(of: document, emptying: (screen, target.id)))
        let empty = findings.filter { $0.code == .targetOffScreen && $0.message.contains("has no area") }
        #expect(!empty.isEmpty && empty.allSatisfy { $0.message.hasSuffix("the frame measured in the app is empty") },
                "\(empty.map(\.message))")
    }

    /// Within the tolerance (4 pt on every edge) a measured frame is the declared one; past it, not.
    @Test func toleranceIsFourPointsPerEdge() {
        let declared = Rect(x: 16, y: 100, width: 200, height: 44)
        #expect(Linter.edgeDifferences(measured: Rect(x: 20, y: 96, width: 200, height: 44), declared: declared) == nil)
        #expect(Linter.edgeDifferences(measured: Rect(x: 16, y: 100, width: 204.5, height: 44), declared: declared)
            == "trailing edge 4.5 pt further trailing in the app (tolerance 4 pt)")
    }

    /// The recorder's file reads back as the same frames and the same bytes; frames that are not
    /// measurements are left out.
    @Test func recordedFileRoundTrips() throws {
        var recorder = FrameRecorder()
        recorder.record(["pay": Rect(x: 16, y: 736, width: 370, height: 56), "bad": Rect(x: .nan, y: 0, width: 1, height: 1),
                         "negative": Rect(x: 0, y: 0, width: -1, height: 4)],
                        screen: "cart", device: "iphone-17-pro", orientation: .portrait, category: .large)
        recorder.record(["pay": Rect(x: 78, y: 300.5, width: 718, height: 56)], screen: "cart",
                        device: FrameRecorder.device(width: 874, height: 402), orientation: .landscape, category: .accessibilityMedium)
        let (frames, errors) = MeasuredFrames.read(recorder.bytes)
        #expect(errors.isEmpty)
        #expect(frames == recorder.frames)
        #expect(frames?.bytes == recorder.bytes)
        #expect(recorder.frames.frames(ofScreen: "cart", on: .init(device: "iphone-17-pro", orientation: .portrait, category: .large)).keys.sorted() == ["pay"])
        let golden = TestSupport.fixtures.appendingPathComponent("runtime/frames-recorded.json")
        TestSupport.assertGolden(String(decoding: recorder.bytes, as: UTF8.self), golden)
    }

    static let valid = #"{"format": "guide-frames", "version": 1, "measurements": [{"device": "iphone-17-pro", "orientation": "portrait", "textSize": "large", "screens": {"cart": {"pay": [16, 736, 370, 56]}}}]}"#

    /// `valid` with `old` replaced by `new`.
    static func edited(_ old: String, _ new: String) -> String { valid.replacingOccurrences(of: old, with: new) }

    /// Every kind of mistake is an error at its JSON path, saying what was expected.
    @Test(arguments: [
        ("", "$", "not JSON"),
        ("[]", "$", "expected a frames file (an object); found an empty array"),
        (edited(#""guide-frames""#, #""guide-ir""#), "$.format", #"expected "guide-frames"; found "guide-ir""#),
        (edited(#""version": 1"#, #""version": 2"#), "$.version", "this guidec reads version 1 of frames files; found 2"),
        (edited(#""version": 1,"#, #""version": 1, "extra": 0,"#), "$.extra", #"unknown key "extra""#),
        (edited(#", "measurements": [{"device": "iphone-17-pro", "orientation": "portrait", "textSize": "large", "screens": {"cart": {"pay": [16, 736, 370, 56]}}}]"#, ""),
         "$", #"a frames file has no "measurements""#),
        (edited("iphone-17-pro", "iphone-99"), "$.measurements[0].device", #"found "iphone-99""#),
        (edited(#""portrait""#, #""up""#), "$.measurements[0].orientation", #"expected "portrait" or "landscape"; found "up""#),
        (edited(#""large""#, "7"), "$.measurements[0].textSize", "found 7"),
        (edited("[16, 736, 370, 56]", "[16, 736, 370]"), "$.measurements[0].screens.cart.pay", "found an array of 3"),
        (edited("[16, 736, 370, 56]", "[16, 736, -370, 56]"), "$.measurements[0].screens.cart.pay", "a width and height not negative"),
        (edited("[16, 736, 370, 56]", "[16, 1e300, 370, 56]"), "$.measurements[0].screens.cart.pay", "numbers of at most 100000"),
        (edited(#""pay": [16, 736, 370, 56]"#, #""pay": [16, 736, 370, 56], "pay": [0, 0, 1, 1]"#), "$.measurements[0].screens.cart.pay",
         #"target "pay" is written twice"#),
        (edited(#"{"cart": {"pay": [16, 736, 370, 56]}}"#, "[]"), "$.measurements[0].screens", "expected an object of screens"),
        (edited(#"[{"device""#, #"[{"device": "ipad-air-13", "orientation": "portrait", "textSize": "large", "screens": {}}, {"device""#)
            .replacingOccurrences(of: "ipad-air-13", with: "iphone-17-pro"),
         "$.measurements[1]", "a second measurement for iphone-17-pro portrait at large text size; the first is at $.measurements[0]"),
    ])
    func badFileIsAnErrorAtItsPath(text: String, path: String, message: String) {
        let (frames, errors) = MeasuredFrames.read(Array(text.utf8))
        #expect(frames == nil)
        #expect(errors.contains { $0.path == path && $0.message.contains(message) }, "\(errors.map(\.description))")
        for error in errors { #expect(error.range.upperBound <= max(text.utf8.count, 0)) }
    }

    /// A byte order mark is accepted; a 3 MB string is quoted cut short, not whole.
    @Test func byteOrderMarkAndLongValues() {
        #expect(MeasuredFrames.read(ByteOrderMark.bytes + Array(Self.valid.utf8)).errors.isEmpty)
        let long = String(repeating: "x", count: 3_000_000)
        let (_, errors) = MeasuredFrames.read(Array(Self.edited("iphone-17-pro", long).utf8))
        let message = errors.first?.message ?? ""
        #expect(message.utf8.count < 300, "\(message.utf8.count) bytes")
        #expect(message.contains("… (3000000 bytes)"))
        // Long keys too, in the message and in its JSON path: an unknown key and a target written twice.
        let key = String(repeating: "k", count: 5000)
        for text in [Self.edited(#""version": 1,"#, #""version": 1, "\#(key)": 0,"#),
                     Self.edited(#"{"pay": [16, 736, 370, 56]}"#, #"{"\#(key)": [16, 736, 370, 56], "\#(key)": [1, 2, 3, 4]}"#)] {
            let problems = MeasuredFrames.read(Array(text.utf8)).errors
            #expect(!problems.isEmpty && problems.allSatisfy { $0.message.utf8.count < 300 && $0.path.utf8.count < 300 },
                    "\(problems.map { ($0.path.utf8.count, $0.message.utf8.count) })")
        }
    }

    /// Whatever the bytes, reading never traps and says why it read nothing: every prefix of a
    /// recorded file and random changes of its bytes.
    @Test func damagedFilesNeverTrap() throws {
        let document = try #require(TestSupport.compile(["000-spotlight-onboarding.guide"], base: ExampleTests.examples).document)
        let bytes = Array(Self.recordedFrames(of: document).prefix(4000))
        // The last two bytes are the closing brace and the newline: every shorter prefix is cut inside the value.
        for length in stride(from: 0, to: bytes.count - 2, by: 7) {
            let (frames, errors) = MeasuredFrames.read(Array(bytes.prefix(length)))
            #expect(frames == nil && !errors.isEmpty, "prefix of \(length)")
        }
        var generator = RobustnessTests.SeededGenerator(state: 2026_12_02)
        for _ in 0..<300 {
            var damaged = bytes
            damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            let (frames, errors) = MeasuredFrames.read(damaged)
            #expect((frames == nil) != errors.isEmpty)
        }
    }

    /// A screen no guide declares is GL1014 at its key, with the closest name.
    @Test func unknownScreenIsReportedInTheFramesFile() throws {
        let source = #"guide checkout { title: "Checkout"  screen cart { target pay { leading: 16  top: 100  size: 100 x 44 } }  tour t on cart { step pay { highlight: pay  title: "Pay" } } }"#
        let compilation = Compilation.compile(roots: [SourceFile(path: "a.guide", bytes: Array(source.utf8))], provider: nil)
        let document = try #require(compilation.document)
        let text = Self.edited(#""cart""#, #""crat""#)
        let (frames, _) = MeasuredFramesCheck.read(Array(text.utf8), file: LintTests.framesFileID)
        let diagnostics = Linter.lint(document, options: Linter.Options(screens: Self.screens, measuredFrames: frames, framesFile: LintTests.framesFileID))
        let found = diagnostics.filter { $0.code == .invalidFramesFile }
        #expect(found.map(\.message) == ["$.measurements[0].screens.crat: no guide of the program declares screen 'crat'"])
        #expect(found.first?.help == ["did you mean 'cart'?"])
        let start = try #require(text.range(of: #""crat""#)).lowerBound.utf16Offset(in: text)
        #expect(found.first?.range == SourceRange(fileID: LintTests.framesFileID, start: start, end: start + 6))
    }
    /// A device the catalog does not have is GL1014 at its value, with the closest device as
    /// help and as the fix-it that writes it (in quotes: the range is the JSON string's).
    @Test func unknownDeviceSuggestsTheClosest() throws {
        let text = Self.edited(#""iphone-17-pro""#, #""iphone-17-pr""#)
        let (frames, diagnostics) = MeasuredFramesCheck.read(Array(text.utf8), file: LintTests.framesFileID)
        #expect(frames == nil)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1 && diagnostic.code == .invalidFramesFile)
        #expect(diagnostic.help == ["did you mean 'iphone-17-pro'?"])
        let start = try #require(text.range(of: #""iphone-17-pr""#)).lowerBound.utf16Offset(in: text)
        let range = SourceRange(fileID: LintTests.framesFileID, start: start, end: start + 14)
        #expect(diagnostic.range == range)
        #expect(diagnostic.fixIts == [Diagnostic.FixIt(range: range, replacement: #""iphone-17-pro""#, message: "replace with 'iphone-17-pro'")])
        // Nothing close: no suggestion, and a size is no device to correct.
        for far in [#""toaster""#, "42"] {
            let (_, others) = MeasuredFramesCheck.read(Array(Self.edited(#""iphone-17-pro""#, far).utf8), file: LintTests.framesFileID)
            #expect(others.count == 1 && others.allSatisfy { $0.help.isEmpty && $0.fixIts.isEmpty }, "\(far)")
        }
    }

    /// The file writes each frame's numbers as `JSONWriter.number` writes a number (whole ones
    /// without a fraction, others in shortest form, very large ones as Swift writes them, a
    /// number that is not finite as null), each frame on one line.
    @Test func framesAreWrittenAsTheJSONWriterWritesNumbers() {
        let values: [Double] = [0, -0.0, 16, -3, 0.1, 52.050000000000004, 1e15, 1.5e16, 123_456.789, .infinity, .nan]
        var frames = MeasuredFrames()
        let key = MeasuredFrames.Key(device: "iphone-17-pro", orientation: .portrait, category: .large)
        var expected: [String: String] = [:]
        for (index, value) in values.enumerated() {
            let frame = Rect(x: value, y: Double(index), width: -value, height: value / 3)
            frames.record(frame, target: "t\(index)", screen: "s", on: key)
            let numbers = [frame.x, frame.y, frame.width, frame.height].map { number -> String in
                var writer = JSONWriter(pretty: false, capacity: 32)
                writer.number(number)
                return String(decoding: writer.bytes, as: UTF8.self)
            }
            expected["t\(index)"] = "[" + numbers.joined(separator: ", ") + "]"
        }
        let text = String(decoding: frames.bytes, as: UTF8.self)
        for (target, line) in expected { #expect(text.contains("\"\(target)\": \(line)"), "\(target): \(line) in\n\(text)") }
    }
}
