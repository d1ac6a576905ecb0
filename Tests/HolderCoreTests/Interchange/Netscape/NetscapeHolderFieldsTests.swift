import HolderCore
import Testing

/// `NetscapeHolderFields` on attributes given directly; the links of a whole export, as
/// libxml2 parses them, are read in HTMLTests' `NetscapeExportTests`.
@Suite struct NetscapeHolderFieldsTests {
  @Test func aBrowsersOwnLinkIsNotHoldersAndADamagedOneSaysWhere() throws {
    #expect(
      try NetscapeHolderFields.bookmark(
        attributes: ["href": "https://example.org/", "add_date": "1"], title: "t", note: "")
        == nil)
    #expect(throws: CodecError.self) {
      try NetscapeHolderFields.bookmark(
        attributes: ["HREF": "https://example.org/", "HOLDER_ID": "not-an-id"], title: "t",
        note: "")
    }
  }
}
