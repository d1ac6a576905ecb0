import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

@Suite struct CSVReaderTests {
  func fields(_ text: String) -> [[String]] {
    CSVReader.records(Array(text.utf8)).compactMap { try? $0.get().fields }
  }

  @Test func quotedFieldsHoldCommasDoubledQuotesAndLineBreaks() {
    let text = "a,\"b, c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",x,\r\nlast,,\"\""
    #expect(
      fields(text) == [["a", "b, c", "say \"hi\""], ["two\nlines", "x", ""], ["last", "", ""]])
  }

  @Test func aByteOrderMarkAndBlankLinesAreNoData() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("url,title\n\nhttps://a.example/,A\n".utf8)
    let records = CSVReader.records(bytes).compactMap { try? $0.get() }
    #expect(records.map(\.fields) == [["url", "title"], ["https://a.example/", "A"]])
    #expect(records.map(\.line) == [1, 3])
  }

  @Test func aQuoteInsideAnUnquotedFieldIsKept() {
    #expect(fields("5\" floppy,x") == [["5\" floppy", "x"]])
  }

  @Test func anUnterminatedQuoteIsReportedWithItsLineAndTheRestIsRead() {
    let text = "a,b\n\"never closed,c\nd,e\nf,g\n"
    let records = CSVReader.records(Array(text.utf8))
    #expect(records.count == 4)
    guard case .failure(let malformed) = records[1] else {
      Issue.record("the second record should be malformed")
      return
    }
    #expect(malformed.line == 2)
    #expect(malformed.reason.contains("never closed"))
    #expect(records.compactMap { try? $0.get().fields } == [["a", "b"], ["d", "e"], ["f", "g"]])
    #expect(records.compactMap { try? $0.get().line } == [1, 3, 4])
  }

  @Test func textAfterAClosingQuoteIsMalformedAndTheNextLineIsRead() {
    let records = CSVReader.records(Array("\"a\"b,c\nd,e".utf8))
    #expect(records.count == 2)
    #expect((try? records[0].get()) == nil)
    #expect((try? records[1].get().fields) == ["d", "e"])
  }

  /// Writes `table` as RFC 4180 says, quoting a field when it must (and sometimes when not).
  static func written(_ table: [[String]], crlf: Bool, quoteAll: Bool, finalBreak: Bool)
    -> [UInt8]
  {
    let lines = table.map { row in
      row.map { field -> String in
        let must =
          field.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
          || (row.count == 1 && field.isEmpty) || field.unicodeScalars.first == "\u{FEFF}"
        guard must || quoteAll else { return field }
        return "\"" + field.unicodeScalars.map { $0 == "\"" ? "\"\"" : String($0) }.joined()
          + "\""
      }.joined(separator: ",")
    }
    let lineBreak = crlf ? "\r\n" : "\n"
    return Array((lines.joined(separator: lineBreak) + (finalBreak ? lineBreak : "")).utf8)
  }

  @Test func anyTableWrittenByAWriterReadsBackEqual() async {
    let table = Generator<[[String]], Shrink.None<[[String]]>>(
      run: { rng in
        let width = Int.random(in: 1...5, using: &rng)
        return (0..<Int.random(in: 1...8, using: &rng)).map { _ in
          (0..<width).map { _ in
            // The characters CSV gives meaning to, often, among every kind of text.
            Bool.random(using: &rng)
              ? RandomValues.text(&rng, maximumLength: 12)
              : String(
                (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                  [",", "\"", "\n", "\r", "a", "한", "日", " "].randomElement(using: &rng)!
                }.joined())
          }
        }
      }, shrink: { _ in Shrink.None() })
    await propertyCheck(count: 500, input: table) { table in
      for (crlf, quoteAll, finalBreak) in [(true, false, true), (false, true, false)] {
        let bytes = Self.written(table, crlf: crlf, quoteAll: quoteAll, finalBreak: finalBreak)
        let records = CSVReader.records(bytes)
        #expect(records.compactMap { try? $0.get().fields } == table)
      }
    }
  }
}
