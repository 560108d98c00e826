import CellExporter
import Foundation

/// A stand-in for `UIView`: UIKit's names for the layer properties it forwards to its layer, as
/// UIView does (`clipsToBounds` is the layer's `masksToBounds`, `alpha` its `opacity`).
final class StandInView {
    let layer = StandInLayer()

    init(frame: CGRect) { layer.frame = frame }

    var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }
    var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    var backgroundColor: CellExporter.RGBA? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    func addSubview(_ view: StandInView) { layer.addSublayer(view.layer) }
}
