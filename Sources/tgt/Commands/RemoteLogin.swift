import Foundation
import TgtQRCode
import TgtServer
import TgtTDLib

/// `tgt login` while `tgt serve` owns the session: the same questions, answered through the
/// dashboard's login API.
struct RemoteLogin {
    let client: DashboardClient
    let console: Console

    func run(qr: Bool, phone: String?) async throws {
        var step = try await client.call("GET", "login")
        if step["step"]?.string == "ready" {
            console.line("Already logged in. (`tgt logout` to switch accounts.)")
            return
        }
        if qr, step["step"]?.string == "phone_number" { step = try await client.call("POST", "login/qr", body: [:]) }
        var phoneToUse = phone
        var failures = 0
        while step["step"]?.string != "ready" {
            do {
                step = try await answer(step, phone: &phoneToUse)
            } catch let error as DashboardClientError where error.code == "login" && failures < 4 {
                failures += 1
                console.note("\(error.message)\(error.nextStep.map { " \($0)" } ?? "")")
                step = try await client.call("GET", "login")
            }
        }
        console.line("Logged in. Next: `tgt chats`.")
    }

    private func answer(_ step: JSONValue, phone: inout String?) async throws -> JSONValue {
        let prompt = step["prompt"]?.string ?? ""
        func ask(_ secret: Bool = false) throws -> String {
            guard let text = console.ask(prompt, secret: secret) else { throw InputError("Login was cancelled (no more input).") }
            return text
        }
        switch step["step"]?.string ?? "" {
        case "starting", "logging_out", "closed":
            try await Task.sleep(nanoseconds: 1_000_000_000)
            return try await client.call("GET", "login")
        case "phone_number":
            let number = try phone ?? ask()
            phone = nil
            return try await client.call("POST", "login/phone", body: ["phone_number": number])
        case "code": return try await client.call("POST", "login/code", body: ["code": try ask()])
        case "password": return try await client.call("POST", "login/password", body: ["password": try ask(true)])
        case "email_address": return try await client.call("POST", "login/email", body: ["email_address": try ask()])
        case "email_code": return try await client.call("POST", "login/email-code", body: ["code": try ask()])
        case "registration":
            console.note(prompt)
            guard let first = console.ask("First name:"), let last = console.ask("Last name (may be empty):") else {
                throw InputError("Login was cancelled (no more input).")
            }
            return try await client.call("POST", "login/register", body: ["first_name": first, "last_name": last])
        case "qr_code":
            let link = step["qr_link"]?.string ?? ""
            console.note(prompt)
            if let code = try? QRCode.encode(link) { console.note(TerminalQR.render(code)) }
            console.note("Link: \(link)\nWaiting for you to confirm on your phone (up to 2 minutes)…")
            for _ in 0..<120 {
                try await Task.sleep(nanoseconds: 1_000_000_000)
                let next = try await client.call("GET", "login")
                if next["step"]?.string != "qr_code" || next["qr_link"]?.string != link { return next }
            }
            throw InputError("The QR code was not scanned in time.", next: "Run `tgt login --qr` again.")
        default:
            throw InputError(prompt.isEmpty ? "Telegram asked for a login step this version does not know." : prompt)
        }
    }
}
