import GuideIR

/// The frames an app measured for its guides' targets, per device, orientation and text size:
/// what the runtime's `FrameRecorder` gathers in an app's UI tests and `guidec lint --frames`
/// lays out against (the frames file of docs/runtime.md, format `guide-frames`, version 1).
///
/// It lives with the layout engine, which both sides link: the runtime records it and lint, which
/// never links the runtime, reads it. Equality compares the frames, not where a file wrote them.
public struct MeasuredFrames: Equatable, Sendable {
    /// The `format` a frames file names.
    public static let format = "guide-frames"
    /// The one version of the format this code reads and writes.
    public static let version = 1
    /// The largest coordinate or size a frame may have, in points: far beyond any screen, and
    /// small enough that sums of them stay exact.
    public static let largestCoordinate = 100_000.0

    /// What a set of frames was measured on.
    public struct Key: Hashable, Sendable, Comparable {
        /// A device of the catalog by its identifier (`iphone-17-pro`), or a screen size `WxH`
        /// in points (`390x844`), as `guidec lint --device` and `--screen` name them.
        public var device: String
        /// The orientation the frames were measured in.
        public var orientation: Orientation
        /// The text size they were measured at.
        public var category: ContentSizeCategory

        /// Creates a key.
        public init(device: String, orientation: Orientation, category: ContentSizeCategory) {
            self.device = device
            self.orientation = orientation
            self.category = category
        }

        /// The key of a lint screen at a text size: its device identifier (or `WxH`) and orientation.
        /// A custom screen's insets (`--screen 402x874@62,0,34,0`) are not part of it: the recorder
        /// names a screen by its size alone (`FrameRecorder.device(width:height:)`).
        public init(screen: Screen, category: ContentSizeCategory) {
            self.init(device: String(screen.id.prefix { $0 != "@" }), orientation: screen.orientation, category: category)
        }

        /// Orders keys by device, then orientation, then text size, as the file lists them.
        public static func < (left: Key, right: Key) -> Bool {
            (left.device, left.orientation.rawValue, left.category.rawValue) < (right.device, right.orientation.rawValue, right.category.rawValue)
        }

        /// The key as a message names it: `iphone-17-pro portrait at large text size`.
        public var description: String { "\(device) \(orientation.rawValue) at \(category.rawValue) text size" }
    }

    /// Where a file wrote a screen's or a target's name, for a diagnostic about a name the program
    /// does not have.
    public struct WrittenName: Equatable, Sendable {
        /// The screen named.
        public var screen: String
        /// The target named, or nil when this is the screen's own key.
        public var target: String?
        /// The measurement it is in.
        public var key: Key
        /// The name's JSON path (`$.measurements[0].screens.home.install`).
        public var path: String
        /// The bytes of the key, quotes included.
        public var range: Range<Int>
    }

    /// The frames by key, then by screen id, then by target id.
    public private(set) var frames: [Key: [String: [String: Rect]]] = [:]
    /// Where a read file wrote each screen and target name, in file order; empty for frames
    /// recorded in memory.
    public internal(set) var writtenNames: [WrittenName] = []

    /// No frames.
    public init() {}

    /// Frames are equal when they hold the same frames, wherever they were written.
    public static func == (left: MeasuredFrames, right: MeasuredFrames) -> Bool { left.frames == right.frames }

    /// Whether nothing was measured.
    public var isEmpty: Bool { frames.isEmpty }

    /// The measured frames of screen `screen`'s targets on `key`, by target id; empty when none.
    public func frames(ofScreen screen: String, on key: Key) -> [String: Rect] { frames[key]?[screen] ?? [:] }

    /// Records the frame of target `target` of screen `screen` measured on `key`, replacing one
    /// measured before on the same key.
    public mutating func record(_ frame: Rect, target: String, screen: String, on key: Key) {
        frames[key, default: [:]][screen, default: [:]][target] = frame
    }

    /// The frames file's bytes: pretty JSON, keys in a fixed order, measurements sorted by key and
    /// screens and targets by id, so that the same frames always give the same file.
    public var bytes: [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("format")
            writer.string(Self.format)
            writer.key("version")
            writer.integer(Self.version)
            writer.key("measurements")
            writer.array { writer in
                for key in frames.keys.sorted() {
                    writer.object { writer in
                        writer.key("device")
                        writer.string(key.device)
                        writer.key("orientation")
                        writer.string(key.orientation.rawValue)
                        writer.key("textSize")
                        writer.string(key.category.rawValue)
                        writer.key("screens")
                        writer.object { writer in
                            for (screen, targets) in (frames[key] ?? [:]).sorted(by: { $0.key < $1.key }) {
                                writer.dynamicKey(screen)
                                writer.object { writer in
                                    for (target, frame) in targets.sorted(by: { $0.key < $1.key }) {
                                        writer.dynamicKey(target)
                                        Self.write(frame, to: &writer)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        writer.finish()
        return writer.takeBytes()
    }

    /// A frame as the file writes it, `[x, y, width, height]` on one line (as a literal: the pretty
    /// writer would put each number on a line of its own), as the scenarios of `guidec simulate` write frames.
    /// The numbers go through the one formatter, `NumberText`, straight into the literal's bytes.
    private static func write(_ frame: Rect, to writer: inout JSONWriter) {
        var text: [UInt8] = [UInt8(ascii: "[")]
        text.reserveCapacity(48)
        for (position, value) in [frame.x, frame.y, frame.width, frame.height].enumerated() {
            if position > 0 { text += ", ".utf8 }
            // As `JSONWriter.number` writes it: a number that is not finite is null.
            if value.isFinite { NumberText.append(value, to: &text) } else { text += "null".utf8 }
        }
        text.append(UInt8(ascii: "]"))
        writer.number(literal: String(decoding: text, as: UTF8.self))
    }
}
