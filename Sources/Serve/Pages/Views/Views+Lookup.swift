// The views a listing renders many times name their fields to mustache themselves: without
// this, mustache finds each field of each card through `Mirror`, which was a quarter of a
// one-letter search's time at 100k (50 cards, a dozen lookups each).
import Mustache

extension CardView: MustacheParent {
  func child(named key: String) -> Any? {
    switch key {
    case "id": self.id
    case "titleParts": self.titleParts
    case "host": self.host
    case "hostParts": self.hostParts
    case "tags": self.tags
    case "hasTags": self.hasTags
    case "favorite": self.favorite
    case "initial": self.initial
    case "hue": self.hue
    case "thumb": self.thumb
    default: nil
    }
  }
}

extension TextPart: MustacheParent {
  func child(named key: String) -> Any? {
    switch key {
    case "text": self.text
    case "mark": self.mark
    default: nil
    }
  }
}

extension TagLinkView: MustacheParent {
  func child(named key: String) -> Any? {
    switch key {
    case "name": self.name
    case "href": self.href
    default: nil
    }
  }
}
