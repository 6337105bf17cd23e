import NotchwaveModel

/// Where the popup is (spec 4.1, 4.2, 4.3), in points on a `screenWidth` × `screenHeight`
/// screen, as closed forms of the options: pure geometry, no pixels.
///
/// The presenter fills the screen (the tutorial's `ZStack` of a full-screen colour and a
/// button), so `presenterRect` is the screen, its midY is H / 2, and the popup, an overlay
/// of it, is centred on the screen before its offset. PV's 1000-point fallback for an
/// empty presenter rect (spec 4.1 item 7) never applies: the renderer knows the frame
/// from the start.
public struct PopupLayout: Sendable, Equatable {
    /// The screen (= the presenter) in points.
    public var screenWidth: Double, screenHeight: Double
    /// The popup's size in points.
    public var popupWidth: Double, popupHeight: Double
    /// The kind, a floater's padding, the edge or slide direction and the 4.3 animation.
    public var type: PopupKind, verticalPadding: Double, position: PopupPosition, appear: PopupAppear?

    /// The layout of `options` on a screen of `width` × `height` points.
    public init(options: PopupOptions, width: Double, height: Double) {
        screenWidth = width
        screenHeight = height
        popupWidth = options.width
        popupHeight = options.height
        type = options.type
        verticalPadding = options.verticalPadding
        position = options.position
        appear = options.appear
    }

    /// The popup's frame at one moment: its centre (points) and its scale about the centre.
    public struct Frame: Sendable, Equatable {
        public var centerX: Double, centerY: Double, scale: Double
        /// A frame.
        public init(centerX: Double, centerY: Double, scale: Double) { (self.centerX, self.centerY, self.scale) = (centerX, centerY, scale) }
    }

    /// The presenter's midY, the point the popup's offsets are measured from.
    public var presenterMidY: Double { screenHeight / 2 }

    /// The displayed centre y (spec 4.2): the screen's centre for `.default`; for a toast
    /// h / 2 from its edge; for a floater h / 2 + padding from it.
    public var displayedCenterY: Double {
        let h = popupHeight
        switch (type, position) {
        case (.default, _): return screenHeight / 2
        case (.toast, .bottom): return screenHeight - h / 2
        case (.toast, .top): return h / 2
        case (.floater, .bottom): return screenHeight - h / 2 - verticalPadding
        case (.floater, .top): return h / 2 + verticalPadding
        }
    }

    /// The displayed frame.
    public var displayed: Frame { Frame(centerX: screenWidth / 2, centerY: displayedCenterY, scale: 1) }

    /// The hidden frame. Without a 4.3 animation (spec 4.1 item 4, 4.2): 5 pt beyond the
    /// edge of `position` (bottom: top edge at H + 5; top: bottom edge at −5). With one
    /// (spec 4.3): just beyond the screen's edge (top or bottom slide: the popup's far edge
    /// on it; left or right: likewise at the displayed height), or scale 0 in place.
    public var hidden: Frame {
        let w = popupWidth, h = popupHeight, cx = screenWidth / 2
        switch appear {
        case nil:
            return Frame(centerX: cx, centerY: position == .bottom ? screenHeight + h / 2 + 5 : -h / 2 - 5, scale: 1)
        case .topSlide?: return Frame(centerX: cx, centerY: -h / 2, scale: 1)
        case .bottomSlide?: return Frame(centerX: cx, centerY: screenHeight + h / 2, scale: 1)
        case .leftSlide?: return Frame(centerX: -w / 2, centerY: displayedCenterY, scale: 1)
        case .rightSlide?: return Frame(centerX: screenWidth + w / 2, centerY: displayedCenterY, scale: 1)
        case .centerScale?: return Frame(centerX: cx, centerY: displayedCenterY, scale: 0)
        }
    }

    /// Spec 4.1's `displayedOffset` and `hiddenOffset`: the y offsets added to the
    /// presenter-centred position.
    public var displayedOffset: Double { displayed.centerY - presenterMidY }
    public var hiddenOffset: Double { hidden.centerY - presenterMidY }

    /// The frame at `presence` (0 hidden … 1 displayed) with a drag of `drag` points in the
    /// dismiss direction.
    public func frame(presence p: Double, drag: Double = 0) -> Frame {
        let a = hidden, b = displayed
        return Frame(centerX: a.centerX + (b.centerX - a.centerX) * p,
                     centerY: a.centerY + (b.centerY - a.centerY) * p + position.dismissSign * drag,
                     scale: a.scale + (b.scale - a.scale) * p)
    }
}
