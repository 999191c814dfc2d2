import GuideIR

/// A real device the layout linter checks guides on: its screen in points (dp on Android) and its
/// unsafe margins in each orientation.
public struct Device: Equatable, Sendable {
    /// The stable identifier used on the command line, such as `iphone-se-3`.
    public var id: String
    /// The marketing name, such as "iPhone SE (3rd gen)".
    public var name: String
    /// `iOS` or `android`.
    public var platform: String
    /// `phone`, `tablet` or `foldable`.
    public var kind: String
    /// The portrait width in points.
    public var width: Double
    /// The portrait height in points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// What the front camera and sensors cut out of the screen.
    public var sensorHousing: SensorHousing
    /// The unsafe margins in portrait.
    public var portraitSafeArea: EdgeInsets
    /// The unsafe margins in landscape, in landscape's own coordinates.
    public var landscapeSafeArea: EdgeInsets

    /// Creates a device from its portrait size and the safe areas of both orientations.
    public init(
        id: String, name: String, platform: String, kind: String, width: Double, height: Double, scale: Double,
        sensorHousing: SensorHousing, portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets
    ) {
        self.id = id
        self.name = name
        self.platform = platform
        self.kind = kind
        self.width = width
        self.height = height
        self.scale = scale
        self.sensorHousing = sensorHousing
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
    }

    /// Whether the device runs Android (case-insensitive, so `Android` in a future table still counts).
    public var isAndroid: Bool { platform.lowercased() == "android" }

    /// The device's screen in `orientation`: landscape swaps width and height and uses the
    /// landscape safe area; the name reads like "iPhone SE (3rd gen), landscape".
    public func screen(_ orientation: Orientation) -> Screen {
        let isLandscape = orientation == .landscape
        return Screen(
            name: "\(name), \(orientation.rawValue)",
            id: id,
            orientation: orientation,
            width: isLandscape ? height : width,
            height: isLandscape ? width : height,
            safeArea: isLandscape ? landscapeSafeArea : portraitSafeArea,
            isAndroid: isAndroid,
            sensorHousing: sensorHousing)
    }
}
