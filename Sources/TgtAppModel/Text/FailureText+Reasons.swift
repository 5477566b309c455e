import TgtApplication
import TgtDomain

extension AppText {
    // The reasons inside `ChatError`'s cases, each a catalog sentence that completes its case's.

    static func file(_ problem: FileProblem) -> AppText {
        switch problem {
        case .missing(let name): AppText("failure.file.missing", name)
        case .notAFile(let name): AppText("failure.file.notAFile", name)
        case .empty(let name): AppText("failure.file.empty", name)
        case .tooLarge(let name): AppText("failure.file.tooLarge", name)
        case .unreadable(let name): AppText("failure.file.unreadable", name)
        case .notCopied(let name): AppText("failure.file.notCopied", name)
        case .noneGiven: AppText("failure.file.noneGiven")
        case .tooManyForAlbum(let max): AppText("failure.file.tooManyForAlbum", String(max))
        case .mixedAlbum: AppText("failure.file.mixedAlbum")
        }
    }

    static func edit(_ refusal: EditRefusal) -> AppText {
        switch refusal {
        case .notOwnRecent: AppText("failure.edit.notOwnRecent")
        case .notText: AppText("failure.edit.notText")
        }
    }

    static func pin(_ refusal: PinRefusal) -> AppText {
        switch refusal {
        case .channelAdminsOnly: AppText("failure.pin.channelAdminsOnly")
        case .groupAdminsOnly: AppText("failure.pin.groupAdminsOnly")
        case .onlyForEveryone: AppText("failure.pin.onlyForEveryone")
        case .notAllowed: AppText("failure.pin.notAllowed")
        }
    }

    static func forward(_ refusal: ForwardRefusal) -> AppText {
        switch refusal {
        case .noneChosen: AppText("failure.forward.noneChosen")
        case .tooMany(let max): AppText("failure.forward.tooMany", String(max))
        case .protected(let id, let copying): AppText(copying ? "failure.forward.protectedCopy" : "failure.forward.protected", String(id))
        case .refused: AppText("failure.forward.refused")
        }
    }

    static func reaction(_ refusal: ReactionRefusal) -> AppText {
        switch refusal {
        case .anonymousAdministrator: AppText("failure.reaction.anonymousAdministrator")
        case .guest: AppText("failure.reaction.guest")
        case .restricted: AppText("failure.reaction.restricted")
        case .paidIsFinal: AppText("failure.reaction.paidIsFinal")
        case .unsupportedKind: AppText("failure.reaction.unsupportedKind")
        }
    }

    static func page(_ problem: PageProblem) -> AppText {
        switch problem {
        case .size(let max): AppText("failure.page.size", String(max))
        case .negativeOffset: AppText("failure.page.negativeOffset")
        }
    }

    static func contactName(_ problem: ContactNameProblem) -> AppText {
        switch problem {
        case .emptyFirstName: AppText("failure.contactName.emptyFirstName")
        case .tooLong(let max): AppText("failure.contactName.tooLong", String(max))
        case .lineBreak: AppText("failure.contactName.lineBreak")
        }
    }

    static func download(_ problem: DownloadProblem) -> AppText {
        switch problem {
        case .refused(let error): failure(error)
        case .stalled: AppText("failure.download.stalled")
        case .stopped: AppText("failure.download.stopped")
        case .closed: AppText("failure.download.closed")
        }
    }

    static func sent(_ failure: SendFailure) -> AppText {
        switch failure {
        case .chatGone: AppText("failure.sent.chatGone")
        case .forbidden: AppText("failure.sent.forbidden")
        case .topicGone: AppText("failure.sent.topicGone")
        case .banned: AppText("failure.sent.banned")
        case .slowMode: AppText("failure.sent.slowMode")
        case .cancelled: AppText("failure.sent.cancelled")
        case .notRepliable: AppText("failure.sent.notRepliable")
        case .telegram(let code, let message): AppText("failure.request.said", message, String(code))
        }
    }
}
