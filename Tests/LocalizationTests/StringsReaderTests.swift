import Foundation
import Testing

@testable import Localization

/// The reader of the catalogs reads them as Foundation's property-list parser does, and gives up
/// on any form it does not know (the built-in catalogs must then be written in forms it knows:
/// the programs carry no other parser).
@Suite struct StringsReaderTests {
  @Test(arguments: [Language.korean, .japanese])
  func theCatalogsReadAsFoundationReadsThem(_ language: Language) throws {
    let bytes = language == .korean ? PackageResources.ko_strings : PackageResources.ja_strings
    let quick = try #require(StringsReader.entries(bytes))
    #expect(quick.count > 400)
    let foundation = try PropertyListSerialization.propertyList(
      from: Data(bytes), options: [], format: nil)
    #expect(quick == foundation as? [String: String])
  }

  @Test func escapesCommentsAndUnknownForms() {
    let text = """
      /* a glossary */
      // a line comment
      "say \\"hi\\"" = "a\\\\b\\nc\\td";
      "%@ and 100 %%" = "%1$@ 그리고";
      """
    #expect(
      StringsReader.entries(Array(text.utf8))
        == ["say \"hi\"": "a\\b\nc\td", "%@ and 100 %%": "%1$@ 그리고"])
    #expect(StringsReader.entries(Array("key = \"v\";".utf8)) == nil)
    #expect(StringsReader.entries(Array("\"k\" = \"\\U00e9\";".utf8)) == nil)
    #expect(StringsReader.entries(Array("\"k\" = \"v\"".utf8)) == nil)
    #expect(StringsReader.entries(Array("/* never closed".utf8)) == nil)
  }
}
