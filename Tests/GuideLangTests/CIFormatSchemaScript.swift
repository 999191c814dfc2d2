import Foundation
import GuideLang
import Testing

/// The validator for SARIF logs, run through `SchemaValidationPython.validate`, and the ways the
/// negative test breaks a log.
///
/// The official SARIF 2.1.0 schema declares JSON Schema draft-04, so logs are validated with
/// `Draft4Validator`, and with `Draft7Validator` as well, so that the result does not depend on
/// which draft a consumer assumes.
enum CIFormatSchemaScript {
    static let text = #"""
        import json
        import sys

        from jsonschema import Draft4Validator, Draft7Validator

        DRAFT_04 = "http://json-schema.org/draft-04/schema#"
        VALIDATORS = [("draft-04", Draft4Validator), ("draft-07", Draft7Validator)]


        \#(SchemaValidationPython.strictLoader)


        def describe(draft, error):
            message = error.message if len(error.message) <= 400 else error.message[:400] + "..."
            return "%s /%s: %s" % (draft, "/".join(str(part) for part in error.absolute_path), message)


        def main():
            report_path, schema_path = sys.argv[1], sys.argv[2]
            report = {"schemaErrors": [], "documents": []}
            try:
                schema = load(schema_path)
            except Exception as error:
                report["schemaErrors"].append("cannot read %s: %s" % (schema_path, error))
                schema = None
            if schema is not None:
                if not isinstance(schema, dict) or schema.get("$schema") != DRAFT_04:
                    report["schemaErrors"].append("the SARIF 2.1.0 schema declares $schema %s" % DRAFT_04)
                elif not schema.get("id", "").endswith("/sarif-schema-2.1.0.json") or schema.get("properties", {}).get("version", {}).get("enum") != ["2.1.0"]:
                    report["schemaErrors"].append("this is not the SARIF 2.1.0 schema")
                for draft, validator_class in VALIDATORS:
                    metaschema = validator_class(validator_class.META_SCHEMA)
                    report["schemaErrors"] += [describe(draft, error) for error in metaschema.iter_errors(schema)]
            if not report["schemaErrors"]:
                validators = [(draft, validator_class(schema)) for draft, validator_class in VALIDATORS]
                for path in sys.argv[3:]:
                    try:
                        document = load(path)
                    except Exception as error:
                        errors = ["not a JSON document: %s" % error]
                    else:
                        errors = []
                        for draft, validator in validators:
                            found = sorted(validator.iter_errors(document),
                                           key=lambda error: [str(part) for part in error.absolute_path])
                            errors += [describe(draft, error) for error in found]
                    report["documents"].append({"path": path, "errors": errors})
            with open(report_path, "w", encoding="utf-8") as handle:
                json.dump(report, handle)


        main()
        """#

    /// Ways to break a valid log, each of which the schema must reject.
    static var mutations: [SchemaValidationMutation] {
        let result: [SchemaValidationMutation.PathComponent] = [.key("runs"), .index(0), .key("results"), .index(0)]
        let region = result + [.key("locations"), .index(0), .key("physicalLocation"), .key("region")]
        return [
            .init(name: "another SARIF version", path: [.key("version")], value: "2.0.0", expectedMessageFragment: "'2.0.0' is not one of"),
            .init(name: "a tool without a name", path: [.key("runs"), .index(0), .key("tool"), .key("driver"), .key("name")],
                  value: nil, expectedMessageFragment: "'name' is a required property"),
            .init(name: "an unknown level", path: result + [.key("level")], value: "fatal", expectedMessageFragment: "'fatal' is not one of"),
            .init(name: "a result without a message", path: result + [.key("message")], value: nil,
                  expectedMessageFragment: "'message' is a required property"),
            .init(name: "line 0", path: region + [.key("startLine")], value: 0, expectedMessageFragment: "less than the minimum"),
            .init(name: "an unknown result property", path: result + [.key("severity")], value: "error",
                  expectedMessageFragment: "Additional properties are not allowed"),
            .init(name: "an unknown column kind", path: [.key("runs"), .index(0), .key("columnKind")], value: "bytes",
                  expectedMessageFragment: "'bytes' is not one of"),
            .init(name: "a fingerprint that is not a string", path: result + [.key("partialFingerprints"), .key("other")],
                  value: 42, expectedMessageFragment: "42 is not of type 'string'"),
        ]
    }
}
