import GuideIR

/// The pictures of a contact sheet arranged as the sheet shows them: one table per guide, its
/// rows the pages and steps in order, its columns the screens (device and orientation) and
/// variants, in the order the scenes came.
public struct ContactSheet: Equatable, Sendable {
    /// A guide's table.
    public struct Guide: Equatable, Sendable {
        /// The guide's identifier.
        public var id: String
        /// The columns, left to right.
        public var columns: [Column]
        /// The rows, top to bottom.
        public var rows: [Row]
    }

    /// One column: a screen in a variant.
    public struct Column: Hashable, Sendable {
        /// The device's identifier.
        public var device: String
        /// The orientation.
        public var orientation: Orientation
        /// The variant's name.
        public var variant: String
        /// The screen's name, for the heading.
        public var screenName: String
    }

    /// One row: a page or a step, with its picture in each column (nil where it is not drawn).
    public struct Row: Equatable, Sendable {
        /// The tour's identifier, or nil for a page.
        public var tour: String?
        /// The page's or step's identifier.
        public var item: String
        /// One cell per column.
        public var cells: [PreviewScene?]

        /// The row's heading: "page 'login'" or "tour 'main', step 'pay'".
        public var heading: String { tour.map { "tour '\($0)', step '\(item)'" } ?? "page '\(item)'" }
    }

    /// The sheet's title.
    public var title: String
    /// The tables, in the order their guides came.
    public var guides: [Guide]

    /// Arranges `scenes` (in any grouping: guide by guide, screen by screen) into tables.
    public init(title: String, scenes: [PreviewScene]) {
        self.title = title
        struct RowKey: Hashable {
            var tour: String?
            var item: String
        }
        var guideOrder: [String] = []
        var columns: [String: [Column]] = [:]
        var columnIndex: [String: [Column: Int]] = [:]
        var rowOrder: [String: [RowKey]] = [:]
        var rowIndex: [String: [RowKey: Int]] = [:]
        var cells: [String: [RowKey: [Int: PreviewScene]]] = [:]
        for scene in scenes {
            let guide = scene.picture.guide
            if columns[guide] == nil {
                guideOrder.append(guide)
                columns[guide] = []
            }
            let column = Column(device: scene.picture.device, orientation: scene.picture.orientation, variant: scene.picture.variant,
                                screenName: scene.screenName)
            let position: Int
            if let known = columnIndex[guide]?[column] {
                position = known
            } else {
                position = columns[guide]?.count ?? 0
                columns[guide, default: []].append(column)
                columnIndex[guide, default: [:]][column] = position
            }
            let key = RowKey(tour: scene.picture.tour, item: scene.picture.item)
            if rowIndex[guide]?[key] == nil {
                rowIndex[guide, default: [:]][key] = rowOrder[guide]?.count ?? 0
                rowOrder[guide, default: []].append(key)
            }
            cells[guide, default: [:]][key, default: [:]][position] = scene
        }
        guides = guideOrder.map { id in
            let guideColumns = columns[id] ?? []
            let rows = (rowOrder[id] ?? []).map { key in
                Row(tour: key.tour, item: key.item, cells: guideColumns.indices.map { cells[id]?[key]?[$0] })
            }
            return Guide(id: id, columns: guideColumns, rows: rows)
        }
    }

    /// Every picture, table by table, row by row, column by column.
    public var scenes: [PreviewScene] { guides.flatMap { $0.rows.flatMap { $0.cells.compactMap { $0 } } } }
}
