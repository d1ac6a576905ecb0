import Foundation
import HolderKit
import Localization
import Testing

/// A file-system fault reads in the reader's language: the operation, the system's words for
/// the fault and its remedy; in English the system's words are glibc's own.
@Suite struct FileSystemErrorTests {
  static let faults: [Int32] = [
    ENOSPC, EDQUOT, EROFS, EACCES, EPERM, ENOENT, EIO, ENOTDIR, EISDIR, EEXIST, ENAMETOOLONG,
    EMFILE, ENOTEMPTY, EBUSY, EINVAL,
  ]

  @Test(arguments: faults)
  func theEnglishIsTheSystemsOwn(_ code: Int32) {
    let error = FileSystemError(operation: "write", path: "a", code: code)
    #expect(error.systemMessage == String(cString: strerror(code)))
  }

  @Test(arguments: [Language.korean, .japanese])
  func aFullDiskReadsInTheReadersLanguage(_ language: Language) {
    let error = FileSystemError(
      operation: Message("write").english, path: "bookmarks/e/example.org/a.json", code: ENOSPC)
    let said = Catalog(language: language).translating(error.errorDescription ?? "")
    #expect(said.contains("'bookmarks/e/example.org/a.json'"), "\(said)")
    let words = said.replacingOccurrences(of: "'bookmarks/e/example.org/a.json'", with: "")
      .split(whereSeparator: { !$0.isASCII || !$0.isLetter }).filter { $0.count > 1 }
    #expect(words.isEmpty, "\(said)")
  }
}
