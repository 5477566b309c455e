import CoreLocation
import MapKit
import SwiftUI
import TgtAppModel
import TgtDomain
import UIKit

/// The template editor: fields with the model's messages, icons, variables, targets.
struct EditorView: View {
    @Bindable var model: EditorModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section(AppText.label(.editorKind).localized) {
                    Picker(AppText.label(.editorKind).localized, selection: Binding(get: { model.kind }, set: { model.setKind($0) })) {
                        ForEach(model.kinds, id: \.self) { Text(verbatim: $0.label).tag($0) }
                    }
                    .pickerStyle(.segmented)
                }
                Section(AppText.label(.editorName).localized) {
                    TextField(AppText.label(.editorName).localized, text: $model.name)
                    message(.name)
                }
                if model.kind.usesRecipients {
                    Section(AppText.label(model.kind == .text ? .editorToPhone : .editorToEmail).localized) {
                        TextField(AppText.label(model.kind == .text ? .editorToPhone : .editorToEmail).localized,
                                  text: Binding(get: { model.to.joined(separator: ", ") },
                                                set: { model.to = $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }))
                            .keyboardType(model.kind == .text ? .phonePad : .emailAddress)
                            .textInputAutocapitalization(.never)
                        message(.to)
                    }
                }
                if model.kind.usesSubject {
                    Section(AppText.label(.editorCc).localized) {
                        TextField(AppText.label(.editorCc).localized,
                                  text: Binding(get: { model.cc.joined(separator: ", ") },
                                                set: { model.cc = $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }))
                            .keyboardType(.emailAddress)
                            .textInputAutocapitalization(.never)
                        message(.cc)
                    }
                    Section(AppText.label(.editorSubject).localized) {
                        TextField(AppText.label(.editorSubject).localized, text: $model.subject)
                        message(.subject)
                    }
                }
                Section(AppText.label(.editorIcon).localized) {
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 44))]) {
                        ForEach(model.icons, id: \.self) { icon in
                            Button { model.icon = icon } label: {
                                Image(systemName: icon.symbolName).frame(width: 44, height: 44)
                                    .background(model.icon == icon ? Color.accentColor.opacity(0.25) : .clear, in: Circle())
                            }
                            .buttonStyle(.plain)
                            .accessibilityLabel(Text(AppText.icon(icon)))
                            .accessibilityAddTraits(model.icon == icon ? .isSelected : [])
                        }
                    }
                }
                Section(AppText.label(.editorText).localized) {
                    CursorTextView(text: $model.body, cursor: $model.cursor).frame(minHeight: 120)
                    Text(verbatim: model.counter.summary).font(.caption.monospacedDigit())
                        .foregroundStyle(model.counter.isOver ? .red : .secondary)
                    message(.body)
                    DisclosureGroup(AppText.label(.editorVariables).localized) {
                        ForEach(model.variables) { variable in
                            Button { model.insert(variable) } label: {
                                VStack(alignment: .leading) {
                                    Text(verbatim: variable.token).font(.body.monospaced())
                                    Text(variable.summary).font(.caption).foregroundStyle(.secondary)
                                }
                            }
                        }
                    }
                }
                if model.kind.usesTargets { Section(AppText.label(.editorTargets).localized) {
                    NavigationLink {
                        TargetPickerView(model: model.picker)
                    } label: {
                        Text(verbatim: model.picker.selected.map(\.displayName).joined(separator: ", "))
                    }
                    if let note = model.targetsNote { Text(note).font(.footnote).foregroundStyle(.secondary) }
                    message(.targets)
                } }
                Section {
                    Picker(AppText.label(.editorLocation).localized, selection: $model.locationMode) {
                        ForEach(model.allowedLocationModes, id: \.self) { mode in Text(AppText.locationMode(mode)).tag(mode) }
                    }
                    if model.kind == .telegram { Toggle(AppText.label(.editorSilent).localized, isOn: $model.silent) }
                }
                if model.kind == .telegram {
                    PlaceSection(model: model.place, problem: model.message(for: .place))
                }
                if let reason = model.saveBlockedReason { Text(reason).font(.footnote).foregroundStyle(.secondary) }
                if let error = model.saveError { Text(error).foregroundStyle(.red) }
            }
            .navigationTitle(Text(model.title))
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button(AppText.label(.cancel).localized) { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button(AppText.label(.save).localized) {
                        if model.save() != nil {
                            UINotificationFeedbackGenerator().notificationOccurred(.success)
                            dismiss()
                        }
                    }
                    .disabled(!model.canSave)
                }
            }
        }
    }

    @ViewBuilder private func message(_ field: ValidationIssue.Field) -> some View {
        if let text = model.message(for: field) {
            Text(text).font(.footnote).foregroundStyle(.red)
        }
    }
}

/// "Send on arriving or leaving": the place (where the phone is, a tap on the map, or coordinates
/// pasted from Maps), which crossing, the radius and the window; the rules are `PlaceEditorModel`'s.
struct PlaceSection: View {
    @Bindable var model: PlaceEditorModel
    let problem: AppText?

    var body: some View {
        Section(AppText.label(.editorPlace).localized) {
            Toggle(AppText.label(.editorPlaceOn).localized, isOn: $model.isOn)
            if model.isOn {
                Picker(AppText.label(.editorPlaceWhen).localized, selection: $model.crossing) {
                    Text(AppText.label(.editorPlaceArrive)).tag(PlaceRule.Crossing.arrive)
                    Text(AppText.label(.editorPlaceLeave)).tag(PlaceRule.Crossing.leave)
                }
                TextField(AppText.label(.editorPlaceName).localized, text: $model.placeName)
                Button(AppText.label(.editorPlaceHere).localized) { Task { await model.useCurrentLocation() } }
                    .disabled(model.isLocating)
                TextField(AppText.label(.editorPlaceCoordinates).localized, text: $model.coordinates)
                    .keyboardType(.numbersAndPunctuation)
                if let link = model.mapLink, let text = model.centerText { Link(text, destination: link) }
                Picker(AppText.label(.editorPlaceRadius).localized, selection: $model.radius) {
                    ForEach(model.radii, id: \.self) { metres in Text(model.radiusLabel(metres)).tag(metres) }
                }
                PlaceMap(model: model)
                Picker(AppText.label(.editorPlaceWindow).localized, selection: $model.windowMinutes) {
                    ForEach(model.windows, id: \.self) { minutes in Text(model.windowLabel(minutes)).tag(minutes) }
                }
                if let error = model.locationError { Text(error).font(.footnote).foregroundStyle(.red) }
                if let problem { Text(problem).font(.footnote).foregroundStyle(.red) }
            }
        }
    }
}

/// The place on a map: a marker and the circle of the chosen radius; a tap on the map makes that
/// spot the place (`PlaceEditorModel.setCenter`). The map frames the place and its circle, and
/// again whenever they change; before there is a place it shows where the phone is, if location
/// is allowed, else MapKit's default view.
struct PlaceMap: View {
    let model: PlaceEditorModel
    @State private var camera: MapCameraPosition = .userLocation(fallback: .automatic)

    var body: some View {
        MapReader { proxy in
            Map(position: $camera) {
                if let center = model.center {
                    let point = CLLocationCoordinate2D(latitude: center.latitude, longitude: center.longitude)
                    Marker(model.placeName, coordinate: point)
                    MapCircle(center: point, radius: CLLocationDistance(model.radius))
                        .foregroundStyle(Color.accentColor.opacity(0.2))
                        .stroke(Color.accentColor, lineWidth: 2)
                }
            }
            .onTapGesture { location in
                if let tapped = proxy.convert(location, from: .local),
                   let place = Coordinate(latitude: tapped.latitude, longitude: tapped.longitude) {
                    model.setCenter(place)
                }
            }
        }
        .frame(height: 220)
        .accessibilityLabel(Text(AppText.label(.editorPlaceMap)))
        .onChange(of: model.center, initial: true) { if model.center != nil { camera = .automatic } }
        .onChange(of: model.radius) { camera = .automatic }
    }
}

/// A text view that reports its cursor (in characters), so variables go where it is.
struct CursorTextView: UIViewRepresentable {
    @Binding var text: String
    @Binding var cursor: Int

    func makeUIView(context: Context) -> UITextView {
        let view = UITextView()
        view.font = .preferredFont(forTextStyle: .body)
        view.adjustsFontForContentSizeCategory = true
        view.delegate = context.coordinator
        return view
    }

    func updateUIView(_ view: UITextView, context: Context) {
        guard view.text != text else { return }
        view.text = text
        let utf16 = String(text.prefix(cursor)).utf16.count
        view.selectedRange = NSRange(location: utf16, length: 0)
    }

    func makeCoordinator() -> Coordinator { Coordinator(self) }

    final class Coordinator: NSObject, UITextViewDelegate {
        private let parent: CursorTextView
        init(_ parent: CursorTextView) { self.parent = parent }

        func textViewDidChange(_ view: UITextView) {
            parent.text = view.text
            textViewDidChangeSelection(view)
        }

        func textViewDidChangeSelection(_ view: UITextView) {
            let prefix = (view.text as NSString).substring(to: min(view.selectedRange.location, (view.text as NSString).length))
            parent.cursor = prefix.count
        }
    }
}
