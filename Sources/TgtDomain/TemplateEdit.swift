/// A change to some of a template's fields (those left nil stay), in the one order every face
/// applies it: `tgt templates edit`'s flags and the API's `PATCH /api/templates/{id}` (and the
/// whole body of a `POST`, onto a new template) are read into one of these, so a face only
/// parses and resolves; what changes before what lives here.
public struct TemplateEdit: Sendable, Equatable {
    /// What to do with the place rule.
    public enum PlaceChange: Sendable, Equatable {
        case keep
        case remove
        case set(PlaceRule)
    }

    /// A new kind, applied first: the fields it does not use are dropped (`Template.converted`),
    /// then the given ones apply, so `--kind email --to …` keeps the recipients it names.
    public var kind: TemplateKind?
    /// Empties To and Cc before any recipients given here apply.
    public var clearRecipients = false
    public var to: [String]?
    public var cc: [String]?
    public var subject: String?
    public var name: String?
    public var body: String?
    public var icon: TemplateIcon?
    public var locationMode: LocationMode?
    public var silent: Bool?
    public var place: PlaceChange = .keep
    /// The whole list of targets, already resolved against the chats by the face.
    public var targets: [Target]?

    public init() {}

    /// The targets `template` keeps once this edit's kind applies (none for a draft kind):
    /// what a face resolves the targets it was given against.
    public func targetsKept(by template: Template) -> [Target] {
        kind.map { template.converted(to: $0) }?.targets ?? template.targets
    }

    /// The template with this change made: the kind first, then every field given.
    public func applied(to template: Template) -> Template {
        var changed = template
        if let kind, kind != changed.kind { changed = changed.converted(to: kind) }
        if clearRecipients {
            changed.to = []
            changed.cc = []
        }
        if let to { changed.to = to }
        if let cc { changed.cc = cc }
        if let subject { changed.subject = subject }
        if let name { changed.name = name }
        if let body { changed.body = body }
        if let icon { changed.icon = icon }
        if let locationMode { changed.locationMode = locationMode }
        if let silent { changed.silent = silent }
        switch place {
        case .keep: break
        case .remove: changed.place = nil
        case .set(let rule): changed.place = rule
        }
        if let targets { changed.targets = targets }
        return changed
    }
}
