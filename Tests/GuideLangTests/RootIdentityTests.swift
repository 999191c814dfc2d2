import GuideLang
import Testing

/// Root files are told apart by the file identities their provider already has, and a root's
/// `identity(of:)` (which on disk walks to the file again) is asked only when an import needs it
/// or two roots may be one file.
struct RootIdentityTests {
    /// Files in memory, each root with the device and inode given, counting identities asked.
    final class CountingProvider: SourceProvider, @unchecked Sendable {
        let files: [String: String]
        let fileIdentities: [String: FileIdentity]
        /// Where one file is reached by two names (a link), the name it really has.
        let realNames: [String: String]
        private(set) var identitiesAsked: [String] = []

        init(files: [String: String], fileIdentities: [String: FileIdentity], realNames: [String: String] = [:]) {
            self.files = files
            self.fileIdentities = fileIdentities
            self.realNames = realNames
        }

        func resolve(_ path: String, relativeTo importer: String) -> String {
            PathArithmetic.join(PathArithmetic.directory(of: importer), path)
        }

        func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
            files[resolvedPath].map { .success(Array($0.utf8)) } ?? .failure(SourceReadError("no such file"))
        }

        func identity(of resolvedPath: String) -> String {
            identitiesAsked.append(resolvedPath)
            return realNames[resolvedPath] ?? resolvedPath
        }

        func fileIdentity(ofRoot path: String) -> FileIdentity? { fileIdentities[path] }
    }

    static func guide(_ name: String) -> String { "guide \(name) {\n  title: \"T\"\n  pages { page one { title: \"One\" } }\n}\n" }

    static func compile(_ roots: [String], _ provider: CountingProvider) -> Compilation {
        Compilation.compile(roots: roots.map { SourceFile(path: $0, text: provider.files[$0] ?? "") }, provider: provider)
    }

    @Test func distinctRootsWithoutImportsAskNoIdentity() {
        let provider = CountingProvider(
            files: ["a.guide": Self.guide("a"), "b.guide": Self.guide("b"), "c.guide": Self.guide("c")],
            fileIdentities: ["a.guide": FileIdentity(device: 1, inode: 1), "b.guide": FileIdentity(device: 1, inode: 2),
                             "c.guide": FileIdentity(device: 2, inode: 1)])
        let compilation = Self.compile(["a.guide", "b.guide", "c.guide"], provider)
        #expect(compilation.files.count == 3)
        #expect(compilation.document?.guides.map(\.id) == ["a", "b", "c"])
        #expect(provider.identitiesAsked.isEmpty)
    }

    @Test func rootsSharingAFileIdentityAreComparedByIdentity() {
        // A link and the file it names share an inode: the two names are one file.
        let linked = CountingProvider(
            files: ["a.guide": Self.guide("a"), "b.guide": Self.guide("b"), "link.guide": Self.guide("a")],
            fileIdentities: ["a.guide": FileIdentity(device: 1, inode: 1), "b.guide": FileIdentity(device: 1, inode: 2),
                             "link.guide": FileIdentity(device: 1, inode: 1)],
            realNames: ["link.guide": "a.guide"])
        let compilation = Self.compile(["a.guide", "b.guide", "link.guide"], linked)
        #expect(compilation.files.map(\.path) == ["a.guide", "b.guide"])
        #expect(compilation.diagnostics.isEmpty)
        #expect(linked.identitiesAsked == ["a.guide", "b.guide", "link.guide"])
        // A hard link shares the inode but not the real path: compiled as two files, as before.
        let hard = CountingProvider(
            files: ["a.guide": Self.guide("a"), "hard.guide": Self.guide("a")],
            fileIdentities: ["a.guide": FileIdentity(device: 1, inode: 1), "hard.guide": FileIdentity(device: 1, inode: 1)])
        #expect(Self.compile(["a.guide", "hard.guide"], hard).diagnostics.map(\.code) == [.duplicateDeclaration])
    }

    @Test func anImportAsksTheRootsIdentities() {
        let provider = CountingProvider(
            files: ["a.guide": Self.guide("a"), "b.guide": "import \"a.guide\"\n" + Self.guide("b"), "c.guide": Self.guide("c")],
            fileIdentities: ["a.guide": FileIdentity(device: 1, inode: 1), "b.guide": FileIdentity(device: 1, inode: 2),
                             "c.guide": FileIdentity(device: 1, inode: 3)])
        let compilation = Self.compile(["a.guide", "b.guide", "c.guide"], provider)
        // b's import finds the root a, loaded before it, rather than loading it again.
        #expect(compilation.files.map(\.path) == ["a.guide", "b.guide", "c.guide"])
        #expect(compilation.importLinks.map(\.file) == [0])
        #expect(compilation.diagnostics.isEmpty)
        #expect(provider.identitiesAsked == ["a.guide", "b.guide", "a.guide", "c.guide"])
    }

    @Test func rootsReadAsDifferentFilesStayTwoWhateverComesFirst() {
        // `s/../a.guide` through a symlink `s` has a.guide's path once `..` is taken away, but it
        // is another file: its inode tells. Before an import and after one, the two are kept.
        let files = ["a.guide": Self.guide("a"), "s/../a.guide": Self.guide("elsewhere"),
                     "b.guide": "import \"c.guide\"\n" + Self.guide("b"), "c.guide": Self.guide("c")]
        let fileIdentities = ["a.guide": FileIdentity(device: 1, inode: 1), "s/../a.guide": FileIdentity(device: 1, inode: 9),
                              "b.guide": FileIdentity(device: 1, inode: 2)]
        let realNames = ["s/../a.guide": "a.guide"]
        for roots in [["a.guide", "s/../a.guide"], ["b.guide", "a.guide", "s/../a.guide"], ["b.guide", "s/../a.guide", "a.guide"]] {
            let provider = CountingProvider(files: files, fileIdentities: fileIdentities, realNames: realNames)
            let compilation = Self.compile(roots, provider)
            #expect(compilation.diagnostics.isEmpty, "\(roots)")
            let guides = Set(compilation.document?.guides.map(\.id) ?? [])
            #expect(guides.isSuperset(of: ["a", "elsewhere"]), "\(roots)")
        }
    }
}
