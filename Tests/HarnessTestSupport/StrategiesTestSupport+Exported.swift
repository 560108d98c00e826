// The table driver and the added strategy live in StrategiesTestSupport, where the strategies'
// own tests use them; tests of the harness and the command line get them with the fixtures.
@_exported import StrategiesTestSupport
