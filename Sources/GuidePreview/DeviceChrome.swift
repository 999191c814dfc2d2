import GuideLayout

/// What of a device's hardware a picture draws around the app: the screen's rounded corners,
/// the Dynamic Island, notch or camera hole, and the home indicator.
///
/// The device table measures sizes and safe areas, not these, so they are drawn from a few
/// rules, as close as a sketch needs: corners of 55 pt on a phone with a Dynamic Island, 44 pt
/// with a notch, 24 pt on an Android phone, 18 pt on a tablet with a home indicator, square
/// otherwise; a 125 × 37 pt island 11 pt from the edge, a 162 × 32 pt notch, a 10 pt camera
/// hole in the middle of the status bar; a 134 × 5 pt home indicator 8 pt above the bottom
/// when the safe area leaves room for one. In landscape the island or notch is drawn on the
/// left, where it is when the phone is turned that way.
public struct DeviceChrome: Equatable, Sendable {
    /// The screen's corner radius.
    public var cornerRadius: Double
    /// The sensor housing's box (a circle for a camera hole), or nil.
    public var sensorHousing: PreviewBox?
    /// The home indicator's box, or nil.
    public var homeIndicator: PreviewBox?

    /// The chrome of `screen`; a size given by hand (`--screen`) has square corners and nothing else.
    public init(screen: Screen) {
        let device = DeviceCatalog.device(id: screen.id)
        let housing = device == nil ? nil : screen.sensorHousing
        let isLandscape = screen.orientation == .landscape
        switch (housing, device?.kind) {
        case (.dynamicIsland?, _): cornerRadius = 55
        case (.notch?, _): cornerRadius = 44
        case (.cameraHole?, _): cornerRadius = 24
        case (_, "tablet"?): cornerRadius = (device?.portraitSafeArea.bottom ?? 0) > 0 ? 18 : 0
        default: cornerRadius = 0
        }
        let black = PreviewPaint(hex: "#000000")
        func box(_ rect: Rect, radius: Double, isCircle: Bool = false) -> PreviewBox {
            PreviewBox(role: .sensorHousing, rect: rect, cornerRadius: radius, isCircle: isCircle, fill: black)
        }
        switch housing {
        case .dynamicIsland?:
            sensorHousing = isLandscape
                ? box(Rect(x: 11, y: screen.height / 2 - 62.5, width: 37, height: 125), radius: 18.5)
                : box(Rect(x: screen.width / 2 - 62.5, y: 11, width: 125, height: 37), radius: 18.5)
        case .notch?:
            sensorHousing = isLandscape
                ? box(Rect(x: 0, y: screen.height / 2 - 81, width: 32, height: 162), radius: 12)
                : box(Rect(x: screen.width / 2 - 81, y: 0, width: 162, height: 32), radius: 12)
        case .cameraHole?:
            let center = isLandscape
                ? PreviewPoint(x: max(12, screen.safeArea.leading / 2), y: screen.height / 2)
                : PreviewPoint(x: screen.width / 2, y: max(12, screen.safeArea.top / 2))
            sensorHousing = box(Rect(x: center.x - 5, y: center.y - 5, width: 10, height: 10), radius: 5, isCircle: true)
        default:
            sensorHousing = nil
        }
        if device != nil, screen.safeArea.bottom > 0 {
            let width = isLandscape ? 200.0 : 134
            homeIndicator = PreviewBox(role: .homeIndicator, rect: Rect(x: screen.width / 2 - width / 2, y: screen.height - 13, width: width, height: 5),
                                       cornerRadius: 2.5, fill: PreviewPaint(hex: "#000000", opacity: 0.6))
        } else {
            homeIndicator = nil
        }
    }
}
