import Foundation
import TgtApplication

/// The one check before the dashboard reads a file TDLib named: the path, symbolic links
/// resolved, lies inside the session's own TDLib folders and is a regular file. Anything else
/// (a path elsewhere, a link out, a folder, a device) is refused the same way, so nothing about
/// other files leaks.
struct TDLibFileGuard {
    /// The folders a file may come from, symbolic links resolved.
    let folders: [String]

    init(folders: [URL]) {
        self.folders = folders.map { Self.realPath($0.path) }
    }

    /// The real path and size of `path` when it passes, else nil.
    func check(_ path: String) -> (path: String, size: Int64)? {
        guard path.hasPrefix("/") else { return nil }
        let real = Self.realPath(path)
        guard folders.contains(where: { real.hasPrefix($0 + "/") }),
              let attributes = try? FileManager.default.attributesOfItem(atPath: real),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int
        else { return nil }
        return (real, Int64(size))
    }

    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
