import NotchwaveModel
import NotchwaveRaster
import NotchwaveTimeline

/// The LiquidSwipe page slider (spec section 3) on a screen of `width` × `height` points
/// at `scale` pixels per point: the options' static pose, or the pose a script of
/// interactions gives at each time.
public struct LiquidSwipeScene: ScreenScene {
    /// The screen: its size in points, pixel scale, canvas and overlay.
    public let screen: ScreenCanvas
    /// The pages' colours as shown (shuffled when the options have a seed).
    public let colors: [RGBA8]
    private let initial: LiquidSwipeState
    private let timeline: LiquidSwipeTimeline?
    /// The waves' shapes of the frames drawn last (a slider at rest is decomposed once).
    private let shapes = LiquidSwipeWaveShapes()

    /// The scene of `options` on a screen of `width` x `height` points at `scale`.
    public init(options: LiquidSwipeOptions, script: InteractionScript? = nil, width: Double, height: Double, scale: Double) {
        self.init(options: options, script: script, screen: ScreenCanvas(width: width, height: height, scale: scale))
    }

    /// The scene of `options`, driven by `script` when there is one, on `screen`.
    public init(options: LiquidSwipeOptions, script: InteractionScript?, screen: ScreenCanvas) {
        self.screen = screen
        let shown = options.pageColors.map(\.rgba8)
        let colors = shown.isEmpty ? [RGBA8(r: 255, g: 255, b: 255)] : shown
        let initial = LiquidSwipeState(page: options.page % colors.count,
                                       left: SliderState(progress: options.left.progress, centerY: options.left.centerY),
                                       right: SliderState(progress: options.right.progress, centerY: options.right.centerY),
                                       top: options.top, sliderOffset: 0)
        self.colors = colors
        self.initial = initial
        timeline = script.map {
            LiquidSwipeTimeline(script: $0, animations: options.springs == .head ? .head : .article, width: screen.width,
                                pageCount: colors.count, initial: initial)
        }
    }

    /// The state at `time`: the static pose without a script.
    public func state(at time: Double) -> LiquidSwipeState {
        timeline?.state(at: time) ?? initial
    }

    /// The pose at `time`.
    public func pose(at time: Double) -> LiquidSwipePose {
        let s = state(at: time)
        let n = colors.count
        return LiquidSwipePose(left: LiquidSwipeWave(side: .left, centerY: s.left.centerY, progress: s.left.progress, width: width, height: height),
                               right: LiquidSwipeWave(side: .right, centerY: s.right.centerY, progress: s.right.progress, width: width, height: height),
                               top: s.top, page: colors[s.page], previous: colors[(s.page - 1 + n) % n], next: colors[(s.page + 1) % n],
                               sliderOffset: s.sliderOffset)
    }

    public func drawList(at time: Double) -> DrawList {
        var list = pose(at: time).drawList(scale: scale, shapes: shapes)
        // Over a backdrop the current page is the backdrop: its colour is left out, and
        // the sliders' waves (the pages they lead to) and buttons are drawn over it.
        list.base = screen.background(list.base)
        list.commands += screen.overlay
        return list
    }
}
