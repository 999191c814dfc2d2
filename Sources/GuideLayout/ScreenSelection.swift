import GuideIR

/// Which screens a guide is laid out on (docs/layout.md section 8): the run's, unless the guide
/// names its own `devices` (each in the run's orientations); then only those in an orientation
/// the guide runs in. Lint and preview choose alike.
public enum ScreenSelection {
    /// The screens `settings` leave of the run's `screens`, the guide's own devices in `orientations`.
    public static func screens(for settings: IRLintSettings, screens: [Screen], orientations: [Orientation]) -> [Screen] {
        var chosen = screens
        if !settings.devices.isEmpty {
            chosen = settings.devices.compactMap(DeviceCatalog.device(id:)).flatMap { device in
                orientations.map { device.screen($0) }
            }
        }
        // An app that only runs in one orientation is not laid out in the other.
        if !settings.orientations.isEmpty { chosen = chosen.filter { settings.orientations.contains($0.orientation) } }
        return chosen
    }
}
