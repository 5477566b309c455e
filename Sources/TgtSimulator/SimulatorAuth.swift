import Foundation

/// Which requests the simulator answers without "the network", and which drive the login.
enum SimHandlers {
    static let offline: Set<String> = ["getOption", "setOption", "setLogVerbosityLevel", "setLogStream", "setTdlibParameters", "close"]
    static let authFunctions: Set<String> = [
        "setAuthenticationPhoneNumber", "checkAuthenticationCode", "checkAuthenticationPassword",
        "requestQrCodeAuthentication", "setAuthenticationEmailAddress", "checkAuthenticationEmailCode",
        "registerUser", "logOut", "resendAuthenticationCode",
    ]
    static let afterLogin: Set<String> = [
        "getMe", "loadChats", "getChats", "getChat", "getSupergroupFullInfo", "getBasicGroupFullInfo", "getForumTopics", "getForumTopic", "sendMessage", "sendMessageAlbum",
        "getChatScheduledMessages", "deleteMessages", "editMessageSchedulingState", "createPrivateChat", "editMessageText", "canSendMessageToUser",
    ]
    /// Every TDLib function the simulator answers.
    static var known: Set<String> { offline.union(authFunctions).union(afterLogin).union(TelegramSimulator.conversationFunctions) }
    /// Like TDLib, a request it has no class for is refused whatever the state.
    static func isKnown(_ type: String) -> Bool {
        offline.contains(type) || authFunctions.contains(type) || afterLogin.contains(type) || TelegramSimulator.conversationFunctions.contains(type)
    }
}

extension TelegramSimulator {
    func handleAuth(_ id: Int32, _ request: [String: Any], type: String) {
        let account = currentScenario.account
        let auth = client(id)?.auth ?? ""
        let loginStates: Set<String> = [
            "authorizationStateWaitPhoneNumber", "authorizationStateWaitCode", "authorizationStateWaitPassword",
            "authorizationStateWaitEmailAddress", "authorizationStateWaitEmailCode", "authorizationStateWaitRegistration",
            "authorizationStateWaitOtherDeviceConfirmation",
        ]
        switch type {
        case "setAuthenticationPhoneNumber":
            guard loginStates.contains(auth) else { return unexpected(id, request) }
            let phone = (request["phone_number"] as? String ?? "").filter { $0.isNumber || $0 == "+" }
            guard phone.filter(\.isNumber).count >= 7 else { return respond(id, request, Self.error(400, "PHONE_NUMBER_INVALID")) }
            if account.requiresEmail {
                setAuth(id, "authorizationStateWaitEmailAddress", ["allow_apple_id": false, "allow_google_id": false])
            } else {
                sendCode(id, phone: phone)
            }
            respond(id, request, ["@type": "ok"])
        case "setAuthenticationEmailAddress":
            guard auth == "authorizationStateWaitEmailAddress" else { return unexpected(id, request) }
            let email = request["email_address"] as? String ?? ""
            guard email.contains("@") else { return respond(id, request, Self.error(400, "EMAIL_INVALID")) }
            defer { respond(id, request, ["@type": "ok"]) }
            setAuth(id, "authorizationStateWaitEmailCode", [
                "allow_apple_id": false, "allow_google_id": false,
                "code_info": ["@type": "emailAddressAuthenticationCodeInfo", "email_address_pattern": "d***@example.com", "length": account.emailCode.count],
                "email_address_reset_state": NSNull(),
            ])
        case "checkAuthenticationEmailCode":
            guard auth == "authorizationStateWaitEmailCode" else { return unexpected(id, request) }
            let code = (request["code"] as? [String: Any])?["code"] as? String ?? ""
            guard code == account.emailCode else { return respond(id, request, Self.error(400, "EMAIL_CODE_INVALID")) }
            sendCode(id, phone: account.phoneNumber)
            respond(id, request, ["@type": "ok"])
        case "resendAuthenticationCode":
            guard auth == "authorizationStateWaitCode" else { return unexpected(id, request) }
            sendCode(id, phone: account.phoneNumber)
            respond(id, request, ["@type": "ok"])
        case "checkAuthenticationCode":
            guard auth == "authorizationStateWaitCode" else { return unexpected(id, request) }
            guard request["code"] as? String == account.code else { return respond(id, request, Self.error(400, "PHONE_CODE_INVALID")) }
            defer { respond(id, request, ["@type": "ok"]) }
            if account.isNewUser {
                setAuth(id, "authorizationStateWaitRegistration", ["terms_of_service": [
                    "@type": "termsOfService",
                    "text": ["@type": "formattedText", "text": "Be nice.", "entities": [] as [Any]],
                    "min_user_age": 0, "show_popup": false,
                ]])
            } else {
                afterCredentials(id)
            }
        case "requestQrCodeAuthentication":
            guard loginStates.contains(auth) else { return unexpected(id, request) }
            defer { respond(id, request, ["@type": "ok"]) }
            let token = Data((0..<24).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            setAuth(id, "authorizationStateWaitOtherDeviceConfirmation", ["link": "tg://login?token=\(token)"])
            if let after = currentScenario.autoConfirmQRAfter {
                schedule(after: after) { [weak self] in
                    guard let self, self.client(id)?.auth == "authorizationStateWaitOtherDeviceConfirmation" else { return }
                    self.afterCredentials(id)
                }
            }
        case "checkAuthenticationPassword":
            guard auth == "authorizationStateWaitPassword" else { return unexpected(id, request) }
            guard request["password"] as? String == account.password else {
                return respond(id, request, Self.error(400, "PASSWORD_HASH_INVALID"))
            }
            becomeReady(id)
            respond(id, request, ["@type": "ok"])
        case "registerUser":
            guard auth == "authorizationStateWaitRegistration" else { return unexpected(id, request) }
            guard !(request["first_name"] as? String ?? "").trimmingCharacters(in: .whitespaces).isEmpty else {
                return respond(id, request, Self.error(400, "FIRSTNAME_INVALID"))
            }
            becomeReady(id)
            respond(id, request, ["@type": "ok"])
        case "logOut":
            respond(id, request, ["@type": "ok"])
            dropSession(id)
            setAuth(id, "authorizationStateLoggingOut")
            setAuth(id, "authorizationStateClosing")
            finishClose(id)
        default:
            unexpected(id, request)
        }
    }

    private func sendCode(_ id: Int32, phone: String) {
        let account = currentScenario.account
        setAuth(id, "authorizationStateWaitCode", ["code_info": [
            "@type": "authenticationCodeInfo", "phone_number": phone,
            "type": ["@type": "authenticationCodeTypeTelegramMessage", "length": account.code.count],
            "next_type": ["@type": "authenticationCodeTypeSms", "length": account.code.count],
            "timeout": 60,
        ]])
    }

    /// After a correct code or a confirmed QR login: the password if there is one, else ready.
    func afterCredentials(_ id: Int32) {
        let account = currentScenario.account
        if account.password != nil {
            setAuth(id, "authorizationStateWaitPassword", [
                "password_hint": account.passwordHint, "has_recovery_email_address": false,
                "has_passport_data": false, "recovery_email_address_pattern": "",
            ])
        } else {
            becomeReady(id)
        }
    }

    private func becomeReady(_ id: Int32) {
        saveSession(id)
        emitUser(id)
        emitChatFolders(id)
        setAuth(id, "authorizationStateReady")
        emitConnection(id, outage ? "connectionStateWaitingForNetwork" : "connectionStateReady")
    }
}
