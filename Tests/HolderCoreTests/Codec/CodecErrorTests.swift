import HolderCore
import Testing

@Suite struct CodecErrorTests {
  @Test func describesTheFileThePlaceAndTheRemedyInGitsStyle() {
    let error = CodecError.syntax(
      file: "bookmarks/g/github.com/x-mfrggzdf.json", line: 4, column: 9,
      message: "duplicate key \"title\"")
    #expect(
      error.errorDescription
        == "cannot read 'bookmarks/g/github.com/x-mfrggzdf.json': line 4, column 9: "
        + "duplicate key \"title\"; fix the file or run 'holder-git check'")
  }

  @Test func exposesItsPartsWhateverTheCase() {
    let error = CodecError.content(file: "f", line: 2, column: 3, message: "missing key \"url\"")
    #expect(error.file == "f")
    #expect(error.line == 2)
    #expect(error.column == 3)
    #expect(error.message == "missing key \"url\"")
  }

  @Test func quotesControlCharactersFromTheFileSafely() {
    let bytes = Array(#"{"a\u001b[2J": 1, "a\u001b[2J": 2}"#.utf8)
    #expect(
      throws: CodecError.syntax(
        file: "f", line: 1, column: 19, message: #"duplicate key "a\u001b[2J""#)
    ) {
      try JSONReader.read(bytes, file: "f")
    }
  }
}
