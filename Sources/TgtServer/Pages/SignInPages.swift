import Foundation
import TgtDomain
import TgtApplication

extension Pages {
    /// Dashboard sign-in, or (first run) choosing the dashboard password with the setup code.
    static func signIn(firstRun: Bool, next: String, setupCode: String?, error: String?) -> HTML {
        let form: HTML
        if firstRun {
            form = """
                <h1>Choose a dashboard password</h1>
                <p>This dashboard controls your Telegram account, so it is protected by a password. Use the setup code that <code>tgt serve</code> printed in its terminal (the printed link fills it in).</p>
                \(banner(error))
                <form method="post" action="/login" class="stack">
                <input type="hidden" name="next" value="\(next)">
                <label for="setup_code">Setup code</label>
                <input id="setup_code" name="setup_code" autocomplete="off" required value="\(setupCode ?? "")" autocapitalize="characters">
                <label for="password">New password (at least \(DashboardSecrets.minimumPasswordLength) characters)</label>
                <input id="password" name="password" type="password" autocomplete="new-password" required minlength="\(DashboardSecrets.minimumPasswordLength)">
                <label for="confirm">Type it again</label>
                <input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
                <button type="submit" class="primary">Save and sign in</button>
                </form>
                """
        } else {
            form = """
                <h1>Sign in</h1>
                \(banner(error))
                <form method="post" action="/login" class="stack">
                <input type="hidden" name="next" value="\(next)">
                <label for="password">Dashboard password</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
                <button type="submit" class="primary">Sign in</button>
                </form>
                """
        }
        return layout(title: firstRun ? "Set up" : "Sign in", page: "signin", csrf: nil, "<section class=\"card narrow\">\(form)</section>")
    }

    /// First run, step 1: Telegram API credentials.
    static func setup(csrf: String, error: String?, apiID: String) -> HTML {
        layout(title: "Telegram API credentials", page: "setup", csrf: csrf, """
            <section class="card narrow"><h1>Connect to Telegram</h1>
            <p>TgTemplates sends from your own account through TDLib, Telegram's official library. Telegram asks every app built on it for an API id and hash:</p>
            <ol><li>Open <a href="https://my.telegram.org/apps" target="_blank" rel="noopener noreferrer">my.telegram.org/apps</a> and log in with your phone number.</li>
            <li>Create an application (any title and short name, platform “Desktop”).</li>
            <li>Copy <strong>App api_id</strong> (a number) and <strong>App api_hash</strong> (32 letters and digits) here.</li></ol>
            \(banner(error))
            <form method="post" action="/setup" class="stack">\(csrfField(csrf))
            <label for="api_id">api_id</label><input id="api_id" name="api_id" inputmode="numeric" autocomplete="off" required value="\(apiID)">
            <label for="api_hash">api_hash</label><input id="api_hash" name="api_hash" autocomplete="off" required spellcheck="false">
            <p class="hint">They are stored in a file only you can read (0600) and never shown again in full.</p>
            <button type="submit" class="primary">Save and continue</button></form></section>
            """)
    }

    /// First run, step 2: the Telegram login, one step at a time.
    static func telegramLogin(csrf: String, step: LoginStep, qrSVG: String?, error: String?, demo: Bool) -> HTML {
        var fields: HTML
        switch step {
        case .phoneNumber:
            fields = """
                <label for="phone_number">Phone number</label>
                <input id="phone_number" name="phone_number" type="tel" autocomplete="tel" required placeholder="+39 333 1234567" autofocus>
                """
        case .code(let phone, let delivery, let length):
            fields = """
                <p>Telegram sent a code \(delivery) for \(phone).</p>
                <label for="code">Login code</label>
                <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required autofocus\(HTML(raw: length.map { " maxlength=\"\($0 + 4)\"" } ?? ""))>
                """
        case .password(let hint):
            fields = """
                <p>Your account has two-step verification.\(HTML.when(!hint.isEmpty, " Hint: <strong>\(hint)</strong>"))</p>
                <label for="password">Password</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
                """
        case .emailAddress:
            fields = """
                <label for="email_address">Email address</label>
                <input id="email_address" name="email_address" type="email" autocomplete="email" required autofocus>
                """
        case .emailCode(let pattern, _):
            fields = """
                <p>Telegram emailed a code to \(pattern).</p>
                <label for="code">Email code</label><input id="code" name="code" autocomplete="one-time-code" required autofocus>
                """
        case .registration:
            fields = """
                <label for="first_name">First name</label><input id="first_name" name="first_name" autocomplete="given-name" required autofocus>
                <label for="last_name">Last name (optional)</label><input id="last_name" name="last_name" autocomplete="family-name">
                """
        case .qrCode:
            let image = qrSVG.map { "data:image/svg+xml;base64," + Data($0.utf8).base64EncodedString() } ?? ""
            fields = """
                <img class="qr" src="\(image)" alt="QR code for logging in to Telegram" width="264" height="264">
                <p class="waiting" aria-live="polite">Waiting for you to scan it…</p>
                """
        case .starting, .loggingOut:
            fields = "<p class=\"waiting\">Starting Telegram…</p>"
        case .unsupported, .ready, .closed:
            fields = .empty
        }
        let submittable: Bool
        switch step {
        case .phoneNumber, .code, .password, .emailAddress, .emailCode, .registration: submittable = true
        default: submittable = false
        }
        let qrSwitch: HTML = step == .phoneNumber || {
            if case .code = step { return true }
            return false
        }() ? """
            <form method="post" action="/telegram" class="inline">\(csrfField(csrf))<input type="hidden" name="step" value="qr">
            <button type="submit">Log in with a QR code instead</button></form>
            """ : .empty
        return layout(title: "Log in to Telegram", page: "telegram", csrf: csrf, """
            <section class="card narrow" data-step="\(step.key)"><h1>Log in to Telegram</h1>
            \(HTML.when(demo, "<p class=\"banner info\">Demo mode: this is the built-in Telegram simulator. Any phone number works; the code is 12345 and the password is “demo”.</p>"))
            <p class="prompt">\(step.prompt)</p>
            \(banner(error))
            <form method="post" action="/telegram" class="stack">\(csrfField(csrf))<input type="hidden" name="step" value="\(step.key)">
            \(fields)\(HTML.when(submittable, "<button type=\"submit\" class=\"primary\">Continue</button>"))</form>
            \(qrSwitch)</section>
            """)
    }
}
