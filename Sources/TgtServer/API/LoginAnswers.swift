import Foundation
import TgtApplication

/// One answer to a Telegram login step, the same for the JSON API and the login page's form:
/// which fields each step takes (same names in both) and which `LoginAnswer` it makes.
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
    static func submit(_ step: String, to steps: some LoginSteps, value: (String) throws -> String) async throws -> LoginPrompt {
        let answer: LoginAnswer
        switch step {
        case "phone_number": answer = .phoneNumber(try value("phone_number"))
        case "code": answer = .code(try value("code"))
        case "password": answer = .password(try value("password"))
        case "email_address": answer = .emailAddress(try value("email_address"))
        case "email_code": answer = .emailCode(try value("code"))
        case "registration": answer = .registration(firstName: try value("first_name"), lastName: try value("last_name"))
        case "qr": answer = .qrCode
        default: return try await steps.current()
        }
        return try await steps.answer(answer)
    }
}
