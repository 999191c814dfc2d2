import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

/// Layout lint: one fixture per lint code (with its options in a `// lint:` line), the failing
/// example of the code's file in docs/diagnostics/, beside further scenarios on disk; and every
/// example linted on every device preset, its findings recorded in a golden.
struct LintTests {
    static let fixtures = FixtureFolder.lint
    static let folder = fixtures.url
    static let names: [String] = fixtures.names

    /// The file id a `--frames` file has in the tests' diagnostics, as in `guidec lint`'s.
    static let framesFileID = FileID(Int(Int32.max))

    /// The frames file a `// lint: --frames NAME` line names: one of `files` (an example's), or
    /// the file of that name in the lint fixtures' folder.
    static func framesFile(from text: String, files: [DiagnosticDocument.File] = []) throws -> SourceFile? {
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: "// lint:") else { continue }
            let words = line[range.upperBound...].split(separator: " ").map(String.init)
            guard let index = words.firstIndex(of: "--frames"), index + 1 < words.count else { continue }
            let name = words[index + 1]
            let bytes = try files.first { $0.name == name }?.bytes ?? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            return SourceFile(path: name, bytes: bytes)
        }
        return nil
    }

    /// Lint options from `// lint: --device ID --orientation landscape --text-size ax5 --screen WxH
    /// --all-devices --frames NAME` lines; the default device set otherwise.
    static func options(from text: String, files: [DiagnosticDocument.File] = []) throws -> Linter.Options {
        var devices: [String] = []
        var screens: [Screen] = []
        var orientations = Orientation.allCases
        var category = ContentSizeCategory.large
        var allDevices = false
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: "// lint:") else { continue }
            let words = line[range.upperBound...].split(separator: " ").map(String.init)
            var index = 0
            func next() -> String { index += 1; return index < words.count ? words[index] : "" }
            while index < words.count {
                switch words[index] {
                case "--device": devices.append(next())
                case "--screen":
                    let value = next()
                    if let screen = DeviceCatalog.screen(parsing: value) { screens.append(screen) } else { Issue.record("bad --screen \(value)") }
                case "--orientation":
                    let value = next()
                    orientations = value == "both" ? Orientation.allCases : Orientation(rawValue: value).map { [$0] } ?? []
                case "--text-size":
                    let value = next()
                    if let named = ContentSizeCategory.named(value) { category = named } else { Issue.record("bad --text-size \(value)") }
                case "--all-devices": allDevices = true
                case "--frames": _ = next()
                default: Issue.record("unknown lint option \(words[index])")
                }
                index += 1
            }
        }
        let ids = allDevices ? DeviceCatalog.presets.map(\.id) : devices.isEmpty && screens.isEmpty ? DeviceCatalog.defaultIDs : devices
        let presets = ids.compactMap(DeviceCatalog.device(id:)).flatMap { device in orientations.map { device.screen($0) } }
        #expect(presets.count == ids.count * orientations.count, "unknown device in \(ids)")
        var measured: MeasuredFrames?
        if let file = try framesFile(from: text, files: files) {
            // What the file's reading refused is `framesProblems`'s, reported as lint reports it.
            measured = MeasuredFramesCheck.read(file.bytes, file: framesFileID).frames
        }
        return Linter.Options(screens: presets + screens, orientations: orientations, category: category, measuredFrames: measured,
                              framesFile: framesFileID)
    }

    /// The diagnostics about the frames file a `// lint: --frames NAME` line names (GL1014 for
    /// what its reading refused), which `guidec lint` reports before its findings.
    static func framesProblems(from text: String, files: [DiagnosticDocument.File] = []) throws -> [Diagnostic] {
        guard let file = try framesFile(from: text, files: files) else { return [] }
        return MeasuredFramesCheck.read(file.bytes, file: framesFileID).diagnostics
    }

    /// Compiles and lints files, returning the compilation and all diagnostics in order.
    static func lint(_ paths: [String], base: URL, options: Linter.Options) -> (Compilation, [Diagnostic]) {
        lint(TestSupport.compile(paths, base: base), options: options)
    }

    /// Lints a compilation, returning it and all diagnostics in order.
    static func lint(_ compilation: Compilation, options: Linter.Options) -> (Compilation, [Diagnostic]) {
        guard let document = compilation.document else { return (compilation, compilation.diagnostics) }
        return (compilation, compilation.diagnostics + Linter.lint(document, options: options))
    }

    static func render(_ compilation: Compilation, _ diagnostics: [Diagnostic], framesFile: SourceFile? = nil) -> String {
        let renderer = DiagnosticRenderer(style: .text, usesColor: false, files: { id in
            if let framesFile, id == framesFileID { return framesFile }
            return compilation.file(id)
        })
        return diagnostics.map { renderer.render($0) }.joined() + renderer.summary(diagnostics)
    }

    @Test(arguments: names)
    func lintFixtureReportsItsCode(name: String) throws {
        let text = try Self.fixtures.text(name)
        let expected = DiagnosticFixtureTests.expectedCodes(in: text)
        #expect(!expected.isEmpty, "\(name) has no '// expect:' line")
        let files = try Self.fixtures.files(name)
        let (compilation, linted) = Self.lint(try Self.fixtures.compile(name), options: try Self.options(from: text, files: files))
        // As `guidec lint`: a frames file it cannot read is all it reports.
        let problems = try Self.framesProblems(from: text, files: files)
        let diagnostics = problems.isEmpty ? linted : problems
        #expect(!compilation.hasErrors, "\(name) must check clean so that it lints:\n\(TestSupport.render(compilation))")
        #expect(Set(diagnostics.map(\.code.id)) == Set(expected), "\(name) reported \(diagnostics.map(\.code.id))")
        let golden = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".guide", with: ".expected"))
        TestSupport.assertGolden(Self.render(compilation, diagnostics, framesFile: try Self.framesFile(from: text, files: files)), golden)
    }

    @Test func everyLintCodeHasAFixture() {
        for code in DiagnosticCode.all where code.isReportedByLint {
            #expect(Self.names.contains { $0.hasPrefix(code.id + "-") }, "no lint fixture for \(code.id) (\(code.name))")
        }
    }

    /// Every example lints on every preset, portrait and landscape, without errors; the warnings
    /// it carries on purpose (each explained in the example's comments) are in its golden.
    @Test(arguments: ExampleTests.names)
    func exampleLintsWithoutErrorsOnEveryDevice(name: String) throws {
        let options = Linter.Options(screens: DeviceCatalog.presets.flatMap { device in Orientation.allCases.map { device.screen($0) } })
        let (compilation, diagnostics) = Self.lint([name], base: ExampleTests.examples, options: options)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(name):\n\(Self.render(compilation, diagnostics))")
        let golden = TestSupport.fixtures.appendingPathComponent("examples")
            .appendingPathComponent(name.replacingOccurrences(of: ".guide", with: ".lint.expected"))
        TestSupport.assertGolden(Self.render(compilation, diagnostics), golden)
    }

    /// Linting guides as they stream in, in batches of any size, gives the same diagnostics and
    /// layouts as linting the whole document.
    @Test(arguments: ExampleTests.names)
    func streamedLintMatchesWholeDocumentLint(name: String) throws {
        let document = try #require(TestSupport.compile([name], base: ExampleTests.examples).document)
        let options = Linter.Options(screens: DeviceCatalog.presets.flatMap { device in Orientation.allCases.map { device.screen($0) } })
        let whole = Linter.run(document, options: options)
        for batchSize in [1, 2, 5] {
            let stream = LintStream(options: options, batchSize: batchSize)
            let provider = DiskSourceProvider(base: ExampleTests.examples, root: ExampleTests.examples)
            let bytes = try [UInt8](Data(contentsOf: ExampleTests.examples.appendingPathComponent(name)))
            let compilation = Compilation.compile(roots: [SourceFile(path: name, bytes: bytes)], provider: provider, streamingGuidesTo: stream)
            #expect(!compilation.hasErrors)
            let streamed = stream.finish()
            #expect(streamed.diagnostics == whole.diagnostics, "\(name), batches of \(batchSize)")
            #expect(streamed.layouts.map(\.jsonLine) == whole.layouts.map(\.jsonLine), "\(name), batches of \(batchSize)")
        }
    }
}

/// The seeds' own placement rules, reproduced by the examples.
struct SeedPlacementTests {
    static func layouts(_ name: String, device: String, orientation: Orientation = .portrait) throws -> [String: Linter.StepLayout] {
        let compilation = TestSupport.compile([name], base: ExampleTests.examples)
        let document = try #require(compilation.document)
        let screen = try #require(DeviceCatalog.device(id: device)).screen(orientation)
        let layouts = Linter.run(document, options: Linter.Options(screens: [screen])).layouts
        return Dictionary(layouts.map { ($0.step, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Seed 000: `rect.maxY > height - 150 ? rect.minY - 150 : rect.maxY + 150`, the tip's
    /// centre 150 pt from the target's own frame, centred on the screen.
    @Test func seed000PlacesTheTitle150PointsFromTheTargetCentredOnTheScreen() throws {
        for device in ["iphone-se-3", "iphone-17-pro-max"] {
            let layouts = try Self.layouts("000-spotlight-onboarding.guide", device: device)
            #expect(layouts.count == 5)
            for (step, layout) in layouts {
                let target = try #require(layout.targetFrames.first)
                let screen = layout.screen
                let expectedAbove = target.maxY > screen.height - 150
                #expect(layout.placement.side == (expectedAbove ? "above" : "below"), "\(step) on \(device)")
                let expectedCentre = expectedAbove ? target.minY - 150 : target.maxY + 150
                #expect(abs(layout.placement.rect.midY - expectedCentre) < 0.001, "\(step) on \(device)")
                #expect(abs(layout.placement.rect.midX - screen.width / 2) < 0.001, "\(step) on \(device)")
            }
        }
    }

    /// Seed 001: the label under the target, aligned leading, centre or trailing by which third
    /// of the screen the target's centre is in; a 42.5 pt circle around the target's centre.
    @Test func seed001AlignsByThirdsOfTheScreen() throws {
        for orientation in Orientation.allCases {
            let layouts = try Self.layouts("001-coach-marks.guide", device: "iphone-se-3", orientation: orientation)
            #expect(layouts.count == 3)
            for (step, layout) in layouts {
                let target = try #require(layout.targetFrames.first)
                let third = layout.screen.width / 3
                let expected = target.midX <= third ? "leading" : target.midX <= 2 * third ? "center" : "trailing"
                #expect(layout.placement.alignment == expected, "\(step)")
                #expect(layout.placement.side == "below")
                #expect(layout.placement.rect.minY == target.maxY + 42.5, "\(step): 42.5 pt under the target's own frame")
                let cutout = try #require(layout.cutouts.first)
                #expect(cutout.isCircle && cutout.cornerRadius == 42.5 && cutout.bounds.midX == target.midX)
            }
            #expect(Set(layouts.values.map(\.placement.alignment)) == ["leading", "center", "trailing"])
        }
    }
}

/// What lint makes of `overlay: none` (no dimming, no cut-out) and of the page model's text.
struct LintModelTests {
    static func lint(_ source: String, device: String = "iphone-se-3") throws -> (diagnostics: [Diagnostic], layouts: [Linter.StepLayout]) {
        let compilation = Compilation.compile(path: "model.guide", text: source)
        let document = try #require(compilation.document, "\(compilation.diagnostics.map(\.message))")
        #expect(!compilation.hasErrors)
        let screen = try #require(DeviceCatalog.device(id: device)).screen(.portrait)
        return Linter.run(document, options: Linter.Options(screens: [screen]))
    }

    /// With no overlay no hole is cut, so overlapping cut-outs are not reported and none are
    /// listed, but the tip lands exactly where it would with an overlay.
    @Test func overlayNoneCutsNoHoleButPlacesTheTipTheSame() throws {
        let (diagnostics, layouts) = try Self.lint("""
            screen editor {
              target undo { trailing: 68 safe  top: 8 safe  size: 44 x 44 }
              target redo { trailing: 16 safe  top: 8 safe  size: 44 x 44 }
            }
            guide tips {
              title: "Tips"
              tour basics on editor {
                step dimmed { highlight: undo, redo  title: "Undo and redo" }
                step popover { highlight: undo, redo  overlay: none  title: "Undo and redo" }
              }
            }
            """)
        #expect(diagnostics.map(\.code.id) == ["GL1005"])
        #expect(diagnostics.first?.message.contains("'dimmed'") == true)
        let byStep = Dictionary(layouts.map { ($0.step, $0) }, uniquingKeysWith: { first, _ in first })
        let dimmed = try #require(byStep["dimmed"])
        let popover = try #require(byStep["popover"])
        #expect(dimmed.cutouts.count == 2 && popover.cutouts.isEmpty)
        #expect(dimmed.placement == popover.placement)
        #expect(popover.jsonLine.contains(#""cutouts":[]"#))
    }

    /// Without an overlay, a tip covers its target only where it covers the target itself: the
    /// padding around it is not drawn.
    @Test func overlayNoneJudgesCoverageByTheTargetsOwnFrame() throws {
        func covers(_ overlay: String) throws -> Bool {
            let (diagnostics, _) = try Self.lint("""
                screen home { target compose { leading: 100 safe  top: 100 safe  size: 56 x 56 } }
                guide tips {
                  title: "Tips"
                  tour basics on home {
                    step compose { highlight: compose  overlay: \(overlay)  placement: below  gap-from: target  gap: 5  title: "Write a note" }
                  }
                }
                """)
            return diagnostics.contains { $0.code.id == "GL1004" }
        }
        // 5 pt below the target, inside its 10 pt padding: over the drawn cut-out, clear of the target.
        #expect(try covers("#000000 @ 70%"))
        #expect(try !covers("none"))
    }

    /// Text with no bubble and no overlay sits on the app itself: black text is fine on white
    /// app content and unreadable on black.
    @Test func tipTextWithoutBubbleOrOverlayIsJudgedOnTheApp() throws {
        let (diagnostics, _) = try Self.lint("""
            screen home { target compose { leading: 100 safe  top: 100 safe  size: 56 x 56 } }
            guide tips {
              title: "Tips"
              tour basics on home {
                step compose { highlight: compose  overlay: none  tip-background: none  title: "Write a note" }
              }
            }
            """)
        let contrast = diagnostics.filter { $0.code.id == "GL1008" }
        #expect(contrast.count == 1)
        #expect(contrast.first?.message.hasSuffix("in dark mode") == true)
        #expect(contrast.first?.notes.first?.hasPrefix("#000000FF on #000000FF") == true)
    }

    /// GL1011's explanation states the page model the code uses: the image at most 40% of the
    /// content's height (the safe area less the 16 pt margins), not of the safe area's height.
    @Test func pageOverflowExplanationMatchesThePageModel() throws {
        let entry = try #require(DiagnosticExplanation.explanation(for: .pageOverflow))
        #expect(entry.explanation.contains("at most 40% of the content's height (the safe area's height less the two 16 pt margins)"))
        #expect(!entry.explanation.contains("safe height"))
        // On a 400 × 200 screen the content is 368 × 168: an image of min(368, 0.4 × 168) = 67.2 pt
        // and 12 pt, a one-line large title (41 pt) and 12 pt, and the 64 pt row make 196.2 pt.
        let compilation = Compilation.compile(path: "page.guide", text: """
            guide welcome {
              title: "Welcome"
              pages { page one { image: "art"  title: "A" } }
            }
            """)
        let document = try #require(compilation.document)
        let screen = try #require(DeviceCatalog.screen(parsing: "400x200"))
        let diagnostics = Linter.lint(document, options: Linter.Options(screens: [screen]))
        let overflow = try #require(diagnostics.first { $0.code.id == "GL1011" })
        #expect(overflow.notes == ["on 400×200: 196.2 pt of content in 168 pt"])
    }

    /// The checker accepts in `devices` exactly the identifiers it is given (by default the layout
    /// engine's catalog): it never reads the catalog itself.
    @Test func checkedDevicesAreTheOnesTheCompilationIsGiven() {
        let source = SourceFile(path: "devices.guide", text: """
            guide tips {
              title: "Tips"
              devices: tablet-one, iphone-se-3
            }
            """)
        let unknown = { (compilation: Compilation) in
            compilation.diagnostics.filter { $0.code.id == "GL0202" }.map(\.message)
        }
        #expect(unknown(Compilation.compile(roots: [source], provider: nil)) == ["no device named 'tablet-one'"])
        let given = Compilation.compile(roots: [source], provider: nil, deviceIdentifiers: ["tablet-one", "tablet-two"])
        #expect(unknown(given) == ["no device named 'iphone-se-3'"])
        #expect(given.diagnostics.first { $0.code.id == "GL0202" }?.help.first == nil)
        let suggested = Compilation.compile(roots: [source], provider: nil, deviceIdentifiers: ["tablet-one", "iphone-se-2"])
        #expect(suggested.diagnostics.first { $0.code.id == "GL0202" }?.help == ["did you mean 'iphone-se-2'?"])
        #expect(DeviceCatalog.identifiers == DeviceCatalog.presets.map(\.id))
    }
}
