import ViewState

extension Question {
    /// Applies a key to the question shown in a ``Dialog``: Left/Right move between the answers
    /// and stop at the ends (← twice is the first button, whatever was selected), Tab/Shift-Tab
    /// cycle through them, Enter chooses the selected one, Esc gives the cancel
    /// answer (with ``Question/Dismissal/anyKey``, every key but Enter does).
    /// - Returns: The answer chosen, or `nil` while the question stays open.
    public mutating func handle(_ key: Key) -> Answer? {
        if key == .enter { return selected }
        if dismissal == .anyKey || key == .escape { return cancelAnswer }
        switch key {
        case .left: selectPrevious(wrapping: false)
        case .right: selectNext(wrapping: false)
        case .backTab: selectPrevious()
        case .tab: selectNext()
        default: break
        }
        return nil
    }
}

/// A modal box centred in an area: a title in the top border, a message wrapped by display
/// width, and a row of buttons with the selected one in `.selected` (reverse video in
/// monochrome). Used for confirmations and errors with Retry.
public struct Dialog {
    /// Shown in the top border.
    public var title: String
    /// The message; wrapped to the box width, cut with "…" when it does not fit.
    public var message: String
    /// Button labels, left to right, such as `["Retry", "Cancel"]`.
    public var buttons: [String]
    /// Index of the button drawn selected.
    public var selected: Int

    /// Creates a dialog with button `selected` (counted from the left) drawn selected.
    public init(title: String, message: String, buttons: [String], selected: Int = 0) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.selected = selected
    }

    /// The dialog that asks `question`: its title, message and answers, the selected one drawn selected.
    public init<Answer>(_ question: Question<Answer>) {
        self.init(title: question.title, message: question.message, buttons: question.labels,
                  selected: question.selectedPosition)
    }

    /// The box's rectangle inside `area`: at most 50 columns wide (and at least the buttons'
    /// width when that fits), as tall as its content, centred; clipped to `area`.
    public func frame(in area: Rect) -> Rect {
        let width = min(area.width, max(50, buttonsWidth + 4))
        let lines = TextLayout.wrap(message, width: max(1, width - 4)).count
        let height = min(area.height, lines + 4)
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2,
                    width: width, height: height)
    }

    /// Draws the box, message and buttons; nothing outside ``frame(in:)``.
    public func render(in area: Rect, on surface: inout Surface) {
        let box = frame(in: area)
        guard box.width >= 2, box.height >= 2 else {
            if !box.isEmpty { surface.write(TextLayout.truncate(title, to: box.width), at: Point(x: box.x, y: box.y), style: .title, maxWidth: box.width) }
            return
        }
        surface.fill(box, style: .normal)
        drawBorder(box, on: &surface)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 3))
        let lines = TextLayout.wrap(message, width: max(1, inner.width))
        for (index, line) in lines.prefix(inner.height).enumerated() {
            let text = index == inner.height - 1 && lines.count > inner.height ? TextLayout.truncate(line + " …", to: inner.width) : line
            surface.write(text, at: Point(x: inner.x, y: inner.y + index), style: .normal, maxWidth: inner.width)
        }
        drawButtons(y: box.maxY - 2, in: box, on: &surface, selected: selected)
    }

    // MARK: - Private

    private var buttonsWidth: Int {
        buttons.reduce(0) { $0 + DisplayWidth.of($1) + 4 } + max(0, buttons.count - 1) * 2
    }

    private func drawBorder(_ box: Rect, on surface: inout Surface) {
        let horizontal = String(repeating: "─", count: max(0, box.width - 2))
        surface.write("┌" + horizontal + "┐", at: Point(x: box.x, y: box.y), style: .header, maxWidth: box.width)
        surface.write("└" + horizontal + "┘", at: Point(x: box.x, y: box.maxY - 1), style: .header, maxWidth: box.width)
        for y in (box.y + 1)..<(box.maxY - 1) {
            surface.write("│", at: Point(x: box.x, y: y), style: .header)
            surface.write("│", at: Point(x: box.maxX - 1, y: y), style: .header)
        }
        let caption = TextLayout.truncate(" \(title) ", to: max(0, box.width - 4))
        surface.write(caption, at: Point(x: box.x + 2, y: box.y), style: .title, maxWidth: box.width - 4)
    }

    private func drawButtons(y: Int, in box: Rect, on surface: inout Surface, selected: Int) {
        guard y > box.y else { return }
        var x = box.x + 1 + max(0, (box.width - 2 - buttonsWidth) / 2)
        for (index, label) in buttons.enumerated() {
            let room = max(0, box.maxX - 1 - x)
            let text = TextLayout.truncate("[ \(label) ]", to: room)
            let used = surface.write(text, at: Point(x: x, y: y), style: index == selected ? .selected : .normal,
                                     maxWidth: room)
            x += used + 2
            if x >= box.maxX - 1 { break }
        }
    }
}
