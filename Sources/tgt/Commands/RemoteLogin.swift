import Foundation
import TgtQRCode
import TgtServer

/// `tgt login` while `tgt serve` owns the session: the same questions, answered through the
/// dashboard's login API.
struct RemoteLogin {
    let client: DashboardClient
    let console: Console

    func run(qr: Bool, phone: String?) async throws {
        var step = try await client.loginStep()
        if step.step == "ready" {
            console.line("Already logged in. (`tgt logout` to switch accounts.)")
            return
        }
        if qr, step.step == "phone_number" { step = try await client.answerLogin("qr", [:]) }
        var phoneToUse = phone
        var failures = 0
        while step.step != "ready" {
            do {
                step = try await answer(step, phone: &phoneToUse)
            } catch let error as DashboardClientError where error.code == "login" && failures < 4 {
                failures += 1
                console.note("\(error.message)\(CLINextStep.forError(error).map { " \($0)" } ?? "")")
                step = try await client.loginStep()
            }
        }
        console.line("Logged in. Next: `tgt chats`.")
    }

    private func answer(_ step: DashboardClient.LoginStepReply, phone: inout String?) async throws -> DashboardClient.LoginStepReply {
        let prompt = step.prompt
        func ask(_ secret: Bool = false) throws -> String {
            guard let text = console.ask(prompt, secret: secret) else { throw InputError("Login was cancelled (no more input).") }
            return text
        }
        switch step.step {
        case "starting", "logging_out", "closed":
            try await Task.sleep(nanoseconds: 1_000_000_000)
            return try await client.loginStep()
        case "phone_number":
            let number = try phone ?? ask()
            phone = nil
            return try await client.answerLogin("phone_number", ["phone_number": number])
        case "code": return try await client.answerLogin("code", ["code": try ask()])
        case "password": return try await client.answerLogin("password", ["password": try ask(true)])
        case "email_address": return try await client.answerLogin("email_address", ["email_address": try ask()])
        case "email_code": return try await client.answerLogin("email_code", ["code": try ask()])
        case "registration":
            console.note(prompt)
            guard let first = console.ask("First name:"), let last = console.ask("Last name (may be empty):") else {
                throw InputError("Login was cancelled (no more input).")
            }
            return try await client.answerLogin("registration", ["first_name": first, "last_name": last])
        case "qr_code":
            let link = step.qrLink ?? ""
            console.note(prompt)
            if let code = try? QRCode.encode(link) { console.note(TerminalQR.render(code)) }
            console.note("Link: \(link)\nWaiting for you to confirm on your phone (up to 2 minutes)…")
            for _ in 0..<120 {
                try await Task.sleep(nanoseconds: 1_000_000_000)
                let next = try await client.loginStep()
                if next.step != "qr_code" || next.qrLink != link { return next }
            }
            throw InputError("The QR code was not scanned in time.", next: "Run `tgt login --qr` again.")
        default:
            throw InputError(prompt.isEmpty ? "Telegram asked for a login step this version does not know." : prompt)
        }
    }
}
