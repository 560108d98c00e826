import Devices
import Harness
import JSON
import Text

/// A decoded scenario's breach of a whole-scenario rule (`Scenario.breach`, the one check the
/// command line's options meet too), reported at the key that set what breaks it, in the words a
/// file has always been told.
extension ScenarioFile {
    /// `breach` of `scenario`, decoded from `fields`, at its key: the table for its rows in all,
    /// `table.rowHeight` for a row above the pixel limit, the jump's `section` or `row`, the key
    /// that set a radius above half a row, `device.ios` for an iOS version out of range. (The
    /// decoder refuses a row height or an iOS version out of range at its key before the scenario
    /// is whole, so those two are met here only if that check is ever loosened.)
    static func problem(_ breach: Scenario.Breach, of scenario: Scenario, in fields: JSONFields) throws -> JSONProblem {
        switch breach {
        case .iosOutOfRange(let ios, _):
            let expected = Device.iosExpected(scenario.device.iosSupport, device: scenario.device.name)
            return member(fields, "device", "ios").fail("expected \(expected), got \(Format.number(Double(ios)))")
        case .tooManyRows(let rows, let maximum):
            return member(fields, "table").fail("\(Format.grouped(rows)) rows in all; the maximum is \(Format.grouped(maximum))")
        case .rowAbovePixelLimit:
            let expected = JSONNode.drawnLengthExpected(scale: scenario.device.scale, allowsZero: false)
            return member(fields, "table", "rowHeight").fail("expected \(expected), got \(Format.number(scenario.rowHeight))")
        case .jumpOutsideTable(let row, let sections, nil):
            return member(fields, "scroll", "to", "section").fail(missingSection(row.section, sections: sections))
        case .jumpOutsideTable(let row, _, let rows?):
            return member(fields, "scroll", "to", "row").fail(missingRow(row.row, section: row.section, rows: rows))
        case .cornerRadius(let radius):
            return try cornerRadiusProblem(radius, rowHeight: scenario.rowHeight, in: fields)
        case .noTableHeight(let top, let bottom, let height):
            return member(fields, "table", top > 0 ? "top" : "bottom").fail(Scenario.noTableHeight(top: top, bottom: bottom, height: height))
        }
    }

    /// The member at `keys` under `fields`, each an object; the path alone where one is absent or
    /// not an object (a default the scenario took).
    private static func member(_ fields: JSONFields, _ keys: String...) -> JSONNode {
        keys.reduce(fields.node) { node, key in
            guard case .object(let members) = node.value, let value = members.first(where: { $0.key == key })?.value else {
                return node.child(key)
            }
            return node.child(key, value)
        }
    }

    /// A radius above half a row (`Scenario.cornerRadiusBreach`), at the key that set it: the
    /// style's `cornerRadius`, a `set` event's, or, when the default radius is too large for the
    /// rows, `table.rowHeight`.
    private static func cornerRadiusProblem(_ breach: Scenario.CornerRadiusBreach, rowHeight: Double, in fields: JSONFields) throws -> JSONProblem {
        let expected = "expected at most \(Format.number(breach.limit)) (half the row height \(Format.number(rowHeight))), got \(Format.number(breach.radius))"
        if let index = breach.event, let event = try fields.member("events")?.array()[index] {
            let set = try event.object("an event object").member("set")
            return try set?.object("an object").member("cornerRadius")?.fail(expected) ?? event.fail(expected)
        }
        if let radius = try fields.member("style")?.object("an object").member("cornerRadius") { return radius.fail(expected) }
        return fields.node.child("table").child("rowHeight").fail(
            "a row height of \(Format.number(rowHeight)) is less than twice the default corner radius \(Format.number(breach.radius)); set style.cornerRadius to at most \(Format.number(breach.limit))")
    }

    /// A section `section` the table, of `sections` sections, does not have.
    static func missingSection(_ section: Int, sections: Int) -> String {
        sections == 0 ? "the table has no sections"
                      : "section \(section) does not exist; the table has \(Format.grouped(sections)) sections (0 to \(Format.grouped(sections - 1)))"
    }

    /// A row `row` that section `section`, of `rows` rows, does not have.
    static func missingRow(_ row: Int, section: Int, rows: Int) -> String {
        rows == 0 ? "section \(section) has no rows"
                  : "row \(row) does not exist; section \(section) has \(Format.grouped(rows)) row\(rows == 1 ? "" : "s") (0 to \(Format.grouped(rows - 1)))"
    }
}
