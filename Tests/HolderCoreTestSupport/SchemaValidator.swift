import Foundation

/// Validates documents against `schema/*.schema.json` with an independent validator: Python's
/// `jsonschema` (Draft 2020-12), run as a child process.
public enum SchemaValidator {
  /// The repository's `schema/` folder.
  public static var schemaDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("schema")
  }

  /// The validator's answers: first one line per schema, then one verdict per document.
  ///
  /// The schema lines read `bookmark.schema.json: schema ok`; a verdict is
  /// `valid` or `invalid: <reasons>`. `schema` is `bookmark` or `store`.
  public static func verdicts(_ documents: [(schema: String, document: String)]) throws
    -> [String]
  {
    let request: [String: Any] = [
      "schemaDirectory": schemaDirectory.path,
      "examples": documents.map { ["schema": $0.schema, "document": $0.document] },
    ]
    let input = Array(try JSONSerialization.data(withJSONObject: request))
    var lastFailure = ""
    // Debian's python3-jsonschema serves /usr/bin/python3; a python3 earlier on PATH may
    // carry its own copy.
    for python in ["/usr/bin/env", "/usr/bin/python3"] {
      let args = python == "/usr/bin/env" ? ["python3", "-c", script] : ["-c", script]
      guard let result = try? runProcess(python, args, cwd: nil, env: nil, stdin: input) else {
        continue
      }
      if result.status == 0 {
        return result.stdout.split(separator: "\n").map(String.init)
      }
      lastFailure = result.stdout + result.stderr
    }
    throw ProcessFailure(
      command: ["python3", "-c", "<jsonschema check>"], status: 3,
      stderr: "python3 with jsonschema is needed ('make setup' installs python3-jsonschema): "
        + lastFailure)
  }

  private static let script = """
    import json, sys
    try:
        import jsonschema
    except ImportError:
        print("python3-jsonschema is missing; run 'make setup' to install it")
        sys.exit(3)
    request = json.load(sys.stdin)
    validators = {}
    for name in ("bookmark", "store"):
        path = request["schemaDirectory"] + "/" + name + ".schema.json"
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[name] = jsonschema.Draft202012Validator(schema)
        print(name + ".schema.json: schema ok")
    for example in request["examples"]:
        document = json.loads(example["document"])
        errors = [e.message for e in validators[example["schema"]].iter_errors(document)]
        print("invalid: " + "; ".join(errors) if errors else "valid")
    """
}
