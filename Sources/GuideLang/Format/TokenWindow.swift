import GuideIR

/// A file's tokens by index, lexed as they are first asked for and dropped once the reader
/// says it needs none before some index: what lets the formatter go through a large file without
/// holding its whole token list (16 bytes a token, about four times the file).
struct TokenWindow {
    private var lexer: Lexer
    /// The tokens from `first` on that have been lexed and not released.
    private var tokens: [Token] = []
    /// The index of `tokens[0]` in the file.
    private var first = 0
    private var hasReachedEnd = false

    init(_ source: SourceFile, fileID: FileID) {
        lexer = Lexer(bytes: source.bytes, fileID: fileID)
    }

    /// Lexes up to the token at `index`; false when the file ends (with `endOfFile`) before it.
    mutating func fetch(through index: Int) -> Bool {
        while first + tokens.count <= index {
            guard !hasReachedEnd else { return false }
            let token = lexer.nextToken()
            tokens.append(token)
            if token.kind == .endOfFile { hasReachedEnd = true }
        }
        return true
    }

    /// A token already fetched and not released.
    subscript(index: Int) -> Token { tokens[index - first] }

    /// Forgets the tokens before `index`; the storage is compacted once they are most of it, so
    /// releasing costs O(1) a token.
    mutating func release(before index: Int) {
        let count = min(index - first, tokens.count)
        guard count > 0, count * 2 >= tokens.count, count >= 64 else { return }
        tokens.removeFirst(count)
        first += count
    }
}
