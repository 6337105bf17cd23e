import NotchwaveModel
import NotchwaveTimeline

/// How one value animates to a new target.
public enum ValueAnimation: Sendable, Equatable {
    /// A spring (keeps the velocity the value has when it starts).
    case spring(Spring)
    /// A timing curve over `duration` seconds.
    case curve(CubicBezierEasing, duration: Double)

    /// SwiftUI's `Animation.default` on iOS 13–16: easeInOut over 0.35 s (spec 0.3).
    public static let swiftUIDefault = ValueAnimation.curve(.easeInOut, duration: 0.35)
}

/// The three animations of LiquidSwipe (spec 3.6): a cancelled drag springing back, the
/// swipe to the next page, and the sliders' re-entry after a page change.
public struct LiquidSwipeAnimations: Sendable, Equatable {
    public var cancel: ValueAnimation, swipe: ValueAnimation, reentry: ValueAnimation

    /// The repository's head: `.spring(dampingFraction: 0.5)` for cancel and re-entry,
    /// `withAnimation()` (`Animation.default`) for the swipe.
    public static let head = LiquidSwipeAnimations(cancel: .spring(.bouncy), swipe: .swiftUIDefault, reentry: .spring(.bouncy))
    /// The article's code: `.spring()` in all three places.
    public static let article = LiquidSwipeAnimations(cancel: .spring(.swiftUIDefault), swipe: .spring(.swiftUIDefault),
                                                      reentry: .spring(.swiftUIDefault))
}

/// One slider's animated values.
public struct SliderState: Sendable, Equatable {
    /// Swipe progress, 0 resting to 1 gone over (a spring may overshoot below 0).
    public var progress: Double
    /// The bump's centre y, points.
    public var centerY: Double
    /// A state.
    public init(progress: Double, centerY: Double) { (self.progress, self.centerY) = (progress, centerY) }
}

/// Everything LiquidSwipe shows at one time.
public struct LiquidSwipeState: Sendable, Equatable {
    /// The current page, an index into the colours.
    public var page: Int
    /// The two sliders.
    public var left: SliderState, right: SliderState
    /// The slider touched last (drawn on top).
    public var top: ScreenSide
    /// How far (points) both sliders still are beyond their edges after a page change.
    public var sliderOffset: Double

    /// A state.
    public init(page: Int, left: SliderState, right: SliderState, top: ScreenSide, sliderOffset: Double) {
        (self.page, self.left, self.right, self.top, self.sliderOffset) = (page, left, right, top, sliderOffset)
    }
}

/// LiquidSwipe driven by a script of interactions (spec 3.6), as a pure function of time:
/// the events are turned once into piecewise tracks of every animated value, and
/// `state(at:)` only evaluates them, so any frame can be rendered alone, in any order, on
/// any worker.
///
/// - A drag begins when the finger is 10 pt from where it went down (SwiftUI's
///   `DragGesture` minimum distance); from then on the slider is on top, its progress is
///   `clamp(sign · dx · 0.45 / W, 0, 1)` with `dx` measured from the touch-down point, and
///   its centre follows the finger's y. A drag that never moves 10 pt does nothing.
/// - On release below progress 0.15 the progress springs back to 0 (`cancel`); otherwise
///   the slider swipes.
/// - A tap puts the slider on top and swipes it.
/// - A swipe animates the progress to 1 (`swipe`); 0.3 s later the page changes (to the
///   previous page for the left slider, the next for the right, wrapping), both progresses
///   drop to 0, the slider offset jumps to 100 pt and springs back to 0 (`reentry`).
/// - A new animation of a value starts from the value it has then; a spring also keeps its
///   velocity (SwiftUI's retargeting of springs). The page change 0.3 s after a swipe
///   happens whatever came in between (it is a `DispatchQueue.asyncAfter` in the original).
public struct LiquidSwipeTimeline: Sendable {
    /// The screen width (points): drags are measured against it.
    public let width: Double
    /// How many pages there are.
    public let pageCount: Int
    private var leftProgress: Track, rightProgress: Track, leftY: Track, rightY: Track, offset: Track
    private var tops: [(time: Double, value: ScreenSide)]
    private var pages: [(time: Double, value: Int)]

    /// The time line of `script` from the resting pose `initial` (`page`, the sliders'
    /// progresses and centres, `top`) on a screen `width` points wide with `pageCount` pages.
    public init(script: InteractionScript, animations: LiquidSwipeAnimations, width: Double, pageCount: Int,
                initial: LiquidSwipeState) {
        self.width = width
        self.pageCount = Swift.max(pageCount, 1)
        leftProgress = Track(initial.left.progress)
        rightProgress = Track(initial.right.progress)
        leftY = Track(initial.left.centerY)
        rightY = Track(initial.right.centerY)
        offset = Track(initial.sliderOffset)
        tops = [(-.infinity, initial.top)]
        pages = [(-.infinity, ((initial.page % self.pageCount) + self.pageCount) % self.pageCount)]

        enum Action {
            case begin(ScreenSide, [FingerSample], start: Double)
            case release(ScreenSide, [FingerSample], start: Double)
            case swipe(ScreenSide)
            case change(ScreenSide)
        }
        var queue = EventQueue<Action>()
        func schedule(_ time: Double, _ action: Action) { queue.schedule(time, action) }
        for event in script.events {
            switch event {
            case let .tap(side, time):
                schedule(time, .swipe(side))
            case let .drag(side, start, path):
                guard let begin = LiquidSwipeTimeline.dragBegin(path) else { continue }
                schedule(start + begin, .begin(side, path, start: start))
                schedule(start + (path.last?.t ?? 0), .release(side, path, start: start))
            }
        }
        while let (time, action) = queue.next() {
            switch action {
            case let .begin(side, path, start):
                tops.append((time, side))
                self[keyPath: Self.progress(side)].append(time, .dragProgress(path, start: start, sign: side.sign, width: width))
                self[keyPath: Self.centerY(side)].append(time, .dragY(path, start: start))
            case let .release(side, path, start):
                let released = LiquidSwipeTimeline.dragProgress(path, at: time - start, sign: side.sign, width: width)
                self[keyPath: Self.centerY(side)].append(time, .constant(self[keyPath: Self.centerY(side)].value(at: time)))
                if released < LiquidSwipeConfig.swipeCancelThreshold {
                    self[keyPath: Self.progress(side)].animate(at: time, to: 0, animations.cancel)
                } else {
                    self[keyPath: Self.progress(side)].append(time, .constant(released))
                    schedule(time, .swipe(side))
                }
            case let .swipe(side):
                tops.append((time, side))
                self[keyPath: Self.centerY(side)].append(time, .constant(self[keyPath: Self.centerY(side)].value(at: time)))
                self[keyPath: Self.progress(side)].animate(at: time, to: 1, animations.swipe)
                schedule(time + 0.3, .change(side))
            case let .change(side):
                let page = LiquidSwipeTimeline.lastValue(pages, at: time)
                pages.append((time, ((page + (side == .left ? -1 : 1)) % self.pageCount + self.pageCount) % self.pageCount))
                leftProgress.append(time, .constant(0))
                rightProgress.append(time, .constant(0))
                offset.append(time, .constant(100))
                offset.animate(at: time, to: 0, animations.reentry)
            }
        }
    }

    /// The state `t` seconds into the clip.
    public func state(at t: Double) -> LiquidSwipeState {
        LiquidSwipeState(page: LiquidSwipeTimeline.lastValue(pages, at: t),
                         left: SliderState(progress: leftProgress.value(at: t), centerY: leftY.value(at: t)),
                         right: SliderState(progress: rightProgress.value(at: t), centerY: rightY.value(at: t)),
                         top: LiquidSwipeTimeline.lastValue(tops, at: t), sliderOffset: offset.value(at: t))
    }

    // The tracks of one side, as key paths: a write through one changes the track in
    // place (a get-then-set subscript would copy its segments on every change).
    private static func progress(_ side: ScreenSide) -> WritableKeyPath<LiquidSwipeTimeline, Track> {
        side == .left ? \.leftProgress : \.rightProgress
    }

    private static func centerY(_ side: ScreenSide) -> WritableKeyPath<LiquidSwipeTimeline, Track> {
        side == .left ? \.leftY : \.rightY
    }

    private static func lastValue<T>(_ steps: [(time: Double, value: T)], at t: Double) -> T { lastStep(steps, at: t) }

    /// The finger's position `t` seconds after touch-down (straight between samples).
    static func finger(_ path: [FingerSample], at t: Double) -> (x: Double, y: Double) {
        guard let first = path.first else { return (0, 0) }
        if t <= first.t { return (first.x, first.y) }
        for (a, b) in zip(path, path.dropFirst()) where t <= b.t {
            let f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 1
            return (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
        }
        let last = path[path.count - 1]
        return (last.x, last.y)
    }

    /// `clamp(sign · dx · 0.45 / W, 0, 1)`, dx from the touch-down point.
    static func dragProgress(_ path: [FingerSample], at t: Double, sign: Double, width: Double) -> Double {
        guard let first = path.first, width > 0 else { return 0 }
        let dx = finger(path, at: t).x - first.x
        return Swift.min(Swift.max(sign * dx * LiquidSwipeConfig.swipeVelocity / width, 0), 1)
    }

    /// When (seconds after touch-down) the finger is first 10 pt from where it went down,
    /// or nil if it never is.
    static func dragBegin(_ path: [FingerSample]) -> Double? {
        guard let first = path.first else { return nil }
        let minimum = LiquidSwipeConfig.minimumDragDistance
        func distance(_ x: Double, _ y: Double) -> Double { ((x - first.x) * (x - first.x) + (y - first.y) * (y - first.y)).squareRoot() }
        for (a, b) in zip(path, path.dropFirst()) where distance(b.x, b.y) >= minimum {
            // Bisect the straight stretch a → b for the crossing.
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if distance(a.x + (b.x - a.x) * mid, a.y + (b.y - a.y) * mid) >= minimum { hi = mid } else { lo = mid }
            }
            return a.t + (b.t - a.t) * hi
        }
        return nil
    }
}
