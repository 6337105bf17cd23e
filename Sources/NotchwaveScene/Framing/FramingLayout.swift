import Foundation
import NotchwaveModel
import NotchwaveText

extension Framing {
    /// The parameters of the canvas (the render parameters group `canvas`).
    public static var parameters: [any AnyParameter] { Parameters.inGroups([.canvas]) }

    /// True when `values` ask for a canvas: a device frame, or any other canvas parameter.
    public static func isAsked(_ values: ParameterValues) -> Bool {
        values[Parameters.frame] == .device || parameters.contains { $0.key != Parameters.frame.key && values.isGiven($0) }
    }

    /// How far a side button stands out of the body's edge (mm): a drawing decision (the
    /// guidelines give buttons' spans along the edge, not their height).
    public static let buttonProtrusion = 0.55

    /// The drop shadow under a body: its blur's σ and its offset down, as fractions of
    /// the body's height.
    public static let shadowSigma = 0.012, shadowOffset = 0.012

    /// The canvas `values` ask for around `devices` (each device's own values and its
    /// screen's plan, unframed; the first is the output's own), laid out:
    ///
    /// - every device at one physical scale when they all have bodies (so an iPad is as
    ///   much larger than an iPhone as it is), else at one pixel scale; `deviceScale` is
    ///   the first device's canvas pixels per screen pixel;
    /// - several devices in a row on a canvas wider than it is high (or an auto canvas),
    ///   one above the other otherwise, a gap of 6 % of the largest one's size apart,
    ///   bottoms (or centres across) aligned;
    /// - a margin around them of 8 % of their size on an auto canvas, 5 % of the canvas's
    ///   shorter side on a given one; the headline and the subtitle above them (or below,
    ///   with `"position": "bottom"`), sized for a 1080-pixel-wide canvas and scaled;
    /// - on a given canvas, the largest scale that fits the free space unless
    ///   `deviceScale` says (a device larger than the canvas is then an error), placed by
    ///   `devicePosition`; each screen on whole pixels, its body placed around it.
    public static func resolve(_ values: ParameterValues, devices entries: [(values: ParameterValues, plan: RenderPlan)]) throws(ParameterError) -> Framing {
        guard let first = entries.first else { throw values.error(Parameters.devices, "list at least one device") }
        // What each device is, at scale 1: its natural size and where its screen sits.
        struct Natural {
            var body: DeviceBody?
            var finish: String?
            /// Canvas pixels per millimetre at scale 1 (0 without a body).
            var pixelsPerMillimetre: Double
            /// The bounds around the screen at scale 1 (pixels, the screen's top-left at 0, 0).
            var minX: Double, minY: Double, maxX: Double, maxY: Double
            var width: Double { maxX - minX }
            var height: Double { maxY - minY }
        }
        var naturals: [Natural] = []
        for (index, entry) in entries.enumerated() {
            let plan = entry.plan
            let mention = entries.count > 1 ? "device \(index + 1) (\(plan.preset.name))" : plan.preset.name
            if plan.appPreview != nil {
                throw entry.values.error(Framing.isAsked(entry.values) ? Parameters.frame : Parameters.profile,
                                         "an App Store preview shows the screen alone (Apple's rule): render it without a device frame or a canvas")
            }
            if plan.region == .bar { throw entry.values.error(Parameters.frame, "a canvas shows the whole screen, not the bar strip (drop --region bar)") }
            let w = Double(plan.frameWidth), h = Double(plan.frameHeight)
            guard entry.values[Parameters.frame] == .device else {
                naturals.append(Natural(body: nil, finish: nil, pixelsPerMillimetre: 0, minX: 0, minY: 0, maxX: w, maxY: h))
                continue
            }
            guard let body = plan.preset.body else {
                throw entry.values.error(Parameters.frame, "\(mention) has no body data (its preset gives no dimensions); --frame none puts the screen alone on the canvas")
            }
            var finish = body.defaultFinish
            if let asked = entry.values[Parameters.frameFinish] {
                guard let found = body.finish(named: asked) else {
                    let keys = body.finishes.value.map(DeviceBody.finishKey)
                    throw entry.values.error(Parameters.frameFinish, "\(mention) comes in \(keys.joined(separator: ", ")), not '\(asked)'\(EditDistance.hint(Self.finishSuggestions(for: asked, in: keys)))")
                }
                finish = found
            }
            let k = 1 / body.millimetresPerPixel
            let origin = body.screenOrigin(pixels: plan.preset.screenPixels.value)
            let p = buttonProtrusion
            let edges = Set(body.buttons.map(\.edge))
            let left = -origin.x - (edges.contains(.left) ? p : 0), right = body.size.value.width - origin.x + (edges.contains(.right) ? p : 0)
            let top = -origin.y - (edges.contains(.top) ? p : 0)
            var bottom = body.size.value.height - origin.y
            var widest = (left, right)
            if let base = body.base?.value {
                bottom += base.height
                let half = (base.width - body.size.value.width) / 2
                widest = (min(left, -origin.x - half), max(right, body.size.value.width - origin.x + half))
            }
            naturals.append(Natural(body: body, finish: finish, pixelsPerMillimetre: k,
                                    minX: widest.0 * k, minY: top * k, maxX: widest.1 * k, maxY: bottom * k))
        }
        // One physical scale when every device has a body: device i's scale relative to the first.
        let physical = naturals.allSatisfy { $0.body != nil }
        let relative = naturals.map { physical ? naturals[0].pixelsPerMillimetre / $0.pixelsPerMillimetre : 1 }
        let sizes = zip(naturals, relative).map { (w: $0.width * $1, h: $0.height * $1) }
        let given = values[Parameters.canvas]
        let auto = given == .auto
        let row: Bool
        switch given {
        case .auto: row = true
        case let .pixels(w, h): row = w >= h
        }
        let largest = sizes.map { max($0.w, $0.h) }.max() ?? 1
        let gap = 0.06 * largest
        // The group's size at scale 1.
        let groupW = row ? sizes.map(\.w).reduce(0, +) + gap * Double(sizes.count - 1) : sizes.map(\.w).max() ?? 0
        let groupH = row ? sizes.map(\.h).max() ?? 0 : sizes.map(\.h).reduce(0, +) + gap * Double(sizes.count - 1)
        // Texts: laid out in the canvas's width, which an auto canvas takes from the group.
        let asked = values[Parameters.deviceScale]
        var scale = asked ?? 1
        var canvasW = 0, canvasH = 0
        var margin = 0.0
        let textSpecs = [values[Parameters.headline].map { ($0, true) }, values[Parameters.subtitle].map { ($0, false) }].compactMap { $0 }
        func texts(width: Int) throws(ParameterError) -> (top: [MeasuredText], bottom: [MeasuredText]) {
            var top: [MeasuredText] = [], bottom: [MeasuredText] = []
            for (text, isHeadline) in textSpecs {
                let measured = try MeasuredText(text, headline: isHeadline, canvasWidth: width, margin: margin, values: values,
                                                family: first.plan.preset.family, background: values[Parameters.canvasBackground])
                if measured.atBottom { bottom.append(measured) } else { top.append(measured) }
            }
            return (top, bottom)
        }
        func blockHeight(_ list: [MeasuredText]) -> Double {
            list.isEmpty ? 0 : list.map(\.height).reduce(0, +) + list.last!.gapAfter * Double(list.count - 1)
        }
        var laid: (top: [MeasuredText], bottom: [MeasuredText])
        if auto {
            margin = 0.08 * max(groupW, groupH) * scale
            canvasW = FramingLayout.even(groupW * scale + 2 * margin)
            laid = try texts(width: canvasW)
            let textH = blockHeight(laid.top) + blockHeight(laid.bottom)
            let textGaps = (laid.top.isEmpty ? 0 : margin) + (laid.bottom.isEmpty ? 0 : margin)
            canvasH = FramingLayout.even(groupH * scale + 2 * margin + textH + textGaps)
        } else if case let .pixels(w, h) = given {
            (canvasW, canvasH) = (w, h)
            margin = 0.05 * Double(min(w, h))
            laid = try texts(width: w)
        } else {
            laid = ([], [])
        }
        let topText = blockHeight(laid.top) + (laid.top.isEmpty ? 0 : margin)
        let bottomText = blockHeight(laid.bottom) + (laid.bottom.isEmpty ? 0 : margin)
        // The free space for the devices.
        let freeX = margin, freeY = margin + topText
        let freeW = Double(canvasW) - 2 * margin, freeH = Double(canvasH) - 2 * margin - topText - bottomText
        if !auto {
            let fits = min(freeW / groupW, freeH / groupH)
            if let asked {
                guard groupW * asked <= freeW + 1e-6, groupH * asked <= freeH + 1e-6 else {
                    throw values.error(Parameters.canvas, "the \(canvasW)x\(canvasH) canvas is smaller than the device at --device-scale \(JSONOutput.formatNumber(asked)) (it needs \(Int((groupW * asked + 2 * margin).rounded(.up)))x\(Int((groupH * asked + 2 * margin + topText + bottomText).rounded(.up))) with its margin; at most \(JSONOutput.formatNumber((fits * 1000).rounded(.down) / 1000)) fits)")
                }
            } else {
                guard fits > 0.02 else {
                    throw values.error(Parameters.canvas, "the \(canvasW)x\(canvasH) canvas leaves no room for the device beside its margin and text")
                }
                scale = fits
            }
        }
        let position = values[Parameters.devicePosition]
        let groupX = freeX + (freeW - groupW * scale) * position.x
        let groupY = freeY + (freeH - groupH * scale) * position.y
        // Each device's screen on whole pixels, its body around it.
        var devices: [FramedDevice] = []
        var cursor = 0.0
        for (index, (entry, natural)) in zip(entries, naturals).enumerated() {
            let s = scale * relative[index]
            let size = sizes[index]
            let boxX = row ? groupX + cursor : groupX + (groupW - size.w) * scale / 2
            let boxY = row ? groupY + (groupH - size.h) * scale : groupY + cursor
            cursor += (row ? size.w : size.h) * scale + gap * scale
            let plan = entry.plan
            let screenX = (boxX - natural.minX * s).rounded(), screenY = (boxY - natural.minY * s).rounded()
            let width = max(1, Int((Double(plan.frameWidth) * s).rounded())), height = max(1, Int((Double(plan.frameHeight) * s).rounded()))
            let screen = PixelRect(x: Int(screenX), y: Int(screenY), width: width, height: height)
            let actual = Double(width) / Double(plan.frameWidth)
            var placement: BodyPlacement? = nil
            if let body = natural.body, let finish = natural.finish {
                let k = natural.pixelsPerMillimetre * actual
                let origin = body.screenOrigin(pixels: plan.preset.screenPixels.value)
                placement = BodyPlacement(body: body, finish: finish, pixelsPerMillimetre: k,
                                          originX: screenX - origin.x * k, originY: screenY - origin.y * k)
            }
            devices.append(FramedDevice(plan: plan, screen: screen, scale: actual, body: placement))
        }
        var placed: [PlacedCanvasText] = []
        var y = margin
        for text in laid.top {
            placed.append(text.placed(y: y))
            y += text.height + text.gapAfter
        }
        y = Double(canvasH) - margin - blockHeight(laid.bottom)
        for text in laid.bottom {
            placed.append(text.placed(y: y))
            y += text.height + text.gapAfter
        }
        var background = values[Parameters.canvasBackground]
        if case let .file(name) = background {
            let path = values.file(name)
            if let problem = InputPath.problem(path) { throw values.error(Parameters.canvasBackground, "\(name): \(problem)") }
            background = .file(path)
        }
        return Framing(width: canvasW, height: canvasH, background: background, devices: devices, texts: placed)
    }
}

enum FramingLayout {
    /// A length in pixels rounded up to an even number (4:2:0 codecs take even sizes).
    static func even(_ pixels: Double) -> Int {
        let n = max(2, Int(pixels.rounded(.up)))
        return n + n % 2
    }
}

/// A canvas text with its words found (in the locale) and its lines measured.
struct MeasuredText {
    var text: String
    var style: CaptionSpec
    var font: String?
    var language: String?
    var atBottom: Bool
    var width: Double
    var margin: Double
    /// The block's height (lines times their height).
    var height: Double
    /// The space below it, before the next text.
    var gapAfter: Double

    /// The defaults of a canvas text, where a caption's would not do: a headline 64 px
    /// bold, a subtitle 38 px regular (at a 1080-pixel-wide canvas), dark grey on a light
    /// background and white on a dark one, at the top, centred.
    init(_ given: CanvasText, headline: Bool, canvasWidth: Int, margin: Double, values: ParameterValues, family: String,
         background: CanvasBackground) throws(ParameterError) {
        let parameter = headline ? Parameters.headline : Parameters.subtitle
        var style = given.caption
        let unit = Double(canvasWidth) / 1080
        if !given.given.contains("size") { style.size = headline ? 64 : 38 }
        style.size *= unit
        if !given.given.contains("weight") { style.weight = headline ? .bold : .regular }
        if !given.given.contains("color") {
            let dark = MeasuredText.isDark(background)
            style.color = dark ? (headline ? .white : Color(rgb: 0xEBEBF5)) : (headline ? Color(rgb: 0x1C1C1E) : Color(rgb: 0x3A3A3C))
        }
        if !given.given.contains("position") { style.position = .top }
        let locale = values[Parameters.locale]
        var words = style.text ?? ""
        if let key = style.key {
            guard let path = try values.inputFile(Parameters.strings) else {
                throw values.error(parameter, "shows key \"\(key)\": give the app's strings (\(values.mention(Parameters.strings, "Localizable.xcstrings", to: parameter)))")
            }
            let strings: LocalizedStrings
            do {
                strings = try LocalizedStrings.load(path)
            } catch {
                throw values.error(Parameters.strings, "\(error)")
            }
            guard let found = strings.text(key, locale: locale ?? strings.sourceLanguage, family: family,
                                           fallback: values[Parameters.missingTranslation] == .source) else {
                throw values.error(parameter, "\(path) has no \(locale ?? strings.sourceLanguage) translation for \"\(key)\"")
            }
            words = found
        }
        let fontPath = style.font.map { values.file($0) } ?? values.file(Parameters.captionFont)
        let font: Font
        do {
            font = try fontPath.map { try Font.load(path: $0) } ?? Font.load(weight: style.weight == .bold ? .bold : style.weight == .semibold ? .semibold : .regular)
        } catch {
            throw values.error(parameter, "\(error)")
        }
        let maxWidth = max(style.width.map { $0 * unit } ?? Double(canvasWidth) - 2 * margin, style.size)
        let lines = font.wrap(words, size: style.size, maxWidth: maxWidth, language: locale)
        let missing = lines.flatMap(\.missing)
        if !missing.isEmpty {
            throw values.error(parameter, "no installed font has glyphs for \(missing.prefix(8).map { "'\(String($0))'" }.joined(separator: ", ")); install fonts that cover them")
        }
        let faces = [font] + lines.flatMap(\.fallbacks)
        let lineHeight = ((faces.map { Double($0.ascender) / Double($0.unitsPerEm) }.max() ?? 0)
            + (faces.map { -Double($0.descender) / Double($0.unitsPerEm) }.max() ?? 0)) * style.size
        self.text = words
        self.style = style
        self.font = fontPath
        self.language = locale
        self.atBottom = style.position == .bottom
        self.width = maxWidth
        self.margin = margin
        self.height = lineHeight * Double(lines.count)
        self.gapAfter = 0.3 * style.size
    }

    /// The text placed with its top at `y`, its box centred across the canvas.
    func placed(y: Double) -> PlacedCanvasText {
        PlacedCanvasText(text: text, style: style, font: font, language: language, x: margin, y: y, width: width)
    }

    /// True for a background dark enough that text on it is white (a luminance under 0.4
    /// of its first colour; a file counts as dark).
    static func isDark(_ background: CanvasBackground) -> Bool {
        func luminance(_ c: Color) -> Double { (0.2126 * Double(c.red) + 0.7152 * Double(c.green) + 0.0722 * Double(c.blue)) / 255 }
        switch background {
        case .transparent: return false
        case let .color(c): return luminance(c) < 0.4
        case let .linear(colors, _), let .radial(colors): return colors.first.map { luminance($0) < 0.4 } ?? false
        case .file: return true
        }
    }
}

extension Framing {
    /// The finishes an unknown finish name may have meant: those within the usual edit
    /// distance of it, then those one of whose words (`natural` of `natural-titanium`)
    /// it spells within a third of its letters or begins; at most three.
    static func finishSuggestions(for asked: String, in keys: [String]) -> [String] {
        let key = DeviceBody.finishKey(asked)
        var found = EditDistance.suggestions(for: key, in: keys)
        for candidate in keys where !found.contains(candidate) {
            let words = candidate.split(separator: "-").map(String.init)
            if words.contains(where: { EditDistance.levenshtein($0, key) <= max(1, key.count / 3) || (key.count >= 3 && $0.hasPrefix(key)) }) {
                found.append(candidate)
            }
        }
        return Array(found.prefix(3))
    }
}
