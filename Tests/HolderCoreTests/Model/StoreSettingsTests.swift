import HolderCore
import Testing

@Suite struct StoreSettingsTests {
  @Test func aNewStoreUsesTheCurrentFormatAndIsWritable() {
    let settings = StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0))
    #expect(settings.formatVersion == StoreSettings.currentFormatVersion)
    #expect(StoreSettings.currentFormatVersion == 2)
    #expect(settings.isWritable)
  }

  @Test func aStoreFromANewerHolderGitIsReadOnly() {
    let settings = StoreSettings(
      formatVersion: StoreSettings.currentFormatVersion + 1,
      lastModified: Timestamp(millisecondsSince1970: 0))
    #expect(!settings.isWritable)
  }
}
