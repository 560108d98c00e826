extension ScenarioDefinition {
    /// What the rows and section labels show.
    public enum Content: Hashable, Sendable {
        /// Settings rows, the built-in pattern.
        case settings
        /// Empty cells.
        case none
        /// One cell described as layers on every row; section labels of `header` and `footer`
        /// characters.
        case cell(Cell, header: Int, footer: Int)
        /// A pattern of rows, each a Settings row or a cell.
        case rows([PatternRow], header: Int, footer: Int)

        /// The cell the content describes: its one cell, or the first cell among its rows; nil
        /// for Settings rows and empty cells.
        public var firstCell: Cell? {
            switch self {
            case .settings, .none: nil
            case .cell(let cell, _, _): cell
            case .rows(let rows, _, _):
                rows.lazy.compactMap { if case .cell(let cell) = $0 { cell } else { nil } }.first
            }
        }
    }

    /// A row of a pattern.
    public enum PatternRow: Hashable, Sendable {
        /// A Settings row: an icon or not, a title and detail of so many characters, an accessory
        /// (`none`, `disclosure`).
        case settings(icon: Bool, title: Int, detail: Int, accessory: String)
        /// A cell described as layers.
        case cell(Cell)
    }

    /// A cell described as layers, as its cell file gives it.
    public struct Cell: Hashable, Sendable {
        /// Its layers, back to front.
        public var layers: [Layer]
        /// Where the separator under it starts, points.
        public var separatorInset: Double
        /// The height of the row it was laid out in, points; nil when its file does not say.
        public var rowHeight: Double?

        /// A cell of `layers`.
        public init(layers: [Layer], separatorInset: Double, rowHeight: Double?) {
            self.layers = layers
            self.separatorInset = separatorInset
            self.rowHeight = rowHeight
        }

        /// The layer at `path` (`layers[1]`, `layers[1].sublayers[0]`, as `CellLayerCost.layer`
        /// names it); nil when the cell has none there.
        public func layer(at path: String) -> Layer? {
            var found: Layer?
            for (depth, part) in path.split(separator: ".").enumerated() {
                guard let open = part.firstIndex(of: "["), part.hasSuffix("]"),
                      let index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)]) else { return nil }
                let key = part[..<open]
                let elements: [Layer]
                switch (depth, key) {
                case (0, "layers"): elements = layers
                case (1..., "sublayers"): elements = found?.sublayers ?? []
                default: return nil
                }
                guard elements.indices.contains(index) else { return nil }
                found = elements[index]
            }
            return found
        }
    }
}
