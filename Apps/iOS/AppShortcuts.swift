import AppIntents

/// The Siri phrases: each names the app and has at most one entity parameter (the template).
struct TgTemplatesShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: SendTemplateIntent(),
            phrases: [
                "Send \(\.$template) with \(.applicationName)",
                "\(.applicationName) send \(\.$template)",
                "Post \(\.$template) in \(.applicationName)",
            ],
            shortTitle: "Send Template",
            systemImageName: "paperplane.fill")
    }
}
