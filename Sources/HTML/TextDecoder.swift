import Glibc
import HolderCore

/// Turns bytes in a legacy character set into a string, through glibc's iconv.
///
/// Foundation on Linux does not decode EUC-JP and needs Core Foundation's raw numbers for
/// EUC-KR and GBK; glibc's iconv decodes every encoding the web uses (measured with real
/// bytes: CP949, CP932, EUC-JP, GB18030, CP1251 all right).
public enum TextDecoder {
  /// Decodes `bytes` as `charset`, or nil when a byte sequence is invalid in it.
  public static func decode(_ bytes: [UInt8], as charset: Charset) -> String? {
    if bytes.isEmpty { return "" }
    switch charset.name {
    case "UTF-8":
      return String(validating: bytes, as: UTF8.self)
    default:
      return iconvDecode(bytes, from: charset.iconvName)
    }
  }

  private static func iconvDecode(_ bytes: [UInt8], from name: String) -> String? {
    let converter = iconv_open("UTF-8", name)
    guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    var input = bytes.map { CChar(bitPattern: $0) }
    // UTF-8 needs at most 4 bytes for any character of these encodings' 1 or 2 bytes.
    var output = [CChar](repeating: 0, count: bytes.count * 4 + 16)
    let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer = inBuffer.baseAddress
        var inLeft = inBuffer.count
        var outPointer = outBuffer.baseAddress
        var outLeft = outBuffer.count
        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        guard result != -1, inLeft == 0 else { return nil }
        return outBuffer.count - outLeft
      }
    }
    guard let written else { return nil }
    return String(decoding: output[0..<written].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
