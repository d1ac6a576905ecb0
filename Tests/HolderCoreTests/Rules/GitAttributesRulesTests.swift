import HolderCore
import Testing

@Suite struct GitAttributesRulesTests {
  @Test func holderGitsOwnLinesAndOtherFilesLinesPass() {
    let own =
      "# Written by holder-git\n/bookmarks/** -text merge=holder-git\n"
      + "/.holder/store.json -text merge=holder-git\n"
    #expect(GitAttributesRules.problem(own) == nil)
    #expect(GitAttributesRules.problem("*.md text eol=lf\nCHANGELOG merge=union\n") == nil)
    #expect(GitAttributesRules.problem("/bookmarks/** diff=json\n") == nil)
  }

  @Test(arguments: [
    "/bookmarks/** merge=union", "* merge=evil", "bookmarks/**/*.json filter=lfs",
    "*.json text eol=crlf", "/.holder/store.json -merge", "** binary", "*.json ident",
  ])
  func linesThatChangeTheStoresFilesAreRefusedByLine(_ line: String) {
    let problem = GitAttributesRules.problem("# mine\n" + line + "\n")
    #expect(problem?.contains("line 2") == true, "\(String(describing: problem))")
  }
}
