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
            let model = try? CarPlayGridModel.load(from: app.services.store)
        else { return }
        let buttons = model.buttons.map { button in
            CPGridButton(titleVariants: [button.title.localized], image: UIImage(systemName: button.symbol) ?? UIImage()) { [weak self] _ in
                Task { @MainActor in await self?.tapped(button, app: app) }
            }
        }
        let grid = CPGridTemplate(title: model.title.localized, gridButtons: buttons)
        interfaceController?.setRootTemplate(grid, animated: false, completion: nil)
    }

    @MainActor
    private func tapped(_ button: CarPlayGridModel.Button, app: AppModel) async {
        switch button.action {
        case .refresh: showGrid()
        case .none: break
        case .send(let id):
            let name = button.title.localized
            let outcome = await BackgroundSend.tap(app, templateID: id, source: .carPlay)
            let alert = CPAlertTemplate(
                titleVariants: [CarPlayGridModel.alert(for: outcome, templateName: name).localized],
                actions: [CPAlertAction(title: CarPlayGridModel.dismissTitle.localized, style: .default) { [weak self] _ in
                    self?.interfaceController?.dismissTemplate(animated: true, completion: nil)
                }])
            interfaceController?.presentTemplate(alert, animated: true, completion: nil)
        }
    }
}
