import SwiftUI
import TgtAppModel

/// Chats and forum topics to send to, with member counts and search; chats you cannot post in
/// are shown dimmed with the reason.
struct TargetPickerView: View {
    @Bindable var model: TargetPickerModel

    var body: some View {
        List {
            switch model.state {
            case .loading:
                ProgressView { Text(AppText.label(.pickerRefresh)) }
            case .empty:
                if let text = model.emptyText { Text(text).foregroundStyle(.secondary) }
            case .failed(let why):
                Text(why).foregroundStyle(.red)
                Button(AppText.label(.retry).localized) { Task { await model.refresh() } }
            case .loaded:
                if let none = model.noMatch { Text(none).foregroundStyle(.secondary) }
                ForEach(model.rows) { row in
                    Button { model.toggle(row.target) } label: {
                        HStack {
                            VStack(alignment: .leading) {
                                Text(verbatim: row.isTopic ? (row.target.topicTitle ?? "") : row.target.chatTitle)
                                if let detail = row.detail { Text(detail).font(.caption).foregroundStyle(.secondary) }
                            }
                            .padding(.leading, row.isTopic ? 20 : 0)
                            Spacer()
                            if row.isSelected { Image(systemName: "checkmark").foregroundStyle(.tint) }
                        }
                    }
                    .disabled(!row.isEnabled)
                    .accessibilityAddTraits(row.isSelected ? .isSelected : [])
                }
            }
        }
        .searchable(text: $model.search, prompt: AppText.label(.pickerSearch).localized)
        .refreshable { await model.refresh() }
        .task { await model.load() }
        .navigationTitle(AppText.label(.editorTargets).localized)
    }
}
