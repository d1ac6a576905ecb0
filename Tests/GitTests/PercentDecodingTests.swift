// An ssh URL's user name is percent-decoded as Foundation's `removingPercentEncoding` decodes
// it, without corelibs Foundation in the program.
import Foundation
import Testing

@testable import Git

@Suite struct PercentDecodingTests {
  @Test(arguments: [
    "git", "a%40b", "%E3%81%82", "%e3%81%82", "no%2", "%zz", "%", "%C3", "%C3%A9x", "100%25",
    "", "%00", "plain@", "%FF",
  ])
  func decodingAgreesWithFoundation(_ text: String) {
    #expect(percentDecoded(Substring(text)) == text.removingPercentEncoding, "\(text)")
  }

  @Test func anEncodedUserIsDecoded() throws {
    let remote = try #require(SSHRemote(url: "ssh://first%2Elast@example.org/srv/store.git"))
    #expect(remote.user == "first.last")
  }
}
