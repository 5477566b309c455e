import SwiftUI
import TgtAppModel
import TgtApplication

/// A person's, group's or channel's profile: name, @username and last seen, "Message" (to its
/// chat, unless that is where it was opened from), its facts, and a group's members (a member
/// opens their own profile). Thin over `ProfileModel`.
struct ProfileView: View {
    let app: AppModel
    /// The conversation it was opened from (no "Message" back into it).
    var fromChatID: Int64?
    @State private var model: ProfileModel
    @State private var writing: Int64?

    init(app: AppModel, chatID: Int64, fromChatID: Int64? = nil) {
        self.app = app
        self.fromChatID = fromChatID
        _model = State(initialValue: app.profile(for: chatID))
    }

    var body: some View {
        List {
            if let profile = model.profile {
                Section {
                    HStack(spacing: 14) {
                        let preview = profile.photoMinithumbnail.flatMap { Data(base64Encoded: $0) }
                        ChatAvatar(initials: ChatListModel.initials(of: profile.title), photo: preview, size: 72) {
                            await app.chatPhoto(profile.chatID)
                        }
                        VStack(alignment: .leading, spacing: 4) {
                            Text(verbatim: profile.title).font(.title2.bold())
                            if let username = profile.username { Text(verbatim: "@" + username).foregroundStyle(.tint) }
                            if let status = profile.status { Text(verbatim: status).font(.subheadline).foregroundStyle(.secondary) }
                        }
                    }
                    if profile.chatID != fromChatID {
                        Button { Task { writing = await model.chatToWrite() } } label: {
                            Label(AppText.label(.profileMessage).localized, systemImage: "bubble.left")
                        }
                    }
                }
                if let contact = profile.contact {
                    Section {
                        if contact.isContact {
                            Text(AppText.label(.inContacts)).foregroundStyle(.secondary)
                        } else {
                            AddContactForm(model: model, firstName: contact.firstName, lastName: contact.lastName)
                        }
                    }
                }
                Section {
                    ForEach(model.facts.indices, id: \.self) { index in
                        let fact = model.facts[index]
                        VStack(alignment: .leading, spacing: 2) {
                            Text(fact.label).font(.caption).foregroundStyle(.secondary)
                            Text(verbatim: fact.value)
                        }
                    }
                }
                if !model.members.isEmpty {
                    Section {
                        ForEach(model.members, id: \.userID) { member in
                            NavigationLink {
                                ProfileView(app: app, chatID: member.userID, fromChatID: fromChatID)
                            } label: {
                                VStack(alignment: .leading, spacing: 2) {
                                    Text(verbatim: member.name)
                                    Text(verbatim: [member.role == "member" ? "" : member.role, member.status ?? ""].filter { !$0.isEmpty }.joined(separator: " · "))
                                        .font(.caption).foregroundStyle(.secondary)
                                }
                            }
                        }
                        if model.hasMoreMembers {
                            Button(AppText.label(.profileMoreMembers).localized) { Task { await model.loadMoreMembers() } }
                        }
                    } header: {
                        Text(verbatim: "\(AppText.label(.profileMembers).localized) (\(model.memberTotal))")
                    }
                }
            } else if let error = model.error {
                Text(error).foregroundStyle(.red)
            } else {
                ProgressView()
            }
        }
        .navigationTitle(AppText.label(.profile).localized)
        .navigationDestination(item: $writing) { chatID in ConversationView(app: app, chatID: chatID) }
        .task { await model.load() }
    }
}

/// "Add to contacts" in a person's profile: their own name filled in, editable, and whether
/// to show them the account's phone number.
struct AddContactForm: View {
    let model: ProfileModel
    @State var firstName: String
    @State var lastName: String
    @State private var sharePhone = false
    @State private var isSaving = false

    var body: some View {
        TextField(AppText.label(.firstName).localized, text: $firstName)
        TextField(AppText.label(.lastName).localized, text: $lastName)
        Toggle(isOn: $sharePhone) { Text(AppText.label(.sharePhone)) }
        Button(AppText.label(.addContact).localized) {
            isSaving = true
            Task {
                _ = await model.addContact(firstName: firstName, lastName: lastName, sharePhone: sharePhone)
                isSaving = false
            }
        }
        .disabled(isSaving || firstName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
}
