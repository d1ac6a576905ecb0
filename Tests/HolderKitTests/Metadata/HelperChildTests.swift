// The helper program gets standard input, output and error, and nothing else of the program
// that starts it: the web app's open client sockets stayed open in it before.
import Foundation
import Testing

@testable import HolderKit

@Suite struct HelperChildTests {
  @Test func aHelperInheritsNoDescriptorButItsStandardOnes() throws {
    var pair: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { close(pair[0]) }
    // A descriptor without close-on-exec, as a socket some library opened would be.
    let stray = open("/dev/null", O_RDONLY)
    #expect(stray > 2)
    defer { close(stray) }
    let started = HelperChild.spawn(["/bin/sh", "-c", "ls /proc/$$/fd"], stdio: pair[1])
    close(pair[1])
    let child = try #require(started.child)
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(pair[0], &buffer, buffer.count)
      if count <= 0 { break }
      output += buffer[0..<count]
    }
    child.wait()
    let listed = Set(
      String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init))
    #expect(listed.contains("0") && listed.contains("1"), "\(listed)")
    #expect(!listed.contains(String(stray)), "\(listed)")
    #expect(listed.isSubset(of: ["0", "1", "2", "3"]), "\(listed)")
  }
}
