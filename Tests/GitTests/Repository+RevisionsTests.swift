import Foundation
import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryRevisionsTests {
  @Test func revisionsResolveAsGitReadsThem() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(["a.txt": "1\n"], message: "One", in: path)
    fixture.tick()
    try fixture.commitFiles(["a.txt": "2\n"], message: "Two", in: path)
    let repository = try Repository.open(at: path)
    for revision in ["HEAD", "HEAD~1", "main", "main^"] {
      let expected = try fixture.revParse(revision, in: path)
      #expect(try repository.resolveRevision(revision)?.hex == expected, "\(revision)")
    }
    let short = String(try fixture.revParse("HEAD", in: path).prefix(7))
    #expect(try repository.resolveRevision(short)?.hex == (try fixture.revParse("HEAD", in: path)))
    #expect(try repository.resolveRevision("no-such-branch") == nil)
  }
}
