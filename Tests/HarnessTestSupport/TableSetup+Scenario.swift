import Harness
import StrategiesTestSupport

extension TableSetup {
    /// The table of `scenario` as the strategy tests' driver takes it: its sections, screen,
    /// style, content and scroll (events and warm-up are the harness's alone).
    public init(_ scenario: Scenario) {
        self.init(sections: scenario.sectionSpecs, width: scenario.device.width, height: scenario.device.height,
                  scale: scenario.device.scale, style: scenario.style, content: scenario.content,
                  motion: scenario.motion ?? .constant(pointsPerStep: scenario.pointsPerStep), refreshHz: scenario.device.refreshHz)
    }
}
