import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the validator script found.
struct SchemaValidationReport: Decodable {
    struct Document: Decodable {
        var path: String
        var errors: [String]
    }

    /// Problems with the schema itself (not JSON, wrong `$schema`, or invalid under the metaschema).
    var schemaErrors: [String]
    /// One entry per document, in the order given.
    var documents: [Document]
}

/// A setup or run failure of the validator, with what to do about it.
struct SchemaValidationFailure: Error, CustomStringConvertible, Sendable {
    var description: String
}

/// Finds or installs Python's `jsonschema` and runs the validation script.
enum SchemaValidationPython {
    /// The environment to run `python3` with so that `jsonschema` imports; set up once per test
    /// process (a `static let` is initialised once, even when tests run in parallel).
    static let environment: Result<[String: String], SchemaValidationFailure> = environment(
        importing: "from jsonschema import Draft202012Validator", installing: "jsonschema")

    /// An environment in which `python3 -c statement` succeeds: the inherited one if it already
    /// does, else the inherited one with `.build/python-deps` on `PYTHONPATH`, after installing
    /// `package` there with pip unless an earlier run did. PreCommitHookTests uses it for
    /// `pre-commit`.
    ///
    /// Installs are serialised, within this process and (with a lock file) across processes,
    /// because suites running in parallel share the folder, and pip's `--target` replaces shared
    /// top-level folders such as `bin`. The first install takes every package the suite uses
    /// (`allPackages`) in one pip run: one resolution instead of three, and no later install
    /// that replaces what an earlier one put there.
    static func environment(importing statement: String, installing package: String) -> Result<[String: String], SchemaValidationFailure> {
        let probe = ["-c", statement]
        let inherited = ProcessInfo.processInfo.environment
        if let result = try? runPython(probe, environment: inherited), result.status == 0 {
            return .success(inherited)
        }
        var withDependencies = inherited
        let dependencies = SchemaValidationPaths.pythonDependencies.path
        withDependencies["PYTHONPATH"] = [dependencies, inherited["PYTHONPATH"]].compactMap { $0 }
            .filter { !$0.isEmpty }.joined(separator: ":")
        return withInstallLock {
            // Installed by an earlier run, or by another suite or process while this one waited?
            if let result = try? runPython(probe, environment: withDependencies), result.status == 0 {
                return .success(withDependencies)
            }
            let install: (status: Int32, output: String)
            do {
                install = try runPython(
                    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input", "--upgrade",
                     "--target", dependencies] + (allPackages.contains(package) ? allPackages : allPackages + [package]),
                    environment: inherited)
            } catch {
                return .failure(SchemaValidationFailure(description: "cannot run python3 (\(error)); install Python 3 to run this test"))
            }
            guard install.status == 0 else {
                return .failure(SchemaValidationFailure(description:
                    "python3 -m pip install --target \(dependencies) \(package) failed (exit \(install.status)):\n\(install.output)\n"
                        + "install it by hand with: python3 -m pip install \(package)"))
            }
            guard let check = try? runPython(probe, environment: withDependencies), check.status == 0 else {
                return .failure(SchemaValidationFailure(description:
                    "\(package) was installed into \(dependencies) but '\(statement)' still fails"))
            }
            return .success(withDependencies)
        }
    }

    /// Every package the tests install from PyPI: jsonschema, pre-commit, pygls's client, selenium and the TextMate port.
    static let allPackages = ["jsonschema", "pre-commit", "pygls==1.3.1", "selenium", "textmate-grammar-python==0.6.1"]

    private static let installLock = NSLock()

    /// Runs `body` holding the in-process lock and an exclusive `flock` on `.build/python-deps.lock`.
    private static func withInstallLock<T>(_ body: () -> T) -> T {
        installLock.lock()
        defer { installLock.unlock() }
        let folder = SchemaValidationPaths.pythonDependencies.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(SchemaValidationPaths.pythonDependencies.path + ".lock", O_CREAT | O_RDWR, 0o644)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
        defer {
            if descriptor >= 0 {
                _ = flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        }
        return body()
    }

    /// Validates the schema against the metaschema and then every document, in one Python process.
    /// Other suites pass their own `schema` and a `script` taking the same arguments
    /// (REPORT SCHEMA DOCUMENT...) and writing the same report.
    static func validate(
        _ documents: [URL], environment: [String: String], scratch: SchemaValidationScratchFolder,
        schema: URL = SchemaValidationPaths.schema, script scriptText: String = validatorScript
    ) throws -> SchemaValidationReport {
        let script = try scratch.write(Array(scriptText.utf8), named: "validate.py")
        let reportFile = scratch.url.appendingPathComponent("report.json")
        let result = try runPython(
            [script.path, reportFile.path, schema.path] + documents.map(\.path),
            environment: environment)
        guard result.status == 0, let data = try? Data(contentsOf: reportFile) else {
            throw SchemaValidationFailure(description: "the validator failed (exit \(result.status)):\n\(result.output)")
        }
        do {
            return try JSONDecoder().decode(SchemaValidationReport.self, from: data)
        } catch {
            throw SchemaValidationFailure(description: "cannot read the validator's report: \(error)\n\(result.output)")
        }
    }

    /// Runs `python3 arguments...`; returns the exit status and everything it printed
    /// (`TestSupport.run`).
    static func runPython(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        try TestSupport.run("/usr/bin/env", ["python3"] + arguments, environment: environment)
    }

    /// The validator. Arguments: REPORT SCHEMA DOCUMENT...; writes a JSON report to REPORT and
    /// exits 0 whenever it could write one (invalid documents are reported, not signalled).
    static let validatorScript = #"""
        import json
        import sys

        from jsonschema import Draft202012Validator

        DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


        \#(SchemaValidationPython.strictLoader)


        def shorten(text, limit=400):
            return text if len(text) <= limit else text[:limit] + "..."


        def location(error):
            return "/" + "/".join(str(part) for part in error.absolute_path)


        def problems(error):
            """(location, message) pairs for an error; for an anyOf/oneOf failure, the innermost
            problems of the branches that could have matched (those whose `kind` and type fit)."""
            if not error.context:
                return [(location(error), shorten(error.message))]
            branches = {}
            for sub in error.context:
                branch = sub.relative_schema_path[0] if sub.relative_schema_path else None
                branches.setdefault(branch, []).append(sub)

            def kind_mismatch(errors):
                return [e for e in errors if e.validator == "const" and list(e.relative_path) == ["kind"]]

            def type_mismatch(errors):
                return any(e.validator == "type" and not e.relative_path for e in errors)

            candidates = [errors for errors in branches.values()
                          if not kind_mismatch(errors) and not type_mismatch(errors)]
            if not candidates:
                kinds = [kind_mismatch(errors) for errors in branches.values()]
                if all(kinds):
                    expected = ", ".join(repr(found[0].validator_value) for found in kinds)
                    return [(location(kinds[0][0]), "%r is not one of the kinds %s" % (kinds[0][0].instance, expected))]
                candidates = list(branches.values())
            found = []
            for errors in candidates:
                for sub in errors:
                    found.extend(problems(sub))
            return found


        def describe(error):
            details = ["%s: %s" % problem for problem in problems(error)]
            return "; ".join(dict.fromkeys(details))


        def main():
            report_path, schema_path = sys.argv[1], sys.argv[2]
            document_paths = sys.argv[3:]
            report = {"schemaErrors": [], "documents": []}
            try:
                schema = load(schema_path)
            except Exception as error:
                report["schemaErrors"].append("cannot read %s: %s" % (schema_path, error))
                schema = None
            if schema is not None:
                if not isinstance(schema, dict) or schema.get("$schema") != DRAFT_2020_12:
                    report["schemaErrors"].append("$schema must be %s" % DRAFT_2020_12)
                metaschema = Draft202012Validator(Draft202012Validator.META_SCHEMA)
                report["schemaErrors"] += [describe(error) for error in metaschema.iter_errors(schema)]
            if not report["schemaErrors"]:
                validator = Draft202012Validator(schema, format_checker=None)
                for path in document_paths:
                    try:
                        document = load(path)
                    except Exception as error:
                        errors = ["not a JSON document: %s" % error]
                    else:
                        found = sorted(validator.iter_errors(document),
                                       key=lambda error: [str(part) for part in error.absolute_path])
                        errors = [describe(error) for error in found]
                    report["documents"].append({"path": path, "errors": errors})
            with open(report_path, "w", encoding="utf-8") as handle:
                json.dump(report, handle)


        main()
        """#
}

extension SchemaValidationPython {
    /// Python shared by the validator scripts: a JSON loader that rejects duplicate keys and
    /// NaN/Infinity, which Python's json module would otherwise accept silently.
    static let strictLoader = #"""
def strict_object(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise ValueError("duplicate key %r" % key)
        result[key] = value
    return result


def reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle, object_pairs_hook=strict_object, parse_constant=reject_constant)
"""#
}
