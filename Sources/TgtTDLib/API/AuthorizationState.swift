/// TDLib's `AuthorizationState`: where the login flow is.
public enum AuthorizationState: Decodable, Sendable, Equatable {
    case waitTdlibParameters
    case waitPhoneNumber
    case waitPremiumPurchase
    case waitEmailAddress(allowAppleID: Bool, allowGoogleID: Bool)
    case waitEmailCode(allowAppleID: Bool, allowGoogleID: Bool, codeInfo: EmailAddressAuthenticationCodeInfo)
    case waitCode(AuthenticationCodeInfo)
    case waitOtherDeviceConfirmation(link: String)
    case waitRegistration(termsOfService: TermsOfService?)
    case waitPassword(hint: String, hasRecoveryEmailAddress: Bool, recoveryEmailAddressPattern: String)
    case ready
    case loggingOut
    case closing
    case closed
    /// A state this build does not know (a newer TDLib); treated as "not ready".
    case unknown(String)

    private enum Keys: String, CodingKey {
        case type = "@type"
        case allowAppleID = "allow_apple_id"
        case allowGoogleID = "allow_google_id"
        case codeInfo = "code_info"
        case link
        case termsOfService = "terms_of_service"
        case passwordHint = "password_hint"
        case hasRecoveryEmailAddress = "has_recovery_email_address"
        case recoveryEmailAddressPattern = "recovery_email_address_pattern"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        func flag(_ key: Keys) throws -> Bool { try c.decodeIfPresent(Bool.self, forKey: key) ?? false }
        switch type {
        case "authorizationStateWaitTdlibParameters": self = .waitTdlibParameters
        case "authorizationStateWaitPhoneNumber": self = .waitPhoneNumber
        case "authorizationStateWaitPremiumPurchase": self = .waitPremiumPurchase
        case "authorizationStateWaitEmailAddress":
            self = .waitEmailAddress(allowAppleID: try flag(.allowAppleID), allowGoogleID: try flag(.allowGoogleID))
        case "authorizationStateWaitEmailCode":
            self = .waitEmailCode(
                allowAppleID: try flag(.allowAppleID), allowGoogleID: try flag(.allowGoogleID),
                codeInfo: try c.decode(EmailAddressAuthenticationCodeInfo.self, forKey: .codeInfo))
        case "authorizationStateWaitCode":
            self = .waitCode(try c.decode(AuthenticationCodeInfo.self, forKey: .codeInfo))
        case "authorizationStateWaitOtherDeviceConfirmation":
            self = .waitOtherDeviceConfirmation(link: try c.decode(String.self, forKey: .link))
        case "authorizationStateWaitRegistration":
            self = .waitRegistration(termsOfService: try c.decodeIfPresent(TermsOfService.self, forKey: .termsOfService))
        case "authorizationStateWaitPassword":
            self = .waitPassword(
                hint: try c.decodeIfPresent(String.self, forKey: .passwordHint) ?? "",
                hasRecoveryEmailAddress: try flag(.hasRecoveryEmailAddress),
                recoveryEmailAddressPattern: try c.decodeIfPresent(String.self, forKey: .recoveryEmailAddressPattern) ?? "")
        case "authorizationStateReady": self = .ready
        case "authorizationStateLoggingOut": self = .loggingOut
        case "authorizationStateClosing": self = .closing
        case "authorizationStateClosed": self = .closed
        default: self = .unknown(type)
        }
    }
}

/// `authenticationCodeInfo`: where the login code was sent.
public struct AuthenticationCodeInfo: Decodable, Sendable, Equatable {
    public var phoneNumber: String
    public var type: AuthenticationCodeType
    public var nextType: AuthenticationCodeType?
    public var timeout: Int32

    public init(phoneNumber: String, type: AuthenticationCodeType, nextType: AuthenticationCodeType? = nil, timeout: Int32 = 0) {
        self.phoneNumber = phoneNumber
        self.type = type
        self.nextType = nextType
        self.timeout = timeout
    }

    private enum CodingKeys: String, CodingKey {
        case phoneNumber = "phone_number"
        case type
        case nextType = "next_type"
        case timeout
    }
}

/// `AuthenticationCodeType`, reduced to what a person needs to know: how the code arrives.
public struct AuthenticationCodeType: Decodable, Sendable, Equatable {
    /// The TDLib constructor, e.g. "authenticationCodeTypeTelegramMessage".
    public var typeName: String
    /// Expected code length, when TDLib says.
    public var length: Int32?

    public init(typeName: String, length: Int32? = nil) {
        self.typeName = typeName
        self.length = length
    }

    private enum CodingKeys: String, CodingKey {
        case typeName = "@type"
        case length
    }

    /// "in Telegram", "by SMS", …
    public var deliveryDescription: String {
        switch typeName {
        case "authenticationCodeTypeTelegramMessage": "in a Telegram message on your other devices"
        case "authenticationCodeTypeSms", "authenticationCodeTypeSmsWord", "authenticationCodeTypeSmsPhrase": "by SMS"
        case "authenticationCodeTypeCall": "by a phone call"
        case "authenticationCodeTypeFlashCall": "by a flash call (the code is the caller's number)"
        case "authenticationCodeTypeMissedCall": "by a missed call (the code is the last digits of the caller's number)"
        case "authenticationCodeTypeFragment": "on fragment.com"
        case "authenticationCodeTypeFirebaseAndroid", "authenticationCodeTypeFirebaseIos": "by SMS"
        default: "by Telegram"
        }
    }
}

/// `emailAddressAuthenticationCodeInfo`.
public struct EmailAddressAuthenticationCodeInfo: Decodable, Sendable, Equatable {
    public var emailAddressPattern: String
    public var length: Int32

    public init(emailAddressPattern: String, length: Int32) {
        self.emailAddressPattern = emailAddressPattern
        self.length = length
    }

    private enum CodingKeys: String, CodingKey {
        case emailAddressPattern = "email_address_pattern"
        case length
    }
}

/// `termsOfService`.
public struct TermsOfService: Decodable, Sendable, Equatable {
    public var text: FormattedText
    public var minUserAge: Int32
    public var showPopup: Bool

    private enum CodingKeys: String, CodingKey {
        case text
        case minUserAge = "min_user_age"
        case showPopup = "show_popup"
    }
}
