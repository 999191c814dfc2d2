import GuideLayout

/// The pictures that differ between two runs of `guidec preview`, for review: matched by
/// `PictureID` (and the file they come from), compared as scenes, so a picture changed exactly
/// when what it draws (geometry, colours, texts, findings, controls) is not the same, never by
/// pixels. A picture only one side has is added or removed.
public struct PreviewDiff: Sendable {
    /// One picture that changed.
    public struct Change: Sendable {
        /// What happened to the picture.
        public enum Kind: String, Sendable {
            /// Drawn on both sides, differently.
            case changed
            /// Drawn only after.
            case added
            /// Drawn only before.
            case removed
        }

        /// The file the picture comes from, as the command line named it (after, or before for
        /// a removed file).
        public var file: String
        /// The picture's id.
        public var picture: PictureID
        /// What happened.
        public var kind: Kind
        /// The picture before, nil when added.
        public var before: PreviewScene?
        /// The picture after, nil when removed.
        public var after: PreviewScene?

        /// The roles of what differs (`title`, `tip`, `cutout`, ...), in the order of
        /// `PreviewRole`, so a reviewer reads what moved before looking; every role drawn for an
        /// added or removed picture.
        public var changedRoles: [PreviewRole] {
            let before = Self.elementsByRole(self.before)
            let after = Self.elementsByRole(self.after)
            var roles = PreviewRole.allCases.filter { before[$0] != after[$0] }
            // Controls that are the same drawn but act differently are still a change.
            if roles.isEmpty, self.before?.controls != self.after?.controls { roles = [.button] }
            return roles
        }

        /// Where the picture changed, on each side: the smallest rectangle around what is drawn
        /// in the changed roles (an overlay by its cut-outs, which is where it shows a change);
        /// nil for a side not drawn or a change of controls only.
        public var changedArea: (before: Rect?, after: Rect?) {
            guard kind == .changed else { return (nil, nil) }
            let roles = Set(changedRoles)
            func area(_ scene: PreviewScene?) -> Rect? {
                PreviewSceneBuilder.union((scene?.elements ?? []).filter { roles.contains($0.role) }.flatMap(Self.bounds(of:)))
            }
            return (area(before), area(after))
        }

        /// What an element covers, as rectangles.
        private static func bounds(of element: PreviewElement) -> [Rect] {
            switch element {
            case .box(let box): return [box.rect]
            case .overlay(let overlay): return overlay.holes.isEmpty ? [overlay.rect] : overlay.holes.map(\.bounds)
            case .polygon(let polygon):
                guard let first = polygon.points.first else { return [] }
                var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
                for point in polygon.points.dropFirst() {
                    (minX, minY, maxX, maxY) = (min(minX, point.x), min(minY, point.y), max(maxX, point.x), max(maxY, point.y))
                }
                return [Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)]
            case .text(let text):
                return text.lines.map { line in
                    let start = switch text.anchor {
                    case .start: line.x
                    case .middle: line.x - line.width / 2
                    case .end: line.x - line.width
                    }
                    // From the ascender to the descender, about as a font of that size draws.
                    return Rect(x: start, y: line.baseline - text.fontSize, width: line.width, height: text.fontSize * 1.25)
                }
            }
        }

        private static func elementsByRole(_ scene: PreviewScene?) -> [PreviewRole: [PreviewElement]] {
            var elements: [PreviewRole: [PreviewElement]] = [:]
            for element in scene?.elements ?? [] { elements[element.role, default: []].append(element) }
            return elements
        }
    }

    /// The pictures that changed, in the order after draws them (removed ones after the others
    /// of their file, in the order before drew them).
    public private(set) var changes: [Change] = []
    /// How many pictures were compared: each id on either side once.
    public private(set) var comparedCount = 0

    /// An empty comparison.
    public init() {}

    /// Compares one file's pictures: `before` and `after` are its scenes in the two runs (empty
    /// for a file only one side has).
    public mutating func compare(file: String, before: [PreviewScene], after: [PreviewScene]) {
        var earlier: [PictureID: PreviewScene] = [:]
        for scene in before where earlier[scene.picture] == nil { earlier[scene.picture] = scene }
        var matched = Set<PictureID>()
        for scene in after where !matched.contains(scene.picture) {
            matched.insert(scene.picture)
            comparedCount += 1
            guard let old = earlier[scene.picture] else {
                changes.append(Change(file: file, picture: scene.picture, kind: .added, before: nil, after: scene))
                continue
            }
            if old != scene {
                changes.append(Change(file: file, picture: scene.picture, kind: .changed, before: old, after: scene))
            }
        }
        var removed = Set<PictureID>()
        for scene in before where !matched.contains(scene.picture) && !removed.contains(scene.picture) {
            removed.insert(scene.picture)
            comparedCount += 1
            changes.append(Change(file: file, picture: scene.picture, kind: .removed, before: scene, after: nil))
        }
    }
}
