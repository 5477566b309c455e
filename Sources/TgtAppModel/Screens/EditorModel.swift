import Foundation
import Observation
import TgtApplication
import TgtDomain

/// Creates or changes one template: its kind (Telegram, email, text message, X) and the fields
/// that kind uses (targets, or recipients and subject), every field with its validation
/// message, the live counter in the kind's units, the icon set, the variables guide (inserting
/// at the cursor), location mode and the silent flag. Save stays disabled, with the reason
/// shown, while anything is wrong.
@Observable @MainActor
public final class EditorModel: Identifiable {
    /// One entry of the variables guide.
    public struct Variable: Sendable, Equatable, Identifiable {
        public var name: String
        public var summary: AppText
        /// What is inserted: `{{name}}`, or a whole form such as `{{date+1d}}`.
        public var token: String
        public var id: String { token }

        public init(name: String, summary: AppText, token: String? = nil) {
            self.name = name
            self.summary = summary
            self.token = token ?? "{{\(name)}}"
        }
    }

    /// The template as it was opened (nil for a new one).
    public let original: Template?
    public var name: String
    public var icon: TemplateIcon
    /// Change it with `setKind(_:)`, which drops the fields the new kind does not use.
    public private(set) var kind: TemplateKind
    public var body: String
    /// Email addresses (email) or phone numbers (text message).
    public var to: [String]
    public var cc: [String]
    public var subject: String
    public var locationMode: LocationMode
    public var silent: Bool
    /// The cursor in `body`, in characters: where the guide inserts a variable.
    public var cursor: Int
    public let picker: TargetPickerModel
    /// "Send on arriving or leaving" (Telegram templates).
    public let place: PlaceEditorModel
    public private(set) var saveError: AppText?
    public private(set) var isSaving = false

    public let icons = TemplateIcon.allCases
    public let locationModes = LocationMode.allCases

    @ObservationIgnored let workspace: Workspace
    /// The store's rules plus TDLib's Markdown parser (broken markup is refused at save).
    @ObservationIgnored let validator: TemplateValidator
    @ObservationIgnored let templates: TemplateService
    /// The other templates' names, folded, for the uniqueness check.
    @ObservationIgnored let takenNames: Set<String>
    @ObservationIgnored var saved: (Template) -> Void = { _ in }

    init(template: Template?, workspace: Workspace, host: LiveSession, location: (any LocationProviding)? = nil) {
        original = template
        name = template?.name ?? ""
        icon = template?.icon ?? .default
        kind = template?.kind ?? .telegram
        body = template?.body ?? ""
        to = template?.to ?? []
        cc = template?.cc ?? []
        subject = template?.subject ?? ""
        locationMode = template?.locationMode ?? .none
        silent = template?.silent ?? false
        cursor = template?.body.count ?? 0
        self.workspace = workspace
        templates = host.templates
        validator = templates.validator
        takenNames = Set(((try? workspace.templates().all()) ?? []).filter { $0.id != template?.id }.map { TemplateValidator.fold($0.name) })
        picker = TargetPickerModel(workspace: workspace, host: host, selected: template?.targets ?? [])
        place = PlaceEditorModel(rule: template?.place, location: location)
    }

    public var title: AppText { AppText(original == nil ? "editor.new" : "editor.edit") }

    /// The template as the fields describe it now.
    public var draft: Template {
        var template = original ?? Template(name: name, body: body, createdAt: workspace.clock.now)
        template.name = name
        template.icon = icon
        template.kind = kind
        template.body = body
        template.targets = kind.usesTargets ? picker.selected : []
        template.to = kind.usesRecipients ? to : []
        template.cc = kind.usesSubject ? cc : []
        template.subject = kind.usesSubject ? subject : ""
        template.locationMode = locationMode
        template.silent = kind == .telegram && silent
        template.place = kind == .telegram ? place.rule : nil
        return template
    }

    /// The kinds a template can be.
    public let kinds = TemplateKind.allCases

    /// Makes the template another kind; what that kind does not use is dropped.
    public func setKind(_ newKind: TemplateKind) {
        let converted = draft.converted(to: newKind)
        kind = newKind
        to = converted.to
        cc = converted.cc
        subject = converted.subject
        locationMode = converted.locationMode
        silent = converted.silent
        if newKind != .telegram { place.isOn = false }
    }

    /// The location modes the kind allows (a location pin is Telegram's).
    public var allowedLocationModes: [LocationMode] {
        kind == .telegram ? LocationMode.allCases : LocationMode.allCases.filter { $0 != .native }
    }

    /// The text measured as its channel counts it (characters, SMS parts, X's weighting),
    /// for the counter under the text.
    public var counter: MessageLength {
        MessageLength.measure(kind.formatsMarkdown ? body : PlainText.fromMarkdown(body), kind: kind, telegramLimit: validator.maxTextLength)
    }

    /// Every problem with the draft, by field.
    public var issues: [ValidationIssue] {
        validator.problemsForSaving(draft, takenNames: takenNames) + (kind == .telegram ? [place.problem].compactMap { $0 } : [])
    }

    /// The message to show next to `field`, if any.
    public func message(for field: ValidationIssue.Field) -> AppText? {
        let messages = issues.filter { $0.field == field }.map(\.message)
        return messages.isEmpty ? nil : .verbatim(messages.joined(separator: " "))
    }

    /// A note under the targets (not an error: a template without chats can be saved).
    public var targetsNote: AppText? { picker.selected.isEmpty ? AppText("editor.targets.none") : nil }

    /// Why Save is disabled, or nil when it is enabled.
    public var saveBlockedReason: AppText? {
        if !issues.isEmpty { return AppText("editor.saveBlocked") }
        if let original, draft == original { return AppText("editor.unchanged") }
        return nil
    }

    public var canSave: Bool { !isSaving && saveBlockedReason == nil }

    /// The guide: built-in variables, the forms (offsets, formats, weekdays, defaults,
    /// choices) with an example each, then the custom ones the text already uses.
    public var variables: [Variable] {
        let builtins = BuiltinVariable.allCases
            .filter { kind == .telegram || $0 != .chat }
            .map { Variable(name: $0.rawValue, summary: .verbatim($0.summary)) }
        let forms = VariableGuide.forms.map { Variable(name: $0.example, summary: .verbatim($0.summary), token: $0.example) }
        let custom = ((try? TemplateText(parsing: body).variableNames) ?? [])
            .filter { BuiltinVariable(rawValue: $0) == nil }
            .map { Variable(name: $0, summary: AppText("editor.variables.custom")) }
        return builtins + forms + custom
    }

    /// Inserts `{{name}}` at the cursor (or at the end if the cursor is out of range) and puts
    /// the cursor after it.
    public func insert(_ variable: Variable) {
        let offset = min(max(cursor, 0), body.count)
        let index = body.index(body.startIndex, offsetBy: offset)
        body.insert(contentsOf: variable.token, at: index)
        cursor = offset + variable.token.count
    }

    /// Saves the draft; returns the stored template, or nil with `saveError` set.
    @discardableResult
    public func save() -> Template? {
        saveError = nil
        guard canSave else { return nil }
        isSaving = true
        defer { isSaving = false }
        do {
            let stored = try templates.save(draft, isNew: original == nil)
            saved(stored)
            return stored
        } catch {
            saveError = AppText("editor.saveFailed", error.message)
            return nil
        }
    }
}
