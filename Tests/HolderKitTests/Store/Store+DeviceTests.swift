import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// A write made for a client names it as the commit's device, in one printable line, and only
/// for that write.
@Suite struct StoreDeviceTests {
  @Test func aWriteNamesTheClientThenTheMachineAgain() throws {
    let fixture = try StoreFixture()
    try fixture.store.writing(asDevice: "phone") { () throws(StoreError) in
      _ = try fixture.store.add(AddRequest(url: "https://example.org/1"))
    }
    try fixture.add("https://example.org/2")
    let devices = try fixture.store.history().prefix(2).map(\.device)
    #expect(devices == ["test-device", "phone"])
  }

  @Test func aNameCannotAddALineOrATrailer() throws {
    let fixture = try StoreFixture()
    try fixture.store.writing(asDevice: "phone\nSigned-off-by: someone\u{7}") {
      () throws(StoreError) in
      _ = try fixture.store.add(AddRequest(url: "https://example.org/1"))
    }
    let message = try fixture.runGit("log", "-1", "--format=%B")
    #expect(message.contains("Device: phone Signed-off-by: someone\n"))
    #expect(!message.contains("\nSigned-off-by"))
    // A name that is nothing once cleaned leaves the machine's.
    try fixture.store.writing(asDevice: " \n ") { () throws(StoreError) in
      _ = try fixture.store.add(AddRequest(url: "https://example.org/2"))
    }
    #expect(try fixture.store.history().first?.device == "test-device")
  }
}
