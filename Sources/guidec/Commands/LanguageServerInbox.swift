import Foundation
import GuideLang

/// What `guidec lsp`'s main loop waits for, in the order it arrived: the messages the reader
/// thread framed from standard input, the end of that input, and the outcomes of checks run on
/// worker threads. Each post wakes the loop; it takes everything that has arrived at once, so
/// the changes that came while a check ran are all applied before the next check starts.
final class LanguageServerInbox: @unchecked Sendable {  // every access holds `condition`'s lock
    /// Something that arrived.
    enum Event {
        /// A message body.
        case message([UInt8])
        /// The stream cannot be read further: the reason.
        case broken(String)
        /// Standard input could not be read.
        case readFailed
        /// The client closed its end.
        case endOfInput
        /// A check finished.
        case checked(DocumentCheck.Outcome)
    }

    private let condition = NSCondition()
    private var events: [Event] = []

    /// Adds events, in order, and wakes the loop.
    func post(_ new: [Event]) {
        guard !new.isEmpty else { return }
        condition.lock()
        events += new
        condition.signal()
        condition.unlock()
    }

    /// Everything that has arrived; when `waiting`, waits until something has.
    func take(waiting: Bool) -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        while waiting, events.isEmpty { condition.wait() }
        let taken = events
        events = []
        return taken
    }
}
