import Foundation

extension Pages {
    /// The Scheduled page: a light shell. `scheduled.js` lists repeating series with their next
    /// dates and controls (`GET /api/series`: skip the next, pause or resume, stop after a
    /// confirmation), what else waits on Telegram's servers (`GET /api/scheduled`: send later
    /// and timers' completion messages) in the browser's time zone, and the follow-ups set on
    /// sent messages (`GET /api/follow-ups`: the live ones with when each is judged, then the
    /// latest ended ones with why); cancels a message or a follow-up after a confirmation, and
    /// reloads on the `timers` event (any change to the schedule or a follow-up, by any process).
    static func scheduled(csrf: String) -> HTML {
        layout(title: "Scheduled", page: "scheduled", csrf: csrf, section: .scheduled, scripts: ["scheduled"], styles: ["scheduled"], """
            <h1 id="scheduled-title" tabindex="-1">Scheduled</h1>
            <div class="toolbar"><p class="meta" id="scheduled-count" aria-live="polite"></p></div>
            <p id="scheduled-error" class="banner error" role="alert" hidden><span id="scheduled-error-text"></span> <button type="button" id="scheduled-retry">Retry</button></p>
            <div id="scheduled-empty" class="empty" hidden><p class="big" aria-hidden="true">⏱</p><h2>Nothing scheduled</h2>
            <p>Messages waiting on Telegram's servers appear here. To schedule one, choose <strong>Send later…</strong> in a Telegram template's ⋯ menu
            (tick <strong>Repeat</strong> there for a series), or give a timer a completion message and start it.</p>
            <p>Follow-ups appear here too: choose <strong>Follow up…</strong> on a message you sent, in Recent.</p>
            <p class="row empty-actions"><a class="button primary" href="/">Templates</a><a class="button" href="/timers">Timers</a><a class="button" href="/sends">Recent</a></p></div>
            <section id="series-section" aria-labelledby="series-title" hidden><h2 id="series-title" class="section-title">Repeating</h2>
            <ul id="series-list" class="scheduled-list"></ul></section>
            <h2 id="single-title" class="section-title" hidden>Once</h2>
            <ul id="scheduled-list" class="scheduled-list" aria-labelledby="scheduled-title" aria-busy="true"></ul>
            <section id="follow-section" aria-labelledby="follow-title" hidden><h2 id="follow-title" class="section-title" tabindex="-1">Follow-ups</h2>
            <p class="hint follow-note">Follow-ups are watched only while the dashboard (<code>tgt serve</code>) or the service runs.
            One that comes due while neither runs is judged at the next start.</p>
            <p id="follow-none" class="meta" hidden>No follow-up is waiting.</p>
            <ul id="follow-list" class="scheduled-list" aria-labelledby="follow-title"></ul>
            <div id="follow-ended-part" hidden><h3 id="follow-ended-title" class="section-title">Ended lately</h3>
            <ul id="follow-ended" class="card follow-ended" aria-labelledby="follow-ended-title"></ul>
            <p><button type="button" id="follow-ended-more" aria-controls="follow-ended" hidden></button></p></div></section>
            <dialog id="stop-dialog" aria-labelledby="stop-title"><form method="dialog" class="stack">
            <h2 id="stop-title">Stop this series?</h2><p id="stop-text"></p>
            <div class="actions"><button value="keep" type="button" data-close>Keep it</button><button value="ok" type="submit" class="danger">Stop series</button></div></form></dialog>
            <dialog id="cancel-dialog" aria-labelledby="cancel-title"><form method="dialog" class="stack">
            <h2 id="cancel-title">Cancel this message?</h2><p id="cancel-text"></p>
            <div class="actions"><button value="keep" type="button" data-close>Keep it</button><button value="ok" type="submit" class="danger">Cancel message</button></div></form></dialog>
            <dialog id="follow-cancel-dialog" aria-labelledby="follow-cancel-title" aria-describedby="follow-cancel-text"><form method="dialog" class="stack">
            <h2 id="follow-cancel-title">Cancel this follow-up?</h2><p id="follow-cancel-text"></p>
            <div class="actions"><button value="keep" type="button" data-close>Keep it</button><button value="ok" type="submit" class="danger">Cancel follow-up</button></div></form></dialog>
            """)
    }
}
