import Raster

/// The look of an inset-grouped table (TORoundedTableView's properties, docs/cost-model.md §2).
public struct TableStyle: Hashable, Sendable {
    /// Corner radius of each section's column, points (TORoundedTableView default 7).
    public var cornerRadius: Double
    /// Minimum gap between the column and the table's sides, points (default 18).
    public var sideInset: Double
    /// The column never grows wider than this, points (default 675).
    public var maxColumnWidth: Double
    /// The grouped background behind the sections.
    public var backgroundColor: Color
    /// The cells' colour.
    public var cellColor: Color
    /// A selected cell's colour.
    public var selectedColor: Color
    /// Round at every width, as TORoundedTableView does since v0.2.0 (the default). When false, a
    /// compact-width table falls back to the plain grouped style, as its README still describes
    /// (the older size-class check).
    public var roundsInCompactWidth: Bool
    /// Labels get the cell's colour as an opaque background, as TORoundedTableView's sample code
    /// does "for performance": their bitmaps are then opaque and draw without blending.
    public var opaqueLabelBackgrounds: Bool

    /// Widths below this are compact (horizontal size class). Unconfirmed by Apple as a single
    /// number: a parameter, chosen so an iPad in full or half split view is regular.
    public static let compactWidthLimit = 500.0

    public init(cornerRadius: Double = 7, sideInset: Double = 18, maxColumnWidth: Double = 675,
                backgroundColor: Color = Color(hex: "#F2F2F7")!, cellColor: Color = .white,
                selectedColor: Color = Color(hex: "#D1D1D6")!, roundsInCompactWidth: Bool = true,
                opaqueLabelBackgrounds: Bool = false) {
        self.cornerRadius = cornerRadius
        self.sideInset = sideInset
        self.maxColumnWidth = maxColumnWidth
        self.backgroundColor = backgroundColor
        self.cellColor = cellColor
        self.selectedColor = selectedColor
        self.roundsInCompactWidth = roundsInCompactWidth
        self.opaqueLabelBackgrounds = opaqueLabelBackgrounds
    }

    /// True when a table `width` points wide shows the inset, rounded style.
    public func isInset(tableWidth width: Double) -> Bool {
        roundsInCompactWidth || width >= TableStyle.compactWidthLimit
    }

    /// The cells' column for a table `width` points wide: centred, at most `maxColumnWidth`, at
    /// least `sideInset` from each side; the full width in the plain grouped fallback.
    public func column(tableWidth width: Double) -> (x: Double, width: Double) {
        guard isInset(tableWidth: width) else { return (0, width) }
        let w = max(0, min(maxColumnWidth, width - 2 * sideInset))
        return ((width - w) / 2, w)
    }

    /// The radius drawn at `tableWidth`: zero in the plain fallback.
    public func effectiveCornerRadius(tableWidth width: Double) -> Double {
        isInset(tableWidth: width) ? cornerRadius : 0
    }
}
