import CarPlay
import TgtAppModel
import UIKit

/// CarPlay: a grid of up to 7 templates plus Refresh, drawn from `CarPlayGridModel`; a tap
/// queues the template and shows how it went. Message text is never shown. It works with the
/// phone locked: the store stays usable while CarPlay is connected (`BackgroundActivity`).
final class CarPlaySceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {
    private var interfaceController: CPInterfaceController?

    func templateApplicationScene(_ scene: CPTemplateApplicationScene, didConnect interfaceController: CPInterfaceController) {
        self.interfaceController = interfaceController
        // CarPlay needs a root template before this returns: the empty grid (with Refresh)
        // until the app has started and the templates are read.
        interfaceController.setRootTemplate(grid(CarPlayGridModel(templates: []), app: nil), animated: false) { _, _ in }
        Task { @MainActor in
            AppLauncher.activity.carPlayConnected()
            await AppLauncher.start()
            self.showGrid()
        }
    }

    func templateApplicationScene(_ scene: CPTemplateApplicationScene, didDisconnectInterfaceController interfaceController: CPInterfaceController) {
        self.interfaceController = nil
        Task { @MainActor in AppLauncher.activity.carPlayDisconnected() }
    }

    @MainActor
    private func showGrid() {
        guard let app = AppRuntime.shared.model,
            let model = try? CarPlayGridModel.load(from: app.services.workspace)
        else { return }
        // A completion handler: without one, CarPlay throws an exception when it refuses.
        interfaceController?.setRootTemplate(grid(model, app: app), animated: false) { _, _ in }
    }

    @MainActor
    private func grid(_ model: CarPlayGridModel, app: AppModel?) -> CPGridTemplate {
        let buttons = model.buttons.map { button in
            // A button with no image is not shown at all.
            let image = UIImage(systemName: button.symbol) ?? UIImage(systemName: "paperplane.fill") ?? UIImage()
            return CPGridButton(titleVariants: [button.title.localized], image: image) { [weak self] _ in
                Task { @MainActor in await self?.tapped(button, app: app) }
            }
        }
        return CPGridTemplate(title: model.title.localized, gridButtons: buttons)
    }

    @MainActor
    private func tapped(_ button: CarPlayGridModel.Button, app: AppModel?) async {
        switch button.action {
        case .refresh: showGrid()
        case .none: break
        case .send(let id):
            guard let app else { return }
            let name = button.title.localized
            // While the send waits out its undo hold: its name, the seconds left, and Undo.
            let outcome = await BackgroundSend.tap(app, templateID: id, source: .carPlay) { [weak self] tap in
                self?.present(Self.holdAlert(tap, app: app) { [weak self] in
                    self?.interfaceController?.dismissTemplate(animated: true) { _, _ in }
                })
            }
            let alert = CPAlertTemplate(
                titleVariants: [CarPlayGridModel.alert(for: outcome, templateName: name).localized],
                actions: [CPAlertAction(title: CarPlayGridModel.dismissTitle.localized, style: .default) { [weak self] _ in
                    self?.interfaceController?.dismissTemplate(animated: true) { _, _ in }
                }])
            present(alert)
        }
    }

    /// One presented template at a time: a new one replaces the one shown (presenting over one
    /// throws), and a completion handler keeps a refusal quiet.
    @MainActor
    private func present(_ alert: CPAlertTemplate) {
        if interfaceController?.presentedTemplate != nil {
            interfaceController?.dismissTemplate(animated: false) { [weak self] _, _ in
                self?.interfaceController?.presentTemplate(alert, animated: true) { _, _ in }
            }
        } else {
            interfaceController?.presentTemplate(alert, animated: true) { _, _ in }
        }
    }

    /// The alert while a tap waits out its undo hold: Undo takes it back; OK lets it go.
    @MainActor
    private static func holdAlert(_ tap: HeldTap, app: AppModel, dismiss: @escaping @MainActor () -> Void) -> CPAlertTemplate {
        let words = CarPlayGridModel.holdAlert(for: tap, now: app.services.clock.now)
        return CPAlertTemplate(
            titleVariants: [words.title.localized],
            actions: [
                CPAlertAction(title: words.undo.localized, style: .destructive) { _ in
                    app.undo(batchID: tap.batchID)
                    dismiss()
                },
                CPAlertAction(title: words.letGo.localized, style: .default) { _ in dismiss() },
            ])
    }
}
