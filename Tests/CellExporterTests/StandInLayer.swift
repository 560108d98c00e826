import CellExporter
import Foundation

/// A stand-in for `CALayer` on Linux: Core Animation's property names, types and defaults, so a
/// test builds a cell's layer tree as a cell class would.
final class StandInLayer: ExportableLayer {
    var name: String?
    var frame: CGRect
    /// As Core Animation's: the frame's size at the origin.
    var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    var isHidden = false
    var opacity: Float = 1
    var isOpaque = false
    var allowsGroupOpacity = true
    var backgroundColor: CellExporter.RGBA?
    var contents: Any?
    var cornerRadius: CGFloat = 0
    var masksToBounds = false
    var mask: StandInLayer?
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var shadowOpacity: Float = 0
    var shadowRadius: CGFloat = 3
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowColor: CellExporter.RGBA? = CellExporter.RGBA(red: 0, green: 0, blue: 0)
    /// Stands for a `CGPath`; only whether it is set matters.
    var shadowPath: CGRect?
    var borderWidth: CGFloat = 0
    var borderColor: CellExporter.RGBA? = CellExporter.RGBA(red: 0, green: 0, blue: 0)
    var sublayers: [StandInLayer]?
    /// Stands for a `CAShapeLayer`'s path.
    var shapeOutline: CellExporter.Outline?

    init(frame: CGRect = .zero) { self.frame = frame }

    func addSublayer(_ layer: StandInLayer) { sublayers = (sublayers ?? []) + [layer] }
}
