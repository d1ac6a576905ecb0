import HolderCore

extension TagPathError {
  /// The tag that broke a rule.
  public var tag: String {
    switch self {
    case .emptySegment(let tag), .dotSegment(let tag, _), .controlCharacter(let tag),
      .segmentTooLong(let tag, _), .tooDeep(let tag, _):
      return tag
    }
  }
}
