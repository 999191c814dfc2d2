import GuideIR
import GuideLayout

/// Gathers the frames an app measured for the targets it found, keyed by device, orientation
/// and text size, into a frames file (docs/runtime.md, "The frames file") for
/// `guidec lint --frames`: the app calls it in its UI tests wherever it reports frames to
/// `RuntimeLayout`, and writes `bytes` to a file at the end.
/// Pure: the app measures and writes; this only keeps what it was told.
public struct FrameRecorder: Sendable {
    /// The frames recorded so far.
    public private(set) var frames: MeasuredFrames

    /// A recorder that starts from `frames` (those of an earlier run, so runs on several devices
    /// add up to one file), or from nothing.
    public init(frames: MeasuredFrames = MeasuredFrames()) { self.frames = frames }

    /// The device name of a screen the catalog does not name: its size in points as it is now,
    /// `WxH` (`390x844`, or `844x390` in landscape), as `guidec lint --screen` names it.
    public static func device(width: Double, height: Double) -> String {
        "\(NumberText.text(width))x\(NumberText.text(height))"
    }

    /// Records the frames the app measured for screen `screen`'s targets (by target id, in the
    /// overlay's coordinates, after scrolling: what it passes to `RuntimeLayout.layOut` as
    /// `reported`) on `device` (a catalog identifier such as `iphone-17-pro`, or
    /// `FrameRecorder.device(width:height:)`), in `orientation` at text size `category`.
    /// A frame that is not finite or has a negative size is not a measurement and is left out.
    public mutating func record(_ measured: [String: Rect], screen: String, device: String, orientation: Orientation,
                                category: ContentSizeCategory) {
        let key = MeasuredFrames.Key(device: device, orientation: orientation, category: category)
        let largest = MeasuredFrames.largestCoordinate
        for (target, frame) in measured {
            let values = [frame.x, frame.y, frame.width, frame.height]
            guard values.allSatisfy({ $0.isFinite && abs($0) <= largest }), frame.width >= 0, frame.height >= 0 else { continue }
            frames.record(frame, target: target, screen: screen, on: key)
        }
    }

    /// The frames file's bytes (format `guide-frames`, version 1), the same for the same frames.
    public var bytes: [UInt8] { frames.bytes }
}
