import JSON
import Problems
import Results
import Scenarios

extension Gate {
    /// What changed in one layer of a row's cell described as layers, between the baseline and
    /// this run: the fields of its description that differ (from the scenarios' definitions) and
    /// its cost per frame on each side (`CellLayerCost`, nil where the side lacks the layer). The
    /// gate names these so that a dearer cell says which layer made it dearer.
    public struct LayerChange: Equatable, Sendable {
        /// The layer's path in the cell's description: `layers[1]`, `layers[1].sublayers[0]`.
        public var layer: String
        /// The `name` its description gives it, when it gives one (this run's, else the
        /// baseline's: from the layer's cost, else from the scenario's definition, as a file
        /// older than `CellLayerCost.name` records it), which reports show before its path.
        public var name: String?
        /// A field of the layer's description that changed, with both values (nil: absent).
        public struct Field: Equatable, Sendable {
            /// Its path relative to the layer (`mask`, `shadow.radius`); empty when the whole
            /// layer was added or removed.
            public var path: String
            public var old: JSONValue?, new: JSONValue?

            public init(path: String, old: JSONValue?, new: JSONValue?) {
                self.path = path
                self.old = old
                self.new = new
            }
        }

        /// The fields of the layer's description that changed.
        public var fields: [Field]
        /// The layer's cost per frame in the baseline and in this run.
        public var old: CellLayerCost?, new: CellLayerCost?

        public init(layer: String, fields: [Field], old: CellLayerCost?, new: CellLayerCost?) {
            self.layer = layer
            self.fields = fields
            self.old = old
            self.new = new
        }

        /// The change of its off-screen passes per frame (new − old; a missing side counts 0).
        public var offscreenPasses: Double { (new?.offscreenPasses ?? 0) - (old?.offscreenPasses ?? 0) }
        /// The change of its splits of the screen's pass per frame.
        public var screenSplits: Double { (new?.screenSplits ?? 0) - (old?.screenSplits ?? 0) }
        /// The change of the model's price of the layer, fast and slow ends, ns per frame; nil
        /// unless both sides are priced (or the layer is on one side only and priced there).
        public var gpuNanos: (low: Int, high: Int)? {
            func ends(_ cost: CellLayerCost?) -> (low: Int, high: Int)? {
                guard let cost else { return (0, 0) }
                guard let low = cost.gpuLowNanos, let high = cost.gpuHighNanos else { return nil }
                return (low, high)
            }
            guard old != nil || new != nil, let a = ends(old), let b = ends(new) else { return nil }
            return (b.low - a.low, b.high - a.high)
        }

        /// Whether its cost moved: a pass or split per frame in a thousand, or its GPU price.
        public var costMoved: Bool {
            abs(offscreenPasses) >= 0.001 || abs(screenSplits) >= 0.001 || gpuNanos.map { $0.low != 0 || $0.high != 0 } ?? false
        }
    }

    /// The layers of a row's cell that changed in description or in cost, in the run's order
    /// (layers only in the baseline after): each with its changed fields (`changes`, the
    /// scenario's definition changes, of which those inside the cell are kept) and both costs.
    static func layerChanges(_ old: RunResult, _ new: RunResult, changes: [DefinitionChange],
                             definitions: (old: RecordedDefinition?, new: RecordedDefinition?) = (nil, nil)) -> [LayerChange] {
        let before = old.layerCosts ?? [], after = new.layerCosts ?? []
        guard !before.isEmpty || !after.isEmpty else { return [] }
        var names = after.map(\.layer)
        for cost in before where !names.contains(cost.layer) { names.append(cost.layer) }
        // A change's place relative to the cell: `layers[1].mask` of `content.cell.layers[1].mask`.
        let inCell: [(path: String, change: DefinitionChange)] = changes.compactMap { change in
            let p = change.path
            var start: Int?
            if p.count >= 2, p[0] == .key("content"), p[1] == .key("cell") { start = 2 }
            if p.count >= 4, p[0] == .key("content"), p[1] == .key("rows"), case .index = p[2], p[3] == .key("cell") { start = 4 }
            guard let start else { return nil }
            return (JSONValue.PathComponent.description(of: Array(p[start...])), change)
        }
        // The deepest layer a change lies in: the longest name that is its path or a prefix of it.
        let longestFirst = names.sorted { $0.count > $1.count }
        func owner(_ path: String) -> String? {
            longestFirst.first { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }
        }
        return names.compactMap { name in
            let fields = inCell.filter { owner($0.path) == name }.map { item -> LayerChange.Field in
                var rest = String(item.path.dropFirst(name.count))
                if rest.hasPrefix(".") { rest.removeFirst() }
                return LayerChange.Field(path: rest, old: item.change.old, new: item.change.new)
            }
            var change = LayerChange(layer: name, fields: fields, old: before.first { $0.layer == name }, new: after.first { $0.layer == name })
            change.name = change.new?.name ?? change.old?.name ?? layerName(name, in: definitions.new) ?? layerName(name, in: definitions.old)
            return fields.isEmpty && !change.costMoved ? nil : change
        }
    }

    /// The `name` the description of the layer at `path` (`layers[1].sublayers[0]`) gives it in a
    /// scenario's definition, whose one cell is `content.cell` (or the first cell of its rows);
    /// nil when it gives none.
    static func layerName(_ path: String, in definition: RecordedDefinition?) -> String? {
        guard let name = definition?.typed?.content.firstCell?.layer(at: path)?.name, !name.isEmpty else { return nil }
        return name
    }
}
