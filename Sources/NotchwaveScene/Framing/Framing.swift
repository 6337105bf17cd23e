import NotchwaveModel

/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    /// A rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }
    /// Its rows.
    public var rows: Range<Int> { y..<(y + height) }
    /// Its columns.
    public var columns: Range<Int> { x..<(x + width) }
    /// As `--json` reports it.
    public var json: JSONOutput {
        .object([("x", .number(Double(x))), ("y", .number(Double(y))), ("width", .number(Double(width))), ("height", .number(Double(height)))])
    }
}

/// Where a device's body is drawn: its data, finish, and the millimetre-to-pixel mapping
/// on the canvas.
public struct BodyPlacement: Sendable, Equatable {
    public var body: DeviceBody
    /// The finish drawn (one of the body's).
    public var finish: String
    /// Canvas pixels per millimetre.
    public var pixelsPerMillimetre: Double
    /// The body's top-left corner on the canvas, in pixels (not whole: the screen is).
    public var originX: Double, originY: Double

    /// A placement.
    public init(body: DeviceBody, finish: String, pixelsPerMillimetre: Double, originX: Double, originY: Double) {
        (self.body, self.finish, self.pixelsPerMillimetre, self.originX, self.originY) = (body, finish, pixelsPerMillimetre, originX, originY)
    }

    /// A point of the body (mm from its top-left) on the canvas.
    public func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (originX + x * pixelsPerMillimetre, originY + y * pixelsPerMillimetre)
    }
}

/// One device on the canvas: its screen's own plan (unframed), where the screen lands and
/// at what scale, and its body, if drawn.
public struct FramedDevice: Sendable, Equatable {
    /// The screen's plan: what an unframed render of it draws.
    public var plan: RenderPlan
    /// The screen on the canvas (whole pixels).
    public var screen: PixelRect
    /// Canvas pixels per screen pixel (`screen.width / plan.frameWidth`).
    public var scale: Double
    /// The body (nil: the screen alone, `--frame none`).
    public var body: BodyPlacement?
    /// The screen's corner radius on the canvas, in pixels.
    public var screenCornerRadius: Double { plan.preset.cornerRadius.value * plan.preset.pixelScale * scale }

    /// A device.
    public init(plan: RenderPlan, screen: PixelRect, scale: Double, body: BodyPlacement?) {
        (self.plan, self.screen, self.scale, self.body) = (plan, screen, scale, body)
    }

    public static func == (a: FramedDevice, b: FramedDevice) -> Bool {
        a.plan == b.plan && a.screen == b.screen && a.scale == b.scale && a.body == b.body
    }
}

/// A text on the canvas, laid out: its words (in the output's locale), its look, and the
/// box its lines are centred in (canvas pixels).
public struct PlacedCanvasText: Sendable, Equatable {
    public var text: String
    /// The look: `size` in canvas pixels, `weight`, `color`, `align` (`position` and the
    /// timing are used up by the layout).
    public var style: CaptionSpec
    /// A font file (the captions' `captionFont`, or the text's own); nil: Inter of the weight.
    public var font: String?
    /// The locale's language, for shaping.
    public var language: String?
    /// The box the lines are laid out in.
    public var x: Double, y: Double, width: Double
}

/// A framed render's canvas, resolved: its size and background, the devices on it, and
/// its texts. `RenderPlan.framing`; nil for the screen alone.
public struct Framing: Sendable, Equatable {
    public var width: Int, height: Int
    /// Behind everything (a file as found, absolute).
    public var background: CanvasBackground
    /// The devices, in layout order (the first is the plan's own).
    public var devices: [FramedDevice]
    /// The headline and the subtitle.
    public var texts: [PlacedCanvasText]
    /// The files the canvas reads (the background's), for resume.
    public var inputFiles: [String] {
        if case let .file(path) = background { return [path] }
        return []
    }

    /// A canvas.
    public init(width: Int, height: Int, background: CanvasBackground, devices: [FramedDevice], texts: [PlacedCanvasText]) {
        (self.width, self.height, self.background, self.devices, self.texts) = (width, height, background, devices, texts)
    }

    /// What `--json` reports of each device: its preset, its screen on the canvas and its
    /// scale.
    public var json: JSONOutput {
        .array(devices.map { d in
            .object([("preset", .string(d.plan.preset.id)), ("frame", .string(d.body == nil ? "none" : "device")),
                     ("finish", d.body.map { .string($0.finish) } ?? .null),
                     ("screen", d.screen.json), ("scale", .number((d.scale * 1e6).rounded() / 1e6))])
        })
    }
}
