import Foundation
import TgtAppModel
import TgtApplication

/// One tap from an App Intent, wherever the system performs it.
///
/// In the app's process (the normal case: the intents are `LiveActivityIntent`s) it starts the
/// app's model if the system launched the app in the background for it, keeps the app running
/// while the send goes out, and waits for Telegram as long as the surface's policy says. Where
/// the app cannot run (the widget extension, or an app that failed to start) the tap waits in
/// the shared queue, opened directly from the App Group, and goes out when the app runs next.
@MainActor
enum BackgroundSend {
    static func run(templateID: UUID, templateName: String, source: SendJobSource) async -> AppText {
        guard let app = await AppRuntime.shared.startInBackground() else {
            return queueForLater(templateID: templateID, templateName: templateName, source: source)
        }
        let outcome = await tap(app, templateID: templateID, source: source)
        return TemplateEntityIndex.reply(for: outcome, templateName: templateName)
    }

    /// The tap in the running app, with background time until the queue is empty (a send still
    /// under way when the surface stops waiting finishes in the time left).
    static func tap(_ app: AppModel, templateID: UUID, source: SendJobSource,
                    held: (@MainActor @Sendable (HeldTap) -> Void)? = nil) async -> AppModel.TapOutcome {
        let work = AppRuntime.shared.backgroundWork
        work?.begin()
        let outcome = await app.tap(templateID: templateID, source: source, held: held)
        Task { @MainActor in
            await app.queue.drain()
            work?.end()
        }
        return outcome
    }

    /// A widget's Undo: in the running app (its grid and widgets redraw), or straight in the
    /// shared store when the app cannot run (the hold is in the store, so either takes it back).
    static func undo(batchID: UUID) async {
        if let app = await AppRuntime.shared.startInBackground() {
            app.undo(batchID: batchID)
        } else {
            _ = try? AppGroup.openWorkspace().sendHold.undo(batch: batchID)
        }
    }

    private static func queueForLater(templateID: UUID, templateName: String, source: SendJobSource) -> AppText {
        let outcome: AppModel.TapOutcome
        do {
            let job = try AppGroup.openWorkspace().sendQueue.enqueue(templateID: templateID, source: source)
            outcome = .queued(job, .appNotRunning)
        } catch StoreError.templateNotFound {
            outcome = .notFound
        } catch let error as StoreError {
            outcome = .failed(.verbatim(error.message))
        } catch {
            outcome = .failed(.verbatim(String(describing: error)))
        }
        return TemplateEntityIndex.reply(for: outcome, templateName: templateName)
    }
}

/// Keeps the app running (and its shared store usable) while a send started in the background
/// finishes. The app provides it; the widget extension has none.
@MainActor
protocol BackgroundWork: AnyObject, Sendable {
    func begin()
    func end()
}
