import TgtApplication

extension AppText {
    /// The connection badge's words.
    public static func connection(_ state: ConnectionState?) -> AppText {
        switch state {
        case .ready?: AppText("connection.ready")
        case .connecting?: AppText("connection.connecting")
        case .connectingToProxy?: AppText("connection.connectingToProxy")
        case .updating?: AppText("connection.updating")
        case .waitingForNetwork?: AppText("connection.waitingForNetwork")
        case .unknown?, nil: AppText("connection.unknown")
        }
    }

    /// What the login screen asks at `step`.
    public static func prompt(_ step: LoginStep) -> AppText {
        switch step {
        case .starting, .ready, .closed: AppText("login.starting")
        case .phoneNumber: AppText("login.phone")
        case .code(_, let delivery, let length):
            length.map { AppText("login.code.length", String($0), delivery) } ?? AppText("login.code", delivery)
        case .password(let hint): hint.isEmpty ? AppText("login.password") : AppText("login.password.hint", hint)
        case .emailAddress: AppText("login.email")
        case .emailCode(let pattern, _): AppText("login.emailCode", pattern)
        case .registration: AppText("login.registration")
        case .qrCode: AppText("login.qr")
        case .unsupported(let why): .verbatim(why)
        case .loggingOut: AppText("login.loggingOut")
        }
    }
}
