import Foundation
import TgtTelegram

/// One answer to a Telegram login step, the same for the JSON API and the login page's form:
/// which fields each step takes (same names in both) and which `LoginFlow` call it makes.
enum LoginAnswers {
    /// Step key (`LoginStep.key`, plus "qr" to switch to QR login) → its fields.
    static let fields: [String: [String]] = [
        "phone_number": ["phone_number"], "code": ["code"], "password": ["password"],
        "email_address": ["email_address"], "email_code": ["code"], "registration": ["first_name", "last_name"], "qr": [],
    ]

    /// The longest value the API accepts for each field.
    static let maxLength: [String: Int] = [
        "phone_number": 40, "code": 40, "password": 256, "email_address": 254, "first_name": 200, "last_name": 200,
    ]

    /// Submits the answer for `step`; `value` gives a field's text. Unknown steps change nothing.
    static func submit(_ step: String, to flow: LoginFlow, value: (String) throws -> String) async throws -> LoginStep {
        switch step {
        case "phone_number": try await flow.submitPhoneNumber(try value("phone_number"))
        case "code": try await flow.submitCode(try value("code"))
        case "password": try await flow.submitPassword(try value("password"))
        case "email_address": try await flow.submitEmailAddress(try value("email_address"))
        case "email_code": try await flow.submitEmailCode(try value("code"))
        case "registration": try await flow.register(firstName: try value("first_name"), lastName: try value("last_name"))
        case "qr": try await flow.requestQRCode()
        default: flow.step
        }
    }
}
