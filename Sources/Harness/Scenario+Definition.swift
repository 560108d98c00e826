import Raster
import Scenarios
import Table

extension Scenario {
    /// The scenario's definition as results record it (`ScenarioDefinition`, which writes and
    /// reads its JSON): everything that decides what is drawn and how it scrolls, from the
    /// model's own types, colours as `Color.hexString`, names as in scenario and cell files; the
    /// overlays' layers as a cell's are.
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
            events: events.map(Self.event), warmupSteps: warmupSteps, overlays: overlays.map(Self.layer))
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
            return .cell(Self.cell(cell), header: content.headerLength, footer: content.footerLength)
        }
        return .rows(content.cells.map { cell in
            switch cell {
            case .settings(let row):
                .settings(icon: row.icon, title: row.titleLength, detail: row.detailLength, accessory: row.accessory.rawValue)
            case .layers(let description):
                .cell(Self.cell(description))
            }
        }, header: content.headerLength, footer: content.footerLength)
    }

    /// A cell: its layers and separator inset, every property that decides what is drawn, so
    /// runs of different cells are never compared as one.
    /// Its `rowHeight` when the file gives one, and each layer's `name`, are kept too: they draw
    /// nothing, but a report reads a layer's name and the table's line the cell's height from here.
    private static func cell(_ cell: CellDescription) -> ScenarioDefinition.Cell {
        ScenarioDefinition.Cell(layers: cell.layers.map(layer), separatorInset: cell.separatorInset, rowHeight: cell.rowHeight)
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

    /// A layer and its sublayers, property by property (`ScenarioDefinition.Layer`, whose JSON
    /// leaves out those at their defaults, so a definition reads like the cell it came from, and a
    /// property set later shows as `absent → value`).
    private static func layer(_ layer: LayerDescription) -> ScenarioDefinition.Layer {
        var out = ScenarioDefinition.Layer(name: layer.name, frame: frame(layer.frame), sublayers: layer.sublayers.map(Self.layer))
        out.isHidden = layer.isHidden
        out.backgroundColor = layer.backgroundColor?.hexString
        switch layer.contents {
        case .none: out.contents = .none
        case let .image(.picture(size, color, radius)):
            // Without a colour, the row's colour (`ContentDrawing.iconColors`), as in a cell file.
            out.contents = .image(.init(size: size.map { .init(width: $0.width, height: $0.height) }, color: color?.hexString,
                                        cornerRadius: radius))
        case let .image(.symbol(text, size, color)):
            out.contents = .symbol(.init(string: text, size: size, color: color.hexString))
        case .text(let t):
            let source: ScenarioDefinition.Layer.Label.Source
            switch t.source {
            case .literal(let s): source = .string(s)
            case .rowTitle(let length): source = .title(length: length)
            case .rowDetail(let length): source = .detail(length: length)
            }
            out.contents = .text(.init(source: source, size: t.pointSize, color: t.color.hexString, background: t.background?.hexString,
                                       maxWidth: t.maxWidth))
        }
        out.isOpaque = layer.isOpaque
        out.opacity = layer.opacity
        out.allowsGroupOpacity = layer.allowsGroupOpacity
        out.cornerRadius = layer.cornerRadius
        out.masksToBounds = layer.masksToBounds
        out.mask = layer.mask.map { mask in
            switch mask {
            case .roundedRect(let r): .roundedRect(radius: r)
            case .oval: .oval
            case .roundedRects(let rects): .roundedRects(rects.map { .init(frame: frame($0.frame), radius: $0.radius) })
            }
        }
        // The scale only of a layer that rasterizes, as results have always recorded it.
        out.rasterizationScale = layer.shouldRasterize ? layer.rasterizationScale : nil
        out.shadow = layer.shadow.map { s in
            .init(opacity: s.opacity, radius: s.radius, offset: .init(x: s.offset.x, y: s.offset.y), color: s.color.hexString, hasPath: s.hasPath)
        }
        out.border = layer.border.map { .init(width: $0.width, color: $0.color.hexString) }
        out.backdrop = layer.backdrop.map { .init(radius: $0.radius, tint: $0.tint.hexString) }
        return out
    }

    private static func frame(_ frame: Rect) -> ScenarioDefinition.Layer.Frame {
        .init(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
    }
}
