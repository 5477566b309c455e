import Foundation
import TgtDomain

extension Pages {
    /// The timers page: a light shell (no timer is rendered here, so the page weighs the same
    /// with one timer or a thousand). `timers.js` loads the cards through `GET /api/timers`,
    /// and a timer's to-dos and notes when its detail opens; the form and the detail view are
    /// parts of this page shown by the address's `#new`, `#edit/ID` and `#timer/ID`. The modules
    /// `timers.js` imports are linked too, so the browser fetches them at once (one instance each:
    /// the same hashed URLs) and the page-weight check counts them.
    static func timers(csrf: String, demo: Bool) -> HTML {
        let icons: [HTML] = TimerIcon.allCases.enumerated().map { index, icon in
            """
            <label class="icon-choice" title="\(icon.label)"><input type="radio" name="icon" value="\(icon.rawValue)"\(HTML.when(index == 0, " checked"))>\
            <span aria-hidden="true">\(icon.terminalGlyph)</span><span class="sr-only">\(icon.label)</span></label>
            """
        }
        let documentCount = TimerIcon.documentIcons.count
        let colors: [HTML] = TimerColor.allCases.map { color in
            """
            <label class="swatch" title="\(color.name.capitalized)"><input type="radio" name="color" value="\(color.rawValue)"\(HTML.when(color == .default, " checked"))>\
            <span class="dot" data-color="\(color.name)" aria-hidden="true"></span><span class="sr-only">\(color.name.capitalized)</span></label>
            """
        }
        return layout(title: "Timers", page: "timers", csrf: csrf, section: .timers, scripts: ["timer-alerts", "timer-form", "timer-completion", "timers"], styles: ["timers"], """
            <h1 id="timers-title">Timers</h1>
            \(HTML.when(demo, dismissibleNotice("Demo mode: completion messages would go to the built-in Telegram simulator.", id: Notices.demoTimers)))
            <p id="notify-status" class="banner info" role="status" hidden></p>
            <section id="list-view" aria-labelledby="timers-title">
            <div class="toolbar"><p class="meta" id="timer-count" aria-live="polite"></p><a class="button primary" href="#new" id="new-timer">New timer</a></div>
            <p id="list-error" class="banner error" role="alert" hidden><span id="list-error-text"></span> <button type="button" id="list-retry">Retry</button></p>
            <div id="timers-empty" class="empty" hidden><p class="big" aria-hidden="true">⏲️</p><h2>No timers yet</h2>
            <p>A timer counts down with its own name, icon and color, keeps to-dos and notes, and can post a template when it ends.</p>
            <a class="button primary" href="#new">New timer</a></div>
            <ul id="timer-list" class="timer-cards" aria-label="Timers: open one for its countdown" aria-busy="true"></ul>
            </section>
            <section id="form-view" aria-labelledby="form-title" hidden>
            <h2 id="form-title">New timer</h2>
            <p id="form-error" class="banner error" role="alert" hidden></p>
            <form id="timer-form" novalidate>
            <div class="field"><label for="timer-name">Name</label>
            <input id="timer-name" name="name" maxlength="\(CountdownTimer.maxNameLength)" autocomplete="off" aria-describedby="name-error">\(fieldError("name", nil))</div>
            <fieldset class="field" aria-describedby="duration-error"><legend>Duration</legend><div class="pickers">
            <label>Hours<select id="hours" name="hours"></select></label><label>Minutes<select id="minutes" name="minutes"></select></label>
            <label>Seconds<select id="seconds" name="seconds"></select></label></div>\(fieldError("duration", nil))</fieldset>
            <fieldset class="field" aria-describedby="icon-error"><legend>Icon</legend><div class="icon-grid">\(Array(icons.prefix(documentCount)))</div>
            <details class="more-icons"><summary>More icons</summary><div class="icon-grid">\(Array(icons.dropFirst(documentCount)))</div></details>\(fieldError("icon", nil))</fieldset>
            <fieldset class="field" aria-describedby="color-error"><legend>Color</legend><div class="swatches">\(colors)</div>\(fieldError("color", nil))</fieldset>
            <fieldset class="field" aria-describedby="action-error"><legend>When it ends</legend>
            <label for="action-template">Post a Telegram template</label><select id="action-template" name="template"><option value="">Nothing</option></select>
            <div id="action-values" class="stack"></div>
            <label class="check" for="remind-me"><input type="checkbox" id="remind-me" name="remind_me"> Remind me in Saved Messages</label>\(fieldError("action", nil))</fieldset>
            <div class="actions"><a class="button" href="#" id="form-cancel">Cancel</a><button type="submit" class="primary" id="timer-save">Save</button></div>
            </form></section>
            <section id="detail-view" aria-labelledby="detail-name" hidden>
            <div class="toolbar"><a class="button" href="#" id="detail-back">← Timers</a><a class="button" href="#" id="detail-edit">Edit</a></div>
            <h2 id="detail-name"><span id="detail-icon" aria-hidden="true"></span> <span id="detail-title"></span></h2>
            <div class="ring-box"><svg class="ring" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
            <circle class="ring-track" cx="60" cy="60" r="52"></circle><circle id="ring" class="ring-fill" cx="60" cy="60" r="52" pathLength="100"></circle></svg>
            <div class="ring-text"><span id="clock" class="clock" role="timer" aria-live="off">0:00</span><span id="state-label" class="state-label"></span></div></div>
            <p id="clock-live" class="sr-only" aria-live="polite"></p>
            <div class="controls" role="group" aria-label="Countdown">
            <button type="button" class="primary" id="btn-start" hidden>START</button><button type="button" class="primary" id="btn-pause" hidden>PAUSE</button>
            <button type="button" class="primary" id="btn-resume" hidden>RESUME</button><button type="button" id="btn-extend" hidden>+1 min</button>
            <button type="button" id="btn-reset" hidden>RESET</button></div>
            <p id="detail-error" class="banner error" role="alert" hidden></p>
            <section class="card" id="completion" aria-labelledby="completion-title" hidden><h3 id="completion-title">Completion message</h3>
            <p id="completion-about" class="meta"></p><ul id="completion-list" class="completion-list" aria-live="polite"></ul></section>
            <section class="card" aria-labelledby="todos-title"><h3 id="todos-title">To-dos <span id="todos-done" class="meta"></span></h3>
            <ul id="todo-list" class="todos"></ul>
            <form id="todo-form" class="row"><label for="todo-text" class="sr-only">New to-do</label>
            <input id="todo-text" maxlength="\(TimerTodo.maxLength)" placeholder="Add a to-do" autocomplete="off" aria-describedby="todo-error"><button type="submit">Add</button></form>
            \(fieldError("todo", nil))</section>
            <section class="card" aria-labelledby="notes-title"><h3 id="notes-title"><label for="notes">Notes</label></h3>
            <textarea id="notes" rows="5" maxlength="\(CountdownTimer.maxNotesLength)" aria-describedby="notes-error"></textarea>\(fieldError("notes", nil))
            <div class="actions"><span id="notes-status" class="meta" role="status"></span><button type="button" id="save-notes">Save notes</button></div></section>
            <p><button type="button" class="danger" id="delete-timer">Delete timer</button></p>
            </section>
            <dialog id="confirm-dialog" aria-labelledby="confirm-title"><form method="dialog" class="stack">
            <h2 id="confirm-title">Delete this timer?</h2><p id="confirm-text"></p>
            <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button value="ok" type="submit" class="danger">Delete</button></div></form></dialog>
            """)
    }
}
