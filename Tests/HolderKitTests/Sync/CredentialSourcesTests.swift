import Foundation
import Git
import Testing

@testable import HolderKit

/// Where `HOLDER_GIT_TOKEN` may go: only over https, only to the remote's own host and port.
@Suite struct CredentialSourcesTests {
  private func token(remote: String, asked: String, user: String? = nil) -> Credential? {
    let sources = CredentialSources(
      remoteURL: remote, environment: ["HOLDER_GIT_TOKEN": "t0ken"], workTree: "/")
    let first = sources.sources.first
    #expect(first?.name == "HOLDER_GIT_TOKEN")
    return first?.provide(asked, user)
  }

  @Test func theTokenGoesToTheRemotesHostOverHTTPS() {
    let credential = token(
      remote: "https://git.example.org/me/store.git", asked: "https://git.example.org/me/store.git")
    #expect(credential == Credential(username: "holder-git", password: "t0ken"))
    let named = token(
      remote: "https://git.example.org:443/s.git", asked: "https://git.example.org/s.git",
      user: "me")
    #expect(named == Credential(username: "me", password: "t0ken"))
  }

  @Test(arguments: [
    // A redirect to another host, another port, or plain http never gets the token.
    ("https://git.example.org/s.git", "https://evil.example.net/s.git"),
    ("https://git.example.org/s.git", "https://git.example.org:8443/s.git"),
    ("https://git.example.org/s.git", "http://git.example.org/s.git"),
    ("http://git.example.org/s.git", "http://git.example.org/s.git"),
  ])
  func theTokenIsNotSentAnywhereElse(remote: String, asked: String) {
    #expect(token(remote: remote, asked: asked) == nil)
  }

  @Test func withoutATokenOnlyGitsCredentialHelpersAreAsked() {
    let sources = CredentialSources(
      remoteURL: "https://git.example.org/s.git", environment: ["HOLDER_GIT_TOKEN": ""],
      workTree: "/")
    #expect(sources.sources.map(\.name) == ["git credential helper"])
  }
}
