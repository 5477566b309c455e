import Foundation

extension Pages {
    /// The Chats tab: a light shell. The folder bar (`#folder-chips`) is drawn from the list's
    /// answer; 👥 opens the contacts (`contacts.js`, loaded on first use). `chats.js` fills the chat list (`GET /api/conversations`)
    /// and opens a conversation (`conversation.js`: pages of messages, composer, reply, edit,
    /// delete, templates); both follow the `chat` server-sent event. On a phone one pane shows
    /// at a time (list → conversation → back); the conversation's address is `#chat/ID`, a
    /// forum topic's `#chat/ID/topic/T` (`topics.js` draws the topic bar). The "Messages"
    /// results under the list and the in-chat search bar are filled by `chat-search.js`, loaded
    /// when first used.
    static func chats(csrf: String) -> HTML {
        layout(title: "Chats", page: "chats", csrf: csrf, section: .chats, scripts: ["chats"], styles: ["chats"], """
            <div id="chats" class="chats" data-view="list">
            <section class="chat-pane" aria-labelledby="chats-title">
            <h1 id="chats-title" tabindex="-1">Chats</h1>
            <div class="toolbar" role="search" aria-label="Chats and messages"><label class="sr-only" for="chat-search">Search chats and messages</label>
            <input id="chat-search" class="search" type="search" placeholder="Search" autocomplete="off" maxlength="200">
            <button type="button" id="contacts-open" class="icon-button" aria-label="Contacts" title="Contacts">👥</button></div>
            <div class="chips" id="list-chips" role="group" aria-label="Which chats"><span id="folder-chips" class="folder-chips"><button type="button" class="chip" data-list="main" aria-pressed="true"><span dir="auto">All chats</span></button></span>
            <button type="button" class="chip" data-list="archive" aria-pressed="false">Archive</button>
            <button type="button" class="chip" id="chat-unread" aria-pressed="false">Unread</button></div>
            <p id="notify-offer" class="banner info notify-offer" hidden>Get a notification for new messages while this dashboard is open?
            <button type="button" id="notify-on" class="primary">Turn on</button> <button type="button" id="notify-later">Not now</button></p>
            <p id="chats-error" class="banner error" role="alert" hidden><span id="chats-error-text"></span> <button type="button" id="chats-retry">Retry</button></p>
            <p id="chats-empty" class="empty" hidden></p>
            <div class="chat-scroll"><ul id="chat-list" class="chat-list" aria-labelledby="chats-title" aria-busy="true"></ul>
            <section id="found" class="found" aria-labelledby="found-title" hidden><h2 id="found-title">Messages</h2>
            <p id="found-status" class="meta" role="status"></p><ul id="found-list" class="chat-list" aria-labelledby="found-title"></ul>
            <button type="button" id="found-more" hidden>More results</button> <button type="button" id="found-retry" hidden>Retry</button></section></div>
            </section>
            <section id="conversation" class="conversation" aria-labelledby="conv-title">
            <p id="conv-none" class="empty">Pick a chat to read it here.</p>
            <div id="conv-body" class="conv-body" hidden>
            <div class="conv-head"><button type="button" id="conv-back" class="back" aria-label="Back to the chats">←</button>
            <div class="conv-name"><h2 id="conv-title" tabindex="-1"></h2><p id="conv-meta" class="meta"></p></div>
            <button type="button" id="info-open" class="icon-button" aria-label="Profile and members" title="Profile">ⓘ</button><button type="button" id="find-open" class="icon-button" aria-label="Search in this chat" aria-expanded="false" aria-controls="find" title="Search">🔍</button></div>
            <form id="find" class="find" role="search" aria-label="In this chat" hidden><label class="sr-only" for="find-text">Search in this chat (Enter: older match, Shift+Enter: newer)</label>
            <input id="find-text" type="search" placeholder="Search in this chat" autocomplete="off" maxlength="200"><span id="find-count" class="meta" aria-live="polite"></span>
            <button type="button" id="find-older" class="icon-button" aria-label="Older match" disabled>↑</button><button type="button" id="find-newer" class="icon-button" aria-label="Newer match" disabled>↓</button>
            <button type="button" id="find-list-open" class="icon-button" aria-label="List the matches" aria-expanded="false" aria-controls="find-results" disabled>☰</button>
            <button type="button" id="find-close" class="icon-button" aria-label="Close the search">✕</button></form>
            <section id="find-results" class="find-results" aria-label="Matches in this chat" hidden><ol id="find-result-list" class="chat-list"></ol>
            <button type="button" id="find-more" hidden>More matches</button></section>
            <nav id="topic-bar" class="topic-bar" aria-label="Topics" hidden><ul id="topic-list" class="topic-list"></ul></nav>
            <button type="button" id="pinned-bar" class="pinned-bar" hidden><span class="pin-icon" aria-hidden="true">📌</span><span class="pinned-text"><strong id="pinned-title">Pinned message</strong><span id="pinned-snippet"></span></span></button>
            <p id="conv-error" class="banner error" role="alert" hidden><span id="conv-error-text"></span> <button type="button" id="conv-retry">Retry</button></p>
            <div id="messages" class="messages" tabindex="0" role="log" aria-label="Messages" aria-busy="true">
            <p id="older" class="meta older" aria-live="polite"></p><ol id="message-list" class="message-list"></ol></div>
            <button type="button" id="jump" class="jump" hidden><span aria-hidden="true">↓</span> <span id="jump-text">Latest</span></button>
            <form id="composer" class="composer">
            <div id="composer-banner" class="composer-banner" hidden><p id="composer-banner-text"></p>
            <button type="button" id="composer-cancel" class="icon-button" aria-label="Cancel">✕</button></div>
            <p id="cannot-write" class="meta" hidden></p>
            <div id="composer-row" class="composer-row"><button type="button" id="composer-attach" class="icon-button" aria-label="Attach files" title="Attach files">📎</button><button type="button" id="templates-open" class="icon-button" aria-label="Send a template here" title="Templates">⚡</button>
            <label class="sr-only" for="composer-text">Message (Markdown; Enter sends, Shift+Enter starts a new line)</label>
            <textarea id="composer-text" rows="1" placeholder="Message" maxlength="20000"></textarea>
            <button type="submit" id="composer-send" class="primary">Send</button></div>
            </form>
            <div id="select-bar" class="select-bar" role="group" aria-label="Selected messages" hidden><span id="select-count" aria-live="polite"></span>
            <button type="button" id="select-forward">Forward…</button><button type="button" id="select-delete" class="danger">Delete…</button><button type="button" id="select-cancel">Cancel</button></div>
            </div>
            </section>
            </div>
            <dialog id="actions-dialog" aria-labelledby="actions-title"><form method="dialog" class="stack">
            <h2 id="actions-title">Message</h2><p id="actions-text" class="actions-text"></p>
            <button value="reply" type="submit">Reply</button><button value="react" type="submit" id="action-react">React…</button><button value="forward" type="submit" id="action-forward">Forward…</button>
            <button value="pin" type="submit" id="action-pin">Pin</button><button value="edit" type="submit" id="action-edit">Edit</button>
            <button value="copy" type="submit">Copy text</button><button value="select" type="submit" id="action-select">Select</button><button value="delete" type="submit" class="danger">Delete…</button>
            <button value="cancel" type="button" data-close>Close</button></form></dialog>
            <dialog id="react-dialog" aria-labelledby="react-title"><form method="dialog" class="stack">
            <h2 id="react-title">React</h2><div id="react-choices" class="react-choices"></div>
            <p id="react-empty" class="meta" hidden>You cannot add a reaction to this message.</p>
            <div class="actions"><button value="cancel" type="button" data-close>Close</button></div></form></dialog>
            <dialog id="profile-dialog" aria-labelledby="profile-title"><form method="dialog" class="stack">
            <div class="profile-head"><span id="profile-avatar"></span><div><h2 id="profile-title"></h2><p id="profile-status" class="meta"></p></div></div>
            <dl id="profile-facts" class="profile-facts"></dl>
            <section id="profile-members-box" aria-labelledby="profile-members-title" hidden><h3 id="profile-members-title">Members</h3>
            <ul id="profile-members" class="member-list"></ul><button type="button" id="profile-more" hidden>More members</button></section>
            <section id="profile-contact" class="stack" aria-label="Contact" hidden><p id="profile-contact-state" class="meta"></p>
            <div id="profile-add-form" class="stack" hidden><label for="contact-first">First name</label><input id="contact-first" maxlength="64" autocomplete="off">
            <label for="contact-last">Last name (optional)</label><input id="contact-last" maxlength="64" autocomplete="off">
            <label class="check"><input type="checkbox" id="contact-share"> Show them my phone number</label>
            <p id="contact-error" class="field-error" role="alert" hidden></p><button type="button" id="contact-save" class="primary">Add to contacts</button></div></section>
            <div class="actions"><button type="button" id="profile-add" hidden>Add to contacts</button><button type="button" id="profile-message" hidden>Message</button><button value="cancel" type="button" data-close>Close</button></div></form></dialog>
            <dialog id="contacts-dialog" aria-labelledby="contacts-title"><form method="dialog" class="stack">
            <h2 id="contacts-title">Contacts</h2>
            <label class="sr-only" for="contacts-search">Find a contact</label><input id="contacts-search" type="search" placeholder="Find a contact" autocomplete="off" maxlength="200">
            <p id="contacts-status" class="meta" role="status"></p><ul id="contacts-list" class="template-picks"></ul>
            <div class="actions"><button value="cancel" type="button" data-close>Close</button></div></form></dialog>
            <dialog id="pin-dialog" aria-labelledby="pin-title"><form method="dialog" class="stack">
            <h2 id="pin-title">Pin this message?</h2>
            <label class="check"><input type="checkbox" id="pin-everyone" checked> <span id="pin-everyone-text">Also pin it for them</span></label>
            <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button value="ok" type="submit" class="primary">Pin</button></div></form></dialog>
            <dialog id="forward-dialog" aria-labelledby="forward-title"><form method="dialog" class="stack">
            <h2 id="forward-title">Forward to…</h2><p id="forward-text" class="actions-text"></p>
            <label class="sr-only" for="forward-search">Find a chat</label><input id="forward-search" type="search" placeholder="Find a chat" autocomplete="off" maxlength="200">
            <p id="forward-status" class="meta" role="status"></p><ul id="forward-list" class="template-picks"></ul>
            <label class="check"><input type="checkbox" id="forward-hide"> Hide the sender's name (send a copy)</label>
            <div class="actions"><button value="cancel" type="button" data-close>Cancel</button></div></form></dialog>
            <dialog id="delete-dialog" aria-labelledby="delete-title"><form method="dialog" class="stack">
            <h2 id="delete-title">Delete this message?</h2><p id="delete-text" class="actions-text"></p>
            <label class="check" id="delete-all-row"><input type="checkbox" id="delete-for-all"> <span id="delete-all-text">Also delete it for everyone</span></label>
            <div class="actions"><button value="keep" type="button" data-close>Keep it</button><button value="ok" type="submit" class="danger">Delete</button></div></form></dialog>
            <dialog id="templates-dialog" aria-labelledby="templates-title"><form method="dialog" class="stack" id="templates-form">
            <h2 id="templates-title">Send a template here</h2><p id="templates-empty" class="meta" hidden>No Telegram templates yet. Make one on the <a href="/">Templates</a> page.</p>
            <ul id="templates-list" class="template-picks"></ul><div id="templates-vars" class="stack"></div>
            <p id="templates-error" class="field-error" role="alert" hidden></p>
            <div class="actions"><button value="cancel" type="button" data-close>Close</button><button value="send" type="submit" class="primary" id="templates-send" hidden>Send</button></div></form></dialog>
            """)
    }
}
