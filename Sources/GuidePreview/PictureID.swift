import GuideIR

/// What names one picture: the guide, the page or the tour and step, the device and
/// orientation, and the variant. Pictures of two runs with the same id are compared by a diff.
public struct PictureID: Hashable, Comparable, Sendable {
    /// The guide's identifier.
    public var guide: String
    /// The tour's identifier, or nil for a page.
    public var tour: String?
    /// The page's or step's identifier.
    public var item: String
    /// The device's identifier (or a custom screen's `WxH`).
    public var device: String
    /// The screen's orientation.
    public var orientation: Orientation
    /// The variant's name (`PreviewVariant.name`).
    public var variant: String

    /// Creates an id.
    public init(guide: String, tour: String?, item: String, device: String, orientation: Orientation, variant: String) {
        self.guide = guide
        self.tour = tour
        self.item = item
        self.device = device
        self.orientation = orientation
        self.variant = variant
    }

    /// Whether the picture is of a walkthrough page.
    public var isPage: Bool { tour == nil }

    /// The picture's file name in a preview folder, without extension: `GUIDE.pages.PAGE.DEVICE-ORIENTATION.VARIANT`
    /// or `GUIDE.tours.TOUR.STEP.DEVICE-ORIENTATION.VARIANT`. Identifiers hold no dots, so the
    /// name is unambiguous; a custom screen's id is made safe for a file name.
    public var fileName: String {
        let item = tour.map { "tours.\($0).\(self.item)" } ?? "pages.\(self.item)"
        let device = String(String.UnicodeScalarView(self.device.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") ? scalar : "_"
        }))
        return "\(guide).\(item).\(device)-\(orientation.rawValue).\(variant)"
    }

    /// Orders by guide, then the item's name, then device, orientation and variant: a stable
    /// order for listings (a sheet keeps the guide's own order instead).
    public static func < (lhs: PictureID, rhs: PictureID) -> Bool {
        (lhs.guide, lhs.tour ?? "", lhs.item, lhs.device, lhs.orientation.rawValue, lhs.variant)
            < (rhs.guide, rhs.tour ?? "", rhs.item, rhs.device, rhs.orientation.rawValue, rhs.variant)
    }
}
