import Scenarios

extension TextContent {
    /// The string shown on global row `row`.
    public func text(row: Int) -> String {
        switch source {
        case .literal(let s): return s
        case .rowTitle(let length): return ContentText.title(row: row, length: length)
        case .rowDetail(let length): return ContentText.detail(row: row, length: length)
        }
    }
}
