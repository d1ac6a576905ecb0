import HolderCore
import Testing

@Suite struct BookmarkIDTests {
  @Test func acceptsAUUIDInAnyCaseAndKeepsItLowercase() {
    #expect(
      BookmarkID("0F8C5A4E-2b7d-4C1E-9A53-6D2F1E8B7C90")?.rawValue
        == "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90")
  }

  @Test(arguments: [
    "", "0f8c5a4e2b7d4c1e9a536d2f1e8b7c90", "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c9",
    "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c900", "0f8c5a4e-2b7d-4c1e-9a536-d2f1e8b7c90",
    "0f8c5a4g-2b7d-4c1e-9a53-6d2f1e8b7c90", "{f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90",
    "０f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c9",
  ])
  func refusesWhatIsNotAUUID(text: String) {
    #expect(BookmarkID(text) == nil)
  }
}
