/// A device's body around its screen, as the front view shows it upright (portrait for a
/// phone or a tablet; a laptop's open lid, with its base's front edge below): every length
/// in millimetres, each with its source (`presets/README.md` lists them). `--frame device`
/// draws it (`DeviceFrame` in the scene module).
///
/// The screen is the preset's own (`screenPixels`) at the display's density (`ppi`): its
/// width in millimetres is `pixels / ppi * 25.4`. It is centred across the body and, unless
/// `screenTop` says where, down it too; the bezel is what lies between.
public struct DeviceBody: Sendable, Equatable {
    /// What kind of body is drawn around the screen.
    public enum Kind: String, Sendable, CaseIterable {
        /// A phone: a band around the glass, buttons on its sides.
        case phone
        /// A tablet: even bezels, a front camera in one of them, a top button.
        case tablet
        /// A laptop: the lid around the screen, and the base's front edge below it.
        case laptop
    }

    /// The edge of the body a button sits on, as the front view shows it.
    public enum Edge: String, Sendable, CaseIterable {
        case left, right, top
    }

    /// What a side button is (its look does not depend on it; names for the docs).
    public enum ButtonKind: String, Sendable, CaseIterable {
        case volumeUp, volumeDown, side, ringer, action, cameraControl, top
    }

    /// One button on an edge: where it starts and ends along the edge (mm from the top
    /// edge for a side button, from the left edge for one on the top).
    public struct Button: Sendable, Equatable {
        public var kind: ButtonKind
        public var edge: Edge
        public var span: Sourced<Size2>
        /// Its start and end (the span's two numbers).
        public var from: Double { span.value.width }
        public var to: Double { span.value.height }
        /// A button.
        public init(kind: ButtonKind, edge: Edge, span: Sourced<Size2>) { (self.kind, self.edge, self.span) = (kind, edge, span) }
    }

    public var kind: Kind
    /// The body's outer width and height (mm).
    public var size: Sourced<Size2>
    /// The outline's corner radius (mm).
    public var cornerRadius: Sourced<Double>
    /// Whether the outline's corners are continuous (Apple's smooth corners) or circular.
    public var continuousCorners: Bool
    /// The display's pixel density (pixels per inch).
    public var ppi: Sourced<Double>
    /// The screen's top edge below the body's (mm); nil: the screen is centred.
    public var screenTop: Sourced<Double>?
    /// The side buttons.
    public var buttons: [Button]
    /// The finishes the model comes in, the default first (names as Apple gives them).
    public var finishes: Sourced<[String]>
    /// The front camera in the bezel (a tablet's, a home-button phone's): its centre's
    /// distance from the body's left and top edges (mm); nil: none drawn.
    public var camera: Sourced<Size2>?
    /// A phone's home button below the screen: its diameter and its centre's distance from
    /// the body's bottom edge (mm), centred across; nil: none.
    public var homeButton: Sourced<Size2>?
    /// A laptop's base as seen below the lid: its width and the height of its front edge
    /// (mm); nil: none.
    public var base: Sourced<Size2>?

    /// A body from its parts.
    public init(kind: Kind, size: Sourced<Size2>, cornerRadius: Sourced<Double>, continuousCorners: Bool, ppi: Sourced<Double>,
                screenTop: Sourced<Double>? = nil, buttons: [Button] = [], finishes: Sourced<[String]>,
                camera: Sourced<Size2>? = nil, homeButton: Sourced<Size2>? = nil, base: Sourced<Size2>? = nil) {
        (self.kind, self.size, self.cornerRadius, self.continuousCorners, self.ppi) = (kind, size, cornerRadius, continuousCorners, ppi)
        (self.screenTop, self.buttons, self.finishes, self.camera, self.homeButton, self.base) = (screenTop, buttons, finishes, camera, homeButton, base)
    }

    /// The default finish: the first listed.
    public var defaultFinish: String { finishes.value.first ?? "" }

    /// Millimetres per screen pixel.
    public var millimetresPerPixel: Double { 25.4 / ppi.value }

    /// The screen's size in millimetres, for a screen of `pixels`.
    public func screenSize(pixels: Size2) -> Size2 {
        Size2(width: pixels.width * millimetresPerPixel, height: pixels.height * millimetresPerPixel)
    }

    /// The screen's top-left corner inside the body (mm), for a screen of `pixels`.
    public func screenOrigin(pixels: Size2) -> (x: Double, y: Double) {
        let screen = screenSize(pixels: pixels)
        return ((size.value.width - screen.width) / 2, screenTop?.value ?? (size.value.height - screen.height) / 2)
    }

    /// The finish among `finishes` that `name` names (letter case, spaces, hyphens and
    /// punctuation aside: `natural-titanium` names "Natural Titanium", `product-red`
    /// "(PRODUCT)RED"), or nil.
    public func finish(named name: String) -> String? {
        let wanted = DeviceBody.finishKey(name)
        return finishes.value.first { DeviceBody.finishKey($0) == wanted }
    }

    /// A finish's name as `--frame-finish` spells it: lowercase, its words (runs of
    /// letters and digits) joined by hyphens.
    public static func finishKey(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: "-")
    }
}
