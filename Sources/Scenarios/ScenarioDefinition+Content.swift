extension ScenarioDefinition {
    /// What the rows and section labels show.
    public enum Content: Hashable, Sendable {
        /// Settings rows, the built-in pattern.
        case settings
        /// Empty cells.
        case none
        /// One cell described as layers on every row; section labels of `header` and `footer`
        /// characters.
        case cell(CellDescription, header: Int, footer: Int)
        /// A pattern of rows, each a Settings row or a cell.
        case rows([PatternRow], header: Int, footer: Int)

        /// The cell the content describes: its one cell, or the first cell among its rows; nil
        /// for Settings rows and empty cells.
        public var firstCell: CellDescription? {
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
        case cell(CellDescription)
    }
}
