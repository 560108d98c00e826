import Compositor

/// The strategies a run may choose from, by name, in the order reports list them: the built-in
/// ones, then any a package adds (docs/custom-strategies.md).
///
/// A value, not a global list: the command line makes one when it starts and hands it to
/// everything that resolves a strategy's name (the harness, suite files, the commands), so a
/// package that adds strategies changes nothing shared, and tests can use catalogues side by side.
public struct StrategyCatalog {
    /// Every strategy, built-in ones first; the names are unique.
    public let all: [any CornerStrategy.Type]

    /// The longest strategy name: names are typed on command lines and fill a table column.
    public static let maxNameLength = 40

    /// The built-in strategies; `none`, the plain table every other is compared with, first.
    public static var builtIn: StrategyCatalog {
        StrategyCatalog(checked: [NoCorners.self, SharedCornerGrid.self, PerCellMask.self, RasterizedMask.self,
                                  RasterizedMaskStable.self, CornerRadiusClip.self, SectionBackground.self,
                                  Precomposited.self, UIKitInsetGrouped.self])
    }

    /// The built-in strategies followed by `strategies`, in the order given.
    /// - Throws: `StrategyCatalog.Problem` when a name is not lowercase letters, digits and
    ///   hyphens starting with a letter (at most `maxNameLength` characters), when a name is
    ///   already a built-in strategy's or is given twice, or when a summary is empty or not one
    ///   line. Names are a public contract of results and suite files, so a clash is refused
    ///   rather than resolved by order.
    public init(adding strategies: [any CornerStrategy.Type]) throws {
        var all = StrategyCatalog.builtIn.all
        for strategy in strategies {
            try StrategyCatalog.validate(strategy)
            if let other = all.first(where: { $0.name == strategy.name }) {
                let builtIn = StrategyCatalog.builtIn.all.contains { $0 == other }
                let type = String(describing: other)
                throw Problem(strategy, builtIn ? .clashesWithBuiltIn(type: type) : .givenTwice(type: type))
            }
            all.append(strategy)
        }
        self.all = all
    }

    private init(checked all: [any CornerStrategy.Type]) {
        self.all = all
    }

    /// Every strategy's name, in catalogue order.
    public var names: [String] { all.map { $0.name } }

    /// The name of the reference strategy that ratios such as `stepToNone` divide by (in every
    /// catalogue: it is built in).
    public static var reference: String { NoCorners.name }

    /// The strategies among `names` that name an overlay explaining their cost
    /// (`CornerStrategy.explainingOverlay`), with it: in catalogue order, the reference strategy
    /// last, as the picture the others are seen against. What the HTML report's frames show.
    public func overlayPictures(among names: [String]) -> [(strategy: String, overlay: Overlay)] {
        let chosen = all.filter { names.contains($0.name) }.compactMap { type in
            type.explainingOverlay.map { (strategy: type.name, overlay: $0) }
        }
        return chosen.filter { $0.strategy != StrategyCatalog.reference } + chosen.filter { $0.strategy == StrategyCatalog.reference }
    }

    /// The strategy type called `name`, or nil.
    public func type(named name: String) -> (any CornerStrategy.Type)? {
        all.first { $0.name == name }
    }

    /// A new strategy called `name` for a screen of `screenScale` pixels per point; nil for an
    /// unknown name.
    public func make(_ name: String, screenScale: Double) -> (any CornerStrategy)? {
        type(named: name)?.init(screenScale: screenScale)
    }

    /// Throws unless `strategy`'s name and summary can be listed, typed and stored.
    private static func validate(_ strategy: any CornerStrategy.Type) throws {
        let name = strategy.name
        let allowed = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard allowed, let first = name.unicodeScalars.first, ("a"..."z").contains(first),
              name.unicodeScalars.count <= maxNameLength else {
            throw Problem(strategy, .badName)
        }
        let summary = strategy.summary
        guard !summary.isEmpty, !summary.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Problem(strategy, .badSummary)
        }
    }
}

extension StrategyCatalog {
    /// Why a strategy cannot join a catalogue; `description` is one sentence naming the type.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        public enum Reason: Equatable, Sendable {
            /// The name breaks the naming rule (see `StrategyCatalog.init(adding:)`).
            case badName
            /// The summary is empty or has a line break or another control character.
            case badSummary
            /// The name is already the name of the built-in strategy of this type.
            case clashesWithBuiltIn(type: String)
            /// Another added strategy, of this type, has the same name.
            case givenTwice(type: String)
        }

        /// The Swift type of the strategy that cannot be added.
        public var type: String
        /// Its name (`CornerStrategy.name`).
        public var name: String
        /// What is wrong with it.
        public var reason: Reason

        init(_ strategy: any CornerStrategy.Type, _ reason: Reason) {
            self.type = String(describing: strategy)
            self.name = strategy.name
            self.reason = reason
        }

        public var description: String {
            let name = Problem.quoted(self.name)
            switch reason {
            case .badName:
                return "the strategy \(type) is named \(name); a strategy's name is 1 to \(StrategyCatalog.maxNameLength) "
                    + "lowercase letters, digits and hyphens, starting with a letter"
            case .badSummary:
                return "the strategy \(type) (\(name)) has an empty summary or one that is not a single line"
            case .clashesWithBuiltIn(let other):
                return "the strategy \(type) is named \(name), the name of the built-in strategy \(other); "
                    + "rename it (results store the name, so a built-in's name cannot be taken over)"
            case .givenTwice(let other):
                return other == type
                    ? "the strategy \(type) (\(name)) is given twice"
                    : "the strategies \(other) and \(type) are both named \(name)"
            }
        }

        /// `name` in quotes for a message: at most 60 characters, with control and non-ASCII
        /// characters escaped, so a wrong name cannot garble the terminal.
        private static func quoted(_ name: String) -> String {
            let limit = 60
            let escaped = name.prefix(limit).unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
            return "'" + escaped + (name.count > limit ? "…" : "") + "'"
        }
    }
}
