import NotchwaveModel
import NotchwaveRaster

/// A device's body drawn around its screen, in canvas pixels: the shapes and paints of
/// one `BodyPlacement`, drawn once per clip into the canvas's template (the renderer puts
/// the screen over it). Bottom to top:
///
/// 1. the shadow: the body's silhouette (outline, base, buttons), blurred by
///    `Framing.shadowSigma` of the body's height and moved down by `Framing.shadowOffset`
///    (the renderer blurs it), 40 % black;
/// 2. the side buttons: the finish's band colour a shade darker, `Framing.buttonProtrusion`
///    mm beyond the edge over their span, their ends rounded (a Camera Control, flush with
///    the band, is a dark sapphire strip on it instead);
/// 3. the outline (the body's size and corner radius, continuous corners where the
///    hardware has them) in the finish's band colour, lighter at the top left and darker at
///    the bottom right (a linear gradient across the diagonal);
/// 4. the edge highlight: a ring 0.12 mm wide just inside the outline, white at 35 %;
/// 5. the front: inside the band (`bandWidth` mm for a phone, less for a tablet and a
///    laptop's lid), black glass, its corner radius the outline's less the band;
/// 6. a tablet's or a home-button phone's front camera (a 2.2 mm dark lens with a lighter
///    rim), the home button (a ring in the band colour), a laptop's base below the lid.
///
/// The screen lies over the front. The body's figures are the preset's (`DeviceBody`); the
/// widths above are drawing decisions, as are the finishes' colours (`DeviceFinishes`).
public struct DeviceFrame: Sendable {
    public let placement: BodyPlacement

    /// The body `placement` says.
    public init(_ placement: BodyPlacement) { self.placement = placement }

    /// The metal band visible around the glass from the front (mm).
    public var bandWidth: Double {
        switch placement.body.kind {
        case .phone: return 0.85
        case .tablet: return 0.6
        case .laptop: return 0.5
        }
    }

    /// The body's outline rectangle in canvas pixels.
    var outline: (x0: Double, y0: Double, x1: Double, y1: Double) {
        let size = placement.body.size.value
        let (x0, y0) = placement.point(0, 0), (x1, y1) = placement.point(size.width, size.height)
        return (x0, y0, x1, y1)
    }

    var style: CornerStyle { placement.body.continuousCorners ? .continuous : .circular }

    /// A rounded rectangle inset `inset` mm from the outline, as a path.
    func roundedRect(inset: Double) -> Path {
        let k = placement.pixelsPerMillimetre
        let o = outline
        var path = Path()
        path.addRoundedRect(x0: o.x0 + inset * k, y0: o.y0 + inset * k, x1: o.x1 - inset * k, y1: o.y1 - inset * k,
                            radius: max(0, placement.body.cornerRadius.value - inset) * k, style: style)
        return path
    }

    /// The base below a laptop's lid (its top edge under the lid's bottom), if any.
    var base: Path? {
        guard let size = placement.body.base?.value else { return nil }
        let k = placement.pixelsPerMillimetre
        let body = placement.body.size.value
        let x0 = placement.originX + (body.width - size.width) / 2 * k, x1 = x0 + size.width * k
        let y0 = placement.originY + body.height * k, y1 = y0 + size.height * k
        var path = Path()
        path.addRoundedRect(x0: x0, y0: y0 - size.height * 0.25 * k, x1: x1, y1: y1, radius: size.height * 0.5 * k, style: .circular)
        return path
    }

    /// The side buttons that stand out of the edge, as one path.
    var buttons: Path {
        let k = placement.pixelsPerMillimetre
        let p = Framing.buttonProtrusion
        let size = placement.body.size.value
        var path = Path()
        for button in placement.body.buttons where button.kind != .cameraControl {
            let overlap = 1.0  // mm under the outline, so that no seam shows
            switch button.edge {
            case .left:
                let (x0, y0) = placement.point(-p, button.from), (x1, y1) = placement.point(overlap, button.to)
                path.addRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: p * k, style: .circular)
            case .right:
                let (x0, y0) = placement.point(size.width - overlap, button.from), (x1, y1) = placement.point(size.width + p, button.to)
                path.addRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: p * k, style: .circular)
            case .top:
                let (x0, y0) = placement.point(button.from, -p), (x1, y1) = placement.point(button.to, overlap)
                path.addRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: p * k, style: .circular)
            }
        }
        return path
    }

    /// The shape whose blur is the shadow (before its offset): the outline, the base and
    /// the buttons.
    public var silhouette: Shape {
        var path = roundedRect(inset: 0)
        path.addPath(buttons)
        if let base { path.addPath(base) }
        return path.shape(fillRule: .nonZero)
    }

    /// The shadow's blur σ and its offset down, in canvas pixels.
    public var shadow: (sigma: Double, offset: Double) {
        let height = placement.body.size.value.height * placement.pixelsPerMillimetre
        return (Framing.shadowSigma * height, Framing.shadowOffset * height)
    }

    /// The shadow's colour (premultiplied black at 40 %).
    public static let shadowColor = RGBA8(r: 0, g: 0, b: 0, a: 102)

    /// The body's draw commands, bottom first (after the shadow, before the screen).
    public var commands: [DrawCommand] {
        let colors = DeviceFinishes.colors(placement.finish)
        let k = placement.pixelsPerMillimetre
        let o = outline
        var commands: [DrawCommand] = []
        let buttonPath = buttons
        if !buttonPath.elements.isEmpty {
            commands.append(DrawCommand(shape: buttonPath.shape(fillRule: .nonZero), paint: .solid(colors.dark)))
        }
        if let base {
            let b = base.shape(fillRule: .nonZero)
            commands.append(DrawCommand(shape: b, paint: .linear(start: PixelPoint(x: Float(o.x0), y: Float(o.y1)), end: PixelPoint(x: Float(o.x0), y: Float(o.y1 + (placement.body.base?.value.height ?? 1) * k)),
                                                                  stops: [GradientStop(colors.light, at: 0), GradientStop(colors.dark, at: 1)], interpolation: .srgb)))
        }
        let band = Paint.linear(start: PixelPoint(x: Float(o.x0), y: Float(o.y0)), end: PixelPoint(x: Float(o.x1), y: Float(o.y1)),
                                stops: [GradientStop(colors.light, at: 0), GradientStop(colors.band, at: 0.45), GradientStop(colors.dark, at: 1)],
                                interpolation: .srgb)
        commands.append(DrawCommand(shape: roundedRect(inset: 0).shape(fillRule: .nonZero), paint: band))
        var ring = roundedRect(inset: 0.05)
        ring.addPath(roundedRect(inset: 0.17))
        commands.append(DrawCommand(shape: ring.shape(fillRule: .evenOdd), paint: .solid(RGBA8(r: 255, g: 255, b: 255, a: 90))))
        // A Camera Control: a dark strip on the band, flush with it.
        for button in placement.body.buttons where button.kind == .cameraControl {
            var strip = Path()
            let size = placement.body.size.value
            let x = button.edge == .right ? size.width - 0.45 : 0.1
            let (x0, y0) = placement.point(x, button.from), (x1, y1) = placement.point(x + 0.35, button.to)
            strip.addRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: 0.17 * k, style: .circular)
            commands.append(DrawCommand(shape: strip.shape(fillRule: .nonZero), paint: .solid(RGBA8(r: 40, g: 44, b: 52))))
        }
        commands.append(DrawCommand(shape: roundedRect(inset: bandWidth).shape(fillRule: .nonZero), paint: .solid(RGBA8(r: 8, g: 8, b: 10))))
        if let camera = placement.body.camera?.value {
            let (cx, cy) = placement.point(camera.width, camera.height)
            var rim = Path()
            rim.addCircle(center: PathPoint(x: cx, y: cy), radius: 1.1 * k)
            commands.append(DrawCommand(shape: rim.shape(fillRule: .nonZero), paint: .solid(RGBA8(r: 38, g: 40, b: 46))))
            var lens = Path()
            lens.addCircle(center: PathPoint(x: cx, y: cy), radius: 0.65 * k)
            commands.append(DrawCommand(shape: lens.shape(fillRule: .nonZero), paint: .solid(RGBA8(r: 12, g: 14, b: 24))))
        }
        if let home = placement.body.homeButton?.value {
            let size = placement.body.size.value
            let (cx, cy) = placement.point(size.width / 2, size.height - home.height)
            var ring = Path()
            ring.addCircle(center: PathPoint(x: cx, y: cy), radius: home.width / 2 * k)
            ring.addCircle(center: PathPoint(x: cx, y: cy), radius: (home.width / 2 - 0.35) * k)
            commands.append(DrawCommand(shape: ring.shape(fillRule: .evenOdd), paint: .solid(colors.band)))
        }
        return commands
    }
}

/// The colours notchwave draws each finish in: its band, a lighter and a darker tone for
/// the band's shading. These are drawing decisions, not Apple's colours (Apple publishes
/// names, not values): a finish is matched by the words of its name (`Black Titanium` by
/// "black" and "titanium"), and an unknown one is a neutral grey.
public enum DeviceFinishes {
    /// The tones of the named colours a finish name may hold, matched in this order.
    static let tones: [(word: String, band: UInt32)] = [
        ("space black", 0x2E2E30), ("black", 0x2B2B2D), ("midnight green", 0x4E5851), ("midnight", 0x23272F),
        ("space gray", 0x5B5C60), ("space grey", 0x5B5C60), ("graphite", 0x52514D), ("gray", 0x7D7E82),
        ("white", 0xE9E7E2), ("starlight", 0xE6DFD3), ("silver", 0xD6D6D8), ("cloud", 0xE8E8EA),
        ("natural", 0xB9B3A8), ("desert", 0xBFA48A), ("light gold", 0xE6D2AE), ("gold", 0xE3CBA6),
        ("pacific blue", 0x2D4E5C), ("sierra blue", 0x9BB5CE), ("deep blue", 0x2A3548), ("sky blue", 0xC7D7E4),
        ("mist blue", 0xB8C7D6), ("ultramarine", 0x7C8DD8), ("teal", 0x8FB7B3), ("blue", 0x5E7A98),
        ("deep purple", 0x5A4F63), ("lavender", 0xC6B8D8), ("purple", 0xB8A7CC), ("pink", 0xF0C9CF),
        ("red", 0xB8202E), ("yellow", 0xF3E19A), ("sage", 0xB9C1A6), ("alpine green", 0x4D5B4F), ("green", 0x9FC2A6),
        ("cosmic orange", 0xDD7A3C), ("orange", 0xE08A4A), ("burgundy", 0x5B2231), ("glacier", 0xD9E2E6), ("titanium", 0x8A8985),
    ]

    /// The band, lighter and darker colours of `finish`.
    public static func colors(_ finish: String) -> (band: RGBA8, light: RGBA8, dark: RGBA8) {
        let name = finish.lowercased().replacingOccurrences(of: "(product)", with: "")
        let rgb = tones.first { name.contains($0.word) }?.band ?? 0x8E8E93
        let band = RGBA8(r: UInt8(rgb >> 16 & 0xFF), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF))
        func mix(_ c: RGBA8, toward target: UInt8, _ amount: Double) -> RGBA8 {
            func m(_ v: UInt8) -> UInt8 { UInt8((Double(v) + (Double(target) - Double(v)) * amount).rounded()) }
            return RGBA8(r: m(c.r), g: m(c.g), b: m(c.b))
        }
        return (band, mix(band, toward: 255, 0.35), mix(band, toward: 0, 0.35))
    }
}
