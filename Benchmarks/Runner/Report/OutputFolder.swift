import Foundation

/// The `--output` folder: checked before the run, so that a folder that
/// cannot be written fails in a second rather than after minutes of timing.
enum OutputFolder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Creates the folder (and its parents) if needed and proves it can be
    /// written by writing and removing a probe file.
    static func prepare(_ path: String) throws(Failure) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure(description: "the output folder '\(path)' is a file, not a folder")
        }
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create the output folder '\(path)': \(reason(error))")
        }
        let probe = (path as NSString).appendingPathComponent(".benchmarks-write-probe")
        guard manager.createFile(atPath: probe, contents: Data()) else {
            throw Failure(description: "cannot write into the output folder '\(path)' (permission denied or read-only)")
        }
        try? manager.removeItem(atPath: probe)
    }

    /// Writes each file into the folder, replacing older ones.
    static func write(_ files: [(name: String, contents: Data)], to path: String) throws(Failure) {
        for file in files {
            let url = URL(fileURLWithPath: path).appendingPathComponent(file.name)
            do {
                try file.contents.write(to: url, options: .atomic)
            } catch {
                throw Failure(description: "cannot write '\(url.path)': \(reason(error))")
            }
        }
    }

    /// The operating system's reason, without Foundation's wrapping.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
