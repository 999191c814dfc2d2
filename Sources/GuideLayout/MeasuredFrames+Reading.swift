import GuideIR

extension MeasuredFrames {
    /// The largest frames file read: far more than every target of every device at every text
    /// size, and a bound on what a damaged file can cost.
    public static let largestFileSize = 64 << 20
    /// The most errors reported for one file: past them, the file is not a frames file at all.
    public static let mostErrors = 50

    /// What is wrong with a value read as a frame, as the end of a message: `found an array of 3`,
    /// `its width -3 is negative`.
    public struct FrameProblem: Error, Equatable, Sendable {
        /// The words, lowercase, without a final period.
        public let description: String
    }

    /// A frame written as `[x, y, width, height]` in points (the frames file's and a scenario's
    /// `frames`): four finite numbers of at most `largestCoordinate`, the size not negative.
    public static func frame(_ value: JSONValue) -> Result<Rect, FrameProblem> {
        guard let elements = value.arrayValue, elements.count == 4 else {
            return .failure(FrameProblem(description: "found \(FramesReading.describe(value))"))
        }
        var numbers: [Double] = []
        for (element, name) in zip(elements, ["x", "y", "width", "height"]) {
            guard case .number(let number) = element else {
                return .failure(FrameProblem(description: "found \(FramesReading.describe(element)) as its \(name)"))
            }
            guard number.value.isFinite, abs(number.value) <= largestCoordinate else {
                return .failure(FrameProblem(description: "its \(name) \(LongText.shortened(number.text)) is beyond \(NumberText.text(largestCoordinate))"))
            }
            if numbers.count >= 2, number.value < 0 {
                return .failure(FrameProblem(description: "its \(name) \(LongText.shortened(number.text)) is negative"))
            }
            numbers.append(number.value)
        }
        return .success(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }

    /// The frames file in `bytes` (docs/runtime.md, "The frames file"), read through GuideIR's JSON
    /// parser with where each value is written; every mistake is an error with its JSON path and
    /// its bytes, and nothing traps whatever the bytes. A UTF-8 byte order mark at the start is
    /// accepted, as in a guide. The frames are nil when there is an error.
    public static func read(_ bytes: [UInt8]) -> (frames: MeasuredFrames?, errors: [MeasuredFramesError]) {
        guard bytes.count <= largestFileSize else {
            return (nil, [MeasuredFramesError(at: "$", "the file is larger than \(largestFileSize >> 20) MB", range: 0..<0)])
        }
        var reading = FramesReading()
        switch JSONParser.parseLocated(ByteOrderMark.blanked(bytes)) {
        case .failure(let failure):
            let start = min(failure.offset, bytes.count)
            return (nil, [MeasuredFramesError(at: "$", "not JSON: \(failure.reason)", range: start..<min(start + 1, bytes.count))])
        case .success(let root):
            reading.document(root)
        }
        return (reading.errors.isEmpty ? reading.frames : nil, reading.errors)
    }
}

/// One reading of a frames file: the frames so far and the errors found.
private struct FramesReading {
    var frames = MeasuredFrames()
    var errors: [MeasuredFramesError] = []

    mutating func report(_ path: IRJSONPath, _ message: String, _ range: Range<Int>, unknownDevice: String? = nil) {
        guard errors.count < MeasuredFrames.mostErrors else { return }
        errors.append(MeasuredFramesError(at: path.text, message, range: range, unknownDevice: unknownDevice))
    }

    /// The members of an object by key, reporting a key written twice, a key it does not have and
    /// a required one missing; nil when `value` is not an object.
    mutating func members(_ value: LocatedJSON, at path: IRJSONPath, keys: [String], what: String) -> [String: LocatedJSON]? {
        guard case .object = value.value else {
            report(path, "expected \(what) (an object); found \(Self.describe(value.value))", value.range)
            return nil
        }
        var found: [String: LocatedJSON] = [:]
        for member in value.members {
            guard keys.contains(member.key) else {
                report(path.appending(member.key), "unknown key \(LongText.quoted(member.key)); \(what) has \(Self.list(keys))", member.keyRange)
                continue
            }
            guard found[member.key] == nil else {
                report(path.appending(member.key), "key \(LongText.quoted(member.key)) is written twice", member.keyRange)
                continue
            }
            found[member.key] = member.value
        }
        for key in keys where found[key] == nil {
            report(path, "\(what) has no \(IRJSONPath.quoted(key))", value.range.lowerBound..<min(value.range.lowerBound + 1, value.range.upperBound))
        }
        return found
    }

    mutating func document(_ root: LocatedJSON) {
        let path = IRJSONPath()
        guard let members = members(root, at: path, keys: ["format", "version", "measurements"], what: "a frames file") else { return }
        if let format = members["format"], format.value.stringValue != MeasuredFrames.format {
            report(path.appending("format"), "expected \(IRJSONPath.quoted(MeasuredFrames.format)); found \(Self.describe(format.value))", format.range)
            return
        }
        if let version = members["version"], version.value.integerValue != MeasuredFrames.version {
            report(path.appending("version"), "this guidec reads version \(MeasuredFrames.version) of frames files; found \(Self.describe(version.value))",
                   version.range)
            return
        }
        guard let measurements = members["measurements"] else { return }
        guard case .array = measurements.value else {
            report(path.appending("measurements"), "expected an array of measurements; found \(Self.describe(measurements.value))", measurements.range)
            return
        }
        var seen: [MeasuredFrames.Key: Int] = [:]
        for (index, measurement) in measurements.elements.enumerated() {
            let measurementPath = path.appending("measurements").appending(index)
            guard let key = self.measurement(measurement, at: measurementPath) else { continue }
            if let first = seen[key] {
                report(measurementPath, "a second measurement for \(key.description); the first is at $.measurements[\(first)]", measurement.range)
                continue
            }
            seen[key] = index
            screens(measurement.members.first { $0.key == "screens" }?.value, at: measurementPath.appending("screens"), key: key)
        }
    }

    /// A measurement's key, checked; nil when a part of it is wrong.
    mutating func measurement(_ value: LocatedJSON, at path: IRJSONPath) -> MeasuredFrames.Key? {
        guard let members = members(value, at: path, keys: ["device", "orientation", "textSize", "screens"], what: "a measurement"),
              let deviceValue = members["device"], let orientationValue = members["orientation"], let sizeValue = members["textSize"],
              members["screens"] != nil
        else { return nil }
        var failed = false
        var device = deviceValue.value.stringValue ?? ""
        // A size is kept as `--screen` names its screen (`390X844` is `390x844`), so the two meet.
        if DeviceCatalog.device(id: device) == nil, let screen = DeviceCatalog.screen(parsing: device) { device = screen.id }
        if DeviceCatalog.device(id: device) == nil, DeviceCatalog.screen(parsing: device) == nil {
            report(path.appending("device"), "expected a device of the catalog ('guidec devices' lists them) or a size such as \"390x844\"; found \(Self.describe(deviceValue.value))",
                   deviceValue.range, unknownDevice: deviceValue.value.stringValue)
            failed = true
        }
        let orientation = orientationValue.value.stringValue.flatMap(Orientation.init(rawValue:))
        if orientation == nil {
            report(path.appending("orientation"), "expected \"portrait\" or \"landscape\"; found \(Self.describe(orientationValue.value))", orientationValue.range)
        }
        let category = sizeValue.value.stringValue.flatMap(ContentSizeCategory.named)
        if category == nil {
            report(path.appending("textSize"), "expected a text size such as \"large\" or \"accessibility-medium\"; found \(Self.describe(sizeValue.value))",
                   sizeValue.range)
        }
        guard !failed, let orientation, let category else { return nil }
        return MeasuredFrames.Key(device: device, orientation: orientation, category: category)
    }

    /// A measurement's screens: each an object of target frames.
    mutating func screens(_ value: LocatedJSON?, at path: IRJSONPath, key: MeasuredFrames.Key) {
        guard let value else { return }
        guard case .object = value.value else {
            report(path, "expected an object of screens, by screen id; found \(Self.describe(value.value))", value.range)
            return
        }
        var seenScreens: Set<String> = []
        for screen in value.members {
            let screenPath = path.appending(screen.key)
            guard seenScreens.insert(screen.key).inserted else {
                report(screenPath, "screen \(LongText.quoted(screen.key)) is written twice", screen.keyRange)
                continue
            }
            frames.writtenNames.append(.init(screen: screen.key, target: nil, key: key, path: screenPath.text, range: screen.keyRange))
            guard case .object = screen.value.value else {
                report(screenPath, "expected an object of target frames, by target id; found \(Self.describe(screen.value.value))", screen.value.range)
                continue
            }
            var seenTargets: Set<String> = []
            for target in screen.value.members {
                let targetPath = screenPath.appending(target.key)
                guard seenTargets.insert(target.key).inserted else {
                    report(targetPath, "target \(LongText.quoted(target.key)) is written twice", target.keyRange)
                    continue
                }
                frames.writtenNames.append(.init(screen: screen.key, target: target.key, key: key, path: targetPath.text, range: target.keyRange))
                guard let frame = self.frame(target.value, at: targetPath) else { continue }
                frames.record(frame, target: target.key, screen: screen.key, on: key)
            }
        }
    }

    /// A frame, `[x, y, width, height]` in points, finite, within bounds, its size not negative.
    mutating func frame(_ value: LocatedJSON, at path: IRJSONPath) -> Rect? {
        switch MeasuredFrames.frame(value.value) {
        case .success(let frame):
            return frame
        case .failure(let problem):
            report(path, "expected a frame [x, y, width, height] in points (numbers of at most \(NumberText.text(MeasuredFrames.largestCoordinate)), a width and height not negative); \(problem.description)",
                   value.range)
            return nil
        }
    }

    /// A value as a message names it, a long string cut short.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): LongText.shortened(number.text)
        case .string(let text): LongText.quoted(text)
        case .array(let elements): elements.isEmpty ? "an empty array" : "an array of \(elements.count)"
        case .object: "an object"
        }
    }

    /// Names as a message lists them: `"a", "b" or "c"`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map(IRJSONPath.quoted)
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
