#if !canImport(QuartzCore)
// Tests OpenQuartzCore itself (its manual clock or internals): compiled only where
// QuartzCore is absent; on Apple platforms the engine is not what the package uses.

import Foundation
import Testing
@testable import OpenQuartzCore

/// `CALayer.style` (Apple, `CALayer.h`): "a dictionary dereferenced to find property values
/// that aren't explicitly defined by the layer", a hierarchy through its own `style` key,
/// with the class's `defaultValueForKey:` below it; and its `actions` dictionaries, the third
/// step of `actionForKey:`'s search.
@Suite struct LayerStyleTests {
    /// A CAAction that records each run.
    final class RecordingAction: CAAction, @unchecked Sendable {
        let log: EventLog
        let name: String
        init(_ name: String, log: EventLog) {
            self.name = name
            self.log = log
        }

        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            log.append("\(name) ran for \(event)")
        }
    }

    @Test func aStyleGivesThePropertiesTheLayerHasNotSetTheirValues() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.commit {
            CATransaction.setDisableActions(true)
            layer.cornerRadius = 4
            layer.style = [
                "opacity": Float(0.5),
                "cornerRadius": CGFloat(12),
                "style": ["opacity": Float(0.1), "zPosition": CGFloat(3)],
            ]
        }
        #expect(layer.style?.count == 3)
        #expect(layer.opacity == 0.5)          // the nearest dictionary wins
        #expect(layer.zPosition == 3)          // from the nested style
        #expect(layer.cornerRadius == 4)       // explicitly defined by the layer
        #expect(layer.presentation()?.opacity == 0.5)
    }

    @Test func clearingTheStyleRestoresTheDefaultsOfThePropertiesItGave() {
        let h = EngineHarness()
        let layer = h.makeLayer()
        h.commit {
            CATransaction.setDisableActions(true)
            layer.style = ["opacity": Float(0.5), "borderWidth": CGFloat(2), "backgroundColor": CGColor(gray: 0.5, alpha: 1)]
            layer.borderWidth = 7
        }
        #expect(layer.backgroundColor != nil)
        h.commit {
            CATransaction.setDisableActions(true)
            layer.style = nil
        }
        #expect(layer.backgroundColor == nil)  // nil by default
        #expect(layer.opacity == 1)            // CALayer's default
        #expect(layer.borderWidth == 7)        // set by the layer after the style
    }

    @Test func aCustomKeyReadsTheStyleBeforeTheClassDefault() {
        let layer = CALayer()
        #expect(layer.value(forKey: "progress") == nil)
        layer.style = ["style": ["progress": CGFloat(0.25)]]
        #expect(layer.value(forKey: "progress") as? CGFloat == 0.25)
        #expect(CALayer(layer: layer).value(forKey: "progress") as? CGFloat == 0.25)
        layer.setValue(CGFloat(0.75), forKey: "progress")
        #expect(layer.value(forKey: "progress") as? CGFloat == 0.75)
    }

    @Test func theStylesActionsComeAfterTheLayersOwnAndBeforeTheClassDefault() {
        let h = EngineHarness()
        let log = EventLog()
        let layer = h.makeLayer()
        layer.style = [
            "actions": ["opacity": RecordingAction("style", log: log)],
            "style": ["actions": ["position": RecordingAction("nested style", log: log), "zPosition": NSNull()]],
        ]
        h.commit { layer.opacity = 0.5 }
        h.commit { layer.position = CGPoint(x: 1, y: 2) }
        h.commit { layer.zPosition = 1 }                       // NSNull: no action at all
        layer.actions = ["opacity": RecordingAction("own", log: log)]
        h.commit { layer.opacity = 0.25 }
        #expect(log.all == ["style ran for opacity", "nested style ran for position", "own ran for opacity"])
        #expect(layer.animationKeys() == nil)
        h.commit { layer.cornerRadius = 3 }                    // no style action: the implicit animation
        #expect(layer.animationKeys() == ["cornerRadius"])
    }
}
#endif
