import MessageUI
import SwiftUI
import TgtAppModel
import TgtDomain
import UIKit

/// The system mail or message compose sheet for a draft; which one (and whether a link is
/// opened instead) is decided by `ComposeRoute` in TgtAppModel.
struct ComposeSheet: UIViewControllerRepresentable {
    let route: ComposeRoute
    let finished: (ComposeResult) -> Void

    func makeCoordinator() -> Coordinator { Coordinator(finished: finished) }

    func makeUIViewController(context: Context) -> UIViewController {
        switch route {
        case .mailSheet(let to, let cc, let subject, let body):
            let controller = MFMailComposeViewController()
            controller.mailComposeDelegate = context.coordinator
            controller.setToRecipients(to)
            controller.setCcRecipients(cc)
            controller.setSubject(subject)
            controller.setMessageBody(body, isHTML: false)
            return controller
        case .messageSheet(let recipients, let body):
            let controller = MFMessageComposeViewController()
            controller.messageComposeDelegate = context.coordinator
            controller.recipients = recipients
            controller.body = body
            return controller
        case .openLink, .unavailable:
            return UIViewController()
        }
    }

    func updateUIViewController(_ controller: UIViewController, context: Context) {}

    /// Turns the sheets' delegate callbacks into a `ComposeResult`.
    final class Coordinator: NSObject, MFMailComposeViewControllerDelegate, MFMessageComposeViewControllerDelegate {
        let finished: (ComposeResult) -> Void

        init(finished: @escaping (ComposeResult) -> Void) { self.finished = finished }

        func mailComposeController(_ controller: MFMailComposeViewController, didFinishWith result: MFMailComposeResult, error: Error?) {
            switch result {
            case .sent, .saved: finished(.handedOver)
            case .cancelled: finished(.cancelled)
            case .failed: finished(.failed(error?.localizedDescription ?? ""))
            @unknown default: finished(.cancelled)
            }
        }

        func messageComposeViewController(_ controller: MFMessageComposeViewController, didFinishWith result: MessageComposeResult) {
            switch result {
            case .sent: finished(.handedOver)
            case .cancelled: finished(.cancelled)
            case .failed: finished(.failed(""))
            @unknown default: finished(.cancelled)
            }
        }
    }

    /// What this device can do with drafts, for `TemplateListModel.composeCapabilities`.
    static var capabilities: ComposeCapabilities {
        ComposeCapabilities(
            canSendMail: MFMailComposeViewController.canSendMail(),
            canSendText: MFMessageComposeViewController.canSendText(),
            canOpenMailLinks: URL(string: "mailto:someone@example.com").map { UIApplication.shared.canOpenURL($0) } ?? false)
    }
}

/// Asks for a tap's values: a text field with its default filled in, or a picker of choices.
struct VariablesSheet: View {
    let title: String
    let variables: [TemplateVariable]
    @Binding var values: [String: String]
    let send: () -> Void
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                ForEach(variables, id: \.name) { variable in
                    if variable.kind == .choice {
                        Picker(variable.name, selection: Binding(get: { values[variable.name] ?? variable.choices.first ?? "" },
                                                                 set: { values[variable.name] = $0 })) {
                            ForEach(variable.choices, id: \.self) { Text(verbatim: $0).tag($0) }
                        }
                    } else {
                        TextField(variable.name, text: Binding(get: { values[variable.name] ?? variable.defaultValue ?? "" },
                                                                set: { values[variable.name] = $0 }))
                    }
                }
            }
            .navigationTitle(Text(verbatim: title))
            .onAppear {
                // What is shown is what is sent: defaults and first choices count as given.
                for variable in variables where values[variable.name] == nil {
                    values[variable.name] = variable.kind == .choice ? variable.choices.first : variable.defaultValue
                }
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button(AppText.label(.cancel).localized) { dismiss() } }
                ToolbarItem(placement: .confirmationAction) { Button(AppText.label(.send).localized) { send() } }
            }
        }
    }
}
