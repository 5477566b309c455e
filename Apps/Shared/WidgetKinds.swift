/// The widget kinds the app reloads and the extension declares.
enum WidgetKinds {
    static let timers = "TimersWidget"
}
