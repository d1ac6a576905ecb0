import HolderCore
import Testing

@Suite struct CanonicalWriterTests {
  private func text(_ value: JSONValue) -> String {
    String(decoding: CanonicalWriter.document(value), as: UTF8.self)
  }

  @Test func indentsTwoSpacesOneKeyPerLineAndEndsWithANewline() {
    let value = JSONValue.object([("b", .object([("c", .bool(true))])), ("a", .null)])
    #expect(text(value) == "{\n  \"a\": null,\n  \"b\": {\n    \"c\": true\n  }\n}\n")
  }

  @Test func writesEmptyContainersOnOneLine() {
    #expect(
      text(.object([("a", .array([])), ("b", .object([]))])) == "{\n  \"a\": [],\n  \"b\": {}\n}\n")
  }

  @Test func sortsUnknownKeysByUnicodeScalarsAtEveryLevel() {
    let value = JSONValue.object([
      ("한", .number("1")), ("b", .number("2")), ("B", .number("3")), ("é", .number("4")),
      ("a", .array([.object([("y", .null), ("x", .null)])])),
    ])
    #expect(
      text(value) == """
        {
          "B": 3,
          "a": [
            {
              "x": null,
              "y": null
            }
          ],
          "b": 2,
          "é": 4,
          "한": 1
        }

        """)
  }

  @Test func keepsKnownKeysInTheirOrderBeforeSortedExtras() {
    let node = CanonicalWriter.Node.object(
      known: [("z", .value(.number("1"))), ("a", .value(.number("2")))],
      extra: ["m": .number("3"), "b": .number("4"), "z": .number("5")])
    let text = String(decoding: CanonicalWriter.document(node), as: UTF8.self)
    #expect(text == "{\n  \"z\": 1,\n  \"a\": 2,\n  \"b\": 4,\n  \"m\": 3\n}\n")
  }

  @Test func writesNumbersExactlyAsRead() {
    #expect(
      text(.array([.number("1.50"), .number("-0"), .number("6.02E+23")]))
        == "[\n  1.50,\n  -0,\n  6.02E+23\n]\n")
  }

  @Test func writesStringsInNFC() {
    #expect(
      text(.object([("e\u{301}", .string("e\u{301}")), ("\u{1112}\u{1161}", .string("x"))]))
        == "{\n  \"é\": \"é\",\n  \"하\": \"x\"\n}\n")
  }

  @Test func keepsArchaicHangulJamoThatHaveNoComposition() {
    // Foundation's NFC on Linux turns these into U+FFFD and U+D7A4.
    #expect(
      text(.string("\u{1113}\u{1175} a\u{1113}\u{1161}"))
        == "\"\u{1113}\u{1175} a\u{1113}\u{1161}\"\n")
    #expect(text(.string("\u{1112}\u{1175}")) == "\"\u{D788}\"\n")
  }

  @Test func keepsOnlyTheFirstOfKeysEqualAfterNFC() {
    #expect(
      text(.object([("é", .number("1")), ("e\u{301}", .number("2"))])) == "{\n  \"é\": 1\n}\n")
  }

  @Test func leavesSlashAndNonASCIIUnescapedAndEscapesQuoteAndBackslash() {
    #expect(text(.string("a/b \"q\" \\ 한국어 🗼")) == #""a/b \"q\" \\ 한국어 🗼""# + "\n")
  }

  @Test func escapesEveryControlCharacterSoNoTerminalEscapeHides() {
    let controls = (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + ["\u{7F}", "\u{80}", "\u{9F}"]
    let written = text(.string(String(String.UnicodeScalarView(controls))))
    #expect(
      written == "\""
        + #"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
        + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c"#
        + #"\u001d\u001e\u001f\u007f\u0080\u009f"# + "\"\n")
    #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(text(.string("\u{A0}")) == "\"\u{A0}\"\n")
  }

  /// An object `{"k": [strings]}` whose array line is exactly `length` scalars long.
  private func arrayLine(length: Int, element: Character = "x", comma: Bool) -> JSONValue {
    // `  "k": ["…"]` is 11 scalars around the element; a following member adds the comma.
    let fill = String(repeating: element, count: length - 11 - (comma ? 1 : 0))
    var members: [(key: String, value: JSONValue)] = [("k", .array([.string(fill)]))]
    if comma { members.append(("l", .null)) }
    return .object(members)
  }

  @Test(arguments: [false, true])
  func keepsAStringArrayOnOneLineUpToOneHundredScalars(comma: Bool) {
    let fits = text(arrayLine(length: 100, comma: comma))
    #expect(fits.split(separator: "\n")[1].unicodeScalars.count == 100)
    #expect(fits.split(separator: "\n").count == (comma ? 4 : 3))
    let tooLong = text(arrayLine(length: 101, comma: comma))
    #expect(tooLong.split(separator: "\n")[1] == "  \"k\": [")
  }

  @Test func countsTheLineInScalarsNotBytes() {
    let fits = text(arrayLine(length: 100, element: "한", comma: false))
    #expect(fits.split(separator: "\n").count == 3)
  }

  @Test func putsEveryOtherNonEmptyArrayOneElementPerLine() {
    #expect(text(.array([.string("a"), .number("1")])) == "[\n  \"a\",\n  1\n]\n")
    #expect(text(.array([.string("a"), .string("b")])) == "[\"a\", \"b\"]\n")
  }
}
