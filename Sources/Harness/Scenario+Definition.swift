import Scenarios
import Table

extension Scenario {
    /// The scenario's definition as results record it (`ScenarioDefinition`, which writes and
    /// reads its JSON): everything that decides what is drawn and how it scrolls, from the
    /// model's own types (a cell's and the overlays' layers the model's `CellDescription` and
    /// `LayerDescription` themselves, whose JSON `Scenarios` writes with colours as
    /// `Color.hexString`), names as in scenario and cell files.
    ///
    /// Results record it so a gate can refuse to compare runs of differently defined scenarios
    /// and say which fields differ (`content.cell.layers[1].cornerRadius: 20 → 8`), instead of
    /// reporting the consequences as regressions; a change inside `content.cell` is the app's
    /// cell changing, which the gate compares.
    public var definition: ScenarioDefinition {
        ScenarioDefinition(
            device: .init(name: device.name, width: device.width, height: device.height, scale: device.scale,
                          refreshHz: device.refreshHz, ios: device.ios),
            sections: sections, rowsPerSection: rowsPerSection,
            rowHeight: rowHeight, headerHeight: headerHeight, footerHeight: footerHeight,
            style: Self.style(style), content: Self.content(content),
            scroll: Self.scroll(motion ?? .constant(pointsPerStep: pointsPerStep)),
            events: events.map(Self.event), warmupSteps: warmupSteps, overlays: overlays)
    }

    private static func event(_ event: ScenarioEvent) -> ScenarioDefinition.Event {
        switch event.action {
        case .setStyle(let new): .init(atStep: event.atStep, action: .style(style(new)))
        case let .resize(width, height): .init(atStep: event.atStep, action: .resize(width: width, height: height))
        case .select(let row): .init(atStep: event.atStep, action: .select(Self.row(row)))
        }
    }

    private static func row(_ row: IndexPath) -> ScenarioDefinition.Row {
        ScenarioDefinition.Row(section: row.section, row: row.row)
    }

    private static func style(_ style: TableStyle) -> ScenarioDefinition.Style {
        ScenarioDefinition.Style(cornerRadius: style.cornerRadius, sideInset: style.sideInset, maxColumnWidth: style.maxColumnWidth,
                                 backgroundColor: style.backgroundColor.hexString, cellColor: style.cellColor.hexString,
                                 selectedColor: style.selectedColor.hexString, roundsInCompactWidth: style.roundsInCompactWidth,
                                 opaqueLabels: style.opaqueLabelBackgrounds)
    }

    /// Settings rows, empty cells, one cell described as layers, or a pattern of rows.
    private static func content(_ content: ContentPattern) -> ScenarioDefinition.Content {
        if content == .settings { return .settings }
        if content == .none { return .none }
        if content.cells.count == 1, case .layers(let cell) = content.cells[0] {
            return .cell(cell, header: content.headerLength, footer: content.footerLength)
        }
        return .rows(content.cells.map { cell in
            switch cell {
            case .settings(let row):
                .settings(icon: row.icon, title: row.titleLength, detail: row.detailLength, accessory: row.accessory.rawValue)
            case .layers(let description):
                .cell(description)
            }
        }, header: content.headerLength, footer: content.footerLength)
    }

    /// As a scenario file's `scroll` names it, without the steps.
    private static func scroll(_ motion: ScrollDriver.Motion) -> ScenarioDefinition.Scroll {
        switch motion {
        case .constant(let points): .constant(pointsPerStep: points)
        case let .fling(velocity, deceleration): .fling(velocity: velocity, deceleration: deceleration)
        case .jumpToOffset(let offset): .jumpToOffset(offset)
        case .jumpToRow(let row): .jumpToRow(Self.row(row))
        }
    }
}
