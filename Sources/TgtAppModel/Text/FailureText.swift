import TgtApplication
import TgtDomain

extension AppText {
    /// An error from a lower layer in the person's language: the typed errors the app meets
    /// (chats, the Telegram session and its requests, sends, the store) by their case, from the
    /// catalog (`AppText.failures`); what they carry from elsewhere (Telegram's own words, a
    /// file's name, a validation message of the domain) goes in as it is. Any other error shows
    /// its own message.
    public static func failure(_ error: any Error) -> AppText {
        switch error {
        case let error as ChatError: chat(error)
        case let error as TelegramError: telegram(error)
        case let error as TDError: request(error)
        case let error as SendError: send(error)
        case let error as RenderError: render(error)
        case let error as StoreError: store(error)
        case let error as FollowUpError: followUp(error)
        default: .verbatim(error.shownMessage)
        }
    }

    private static func chat(_ error: ChatError) -> AppText {
        switch error {
        case .notLoggedIn: AppText("failure.notLoggedIn")
        case .chatNotFound(let query): AppText("failure.chat.notFound", query)
        case .ambiguous(let query, let candidates):
            AppText("failure.chat.ambiguous", query, String(candidates.count),
                    candidates.prefix(8).joined(separator: ", ") + (candidates.count > 8 ? ", …" : ""))
        case .cannotWrite(let title, let refusal): AppText("failure.chat.cannotWrite", parts: [.text(title), .sentence(.postRefusal(refusal))])
        case .messageNotFound(let id): AppText("failure.chat.messageNotFound", String(id))
        case .notForum(let title): AppText("failure.chat.notForum", title)
        case .topicNotFound(let id, let title): AppText("failure.chat.topicNotFound", title, String(id))
        case .cannotEdit(let refusal): AppText("failure.chat.cannotEdit", sentence: edit(refusal))
        case .cannotDelete(let forEveryone): AppText(forEveryone ? "failure.chat.cannotDeleteForEveryone" : "failure.chat.cannotDelete")
        case .onlyForEveryone: AppText("failure.chat.onlyForEveryone")
        case .cannotReact(let refusal): AppText("failure.chat.cannotReact", sentence: reaction(refusal))
        case .reactionNotAvailable(let emoji, let choices):
            choices.isEmpty
                ? AppText("failure.chat.reactionNotAvailable", emoji)
                : AppText("failure.chat.reactionNotAvailable.choices", emoji,
                          choices.prefix(12).joined(separator: " ") + (choices.count > 12 ? " …" : ""))
        case .cannotPin(let refusal): AppText("failure.chat.cannotPin", sentence: pin(refusal))
        case .cannotForward(let refusal): AppText("failure.chat.cannotForward", sentence: forward(refusal))
        case .cannotListMembers: AppText("failure.chat.cannotListMembers")
        case .badPage(let problem): AppText("failure.chat.badPage", sentence: page(problem))
        case .folderNotFound(let name): AppText("failure.chat.folderNotFound", name)
        case .contactNotFound(let query): AppText("failure.chat.contactNotFound", query)
        case .notAPerson(let title): AppText("failure.chat.notAPerson", title)
        case .badContactName(let problem): AppText("failure.chat.badContactName", sentence: contactName(problem))
        case .noFile(let id): AppText("failure.chat.noFile", String(id))
        case .downloadFailed(let problem): AppText("failure.chat.downloadFailed", sentence: download(problem))
        case .badFile(let problem): AppText("failure.chat.badFile", sentence: file(problem))
        case .notBeingSent(let id): AppText("failure.chat.notBeingSent", String(id))
        case .stillBeingSent(let id): AppText("failure.chat.stillBeingSent", String(id))
        case .selfDestructing(let id): AppText("failure.chat.selfDestructing", String(id))
        case .emptyText: AppText("failure.chat.emptyText")
        case .tooLong(let max): AppText("failure.chat.tooLong", String(max))
        case .markdown(let detail): AppText("failure.chat.markdown", detail)
        case .sendFailed(let failure): AppText("failure.chat.sendFailed", sentence: sent(failure))
        case .request(let error): request(error)
        }
    }

    private static func telegram(_ error: TelegramError) -> AppText {
        switch error {
        case .startFailed(let detail): AppText("failure.telegram.startFailed", detail)
        case .notLoggedIn: AppText("failure.notLoggedIn")
        // What the credentials' and the login's checks said, in their own words.
        case .notSetUp(let message, _), .login(let message, _): .verbatim(message)
        case .unreachable(let what): AppText("failure.telegram.unreachable", what)
        case .sessionInUse(let pid?, let folder): AppText("failure.telegram.sessionInUse.pid", String(pid), folder)
        case .sessionInUse(nil, let folder): AppText("failure.telegram.sessionInUse", folder)
        case .request(let error): request(error)
        }
    }

    private static func request(_ error: TDError) -> AppText {
        switch error {
        case .tdlib(let code, let message, _):
            error.retryAfter.map { AppText("failure.request.floodWait", String($0)) } ?? AppText("failure.request.said", message, String(code))
        case .timeout(let function, let seconds): AppText("failure.request.timeout", function, TDError.formatSeconds(seconds))
        case .closed(let function): AppText("failure.request.closed", function)
        case .decoding(let function, _): AppText("failure.request.decoding", function)
        case .encoding(let function, _): AppText("failure.request.encoding", function)
        }
    }

    private static func send(_ error: SendError) -> AppText {
        switch error {
        case .invalid(let problem): .verbatim(problem.message)
        case .render(let problem): render(problem)
        case .markdown(let template, let detail): AppText("failure.send.markdown", template, detail)
        case .notLoggedIn: AppText("failure.notLoggedIn")
        case .request(let error): request(error)
        case .store(let detail): AppText("failure.send.store", detail)
        case .notTelegram(let template, .email): AppText("failure.send.notTelegram.email", template)
        case .notTelegram(let template, .text): AppText("failure.send.notTelegram.text", template)
        case .notTelegram(let template, .x): AppText("failure.send.notTelegram.x", template)
        case .notTelegram(_, .telegram): .verbatim(error.message)
        case .duplicateSend(let message): .verbatim(message)
        }
    }

    private static func render(_ error: RenderError) -> AppText {
        switch error {
        case .syntax(let problem): .verbatim(problem.message)
        case .missingVariables(let names) where names.count == 1: AppText("failure.render.missingVariable", names[0])
        case .missingVariables(let names): AppText("failure.render.missingVariables", names.map { "{{\($0)}}" }.joined(separator: ", "))
        case .notAChoice(let name, let value, let choices):
            AppText("failure.render.notAChoice", value, name, choices.map { "“\($0)”" }.joined(separator: ", "))
        case .noTargets: AppText("failure.render.noTargets")
        }
    }

    private static func followUp(_ error: FollowUpError) -> AppText {
        switch error {
        case .badWait: AppText("failure.followUp.badWait")
        case .notFound: AppText("failure.followUp.notFound")
        case .nothingToFollow: AppText("failure.followUp.nothingToFollow")
        case .templateNotFound: AppText("failure.followUp.templateNotFound")
        case .tooMany(let count): AppText("failure.followUp.tooMany", String(count))
        case .alreadyEnded: AppText("failure.followUp.alreadyEnded")
        case .alreadyPast: AppText("failure.followUp.alreadyPast")
        // Names a template and its values, in the service's words.
        case .templateUnusable: .verbatim(error.message)
        }
    }

    private static func store(_ error: StoreError) -> AppText {
        switch error {
        case .templateNotFound(let key): AppText("failure.store.templateNotFound", key)
        case .ambiguousTemplate(let key, let matches): AppText("failure.store.ambiguousTemplate", key, matches.joined(separator: ", "))
        case .importFailed(let reason): AppText("failure.store.importFailed", reason)
        case .exportFailed(let reason): AppText("failure.store.exportFailed", reason)
        case .database(let detail): AppText("failure.store.database", detail)
        case .dataDirectory(let detail): AppText("failure.store.dataDirectory", detail)
        case .timerNotFound(let key): AppText("failure.store.timerNotFound", key)
        case .ambiguousTimer(let key, let matches): AppText("failure.store.ambiguousTimer", key, matches.joined(separator: ", "))
        case .sendExists(let id): AppText("failure.store.sendExists", id)
        case .todoNotFound(let number, 0): AppText("failure.store.noTodos", String(number))
        case .todoNotFound(let number, let count): AppText("failure.store.todoNotFound", String(number), String(count))
        // The domain's validation messages, as they are.
        case .invalid, .invalidTimer, .timerState: .verbatim(error.message)
        }
    }
}

extension Error {
    /// The error's own message when it has one for people (`UserFacingError`), else its
    /// description: what `AppText.failure` shows of an error it has no catalog sentence for.
    var shownMessage: String { (self as? any UserFacingError)?.message ?? "\(self)" }
}
