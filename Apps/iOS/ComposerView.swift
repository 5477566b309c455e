import PhotosUI
import SwiftUI
import TgtAppModel
import TgtDomain
import UIKit

/// The composer under a conversation: the reply or edit banner with cancel, the files picked
/// to go with the text (photos and videos from the library, any file from Files, an image on
/// the clipboard; each can be taken back), the text field, send, and the templates menu that sends a template to this chat
/// only (asking for its variables first, with the grid's sheet). What is typed is the chat's
/// cloud draft.
struct ComposerView: View {
    let app: AppModel
    @Bindable var model: ComposerModel
    @State private var asking: Template?
    @State private var values: [String: String] = [:]
    @State private var pickingPhotos = false
    @State private var pickingFiles = false
    @State private var picked: [PhotosPickerItem] = []

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
            if !model.attachments.isEmpty { tray }
            HStack(alignment: .bottom, spacing: 8) {
                attachMenu
                templatesMenu
                TextField(AppText.label(.messageField).localized, text: $model.text, axis: .vertical)
                    .lineLimit(1...6)
                    .textFieldStyle(.roundedBorder)
                Button { Task { await model.send() } } label: {
                    Image(systemName: "arrow.up.circle.fill").font(.title)
                }
                .disabled(model.isSending || (model.attachments.isEmpty && model.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty))
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
        .photosPicker(isPresented: $pickingPhotos, selection: $picked, maxSelectionCount: max(1, model.roomForFiles), selectionBehavior: .ordered,
                      matching: .any(of: [.images, .videos]), preferredItemEncoding: .compatible)
        .onChange(of: picked) { _, items in
            guard !items.isEmpty else { return }
            picked = []
            Task { await attach(items) }
        }
        .fileImporter(isPresented: $pickingFiles, allowedContentTypes: [.item], allowsMultipleSelection: true) { result in
            Task { await attach(result) }
        }
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

    /// Photos and videos from the library, or any file from Files; "send as files" once there are some.
    private var attachMenu: some View {
        Menu {
            Button { pickingPhotos = true } label: { Label { Text(AppText.label(.attachPhotos)) } icon: { Image(systemName: "photo.on.rectangle") } }
                .disabled(model.roomForFiles == 0)
            Button { pickingFiles = true } label: { Label { Text(AppText.label(.attachFiles)) } icon: { Image(systemName: "doc") } }
                .disabled(model.roomForFiles == 0)
            if UIPasteboard.general.hasImages {
                Button { pasteImage() } label: { Label { Text(AppText.label(.pasteImage)) } icon: { Image(systemName: "doc.on.clipboard") } }
                    .disabled(model.roomForFiles == 0)
            }
            if !model.attachments.isEmpty {
                Toggle(isOn: $model.sendAsFiles) { Text(AppText.label(.sendAsFiles)) }
            }
        } label: {
            Image(systemName: "paperclip").font(.title2)
        }
        .disabled(!model.canAttach)
        .accessibilityLabel(Text(AppText.label(.attach)))
    }

    /// The picked files, each with what it goes as, its size, and a button to take it back.
    private var tray: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 6) {
                ForEach(model.attachments) { attachment in
                    HStack(spacing: 4) {
                        AttachmentPreview(attachment: attachment, symbol: attachment.symbolName(asFile: model.sendAsFiles))
                        VStack(alignment: .leading, spacing: 0) {
                            Text(verbatim: attachment.name).font(.caption).lineLimit(1)
                            Text(attachment.label(asFile: model.sendAsFiles)).font(.caption2).foregroundStyle(.secondary)
                        }
                        Button { model.removeAttachment(attachment) } label: { Image(systemName: "xmark.circle.fill").foregroundStyle(.secondary) }
                            .disabled(model.isSending)
                            .accessibilityLabel(Text(AppText.label(.removeAttachment)))
                    }
                    .padding(.horizontal, 8).padding(.vertical, 4)
                    .background(Color.secondary.opacity(0.12), in: Capsule())
                    .accessibilityElement(children: .combine)
                }
            }
        }
    }

    /// The image on the clipboard (a screenshot copied, say), as a JPEG in the tray.
    private func pasteImage() {
        guard let data = UIPasteboard.general.image?.jpegData(compressionQuality: 0.92) else {
            model.reportUnreadablePick()
            return
        }
        Task { await model.attach(data: data, name: "Pasted image.jpg") }
    }

    /// Receives what the photo picker chose, in its order, into the composer.
    private func attach(_ items: [PhotosPickerItem]) async {
        for item in items {
            guard let file = try? await item.loadTransferable(type: PickedFile.self) else {
                model.reportUnreadablePick()
                continue
            }
            await model.attach(fileAt: file.url, move: true)
            file.removeFolder()
        }
    }

    /// Copies the files chosen in Files into the composer: each read while its access is held,
    /// through a file coordinator (one in iCloud Drive is downloaded first), off the main actor.
    private func attach(_ result: Result<[URL], any Error>) async {
        guard case .success(let urls) = result else {
            model.reportUnreadablePick()
            return
        }
        for url in urls {
            let copy = await Task.detached {
                let access = url.startAccessingSecurityScopedResource()
                defer { if access { url.stopAccessingSecurityScopedResource() } }
                return PickedFile.coordinatedCopy(of: url)
            }.value
            guard let copy else {
                model.reportUnreadablePick()
                continue
            }
            await model.attach(fileAt: copy.url, move: true)
            copy.removeFolder()
        }
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

/// A picked photo as a small picture in the tray (decoded at the size shown, off the main
/// thread); anything else as the symbol of what it goes as.
struct AttachmentPreview: View {
    let attachment: Attachment
    let symbol: String
    @State private var image: UIImage?

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFill().frame(width: 28, height: 28).clipShape(RoundedRectangle(cornerRadius: 5))
            } else {
                Image(systemName: symbol)
            }
        }
        .task(id: attachment.id) {
            guard attachment.kind == .photo, let full = UIImage(contentsOfFile: attachment.url.path) else { return }
            // Its shape kept, the shorter side 84 pixels (the square crops the rest).
            let scale = 84 / max(1, min(full.size.width, full.size.height))
            image = await full.byPreparingThumbnail(ofSize: CGSize(width: full.size.width * scale, height: full.size.height * scale))
        }
    }
}
