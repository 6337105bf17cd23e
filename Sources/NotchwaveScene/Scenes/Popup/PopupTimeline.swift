import NotchwaveModel
import NotchwaveTimeline

/// Everything that moves in the popup scene at one time (spec 4.1, 4.2).
public struct PopupState: Sendable, Equatable {
    /// The eased progress of the show and hide animations: 0 at the hidden place, 1 at
    /// the displayed one (the popup's position is interpolated between them by it).
    public var presence: Double
    /// The dimming layer's opacity (0...1), animated like `presence` but untouched by drags.
    public var background: Double
    /// How far (points, ≥ 0) a drag has pulled the popup in its dismiss direction.
    public var drag: Double
    /// `isPresented`.
    public var isPresented: Bool

    /// A state.
    public init(presence: Double, background: Double, drag: Double = 0, isPresented: Bool) {
        self.presence = presence
        self.background = background
        self.drag = drag
        self.isPresented = isPresented
    }

    /// A still pose: shown, hidden, or the fraction F of the animation's duration elapsed,
    /// eased with `easeOut` (`showing:F` has presence easeOut(F), `hiding:F` 1 − easeOut(F)).
    public init(_ pose: PopupPoseState) {
        let easing = PopupTimeline.easing
        switch pose {
        case .shown: self.init(presence: 1, background: 1, isPresented: true)
        case .hidden: self.init(presence: 0, background: 0, isPresented: false)
        case let .showing(f):
            let e = 0 + (1 - 0) * easing(f)
            self.init(presence: e, background: e, isPresented: true)
        case let .hiding(f):
            let e = 1 + (0 - 1) * easing(f)
            self.init(presence: e, background: e, isPresented: false)
        }
    }
}

/// The popup driven by a script (spec 4.1, 4.2), as a pure function of time: the events are
/// turned once into piecewise tracks of `presence`, `background` and `drag`, and
/// `state(at:)` only evaluates them.
///
/// - `show` (when not presented): `isPresented = true`; presence and background animate
///   to 1 with `easeOut(duration: 0.3)` from wherever they are. PV-2022 first places the
///   popup at the hidden offset and starts the animation a run-loop turn later; that turn
///   is taken as zero. If an autohide time applies (the event's or the option's), the
///   popup dismisses itself that long after the show, unless it was dismissed and shown
///   again in between (PV-2022 re-arms its `DispatchWorkItem` on each show).
/// - Dismissing (`hide`; a tap inside with `closeOnTap`; a tap outside with
///   `closeOnTapOutside`; autohide; a drag released beyond height / 3) when presented:
///   `isPresented = false`; presence, background and drag animate to 0 with the same
///   easeOut 0.3 s, so a dragged popup slides on from where the finger left it.
/// - A drag counts when it starts while the popup is presented (and `dragToDismiss`): from
///   the moment the finger is 10 pt from touch-down (SwiftUI's `DragGesture` minimum
///   distance), the popup follows the finger's vertical movement in the dismiss direction
///   (down for `bottom`, up for `top`; movement the other way is ignored, as PV-2022's
///   `dragOffset()` does). On release it dismisses when the translation exceeds the
///   popup's height / 3; otherwise it returns with `Animation.default` (easeInOut 0.35 s,
///   PV-HEAD's `withAnimation { dragTranslation = .zero }`). A dismissal during a drag ends
///   the drag.
/// - The initial pose is the `state` option; `showing:F` and `hiding:F` continue from
///   that point of their animation (which began 0.3 F s before the clip), and an initially
///   shown or showing popup has its autohide armed from then (shown: from time 0).
public struct PopupTimeline: Sendable {
    /// The show and hide animation: `Animation.easeOut(duration: 0.3)` (spec 4.1 item 5).
    public static let animation = ValueAnimation.curve(.easeOut, duration: 0.3)
    /// Its curve.
    public static let easing = CubicBezierEasing.easeOut
    /// Its duration (seconds).
    public static let duration = 0.3
    /// How a drag released short of the threshold returns: `Animation.default`.
    public static let dragReturn = ValueAnimation.swiftUIDefault

    private var presence: Track, background: Track, drag: Track
    private var presented: [(time: Double, value: Bool)]

    /// The time line of `script` for a popup with `options` (its `state`, `autohide`,
    /// `height`, `position`, `closeOnTap`, `closeOnTapOutside`, `dragToDismiss`).
    public init(script: PopupScript, options: PopupOptions) {
        let initial = PopupState(options.state)
        presence = Track(initial.presence)
        background = Track(initial.background)
        drag = Track(0)
        presented = [(-.infinity, initial.isPresented)]

        enum Action {
            case show(autohide: Double?)
            case dismiss
            case autohide(generation: Int)
            case tap(inside: Bool)
            case dragBegin(id: Int, path: [FingerSample], start: Double)
            case dragEnd(id: Int, path: [FingerSample], start: Double)
        }
        var queue = EventQueue<Action>()
        func schedule(_ time: Double, _ action: Action) { queue.schedule(time, action) }
        var isPresented = initial.isPresented
        var generation = 0
        var activeDrag: Int?
        let sign = options.position.dismissSign

        switch options.state {
        case let .showing(f), let .hiding(f):
            let start = -PopupTimeline.duration * f
            let target = options.state.isPresented ? 1.0 : 0.0
            presence.append(start, .animation(from: 1 - target, to: target, velocity: 0, PopupTimeline.animation))
            background.append(start, .animation(from: 1 - target, to: target, velocity: 0, PopupTimeline.animation))
            if options.state.isPresented, let autohide = options.autohide { schedule(start + autohide, .autohide(generation: 0)) }
        case .shown:
            if let autohide = options.autohide { schedule(autohide, .autohide(generation: 0)) }
        case .hidden:
            break
        }
        for (id, event) in script.events.enumerated() {
            switch event {
            case let .show(time, autohide): schedule(time, .show(autohide: autohide ?? options.autohide))
            case let .hide(time): schedule(time, .dismiss)
            case let .tapInside(time): schedule(time, .tap(inside: true))
            case let .tapOutside(time): schedule(time, .tap(inside: false))
            case let .drag(start, path):
                guard let begin = LiquidSwipeTimeline.dragBegin(path) else { continue }
                schedule(start + begin, .dragBegin(id: id, path: path, start: start))
                schedule(start + (path.last?.t ?? 0), .dragEnd(id: id, path: path, start: start))
            }
        }

        func dismiss(at time: Double) {
            guard isPresented else { return }
            isPresented = false
            activeDrag = nil
            presented.append((time, false))
            presence.animate(at: time, to: 0, PopupTimeline.animation)
            background.animate(at: time, to: 0, PopupTimeline.animation)
            drag.animate(at: time, to: 0, PopupTimeline.animation)
        }

        while let (time, action) = queue.next() {
            switch action {
            case let .show(autohide):
                guard !isPresented else { continue }
                isPresented = true
                generation += 1
                presented.append((time, true))
                presence.animate(at: time, to: 1, PopupTimeline.animation)
                background.animate(at: time, to: 1, PopupTimeline.animation)
                if let autohide { schedule(time + autohide, .autohide(generation: generation)) }
            case .dismiss:
                dismiss(at: time)
            case let .autohide(armed):
                if armed == generation { dismiss(at: time) }
            case let .tap(inside):
                if inside ? options.closeOnTap : options.closeOnTapOutside { dismiss(at: time) }
            case let .dragBegin(id, path, start):
                guard isPresented, options.dragToDismiss, activeDrag == nil else { continue }
                activeDrag = id
                drag.append(time, .dragTranslation(path, start: start, sign: sign))
            case let .dragEnd(id, _, _):
                guard activeDrag == id else { continue }
                activeDrag = nil
                let translation = drag.value(at: time)
                drag.append(time, .constant(translation))
                if translation > options.height / 3 {
                    dismiss(at: time)
                } else {
                    drag.animate(at: time, to: 0, PopupTimeline.dragReturn)
                }
            }
        }
    }

    /// The state `t` seconds into the clip.
    public func state(at t: Double) -> PopupState {
        let isPresented = lastStep(presented, at: t)
        return PopupState(presence: presence.value(at: t), background: background.value(at: t), drag: drag.value(at: t), isPresented: isPresented)
    }
}
