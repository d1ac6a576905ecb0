import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

@Suite struct JSONReaderTests {
  private func read(_ text: String) throws(CodecError) -> JSONValue {
    try JSONReader.read(Array(text.utf8), file: "t.json")
  }

  /// The error for `bytes`, or nil when they read fine.
  private func error(_ bytes: [UInt8]) -> CodecError? {
    do {
      _ = try JSONReader.read(bytes, file: "t.json")
      return nil
    } catch {
      return error
    }
  }

  private func syntax(_ line: Int, _ column: Int, _ message: String) -> CodecError {
    .syntax(file: "t.json", line: line, column: column, message: message)
  }

  @Test func readsEveryKindOfValueAndKeepsNumbersAsWritten() throws {
    let value = try read(
      #"{"b": [true, false, null], "a": {"n": 1.50, "e": -2E+10, "z": 0, "f": -0.0e-1}, "s": "x"}"#
    )
    #expect(
      value
        == .object([
          ("b", .array([.bool(true), .bool(false), .null])),
          (
            "a",
            .object([
              ("n", .number("1.50")), ("e", .number("-2E+10")), ("z", .number("0")),
              ("f", .number("-0.0e-1")),
            ])
          ),
          ("s", .string("x")),
        ]))
  }

  @Test func keepsObjectMembersInFileOrder() throws {
    guard case .object(let members) = try read(#"{"z": 1, "a": 2, "m": 3}"#) else {
      Issue.record("expected an object")
      return
    }
    #expect(members.map(\.key) == ["z", "a", "m"])
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let value = try read(#""\" \\ \/ \b \f \n \r \t \u0041\u00e9\uD83D\uDE00\ud55c""#)
    #expect(value == .string("\" \\ / \u{8} \u{C} \n \r \t Aé😀한"))
  }

  @Test func readsNonASCIIAsIs() throws {
    #expect(
      try read(#"["컴파일러", "東京", "🗼", "e\#u{301}"]"#)
        == .array([.string("컴파일러"), .string("東京"), .string("🗼"), .string("é")]))
  }

  @Test func skipsALeadingByteOrderMark() throws {
    let value = try JSONReader.read([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8), file: "t.json")
    #expect(value == .object([("a", .number("1"))]))
  }

  @Test func countsColumnsInUnicodeScalarsAfterAByteOrderMark() {
    #expect(error([0xEF, 0xBB, 0xBF] + Array("[한, 1]".utf8)) == syntax(1, 2, "expected a value"))
  }

  @Test(arguments: [
    ("", 1, 1, "expected a value"),
    ("  ", 1, 3, "expected a value"),
    ("{\"a\": 1,}", 1, 9, "expected a string key"),
    ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\""),
    ("{'a': 1}", 1, 2, "expected a string key or '}'"),
    ("[1 2]", 1, 4, "expected ',' or ']' after an array element"),
    ("[1,]", 1, 4, "expected a value"),
    ("{\"a\": 1", 1, 8, "expected ',' or '}' after an object member"),
    ("{\"a\": 1} x", 1, 10, "trailing content after the JSON value"),
    ("// comment\n{}", 1, 1, "expected a value"),
    ("[01]", 1, 3, "leading zero in a number"),
    ("[1.]", 1, 4, "expected a digit after '.'"),
    ("[-]", 1, 3, "expected a digit after '-'"),
    ("[1e]", 1, 4, "expected a digit in the exponent"),
    ("[+1]", 1, 2, "expected a value"),
    ("[tru]", 1, 2, "expected a value"),
    ("[NaN]", 1, 2, "expected a value"),
    ("[\"abc", 1, 2, "unterminated string"),
    ("[\"a\\u12\"]", 1, 4, "invalid \\u escape in string; write four hex digits"),
    ("[\"\\udc00\"]", 1, 3, "lone surrogate '\\udc00' in string; surrogates must come in pairs"),
    ("[\"\\ud800x\"]", 1, 3, "lone surrogate '\\ud800' in string; surrogates must come in pairs"),
    (
      "[\"\\ud800\\u0041\"]", 1, 3,
      "lone surrogate '\\ud800' in string; surrogates must come in pairs"
    ),
    ("[\"a\tb\"]", 1, 4, "control character in string; write it as \\t"),
    ("[\"a\u{1B}[31m\"]", 1, 4, "control character in string; write it as \\u001b"),
    (
      "[\n  \"line\nbreak\"\n]", 2, 8,
      "line break in string; close the string or write the line break as \\n"
    ),
    ("{\"é\": 1, \"e\u{301}\": 2}", 1, 10, "duplicate key \"é\""),
  ])
  func reportsSyntaxErrorsWithLineAndColumn(
    input: String, line: Int, column: Int, message: String
  ) {
    #expect(error(Array(input.utf8)) == syntax(line, column, message))
  }

  @Test(
    arguments: [
      ([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], 3),  // a lead byte without its continuation
      ([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], 3),  // overlong '/'
      ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 3),  // an encoded surrogate
      ([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], 3),  // above U+10FFFF
      ([0x5B, 0x22, 0xEA, 0xB0, 0x80, 0xFF, 0x22, 0x5D], 4),  // after a valid '가'
      ([0x5B, 0xE9, 0x5D], 2),  // Latin-1 outside a string
    ] as [([UInt8], Int)])
  func refusesInvalidUTF8(bytes: [UInt8], column: Int) {
    #expect(error(bytes) == syntax(1, column, "invalid UTF-8"))
  }

  @Test func refusesNestingDeeperThanTheLimit() throws {
    let limit = JSONReader.maximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect(throws: Never.self) { try read(deepest) }
    let tooDeep =
      String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(
      error(Array(tooDeep.utf8))
        == syntax(1, limit + 1, "arrays and objects nested deeper than \(limit) levels"))
  }

  @Test func survivesHostileInputWithoutExhaustingTheStack() {
    let bytes = Array(String(repeating: "[{\"a\":", count: 100_000).utf8)
    #expect(error(bytes)?.message == "arrays and objects nested deeper than 64 levels")
  }

  @Test(arguments: try Fixtures.jsonFiles(in: "codec"))
  func readsEveryGoldenFile(name: String) throws {
    #expect(throws: Never.self) {
      try JSONReader.read(try Fixtures.bytes("codec/" + name), file: name)
    }
  }

  @Test func neverCrashesOnMutatedFiles() async {
    await propertyCheck(count: 500, input: Gen.mutated(Gen.bookmark.map(BookmarkCodec.encode))) {
      mutated in
      do throws(CodecError) {
        _ = try JSONReader.read(mutated, file: "m.json")
      } catch {
        // A position the user can go to: inside the file, or just past its end.
        let lines = mutated.split(separator: 0x0A, omittingEmptySubsequences: false).count
        #expect((1...lines).contains(error.line))
        #expect(error.column >= 1)
      }
    }
  }
}
