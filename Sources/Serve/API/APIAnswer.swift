// The answers of the linkding-compatible API under `/api/`: JSON bodies, and errors in the
// shapes Django REST framework gives them (`{"detail": "…"}`, `{"field": ["…"]}`), which
// linkding's clients read. Never an HTML page, whatever goes wrong.
import HTTPTypes
import HolderCore
import HolderKit
import Hummingbird

enum APIAnswer {
  /// `node` as a JSON body.
  static func json(_ node: CanonicalWriter.Node, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: CanonicalWriter.document(node))))
  }

  /// `{"detail": text}`, as linkding says a request failed as a whole.
  static func detail(_ text: String, status: HTTPResponse.Status) -> Response {
    json(.object(known: [("detail", .value(.string(text)))], extra: [:]), status: status)
  }

  /// 404 with linkding's body.
  static var notFound: Response { detail("Not found.", status: .notFound) }

  /// 405, naming the method, as linkding says it.
  static func methodNotAllowed(_ method: HTTPRequest.Method) -> Response {
    detail("Method \"\(method.rawValue)\" not allowed.", status: .methodNotAllowed)
  }

  /// 400 with each field's problem: `{"url": ["This field is required."]}`.
  static func invalid(_ problems: [(field: String, message: String)]) -> Response {
    json(
      .object(
        known: problems.map { ($0.field, .value(.array([.string($0.message)]))) }, extra: [:]),
      status: .badRequest)
  }

  /// 204 without a body (a delete, an archive).
  static var noContent: Response { Response(status: .noContent) }

  /// The answer for an error of the store: which field it concerns when there is one.
  static func failure(_ error: any Error) -> Response {
    let text = (error as? StoreError)?.errorDescription ?? "\(error)"
    guard let error = error as? StoreError else {
      return detail(text, status: .internalServerError)
    }
    switch error {
    case .bookmark(.invalidURL), .bookmark(.refusedToOpen):
      return invalid([("url", text)])
    case .bookmark(.urlInUse):
      return invalid([("url", "A bookmark with this URL already exists.")])
    case .bookmark(.invalidTag):
      return invalid([("tag_names", text)])
    case .bookmark(.overLimit):
      return invalid([("non_field_errors", text)])
    case .lookup(.notFound), .lookup(.tagNotFound):
      return notFound
    case .write(.lockTimeout), .bookmark(.changedWhileEditing), .write(.uncommittedHandEdit):
      return detail(text, status: .conflict)
    default:
      return detail(text, status: .badRequest)
    }
  }
}

/// A request's body, read as linkding reads it: a JSON object (or a form, as Django REST
/// framework also takes, `tag_names` repeated) whose members are checked one by one, each
/// wrong one named in the answer.
struct APIBody {
  let members: [String: JSONValue]

  /// The members of the body, or the 400 that says what is wrong with it.
  static func read(_ request: inout Request) async -> Result<APIBody, APIRefusal> {
    guard let buffer = try? await request.collectBody(upTo: FormFields.maximumBytes) else {
      return .failure(
        APIRefusal(APIAnswer.detail("The body is larger than 1 MiB.", status: .contentTooLarge)))
    }
    let bytes = Array(buffer.readableBytesView)
    let type = request.headers[.contentType]?.lowercased() ?? ""
    if type.hasPrefix("application/x-www-form-urlencoded") {
      return .success(form(FormFields(body: String(decoding: bytes, as: UTF8.self))))
    }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return .success(APIBody(members: [:]))
    }
    let value: JSONValue
    do {
      value = try JSONReader.read(bytes, file: "the request body")
    } catch {
      return .failure(
        APIRefusal(
          APIAnswer.detail(
            "JSON parse error - \(error.errorDescription ?? "\(error)"). Send the fields as a JSON object.",
            status: .badRequest)))
    }
    guard case .object(let members) = value else {
      return .failure(
        APIRefusal(
          APIAnswer.invalid([
            ("non_field_errors", "Invalid data. Expected a dictionary (a JSON object).")
          ])))
    }
    return .success(APIBody(members: Dictionary(members, uniquingKeysWith: { first, _ in first })))
  }

  /// A form's fields as the members of a JSON body: each a string, `tag_names` a list.
  private static func form(_ fields: FormFields) -> APIBody {
    var members: [String: JSONValue] = [:]
    for (name, value) in fields.pairs where members[name] == nil {
      members[name] =
        name == "tag_names" ? .array(fields.all(name).map(JSONValue.string)) : .string(value)
    }
    return APIBody(members: members)
  }

  /// True when the body names `field`, even as null.
  func has(_ field: String) -> Bool { members[field] != nil }

  /// A string member; null counts as absent.
  func string(_ field: String, into problems: inout [(field: String, message: String)])
    -> String?
  {
    switch members[field] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default:
      problems.append((field, "Not a valid string."))
      return nil
    }
  }

  /// A boolean member (`true`/`false`, or the strings and numbers Django REST accepts).
  func bool(_ field: String, into problems: inout [(field: String, message: String)]) -> Bool? {
    switch members[field] {
    case nil, .null?: return nil
    case .bool(let value)?: return value
    case .string(let text)?:
      if ["true", "1", "yes", "on"].contains(text.lowercased()) { return true }
      if ["false", "0", "no", "off"].contains(text.lowercased()) { return false }
    case .number(let text)?:
      if text == "1" { return true }
      if text == "0" { return false }
    default: break
    }
    problems.append((field, "Must be a valid boolean."))
    return nil
  }

  /// A list of strings (`tag_names`).
  func strings(_ field: String, into problems: inout [(field: String, message: String)])
    -> [String]?
  {
    switch members[field] {
    case nil, .null?: return nil
    case .array(let values)?:
      var result: [String] = []
      for value in values {
        guard case .string(let text) = value else {
          problems.append((field, "Each item must be a string."))
          return nil
        }
        result.append(text)
      }
      return result
    default:
      problems.append((field, "Expected a list of items."))
      return nil
    }
  }
}

/// An answer that ends a request early (a body that cannot be read).
struct APIRefusal: Error {
  let response: Response
  init(_ response: Response) { self.response = response }
}
