import Foundation
import JSON

/// The numbers of a definition: any finite number, and whole ones where the definition counts.
extension JSONNode {
    /// Any number.
    func number() throws -> Double {
        switch value {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: throw mismatch("a number")
        }
    }

    /// A whole number that fits an `Int`.
    func integer() throws -> Int {
        switch value {
        case .integer(let i): return i
        case .number(let d):
            guard let i = Int(exactly: d) else { throw mismatch("an integer") }
            return i
        default: throw mismatch("an integer")
        }
    }

    /// `json` as a document named "definition", read as a results file's numbers are
    /// (`StrictJSON.Numbers.exact`): for definitions built by hand.
    static func definition(_ json: JSONValue) throws -> JSONNode {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bytes = [UInt8](try encoder.encode(json))
        return try bytes.withUnsafeBufferPointer { try JSONNode.document($0, numbers: .exact, file: "definition") }
    }
}
