import Foundation
import Git
import Testing

@Suite struct GitErrorTests {
  @Test func descriptionNamesTheFailingFunction() {
    let error = GitError(
      code: .modified, klass: 4, message: "old reference value does not match",
      function: "git_reference_create_matching")
    #expect(
      error.errorDescription
        == "git_reference_create_matching failed: old reference value does not match")
    #expect(error.localizedDescription == error.errorDescription)
  }

  @Test func unsupportedRepositoryIsTheSentenceAlone() {
    let error = GitError(
      code: .unsupportedRepository, klass: 6,
      message: "repository uses a split index; run 'git update-index --no-split-index'",
      function: "git_index_read")
    #expect(
      error.errorDescription
        == "repository uses a split index; run 'git update-index --no-split-index'")
  }
}
