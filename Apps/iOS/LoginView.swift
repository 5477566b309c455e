import CoreImage.CIFilterBuiltins
import SwiftUI
import TgtAppModel

/// Telegram login, one step at a time, as the model says.
struct LoginView: View {
    @Bindable var model: LoginModel

    var body: some View {
        NavigationStack {
            Form {
                Section { Text(model.prompt) }
                Section { fields }
                if let error = model.error {
                    Text(error).foregroundStyle(.red).accessibilityLabel(Text(error))
                }
                if model.acceptsInput {
                    Button {
                        Task { await model.submit() }
                    } label: {
                        if model.isBusy { ProgressView() } else { Text(AppText.label(.continueButton).localized) }
                    }
                    .disabled(model.isBusy)
                }
                Section {
                    if case .phoneNumber = model.step {
                        Button(AppText.label(.useQRCode).localized) { Task { await model.useQRCode() } }
                    }
                    Button(AppText.label(.startOver).localized, role: .destructive) { Task { await model.startOver() } }
                }
            }
            .navigationTitle(AppText.label(.loginTitle).localized)
        }
    }

    @ViewBuilder private var fields: some View {
        switch model.step {
        case .phoneNumber:
            TextField(AppText.label(.fieldPhone).localized, text: $model.phoneNumber)
                .keyboardType(.phonePad).textContentType(.telephoneNumber)
        case .code:
            TextField(AppText.label(.fieldCode).localized, text: $model.code)
                .keyboardType(.numberPad).textContentType(.oneTimeCode)
        case .password:
            SecureField(AppText.label(.fieldPassword).localized, text: $model.password).textContentType(.password)
        case .emailAddress:
            TextField(AppText.label(.fieldEmail).localized, text: $model.emailAddress)
                .keyboardType(.emailAddress).textContentType(.emailAddress).textInputAutocapitalization(.never)
        case .emailCode:
            TextField(AppText.label(.fieldCode).localized, text: $model.emailCode).keyboardType(.numberPad)
        case .registration:
            TextField(AppText.label(.fieldFirstName).localized, text: $model.firstName).textContentType(.givenName)
            TextField(AppText.label(.fieldLastName).localized, text: $model.lastName).textContentType(.familyName)
        case .qrCode(let link):
            QRImage(text: link)
                .frame(width: 220, height: 220)
                .frame(maxWidth: .infinity)
                .accessibilityLabel(Text(model.prompt))
        default:
            ProgressView()
        }
    }
}

/// A QR code drawn by Core Image.
struct QRImage: View {
    let text: String
    /// One context for every code: Core Image advises against making one per image.
    private static let context = CIContext()

    var body: some View {
        let filter = CIFilter.qrCodeGenerator()
        filter.message = Data(text.utf8)
        filter.correctionLevel = "M"
        if let output = filter.outputImage?.transformed(by: CGAffineTransform(scaleX: 10, y: 10)),
            let image = Self.context.createCGImage(output, from: output.extent)
        {
            return AnyView(Image(decorative: image, scale: 1).interpolation(.none).resizable().scaledToFit())
        }
        return AnyView(Image(systemName: "qrcode"))
    }
}
