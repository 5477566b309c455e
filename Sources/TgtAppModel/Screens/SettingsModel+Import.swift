import Foundation

extension SettingsModel {
    /// The largest templates file the app reads (a whole archive is far smaller).
    public static let maxImportBytes = 20_000_000

    /// Imports a templates file opened with the app (from Files, Mail or AirDrop): what the
    /// dashboard's Settings → Download templates or `tgt templates export` made, place rules
    /// included. Templates with a known id are replaced, the others added, all or nothing
    /// (`AppDatabase.importTemplates`); `importNotice` says how it went.
    @discardableResult
    public func importTemplates(fileAt url: URL) -> AppText {
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        guard size <= Self.maxImportBytes else { return finishImport(AppText("settings.import.tooBig")) }
        guard let data = try? Data(contentsOf: url) else {
            return finishImport(AppText("settings.import.failed", "the file could not be read."))
        }
        return importTemplates(data)
    }

    /// Imports a templates file's contents (see `importTemplates(fileAt:)`).
    @discardableResult
    public func importTemplates(_ data: Data) -> AppText {
        guard data.count <= Self.maxImportBytes else { return finishImport(AppText("settings.import.tooBig")) }
        do {
            let summary = try workspace.templates().importArchive(data)
            return finishImport(AppText("settings.import.done", String(summary.added), String(summary.updated),
                                        String(summary.timersAdded), String(summary.timersUpdated)))
        } catch {
            return finishImport(AppText("settings.import.failed", error.message))
        }
    }

    /// The import's notice was seen.
    public func dismissImportNotice() { importNotice = nil }

    private func finishImport(_ notice: AppText) -> AppText {
        importNotice = notice
        return notice
    }
}
