#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself: compiled only where QuartzCore is absent.

import Foundation
import OpenQuartzCore

/// A root (300 × 200 at (150, 100): its bounds coincide with the outer space, its anchor is
/// (150, 100)) holding a 20 × 20 child at (30, 40), anchor (10, 10), configured by
/// `configure`; all in one transaction without actions.
func geometryTree(_ configure: (_ root: CALayer, _ child: CALayer) -> Void = { _, _ in }) -> (root: CALayer, child: CALayer) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
    root.position = CGPoint(x: 150, y: 100)
    let child = CALayer()
    child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    child.position = CGPoint(x: 30, y: 40)
    root.addSublayer(child)
    configure(root, child)
    CATransaction.commit()
    return (root, child)
}
#endif
