// ScenarioFiles: scenario, suite and cell files read and checked.
//
// Job: `ScenarioFile` reads a scenario (device, table, style, scroll, events, overlays) in stages through
// `JSONNode`, absent keys taking `Scenario.Defaults`; `Suite` groups scenarios, strategies and
// limits; `ScenarioFile+Cell` reads a cell described as layers into a `CellDescription` (Scenarios), and
// `ScenarioFile+Overlays` a scenario's overlays with the same parser (a backdrop only there). Every
// value is checked against the limits that keep a valid file from failing halfway
// (docs/scenario-files.md), the whole scenario by `Scenario.breach`, its breach reported at its key
// (`ScenarioFile+Breach`); `ScenarioFile+GPUProfile` reads and writes a GPU profile file (a chip's
// figures of your own, or a calibrated profile).
//
// May import: Harness (the `Scenario` a file makes), Devices (its `device`, a catalogue device or
// a screen of its own), Strategies, Table, Raster, Results, Scenarios (a cell's
// `CellDescription`), Problems, JSON, Text, DeviceModel.
