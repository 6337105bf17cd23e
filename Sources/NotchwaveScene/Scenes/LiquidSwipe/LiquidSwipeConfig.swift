import NotchwaveModel
/// LiquidSwipe's constants (spec `seed-systems.md` 3.2, exyte's `SliderData.swift` `Config`).
public enum LiquidSwipeConfig {
    /// Initial centre y of the left and the right wave (points).
    public static let leftWaveY = 100.0, rightWaveY = 300.0
    /// The button's circle radius and its gap to the bump's tip (points).
    public static let buttonRadius = 24.0, buttonMargin = 8.0
    /// The chevron's width and height (points).
    public static let arrowWidth = 4.0, arrowHeight = 10.0
    /// Drag distance → progress gain, and the progress below which a release cancels.
    public static let swipeVelocity = 0.45, swipeCancelThreshold = 0.15
    /// How far (points) a finger must move before a drag begins: SwiftUI's `DragGesture`
    /// default minimum distance (spec 3.6, SwiftUI-semantics).
    public static let minimumDragDistance = 10.0
    /// The ledge at progress ≤ 0.2, and the bump's radii at progress 0 (points).
    public static let waveMinLedge = 15.0, waveMinHR = 48.0, waveMinVR = 82.0
    /// The normalised bump (spec 3.4): ten cubic segments of six numbers each, x in [0, 1]
    /// outwards, y in [0, 2] upwards from the curve's start.
    public static let bump: [Double] = [
        0, 0.13461, 0.05341, 0.24127, 0.15615, 0.33223,
        0.23616, 0.40308, 0.33052, 0.45611, 0.50124, 0.53505,
        0.51587, 0.54182, 0.56641, 0.56503, 0.57493, 0.56896,
        0.72837, 0.63973, 0.80866, 0.68334, 0.87740, 0.73990,
        0.96534, 0.81226, 1, 0.89361, 1, 1,
        1, 1.10014, 0.95957, 1.18879, 0.86084, 1.27048,
        0.78521, 1.33305, 0.70338, 1.37958, 0.52911, 1.46651,
        0.52418, 1.46896, 0.50573, 1.47816, 0.50153, 1.48026,
        0.31874, 1.57142, 0.23320, 1.62041, 0.15411, 1.68740,
        0.05099, 1.77475, 0, 1.87092, 0, 2,
    ]
}

