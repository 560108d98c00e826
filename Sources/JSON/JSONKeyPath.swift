import Text

/// Key paths as messages name a value in a JSON file: `runs[0].totals.blendedPixels`,
/// `table["a b"]`, empty at the top level. One rule for the results reader, the scenario reader
/// and `StrictJSON`'s duplicate-key message, so a path reads the same in every message.
package enum JSONKeyPath {
    /// `path` followed by the member `key`: `.key`, or `["key"]` for a key that is not a plain
    /// word (ASCII letters, digits, `_`, `-`) or is longer than `Escape.messageLimit`, quoted as
    /// `Escape.message` quotes a name (shortened, control characters visible).
    package static func member(_ key: String, of path: String) -> String {
        let plain = !key.isEmpty && key.utf8.count <= Escape.messageLimit && key.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
        return path + (plain ? (path.isEmpty ? key : "." + key) : "[\"\(Escape.message(key))\"]")
    }

    /// `path[index]`.
    package static func element(_ index: Int, of path: String) -> String {
        "\(path)[\(index)]"
    }
}
