import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt away set`: what answers and how often, without changing whether you are away.
struct AwaySet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change the reply and greeting templates, quiet hours, the hourly cap, and whether to answer only while offline.",
        discussion: """
            Examples:
              tgt away set --reply "Out of office" --quiet-hours 24
              tgt away set --greeting Welcome
              tgt away set --no-greeting --only-when-offline false
              tgt away set --hourly-cap 10
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The template that answers while you are away (name or id).", valueName: "template")) var reply: String?
    @Option(help: ArgumentHelp("The template that answers someone's first message, away or not (name or id).", valueName: "template"))
    var greeting: String?
    @Flag(help: "No greeting.") var noGreeting = false
    @Option(help: ArgumentHelp("After answering someone, no other automatic answer to them for this many hours (1–168).", valueName: "hours"))
    var quietHours: String?
    @Option(help: ArgumentHelp("At most this many automatic answers in any hour, to everyone together (1–500).", valueName: "n"))
    var hourlyCap: String?
    @Option(help: ArgumentHelp("Answer only while none of your Telegram apps is online (true or false).", valueName: "bool"))
    var onlyWhenOffline: String?

    func run() async throws {
        try await global.run {
            if greeting != nil, noGreeting { throw InputError("Give either --greeting or --no-greeting.") }
            if [reply, greeting, quietHours, hourlyCap, onlyWhenOffline].allSatisfy({ $0 == nil }), !noGreeting {
                throw InputError("Say what to change.", next: "See `tgt away set --help`; `tgt away` shows the settings.")
            }
            let quiet = try quietHours.map { try Self.number($0, "--quiet-hours") }
            let cap = try hourlyCap.map { try Self.number($0, "--hourly-cap") }
            let offline = try onlyWhenOffline.map(Self.bool)
            try Away.change(global) { settings, workspace in
                if let reply { settings.replyTemplateID = try Away.template(reply, workspace, global) }
                if let greeting { settings.greetingTemplateID = try Away.template(greeting, workspace, global) }
                if noGreeting { settings.greetingTemplateID = nil }
                if let quiet { settings.quietHours = quiet }
                if let cap { settings.hourlyCap = cap }
                if let offline { settings.onlyWhenOffline = offline }
            }
        }
    }

    static func number(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw InputError("\(option) takes a whole number, not “\(text)”.") }
        return value
    }

    static func bool(_ text: String) throws -> Bool {
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw InputError("--only-when-offline takes true or false, not “\(text)”.")
        }
    }
}

/// `tgt away exclude`.
struct AwayExclude: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exclude", abstract: "Never answer these people automatically (by name or user id).",
        discussion: """
            A person is named as in your chat list (the private chats last loaded with `tgt chats`), \
            or by their Telegram user id.

            Examples:
              tgt away exclude Mum
              tgt away exclude "Anna Rossi" 555000201
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "People, by name or user id.") var people: [String]

    func run() async throws {
        try await global.run {
            try Away.changePeople(global, people) { settings, person in
                if !settings.isExcluded(person.userID) { settings.excluded.append(person) }
            }
        }
    }
}

/// `tgt away include`.
struct AwayInclude: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "include", abstract: "Answer these people again (take them off the list of people never answered).",
        discussion: """
            Example:
              tgt away include Mum
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "People, by name or user id.") var people: [String]

    func run() async throws {
        try await global.run {
            try Away.changePeople(global, people) { settings, person in
                guard settings.isExcluded(person.userID) else {
                    throw InputError("“\(person.name)” is not on the list of people never answered.", next: "`tgt away` shows the list.")
                }
                settings.excluded.removeAll { $0.userID == person.userID }
            }
        }
    }
}
