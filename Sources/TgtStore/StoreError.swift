import TgtDomain

/// Why a store operation failed. Nothing was changed when one of these is thrown.
public enum StoreError: UserFacingError, Equatable {
    case templateNotFound(String)
    case ambiguousTemplate(String, matches: [String])
    case invalid(ValidationError)
    case importFailed(String)
    case exportFailed(String)
    case database(String)
    case dataDirectory(String)

    public var message: String {
        switch self {
        case .templateNotFound(let key): "There is no template called “\(key)”."
        case .ambiguousTemplate(let key, let matches):
            "“\(key)” matches more than one template: \(matches.joined(separator: ", "))."
        case .invalid(let error): error.message
        case .importFailed(let reason): "Nothing was imported: \(reason)"
        case .exportFailed(let reason): "The export failed: \(reason)"
        case .database(let detail): "The template database could not be used (\(detail))."
        case .dataDirectory(let detail): "The data folder could not be used: \(detail)"
        }
    }

    public var nextStep: String? {
        switch self {
        case .templateNotFound: "List them with `tgt templates list`."
        case .ambiguousTemplate: "Use the template's id (see `tgt templates list`)."
        case .invalid: nil
        case .importFailed: "Fix the file and import it again."
        case .exportFailed: "Check the destination folder and try again."
        case .database: "Check that the data folder is writable (`tgt status` shows it)."
        case .dataDirectory: "Pass another one with --data-dir or TGT_DATA_DIR."
        }
    }

    public var code: String {
        switch self {
        case .templateNotFound: "template_not_found"
        case .ambiguousTemplate: "ambiguous_template"
        case .invalid: "invalid_template"
        case .importFailed: "import_failed"
        case .exportFailed: "export_failed"
        case .database: "database"
        case .dataDirectory: "data_directory"
        }
    }
}
