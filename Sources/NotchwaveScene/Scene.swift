import NotchwaveRaster

/// What a scene is to the renderer: a canvas size and, for any time, the draw list of
/// that moment (a pure function of the time, so frames render alone, in any order, on any
/// worker). The notch waves (`FrameScene`) and LiquidSwipe (`LiquidSwipeScene`) are scenes.
public protocol Scene: Sendable {
    /// The canvas size in pixels.
    var canvasWidth: Int { get }
    var canvasHeight: Int { get }
    /// Everything the frame `time` seconds into the clip shows.
    func drawList(at time: Double) -> DrawList
}

/// The notch waves are a scene.
extension FrameScene: Scene {}
