// The layer-free helpers (seeded randomness, temporary directories, the slow-test switch) live in
// TestSupport; tests of the model's layers get them with the pixel helpers.
@_exported import TestSupport
