import SwiftUI
import TgtAppModel
import TgtDomain

/// The composer under a conversation: the reply or edit banner with cancel, the text field,
/// send, and the templates menu that sends a template to this chat only (asking for its
/// variables first, with the grid's sheet). What is typed is the chat's cloud draft.
struct ComposerView: View {
    let app: AppModel
    @Bindable var model: ComposerModel
    @State private var asking: Template?
    @State private var values: [String: String] = [:]

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let banner = model.banner {
                HStack {
                    Image(systemName: model.mode == .new ? "arrowshape.turn.up.left" : "pencil").foregroundStyle(.tint)
                    Text(banner).font(.caption).lineLimit(1)
                    Spacer()
                    Button { model.cancel() } label: { Image(systemName: "xmark.circle.fill").foregroundStyle(.secondary) }
                        .accessibilityLabel(Text(AppText.label(.cancel)))
                }
            }
            if let error = model.error { Text(error).font(.caption).foregroundStyle(.red) }
            HStack(alignment: .bottom, spacing: 8) {
                templatesMenu
                TextField(AppText.label(.messageField).localized, text: $model.text, axis: .vertical)
                    .lineLimit(1...6)
                    .textFieldStyle(.roundedBorder)
                Button { Task { await model.send() } } label: {
                    Image(systemName: "arrow.up.circle.fill").font(.title)
                }
                .disabled(model.isSending || model.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                .accessibilityLabel(Text(AppText.label(.send)))
            }
        }
        .padding(8)
        .background(.bar)
        // The text is the chat's cloud draft: filled from it, saved when typing pauses and on leaving.
        .task { await model.loadDraft() }
        // The chat sees "typing…" while there is text (the model repeats it at most every 5 s).
        .onChange(of: model.text) { Task { await model.textChanged() } }
        .task(id: model.text) {
            try? await Task.sleep(for: .seconds(1.5))
            if !Task.isCancelled { await model.saveDraft() }
        }
        .onDisappear { Task { await model.saveDraft() } }
        .sheet(item: $asking, onDismiss: { values = [:] }) { template in
            VariablesSheet(title: template.name, variables: app.templates.variablesNeeded(for: template), values: $values) {
                let chosen = values
                asking = nil
                Task { await model.sendTemplate(template, variables: chosen) }
            }
        }
    }

    private var templatesMenu: some View {
        Menu {
            let templates = model.templates()
            Section(AppText.label(.sendTemplateHere).localized) {
                if templates.isEmpty { Text(AppText.label(.noTemplates)) }
                ForEach(templates) { template in
                    Button { pick(template) } label: {
                        Label { Text(verbatim: template.name) } icon: { Image(systemName: template.icon.symbolName) }
                    }
                }
            }
            Toggle(isOn: $model.silent) { Text(AppText.label(.editorSilent)) }
        } label: {
            Image(systemName: "square.grid.2x2").font(.title2)
        }
        .disabled(model.isSending)
        .accessibilityLabel(Text(AppText.label(.sendTemplateHere)))
    }

    private func pick(_ template: Template) {
        if app.templates.variablesNeeded(for: template).isEmpty {
            Task { await model.sendTemplate(template) }
        } else {
            values = [:]
            asking = template
        }
    }
}
