import GuideIR

/// A rectangle in points, origin at the screen's top-leading corner, y growing downwards.
public struct Rect: Equatable, Sendable, CustomStringConvertible {
    /// The leading edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The leading edge.
    public var minX: Double { x }
    /// The trailing edge.
    public var maxX: Double { x + width }
    /// The top edge.
    public var minY: Double { y }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// The rectangle grown by `amount` on every side (shrunk when negative).
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    /// The rectangle grown by `amount` on every side.
    public func outsetBy(_ amount: Double) -> Rect { insetBy(-amount) }

    /// Whether the two rectangles share area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The shared area, or nil.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies entirely inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX - 1e-9 && other.maxX <= maxX + 1e-9 && other.minY >= minY - 1e-9 && other.maxY <= maxY + 1e-9
    }

    /// `(x, y, w × h)` with numbers rounded to one decimal, for messages.
    public var description: String {
        // Written as bytes into one buffer: interpolating four numbers' strings cost 6,000
        // instructions a rectangle, and lint's findings hold thousands.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40)
        bytes.append(UInt8(ascii: "("))
        NumberText.append(NumberText.rounded(x, decimals: 1), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: " "))
        NumberText.append(NumberText.rounded(y, decimals: 1), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: " "))
        NumberText.append(NumberText.rounded(width, decimals: 1), to: &bytes)
        bytes.append(contentsOf: " × ".utf8)
        NumberText.append(NumberText.rounded(height, decimals: 1), to: &bytes)
        bytes.append(UInt8(ascii: ")"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A number with at most one decimal and no trailing `.0`.
    public static func format(_ value: Double) -> String { NumberText.text(roundedToOneDecimal: value) }
}

/// Distances from each edge of the screen, in points.
public struct EdgeInsets: Equatable, Sendable {
    /// From the top edge.
    public var top: Double
    /// From the leading (left) edge.
    public var leading: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the trailing (right) edge.
    public var trailing: Double

    /// Creates insets.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No insets.
    public static let zero = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// A screen to lay guides out on: a device in one orientation, or a size given by hand.
public struct Screen: Equatable, Sendable {
    /// A name for messages, such as "iPhone SE (3rd gen) landscape" or "320×568".
    public var name: String
    /// The device identifier, such as `iphone-se-3`, or the `WxH` text for a custom size.
    public var id: String
    /// `portrait` or `landscape`.
    public var orientation: Orientation
    /// Width in points, in this orientation.
    public var width: Double
    /// Height in points, in this orientation.
    public var height: Double
    /// The unsafe margins (notch, status bar, home indicator), in this orientation.
    public var safeArea: EdgeInsets
    /// Whether the platform is Android (its minimum tap target is 48 dp, not 44 pt).
    public var isAndroid: Bool
    /// What the device's camera and sensors cut out of the screen; nil when not known (a size
    /// given by hand).
    public var sensorHousing: SensorHousing?

    /// Creates a screen.
    public init(
        name: String, id: String, orientation: Orientation, width: Double, height: Double, safeArea: EdgeInsets, isAndroid: Bool,
        sensorHousing: SensorHousing? = nil
    ) {
        self.name = name
        self.id = id
        self.orientation = orientation
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.isAndroid = isAndroid
        self.sensorHousing = sensorHousing
    }

    /// The whole screen.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Whether `frame` shares at least a point with the screen (an edge touching counts): the
    /// runtime treats a target that does not as missing, and lint says so.
    public func shows(_ frame: Rect) -> Bool {
        frame.maxX >= 0 && frame.minX <= width && frame.maxY >= 0 && frame.minY <= height
    }

    /// The part of the screen outside the unsafe margins.
    public var safeBounds: Rect {
        Rect(x: safeArea.leading, y: safeArea.top,
             width: max(0, width - safeArea.leading - safeArea.trailing),
             height: max(0, height - safeArea.top - safeArea.bottom))
    }
}
