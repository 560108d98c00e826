extension JSONValue {
    /// One step of a path into a value: an object's member or an array's element.
    public enum PathComponent: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        public init(stringLiteral value: String) { self = .key(value) }
        public init(integerLiteral value: Int) { self = .index(value) }

        /// `content.cell.layers[1].cornerRadius`, as messages name a place in a JSON file
        /// (`JSONKeyPath`: a key that is not a plain word is written `["a b"]`); empty for the
        /// top level.
        public static func description(of path: [PathComponent]) -> String {
            path.reduce(into: "") { out, component in
                switch component {
                case .key(let key): out = JSONKeyPath.member(key, of: out)
                case .index(let index): out = JSONKeyPath.element(index, of: out)
                }
            }
        }
    }

    /// A place where two values differ, with what each has there (nil: absent).
    public struct Difference: Hashable, Sendable {
        /// Where, from the top of both values.
        public var path: [PathComponent]
        /// The first value's part there; nil when it has none (a member or element it lacks).
        public var old: JSONValue?
        /// The second value's part there; nil when it has none.
        public var new: JSONValue?

        public init(path: [PathComponent], old: JSONValue?, new: JSONValue?) {
            self.path = path
            self.old = old
            self.new = new
        }
    }

    /// Every place where `new` differs from this value, deepest first found, in a fixed order:
    /// objects are walked member by member in sorted key order, arrays element by element, and a
    /// member or element on one side only is a difference whose other side is nil. Where the two
    /// hold values of other kinds (a number and an object) the difference is that whole place.
    /// Empty when the values are equal.
    /// - Complexity: O(n) in the size of the two values.
    public func differences(to new: JSONValue) -> [Difference] {
        var out: [Difference] = []
        JSONValue.walk(self, new, path: [], into: &out)
        return out
    }

    private static func walk(_ a: JSONValue, _ b: JSONValue, path: [PathComponent], into out: inout [Difference]) {
        guard a != b else { return }
        switch (a, b) {
        case let (.object(x), .object(y)):
            for key in Set(x.keys).union(y.keys).sorted() {
                let path = path + [.key(key)]
                switch (x[key], y[key]) {
                case let (u?, v?): walk(u, v, path: path, into: &out)
                case let (u, v): out.append(Difference(path: path, old: u, new: v))
                }
            }
        case let (.array(x), .array(y)):
            for index in 0..<max(x.count, y.count) {
                let path = path + [.index(index)]
                switch (index < x.count ? x[index] : nil, index < y.count ? y[index] : nil) {
                case let (u?, v?): walk(u, v, path: path, into: &out)
                case let (u, v): out.append(Difference(path: path, old: u, new: v))
                }
            }
        default:
            out.append(Difference(path: path, old: a, new: b))
        }
    }
}
