import NotchwaveModel
import NotchwaveRaster

/// One row of the controls scene: a component and the state it reads from the time line.
struct ControlRow: Sendable {
    enum Kind: Sendable {
        /// The article's capsule-stroke button; `scripted` when the script's `button` is it.
        case customButton(label: String, role: ControlRole, scripted: Bool)
        case fullWidthButton(label: String, scripted: Bool)
        case borderedProminent(labels: [String], scripted: Bool)
        /// The playground's slider: its bounds' labels and track; `scripted` when the
        /// script's thumb moves it.
        case customSlider(scripted: Bool)
        case systemSlider(scripted: Bool)
        case rangeSlider(scripted: Bool)
        /// A stepper: its label and whether the script's increments drive it.
        case capsuleStepper(label: String, scripted: Bool)
        case verticalStepper(label: String, scripted: Bool)
        /// A cart item (from 1).
        case cartItem(Int)
        /// A line of the cart's sums: shipping, or the total.
        case cartSum(total: Bool)
        case divider

        var name: String {
            switch self {
            case .customButton: return "button"
            case .fullWidthButton: return "full-width-button"
            case .borderedProminent: return "bordered-prominent"
            case .customSlider: return "slider"
            case .systemSlider: return "system-slider"
            case .rangeSlider: return "range-slider"
            case .capsuleStepper: return "capsule-stepper"
            case .verticalStepper: return "vertical-stepper"
            case .cartItem: return "cart-item"
            case .cartSum: return "cart-sum"
            case .divider: return "divider"
            }
        }
    }

    let kind: Kind
    let height: Double
    let options: ControlsOptions
    /// The custom slider's bound labels and their widths (points).
    let boundLabels: (lower: String, upper: String, lowerWidth: Double, upperWidth: Double)

    /// The height of the thumbs of the system and range sliders (and of those rows).
    static let thumb = 27.0
    /// HStack's default spacing.
    static let spacing = 8.0

    /// The rows of `options`' component, for a content `width` points wide.
    static func rows(for options: ControlsOptions, look: ControlLook, width: Double) -> [ControlRow] {
        let b = options.resolvedBounds
        let lower = ControlRow.format(b.lower), upper = ControlRow.format(b.upper)
        let labels = (lower, upper, look.width(lower, .body), look.width(upper, .body))
        func row(_ kind: Kind) -> ControlRow {
            ControlRow(kind: kind, height: height(of: kind, options: options, look: look), options: options, boundLabels: labels)
        }
        let label = options.label
        switch options.component {
        case .button:
            switch options.style {
            case .fullWidth: return [row(.fullWidthButton(label: label ?? ControlsOptions.DefaultLabel.button, scripted: true))]
            case .borderedProminent: return [row(.borderedProminent(labels: label.map { [$0] } ?? ControlsOptions.DefaultLabel.pair, scripted: true))]
            default: return [row(.customButton(label: label ?? ControlsOptions.DefaultLabel.button, role: options.role, scripted: true))]
            }
        case .slider: return [row(options.style == .system ? .systemSlider(scripted: true) : .customSlider(scripted: true))]
        case .rangeSlider: return [row(.rangeSlider(scripted: true))]
        case .capsuleStepper: return [row(.capsuleStepper(label: label ?? ControlsOptions.DefaultLabel.stepper, scripted: true))]
        case .verticalStepper: return [row(.verticalStepper(label: label ?? ControlsOptions.DefaultLabel.stepper, scripted: true))]
        case .cart:
            return (1...Controls.cartItems.count).map { row(.cartItem($0)) }
                + [row(.divider), row(.cartSum(total: false)), row(.cartSum(total: true)), row(.fullWidthButton(label: label ?? ControlsOptions.DefaultLabel.buy, scripted: true))]
        case .showcase:
            return [row(.customButton(label: label ?? ControlsOptions.DefaultLabel.button, role: .none, scripted: true)),
                    row(.customButton(label: ControlsOptions.DefaultLabel.delete, role: .destructive, scripted: false)),
                    row(.fullWidthButton(label: ControlsOptions.DefaultLabel.buy, scripted: false)),
                    row(.borderedProminent(labels: ControlsOptions.DefaultLabel.pair, scripted: false)),
                    row(.customSlider(scripted: true)), row(.systemSlider(scripted: false)), row(.rangeSlider(scripted: true)),
                    row(.capsuleStepper(label: ControlsOptions.DefaultLabel.stepper, scripted: false)), row(.verticalStepper(label: ControlsOptions.DefaultLabel.stepper, scripted: true))]
        }
    }

    /// The time line's context for these rows: bounds, initial values, drag widths.
    static func context(options: ControlsOptions, rows: [ControlRow], width: Double) -> ControlsTimeline.Context {
        let b = options.resolvedBounds
        var initial: [ControlTarget: Double] = [:]
        var widths: [ControlTarget: Double] = [:]
        let range = options.component == .rangeSlider ? options.resolvedRange : (b.lower + (b.upper - b.lower) / 4, b.lower + (b.upper - b.lower) * 3 / 4)
        initial[.lowerThumb] = range.0
        initial[.upperThumb] = range.1
        let isStepper = [.capsuleStepper, .verticalStepper].contains(options.component)
        initial[.value] = isStepper ? options.resolvedValue : 1
        initial[.thumb] = isStepper ? 0.2 : options.resolvedValue
        for (n, item) in Controls.cartItems.enumerated() { initial[.item(n + 1)] = Double(item.quantity) }
        for row in rows {
            switch row.kind {
            case .customSlider(true):
                let span = row.trackSpan(x0: 0, width: width)
                widths[.thumb] = span.x1 - span.x0
            case .systemSlider(true): widths[.thumb] = width - thumb
            case .rangeSlider(true):
                widths[.lowerThumb] = width - thumb
                widths[.upperThumb] = width - thumb
            default: break
            }
        }
        let valueIsCount = isStepper || options.component == .showcase
        return ControlsTimeline.Context(lower: b.lower, upper: b.upper, dragWidths: widths, initial: initial,
                                        repeatsOnHold: options.component == .verticalStepper || options.component == .showcase, valueIsCount: valueIsCount)
    }

    /// A value as a label: integers without decimals, others with up to two.
    static func format(_ v: Double) -> String {
        if v == v.rounded() && Swift.abs(v) < 1e15 { return String(Int(v)) }
        return JSONOutput.formatNumber((v * 100).rounded() / 100)
    }

    /// A price in euros: "€12.45".
    static func euros(_ v: Double) -> String {
        let cents = Int((v * 100).rounded())
        let rest = Swift.abs(cents) % 100
        return "\(cents < 0 ? "-" : "")€\(Swift.abs(cents) / 100).\(rest < 10 ? "0" : "")\(rest)"
    }

    /// The capsule stepper's padding `p` and font by control size (spec 5 item 6).
    static func capsuleMetrics(_ size: ControlSize) -> (padding: Double, text: TextStyle) {
        switch size {
        case .mini: return (4, .footnote)
        case .small: return (6, .callout)
        case .regular, .large: return (8, .body)
        }
    }

    static func height(of kind: Kind, options: ControlsOptions, look: ControlLook) -> Double {
        switch kind {
        case .customButton: return TextStyle.title2.lineHeight + 24
        case .fullWidthButton: return TextStyle.body.lineHeight + 32
        case .borderedProminent: return TextStyle.body.lineHeight + 14
        case .customSlider: return 44
        case .systemSlider, .rangeSlider: return thumb
        case .capsuleStepper:
            let m = capsuleMetrics(options.controlSize)
            return Swift.max(TextStyle.body.lineHeight, m.text.lineHeight + 2 * m.padding)
        case .verticalStepper: return verticalBox(look: look).height
        case .cartItem: return TextStyle.body.lineHeight + TextStyle.footnote.lineHeight
        case .cartSum: return TextStyle.body.lineHeight
        case .divider: return 1
        }
    }

    /// The vertical stepper's box (points): its size and the chevrons' cell.
    /// The value's place is the width of "99" (the source's hidden reservation), or of
    /// `text` when that is wider (a ZStack grows to its widest child).
    static func verticalBox(look: ControlLook, text: String = "") -> (width: Double, height: Double, reserved: Double, chevron: (width: Double, height: Double)) {
        let style = TextStyle.body.monospacedDigits
        let chevron = ControlSymbol.chevronUp.size(fontSize: style.size)
        let reserved = Swift.max(look.width("99", style), look.width(text, style))
        let content = Swift.max(style.lineHeight, 2 * (chevron.height + 8))
        return (16 + reserved + spacing + chevron.width + 8 + 16, content + 8, reserved, chevron)
    }

    /// The custom slider's track, from `x0` in a row `width` wide (points).
    func trackSpan(x0: Double, width: Double) -> (x0: Double, x1: Double) {
        (x0 + boundLabels.lowerWidth + ControlRow.spacing, x0 + width - boundLabels.upperWidth - ControlRow.spacing)
    }

    /// A slider's fraction of its range: `clamp((value − lower) / (upper − lower), 0, 1)`.
    static func fraction(_ value: Double, _ bounds: ControlBounds) -> Double {
        Swift.min(Swift.max((value - bounds.lower) / (bounds.upper - bounds.lower), 0), 1)
    }

    /// The steps drawing this row at `time`, its top at `top` and its content from `x0`,
    /// `width` wide (points).
    func steps(top: Double, x0: Double, width: Double, at time: Double, timeline: ControlsTimeline, look: ControlLook) -> [CompositionStep] {
        let midY = top + height / 2
        let bounds = options.resolvedBounds
        // A stepper that is not the component (the showcase's other one) shows 1.
        let stepperValue = [.capsuleStepper, .verticalStepper].contains(options.component) ? options.resolvedValue : 1
        func pressed(_ target: ControlTarget, scripted: Bool) -> Bool {
            (scripted && timeline.isPressed(target, at: time)) || (options.pressed && scripted && [.button, .increment].contains(target))
        }
        /// The control's filters: pressed, then disabled.
        func filters(pressed: Bool) -> [ColorFilter] {
            (pressed ? [.opacity(0.5)] : []) + (options.disabled ? [.saturation(0), .brightness(-0.2)] : [])
        }
        func group(_ commands: [DrawCommand], pressed: Bool = false) -> CompositionStep {
            let f = filters(pressed: pressed)
            return f.isEmpty ? .draw(commands) : .layer(commands, filters: f)
        }
        func fill(_ shape: Shape, _ color: RGBA8) -> DrawCommand { DrawCommand(shape: shape, paint: .solid(color)) }
        func centered(_ text: String, _ style: TextStyle, centerX: Double) -> Shape {
            look.text(text, style, x: centerX - look.width(text, style) / 2, centerY: midY)
        }
        switch kind {
        case let .customButton(label, role, scripted):
            let color = role == .destructive ? look.system("red") : look.tint(or: "yellow")
            let stroke = look.stroke(width: 2) { $0.addCapsule(x0: x0, y0: top, x1: x0 + width, y1: top + height) }
            let title = centered(label, .title2, centerX: x0 + width / 2)
            return [group([fill(stroke, color), fill(title, color)], pressed: pressed(.button, scripted: scripted))]

        case let .fullWidthButton(label, scripted):
            let background = look.shape { $0.addRoundedRect(x0: x0, y0: top, x1: x0 + width, y1: top + height, radius: 8, style: .continuous) }
            return [group([fill(background, look.tint(or: "blue")), fill(centered(label, .body, centerX: x0 + width / 2), .white)],
                          pressed: pressed(.button, scripted: scripted))]

        case let .borderedProminent(labels, scripted):
            let widths = labels.map { look.width($0, .body) + 28 }
            var x = x0 + (width - widths.reduce(0, +) - ControlRow.spacing * Double(labels.count - 1)) / 2
            var result: [CompositionStep] = []
            for (i, label) in labels.enumerated() {
                let w = widths[i]
                let background = look.shape { $0.addRoundedRect(x0: x, y0: top, x1: x + w, y1: top + height, radius: 6, style: .continuous) }
                result.append(group([fill(background, look.tint(or: "blue")), fill(centered(label, .body, centerX: x + w / 2), .white)],
                                    pressed: i == 0 && pressed(.button, scripted: scripted)))
                x += w + ControlRow.spacing
            }
            return result

        case let .customSlider(scripted):
            let value = scripted ? timeline.value(.thumb, at: time) : options.resolvedValue
            let span = trackSpan(x0: x0, width: width)
            let tint = look.tint(or: "orange")
            let track = look.shape { $0.addRoundedRect(x0: span.x0, y0: top, x1: span.x1, y1: top + height, radius: 8, style: .continuous) }
            let fillEnd = span.x0 + ControlRow.fraction(value, bounds) * (span.x1 - span.x0)
            let fillColor = options.disabled ? RGBA8(r: 142, g: 142, b: 147, a: 128) : tint
            let labels = [fill(look.text(boundLabels.lower, .body, x: x0, centerY: midY), tint),
                          fill(look.text(boundLabels.upper, .body, x: x0 + width - boundLabels.upperWidth, centerY: midY), tint)]
            // The disabled fill is the source's own grey (`gray.opacity(0.5)`): not filtered
            // again; the disabled look applies to the bound buttons.
            let fillShape = fillEnd > span.x0 ? [fill(track.clipped(toX: Float(span.x0 * look.scale), Float(fillEnd * look.scale)), fillColor)] : []
            return [look.material(track), .draw(fillShape), group(labels)]

        case let .systemSlider(scripted):
            let value = scripted ? timeline.value(.thumb, at: time) : options.resolvedValue
            let cx = x0 + ControlRow.thumb / 2 + ControlRow.fraction(value, bounds) * (width - ControlRow.thumb)
            let track = look.shape { $0.addCapsule(x0: x0, y0: midY - 2, x1: x0 + width, y1: midY + 2) }
            let rest = look.appearance == .light ? RGBA8(r: 120, g: 120, b: 128, a: 51) : RGBA8(r: 120, g: 120, b: 128, a: 92)
            var commands = [fill(track, rest)]
            commands.append(fill(track.clipped(toX: Float(x0 * look.scale), Float(cx * look.scale)), look.tint(or: "blue")))
            commands += thumb(cx: cx, cy: midY, look: look)
            return [group(commands, pressed: false)]

        case let .rangeSlider(scripted):
            let (lowValue, highValue) = scripted ? (timeline.value(.lowerThumb, at: time), timeline.value(.upperThumb, at: time)) : options.resolvedRange
            let travel = width - ControlRow.thumb
            let a = x0 + ControlRow.thumb / 2 + ControlRow.fraction(lowValue, bounds) * travel
            let b = x0 + ControlRow.thumb / 2 + ControlRow.fraction(highValue, bounds) * travel
            let track = look.shape { $0.addCapsule(x0: x0, y0: midY - 2, x1: x0 + width, y1: midY + 2) }
            var commands: [DrawCommand] = []
            if b > a {
                commands.append(fill(look.shape { $0.addCapsule(x0: a, y0: midY - 2, x1: b, y1: midY + 2) }, look.tint(or: "blue")))
            }
            commands += thumb(cx: a, cy: midY, look: look) + thumb(cx: b, cy: midY, look: look)
            return [look.material(track), group(commands)]

        case let .capsuleStepper(label, scripted):
            let value = scripted ? timeline.value(.value, at: time) : stepperValue
            return capsuleStepper(label: label, value: value, x0: x0, width: width, midY: midY, look: look,
                                  pressedMinus: pressed(.decrement, scripted: scripted), pressedPlus: pressed(.increment, scripted: scripted),
                                  group: group)

        case let .verticalStepper(label, scripted):
            let value = scripted ? timeline.value(.value, at: time) : stepperValue
            let text = ControlRow.format(value)
            let box = ControlRow.verticalBox(look: look, text: text)
            let bx1 = x0 + width, bx0 = bx1 - box.width, by0 = midY - box.height / 2, by1 = midY + box.height / 2
            let background = look.shape { $0.addRoundedRect(x0: bx0, y0: by0, x1: bx1, y1: by1, radius: 8, style: .continuous) }
            let style = TextStyle.body.monospacedDigits
            let valueShape = look.text(text, style, x: bx0 + 16 + (box.reserved - look.width(text, style)) / 2, centerY: midY)
            let chevronX = bx0 + 16 + box.reserved + ControlRow.spacing + 4 + box.chevron.width / 2
            let cell = box.chevron.height + 8
            let up = ControlSymbol.chevronUp.shape(centerX: chevronX, centerY: midY - cell / 2, fontSize: style.size, look: look)
            let down = ControlSymbol.chevronDown.shape(centerX: chevronX, centerY: midY + cell / 2, fontSize: style.size, look: look)
            let labelShape = look.text(label, .body, x: x0, centerY: midY)
            let primary = look.primary
            return [look.material(background),
                    group([fill(labelShape, primary), fill(valueShape, primary)]),
                    group([fill(up, primary)], pressed: pressed(.increment, scripted: scripted)),
                    group([fill(down, primary)], pressed: pressed(.decrement, scripted: scripted))]

        case let .cartItem(n):
            let item = Controls.cartItems[n - 1]
            let quantity = timeline.value(.item(n), at: time)
            let nameY = top + TextStyle.body.lineHeight / 2, priceY = top + TextStyle.body.lineHeight + TextStyle.footnote.lineHeight / 2
            var steps = [group([fill(look.text(item.name, .body, x: x0, centerY: nameY), look.primary),
                                fill(look.text(ControlRow.euros(item.price), .footnote, x: x0, centerY: priceY), look.secondary)])]
            steps += capsuleStepper(label: "", value: quantity, x0: x0, width: width, midY: midY, look: look,
                                    pressedMinus: timeline.isPressed(.itemDecrement(n), at: time), pressedPlus: timeline.isPressed(.itemIncrement(n), at: time),
                                    group: group)
            return steps

        case let .cartSum(total):
            let amount = total ? ControlRow.cartTotal(at: time, timeline: timeline) : Controls.shipping
            let style = total ? TextStyle.body.semibold : TextStyle.body
            let text = ControlRow.euros(amount)
            return [group([fill(look.text(total ? "Total" : "Shipping", style, x: x0, centerY: midY), look.primary),
                           fill(look.text(text, style, x: x0 + width - look.width(text, style), centerY: midY), look.primary)])]

        case .divider:
            return [.draw([fill(look.shape { $0.addRect(x0: x0, y0: top + 0.25, x1: x0 + width, y1: top + 0.75) }, look.secondary)])]
        }
    }

    /// The cart's total at `time`: Σ price · quantity + shipping.
    static func cartTotal(at time: Double, timeline: ControlsTimeline) -> Double {
        Controls.cartItems.indices.reduce(Controls.shipping) { $0 + Controls.cartItems[$1].price * timeline.value(.item($1 + 1), at: time) }
    }

    /// A white thumb with a faint outline (the system thumb's shadow, drawn as a ring).
    private func thumb(cx: Double, cy: Double, look: ControlLook) -> [DrawCommand] {
        let r = ControlRow.thumb / 2
        return [DrawCommand(shape: look.shape { $0.addCircle(center: PathPoint(x: cx, y: cy), radius: r + 0.5) }, paint: .solid(RGBA8(r: 0, g: 0, b: 0, a: 38))),
                DrawCommand(shape: look.shape { $0.addCircle(center: PathPoint(x: cx, y: cy), radius: r) }, paint: .solid(.white))]
    }

    /// The capsule stepper at the right of the row, its label at the left.
    private func capsuleStepper(label: String, value: Double, x0: Double, width: Double, midY: Double, look: ControlLook,
                                pressedMinus: Bool, pressedPlus: Bool, group: ([DrawCommand], Bool) -> CompositionStep) -> [CompositionStep] {
        let (p, style) = ControlRow.capsuleMetrics(options.controlSize)
        let text = ControlRow.format(value)
        let symbol = ControlSymbol.plus.size(fontSize: style.size)
        let textWidth = look.width(text, style)
        let w = 2 * symbol.width + textWidth + 2 * ControlRow.spacing + 4 * p
        let h = style.lineHeight + 2 * p
        let cx1 = x0 + width, cx0 = cx1 - w
        let capsule = look.shape { $0.addCapsule(x0: cx0, y0: midY - h / 2, x1: cx1, y1: midY + h / 2) }
        let minusX = cx0 + 2 * p + symbol.width / 2, plusX = cx1 - 2 * p - symbol.width / 2
        let minus = ControlSymbol.minus.shape(centerX: minusX, centerY: midY, fontSize: style.size, look: look)
        let plus = ControlSymbol.plus.shape(centerX: plusX, centerY: midY, fontSize: style.size, look: look)
        let number = look.text(text, style, x: cx0 + 2 * p + symbol.width + ControlRow.spacing, centerY: midY)
        var commands = [DrawCommand(shape: capsule, paint: .solid(look.tint(or: "blue"))), DrawCommand(shape: number, paint: .solid(.white))]
        // The label shares the stepper's font (the control-size font is set on the whole row).
        if !label.isEmpty { commands.append(DrawCommand(shape: look.text(label, style, x: x0, centerY: midY), paint: .solid(look.primary))) }
        return [group(commands, false),
                group([DrawCommand(shape: minus, paint: .solid(.white))], pressedMinus),
                group([DrawCommand(shape: plus, paint: .solid(.white))], pressedPlus)]
    }
}
