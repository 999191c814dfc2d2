/// What a device's front camera and sensors cut out of its screen: what the top inset (and, in
/// landscape, the side insets) make room for, and what lint names when a target reaches under it.
public enum SensorHousing: String, CaseIterable, Sendable {
    /// The pill-shaped Dynamic Island (iPhone 14 Pro and later).
    case dynamicIsland = "dynamic-island"
    /// The notch (iPhone X to iPhone 14, and the iPhone 16e and 17e).
    case notch
    /// A punch-hole camera inside the status bar (most Android phones).
    case cameraHole = "camera-hole"
    /// Nothing cut out (`none` in the data): the camera sits in the bezel (home-button iPhones,
    /// iPads, most tablets). Not called `none`, which would read as an absent value.
    case bezel = "none"

    /// How a diagnostic names the unsafe area it makes: "the Dynamic Island" or "the notch"; nil
    /// for a camera hole (inside the status bar, which is what to name) or none.
    public var phrase: String? {
        switch self {
        case .dynamicIsland: "the Dynamic Island"
        case .notch: "the notch"
        case .cameraHole, .bezel: nil
        }
    }
}
