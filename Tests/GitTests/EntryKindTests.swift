import Git
import Testing

@Suite struct EntryKindTests {
  @Test(arguments: [EntryKind.blob, .executable, .symlink, .tree, .submodule])
  func modeRoundTrips(_ kind: EntryKind) {
    #expect(EntryKind(mode: kind.mode) == kind)
  }

  @Test func readsGitsModesAndTheHistoricGroupWritableOne() {
    #expect(EntryKind(mode: 0o100644) == .blob)
    #expect(EntryKind(mode: 0o100664) == .blob)
    #expect(EntryKind(mode: 0o100755) == .executable)
    #expect(EntryKind(mode: 0o040000) == .tree)
    #expect(EntryKind(mode: 0o100600) == nil)
  }
}
