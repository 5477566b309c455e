import SwiftUI
import TgtAppModel
import TgtApplication

/// The contacts, online first, with search; choosing one opens the private chat with them.
/// Thin over `ContactsModel`.
struct ContactsView: View {
    let app: AppModel
    @State private var model: ContactsModel
    @State private var opened: Int64?

    init(app: AppModel) {
        self.app = app
        _model = State(initialValue: app.contacts())
    }

    var body: some View {
        List(model.contacts, id: \.userID) { contact in
            Button {
                Task { opened = await model.chat(with: contact) }
            } label: {
                VStack(alignment: .leading, spacing: 2) {
                    Text(verbatim: contact.name)
                    Text(verbatim: [contact.username.map { "@" + $0 } ?? "", contact.status].filter { !$0.isEmpty }.joined(separator: " · "))
                        .font(.caption).foregroundStyle(contact.status == "online" ? Color.accentColor : Color.secondary)
                }
            }
        }
        .overlay {
            if let empty = model.emptyText {
                ContentUnavailableView { Label { Text(empty) } icon: { Image(systemName: "person.2") } }
            } else if let error = model.error {
                Text(error).foregroundStyle(.red).padding()
            }
        }
        .searchable(text: $model.search, prompt: AppText.label(.searchContacts).localized)
        .navigationTitle(AppText.label(.contacts).localized)
        .navigationDestination(item: $opened) { chatID in ConversationView(app: app, chatID: chatID) }
        .onChange(of: model.search) { Task { await model.reload() } }
        .task { await model.reload() }
    }
}
