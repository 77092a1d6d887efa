/// Where something was created, for diagnostics: two words, where a
/// `StaticString` and a line take four.
struct SourceLocation: CustomStringConvertible, @unchecked Sendable {
    /// The file's name, UTF-8, in the binary's constant data.
    private let fileStart: UnsafeRawPointer
    private let fileLength: UInt32
    let line: UInt32

    init(fileID: StaticString, line: UInt) {
        let file: StaticString = fileID.hasPointerRepresentation ? fileID : "?"
        fileStart = UnsafeRawPointer(file.utf8Start)
        fileLength = UInt32(clamping: file.utf8CodeUnitCount)
        self.line = UInt32(clamping: line)
    }

    /// The file's name, as `#fileID` wrote it.
    var fileID: String {
        String(decoding: UnsafeRawBufferPointer(start: fileStart, count: Int(fileLength)), as: UTF8.self)
    }

    var description: String { "\(fileID):\(line)" }
}
