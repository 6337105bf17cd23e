import NotchwaveModel
import NotchwaveRaster
import NotchwaveTimeline

/// The LiquidSwipe page slider (spec section 3) on a screen of `width` × `height` points
/// at `scale` pixels per point: the options' static pose, or the pose a script of
/// interactions gives at each time.
public struct LiquidSwipeScene: Scene {
    public let canvasWidth: Int, canvasHeight: Int
    /// The screen in points and the pixel scale.
    public let width: Double, height: Double, scale: Double
    /// The pages' colours as shown (shuffled when the options have a seed).
    public let colors: [RGBA8]
    private let initial: LiquidSwipeState
    private let timeline: LiquidSwipeTimeline?
    /// Drawn over every frame (the corner mask, padding for even sizes).
    private let overlay: [DrawCommand]

    /// The scene of `options` on a screen of `width` x `height` points at `scale`.
    public init(options: LiquidSwipeOptions, width: Double, height: Double, scale: Double) {
        self.init(options: options, screen: ScreenCanvas(width: width, height: height, scale: scale))
    }

    /// The scene of `options`, driven by their script when there is one, on `screen`.
    public init(options: LiquidSwipeOptions, screen: ScreenCanvas) {
        width = screen.width
        height = screen.height
        scale = screen.scale
        canvasWidth = screen.canvasWidth
        canvasHeight = screen.canvasHeight
        overlay = screen.overlay
        let script = options.script
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
        var list = pose(at: time).drawList(scale: scale)
        list.commands += overlay
        return list
    }
}
