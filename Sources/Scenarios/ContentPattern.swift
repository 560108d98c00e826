/// What one row shows, as a row of the Settings app: an optional icon, a title, an optional detail
/// text on the right and an optional accessory.
public struct RowContent: Hashable, Sendable {
    /// What a row shows at its right edge, as `UITableViewCell.AccessoryType`.
    public enum Accessory: String, Hashable, Sendable, CaseIterable {
        /// Nothing.
        case none
        /// A disclosure chevron.
        case disclosure
    }

    /// Whether the row shows a 29 × 29 pt rounded-square icon before its title.
    public var icon: Bool
    /// The title's length in characters (at least 1).
    public var titleLength: Int
    /// The detail text's length in characters; 0 for none.
    public var detailLength: Int
    /// The accessory at the right edge.
    public var accessory: Accessory

    public init(icon: Bool = true, titleLength: Int = 10, detailLength: Int = 0, accessory: Accessory = .disclosure) {
        self.icon = icon
        self.titleLength = titleLength
        self.detailLength = detailLength
        self.accessory = accessory
    }
}

/// What one row's cell is: the built-in Settings row, or a user's layers.
public enum CellContent: Hashable, Sendable {
    /// A Settings row, described for each row by `RowContent.description`.
    case settings(RowContent)
    /// A cell described as layers, the same on every row but for what its contents take from
    /// the row (texts, the colour of a picture).
    case layers(CellDescription)
}

/// The content of every row and section label of a table: a pattern of cells repeated down the
/// table, and the length of each section's header and footer text.
///
/// The content is the app's part of a cell (its data source's `cellForRow`), the same whatever
/// rounds the corners; it matters to a strategy because whatever a mask, a rounded clip or
/// rasterization renders off-screen includes it.
public struct ContentPattern: Hashable, Sendable {
    /// Row contents, repeated over the table's rows in order (row k of the whole table shows
    /// `cells[k % cells.count]`). Empty: every cell is an empty rectangle.
    public let cells: [CellContent]
    /// Characters of each section's header label; 0 for none.
    public var headerLength: Int
    /// Characters of each section's footer label; 0 for none.
    public var footerLength: Int
    /// For each entry of `cells`, its kind: the index of the first entry it shares a cell class
    /// with (every Settings row is one class; a layer description is a class of its own).
    private let kinds: [Int]
    /// The number of cell classes: a table with more than one keeps a reuse pool per class.
    public let kindCount: Int

    public init(cells: [CellContent], headerLength: Int = 0, footerLength: Int = 0) {
        self.cells = cells
        self.headerLength = headerLength
        self.footerLength = footerLength
        var kinds: [Int] = []
        var firsts: [Int] = []
        for (i, cell) in cells.enumerated() {
            let first = firsts.first { ContentPattern.sameClass(cells[$0], cell) }
            if first == nil { firsts.append(i) }
            kinds.append(firsts.firstIndex(of: first ?? i)!)
        }
        self.kinds = kinds
        self.kindCount = firsts.count
    }

    /// A pattern of Settings rows.
    public init(rows: [RowContent], headerLength: Int = 0, footerLength: Int = 0) {
        self.init(cells: rows.map(CellContent.settings), headerLength: headerLength, footerLength: footerLength)
    }

    private static func sameClass(_ a: CellContent, _ b: CellContent) -> Bool {
        switch (a, b) {
        case (.settings, .settings): return true
        case let (.layers(x), .layers(y)): return x == y
        default: return false
        }
    }

    /// Empty cells and no section labels: the table before cell content was modelled.
    public static let none = ContentPattern(rows: [])

    /// The look of the Settings app, the default: icons on every row, titles of varied length,
    /// some detail texts, disclosure chevrons, a header over every section and a footer under it.
    public static let settings = ContentPattern(rows: [
        RowContent(icon: true, titleLength: 9, detailLength: 0, accessory: .disclosure),
        RowContent(icon: true, titleLength: 5, detailLength: 9, accessory: .disclosure),
        RowContent(icon: true, titleLength: 13, detailLength: 3, accessory: .disclosure),
        RowContent(icon: true, titleLength: 16, detailLength: 0, accessory: .disclosure),
        RowContent(icon: true, titleLength: 7, detailLength: 4, accessory: .none),
        RowContent(icon: true, titleLength: 11, detailLength: 0, accessory: .disclosure),
    ], headerLength: 14, footerLength: 38)

    /// True when nothing is drawn in cells or around sections.
    public var isEmpty: Bool { cells.isEmpty && headerLength == 0 && footerLength == 0 }

    /// The content of global row `row`, or nil when there are no cells.
    public func cell(_ row: Int) -> CellContent? {
        cells.isEmpty ? nil : cells[row % cells.count]
    }

    /// The cell class of global row `row` (0 when there are no cells).
    public func kind(ofRow row: Int) -> Int {
        kinds.isEmpty ? 0 : kinds[row % kinds.count]
    }
}

extension ContentPattern {
    /// The cell the content describes: the first cell described as layers among its rows; nil
    /// for Settings rows and empty cells.
    public var firstCell: CellDescription? {
        cells.lazy.compactMap { if case .layers(let cell) = $0 { cell } else { nil } }.first
    }
}
