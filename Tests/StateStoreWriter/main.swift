// A process for RuntimeStorageTests to kill: it saves a file store over and over, each time
// with one guide's `displaySeconds` one higher, and prints each number once its save returned,
// so the test knows which saves finished before its SIGKILL.
//
// Usage: StateStoreWriter PATH GUIDE
import Foundation
import GuideRuntime
import GuideRuntimeStorage

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: StateStoreWriter PATH GUIDE\n".utf8))
    exit(2)
}
var store = FileStateStore(path: arguments[1])
var (state, problems) = store.load()
guard problems.isEmpty else {
    FileHandle.standardError.write(Data("StateStoreWriter: \(problems)\n".utf8))
    exit(1)
}
var saved = state.guides[arguments[2]]?.displaySeconds ?? 0
while true {
    state.guides[arguments[2], default: GuideRecord(version: 1)].displaySeconds = saved + 1
    if let problem = store.save(state) {
        FileHandle.standardError.write(Data("StateStoreWriter: \(problem)\n".utf8))
        exit(1)
    }
    saved += 1
    // Unbuffered: the number reaches the test before the next save begins.
    FileHandle.standardOutput.write(Data("\(Int(saved))\n".utf8))
}
