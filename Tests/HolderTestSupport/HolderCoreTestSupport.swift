// The pure half of the test support, re-exported: a test that imports HolderTestSupport keeps
// the generators, fixture pages, sample store, schema validator and `runProcess` it had
// before they moved to HolderCoreTestSupport (which links neither libgit2 nor libxml2).
@_exported import HolderCoreTestSupport
