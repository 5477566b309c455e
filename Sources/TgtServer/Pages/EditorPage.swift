import Foundation
import TgtDomain
import TgtApplication

extension Pages {
    /// The template editor (new or existing): every field with its error slot, the icon
    /// picker, the variables guide, the live preview and the target picker.
    /// `stale`: the cached chats were written before every chat kind could be a target (or
    /// never): the page asks for a fresh list as it opens.
    static func editor(template: Template?, kind newKind: TemplateKind = .telegram, chats: [CachedChat], stale: Bool = false, csrf: String, now: Date) -> HTML {
        let t = template ?? Template(name: "", kind: newKind, body: "", createdAt: now)
        let kind = t.kind
        /// Fields only some kinds use carry `data-kinds`; the script shows them as the kind changes.
        func only(_ kinds: [TemplateKind]) -> HTML {
            " data-kinds=\"\(kinds.map(\.rawValue).joined(separator: " "))\"\(kinds.contains(kind) ? "" : " hidden")"
        }
        let kindChoices: [HTML] = TemplateKind.allCases.map { option in
            """
            <label class="kind-choice"><input type="radio" name="kind" value="\(option.rawValue)"\(HTML.when(option == kind, " checked"))> \(option.label)</label>
            """
        }
        let selected = Set(t.targets.map(\.key))
        let cachedKeys = Set(chats.flatMap { chat in [chat.target().key] + chat.topics.map { chat.target(topic: $0).key } })
        let orphans = t.targets.filter { !cachedKeys.contains($0.key) }
        let icons: [HTML] = TemplateIcon.allCases.map { icon in
            """
            <label class="icon-choice" title="\(icon.label)"><input type="radio" name="icon" value="\(icon.rawValue)"\(HTML.when(icon == t.icon, " checked"))>\
            <span aria-hidden="true">\(icon.terminalGlyph)</span><span class="sr-only">\(icon.label)</span></label>
            """
        }
        let guide: [HTML] = BuiltinVariable.allCases.map {
            "<button type=\"button\" class=\"var\" data-insert=\"\($0.rawValue)\" title=\"\($0.summary)\">{{\($0.rawValue)}}</button>"
        }
        let forms: [HTML] = VariableGuide.forms.map {
            "<li><button type=\"button\" class=\"var\" data-insert-text=\"\($0.example)\">\($0.example)</button> <span class=\"meta\">\($0.summary)</span></li>"
        }
        let modes: [HTML] = LocationMode.allCases.map {
            "<option value=\"\($0.rawValue)\"\(HTML.when($0 == t.locationMode, " selected"))\(HTML.when($0 == .native && kind != .telegram, " disabled"))>\($0.label)</option>"
        }
        let chatItems: [HTML] = chats.map { chat in
            // A chat you cannot post in is shown with the reason and cannot be ticked, unless the
            // template already targets it (then it can be unticked).
            func box(_ target: Target, label: String, meta: String) -> HTML {
                targetBox(target, label: label, meta: meta, checked: selected.contains(target.key),
                          disabled: !chat.canPost && !selected.contains(target.key))
            }
            let topics: [HTML] = chat.topics.map { topic in
                "<li data-search=\"\((chat.title + " " + topic.title).lowercased())\">\(box(chat.target(topic: topic), label: topic.title, meta: "topic"))</li>"
            }
            return """
                <li data-search="\(([chat.title] + chat.topics.map(\.title)).joined(separator: " ").lowercased())">\(box(chat.target(), label: chat.title, meta: chat.summary))\
                \(HTML.when(!topics.isEmpty, "<ul class=\"topics\">\(topics)</ul>"))</li>
                """
        }
        let orphanItems: [HTML] = orphans.map { "<li data-search=\"\($0.displayName.lowercased())\">\(targetBox($0, label: $0.displayName, meta: "not in your chat list now", checked: true))</li>" }
        let id = template.map { $0.id.uuidString.lowercased() } ?? ""
        return layout(title: template == nil ? "New template" : "Edit \(t.name)", page: "editor", csrf: csrf, section: .templates, scripts: ["editor"], """
            <h1>\(template == nil ? "New template" : "Edit template")</h1>
            <p id="form-error" class="banner error" role="alert" hidden></p>
            <form id="editor" class="editor" data-id="\(id)" novalidate>
            <fieldset class="field"><legend>Kind</legend><div class="kind-choices">\(kindChoices)</div>
            <p class="hint" id="kind-hint">\(Self.kindPitch(kind))</p>\(fieldError("kind", nil))</fieldset>
            <div class="field"><label for="name">Name</label>
            <input id="name" name="name" maxlength="\(TemplateValidator.maxNameLength)" required value="\(t.name)" aria-describedby="name-error">\(fieldError("name", nil))</div>
            <div class="field"\(only([.email, .text]))><label for="to" id="to-label">\(kind == .text ? "To (phone numbers)" : "To (email addresses)")</label>
            <textarea id="to" name="to" rows="2" aria-describedby="to-hint to-error">\(t.to.joined(separator: "\n"))</textarea>
            <p class="hint" id="to-hint">One per line or separated by commas; leave empty to choose in the app.</p>\(fieldError("to", nil))</div>
            <div class="field"\(only([.email]))><label for="cc">Cc</label>
            <textarea id="cc" name="cc" rows="1" aria-describedby="cc-error">\(t.cc.joined(separator: "\n"))</textarea>\(fieldError("cc", nil))</div>
            <div class="field"\(only([.email]))><label for="subject">Subject</label>
            <input id="subject" name="subject" maxlength="\(TemplateKind.maxSubjectLength)" value="\(t.subject)" aria-describedby="subject-error">\(fieldError("subject", nil))</div>
            <fieldset class="field"><legend>Icon</legend><div class="icon-grid">\(icons)</div>\(fieldError("icon", nil))</fieldset>
            <div class="field"><label for="body">Message</label>
            <textarea id="body" name="body" rows="6" aria-describedby="body-hint body-error">\(t.body)</textarea>
            <p id="counter" class="counter hint" aria-live="polite"></p>
            <div class="vars-guide" role="group" aria-label="Insert a variable at the cursor">\(guide)
            <span class="custom"><label for="custom-var" class="sr-only">Your own variable's name</label><input id="custom-var" placeholder="your_variable" pattern="[A-Za-z_][A-Za-z0-9_]*" size="14">
            <button type="button" id="insert-custom">Insert</button></span></div>
            <details class="guide"><summary>Variables guide: dates, times, defaults and choices</summary>
            <ul class="guide-list" aria-label="Tap an example to insert it">\(forms)</ul></details>
            <p class="hint" id="body-hint">\(kind.formatsMarkdown ? "Markdown: *bold* _italic_ `code` [link](https://example.com). Your own variables are asked for when you send." : Self.plainHint)</p>
            \(fieldError("body", nil))</div>
            <section class="preview" aria-labelledby="preview-title"><h2 id="preview-title">Preview</h2>
            <p id="preview-subject" class="preview-subject" hidden></p><div id="preview" class="bubble" aria-live="polite"></div><p id="preview-note" class="hint"></p></section>
            <fieldset class="field targets"\(only([.telegram]))><legend>Send to</legend>
            <div class="row"><label for="target-search" class="sr-only">Search chats and topics</label>
            <input id="target-search" type="search" placeholder="Search chats and topics"><button type="button" id="refresh-chats">Refresh list</button></div>
            <p id="targets-empty" class="hint"\(HTML.when(!chats.isEmpty, " hidden"))>\(chats.isEmpty ? "No chats loaded yet: press “Refresh list”." : "No chat matches.")</p>
            <ul id="target-list" class="target-list"\(HTML.when(stale, " data-stale"))>\(orphanItems)\(chatItems)</ul>\(fieldError("targets", nil))</fieldset>
            <div class="field"><label for="location_mode">Location</label>
            <select id="location_mode" name="location_mode" aria-describedby="location-error">\(modes)</select>\(fieldError("location", nil))</div>
            <label class="check"\(only([.telegram]))><input type="checkbox" id="silent" name="silent"\(HTML.when(t.silent, " checked"))> Send silently (no notification sound)</label>
            \(placeSection(t.place, attributes: only([.telegram])))
            <div class="actions"><button type="submit" class="primary" id="save">Save</button><a class="button" href="/">Cancel</a></div>
            </form>
            """)
    }

    /// "Send on arriving or leaving": the rule the iPhone app watches, set here by coordinates
    /// (or this device's location) and picked up by the app with the template.
    static func placeSection(_ rule: PlaceRule?, attributes: HTML) -> HTML {
        let crossings: [HTML] = PlaceRule.Crossing.allCases.map {
            "<option value=\"\($0.rawValue)\"\(HTML.when($0 == (rule?.crossing ?? .arrive), " selected"))>\($0.label)</option>"
        }
        let window = rule?.windowMinutes ?? PlaceRule.defaultWindowMinutes
        let windows: [HTML] = PlaceRule.windowOptions(keeping: window).map {
            "<option value=\"\($0)\"\(HTML.when($0 == window, " selected"))>once \(PlaceRule.windowText($0))</option>"
        }
        return """
            <fieldset class="field place"\(attributes)><legend>Send on arriving or leaving</legend>
            <label class="check"><input type="checkbox" id="place_on" aria-controls="place-fields"\(HTML.when(rule != nil, " checked"))> \
            Send this by itself when my iPhone arrives at or leaves a place</label>
            <p class="hint" id="place-hint">The TgTemplates iPhone app watches the place (location access “Always”) and sends at most once in the window; \
            this dashboard never sends it. Its values must all have defaults.</p>
            <div id="place-fields" class="place-fields"\(HTML.when(rule == nil, " hidden"))>
            <div class="field"><label for="place_crossing">When</label><select id="place_crossing">\(crossings)</select></div>
            <div class="field"><label for="place_name">Place</label><input id="place_name" maxlength="\(PlaceRule.maxPlaceNameLength)" placeholder="Home" \
            value="\(rule?.placeName ?? "")" aria-describedby="place-error"></div>
            <div class="field"><label for="place_coordinates">Where (latitude, longitude)</label>
            <div class="row"><input id="place_coordinates" inputmode="decimal" autocomplete="off" placeholder="45.4642, 9.19" \
            value="\(rule.map { "\($0.center.latitude), \($0.center.longitude)" } ?? "")" aria-describedby="place-coordinates-hint place-error">\
            <button type="button" id="place-here">Use where I am</button></div>
            <p class="hint" id="place-coordinates-hint">From a map app: in Google or Apple Maps, press and hold the place and copy its coordinates. \
            <a id="place-map" href="\(rule?.center.mapLink ?? "")" target="_blank" rel="noopener"\(HTML.when(rule == nil, " hidden"))>Check it on a map</a></p></div>
            <div class="field"><label for="place_radius">Radius in metres (\(PlaceRule.radiusRange.lowerBound)–\(PlaceRule.radiusRange.upperBound))</label>
            <input id="place_radius" type="number" inputmode="numeric" min="\(PlaceRule.radiusRange.lowerBound)" max="\(PlaceRule.radiusRange.upperBound)" step="50" \
            value="\(rule?.radius ?? PlaceRule.defaultRadius)"></div>
            <div class="field"><label for="place_window">At most</label><select id="place_window">\(windows)</select></div>
            </div>\(fieldError("place", nil))</fieldset>
            """
    }

    /// The body hint for kinds that send plain text.
    static let plainHint = "Sent as plain text: Markdown such as *bold* is removed and [links](https://example.com) become “links (https://example.com)”. Your own variables are asked for when you send."

    private static func targetBox(_ target: Target, label: String, meta: String, checked: Bool, disabled: Bool = false) -> HTML {
        """
        <label class="target"><input type="checkbox" name="target" value="\(target.key.description)" data-chat-title="\(target.chatTitle)" \
        data-topic-title="\(target.topicTitle ?? "")"\(HTML.when(checked, " checked"))\(HTML.when(disabled, " disabled"))> <span>\(label)</span> \
        <span class="meta">\(meta)</span></label>
        """
    }
}
