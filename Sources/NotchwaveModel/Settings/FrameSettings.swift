/// Which part of the screen a frame shows.
public enum Region: String, Sendable, CaseIterable {
    /// The whole screen.
    case screen
    /// Only the top strip down to the bottom of the bar (for overlays).
    case bar
}

/// What to do when a codec needs even frame sizes and the preset's size is odd.
public enum EvenSizePolicy: String, Sendable, CaseIterable {
    /// Add one column / row on the right / bottom repeating the frame's last column /
    /// row, so that 4:2:0 chroma of the edge is the picture's own; padding further up to
    /// an encoder's minimum size shows the outside colour.
    case pad
    /// Drop the last column / row.
    case crop
}

/// When a layer shows and how opaque it is: from `start` to `end` seconds of the clip
/// (nil: to its end), at `opacity` (0...1) over the layers below.
public struct LayerShowing: Sendable, Equatable {
    /// The clip time (seconds) the layer appears at.
    public var start: Double
    /// The clip time it disappears at (nil: it stays to the end).
    public var end: Double?
    /// Its opacity over the layers below.
    public var opacity: Double

    /// Shown over the whole clip, fully opaque.
    public init(start: Double = 0, end: Double? = nil, opacity: Double = 1) {
        self.start = start
        self.end = end
        self.opacity = opacity
    }

    /// The layer's opacity at clip time `time`: `opacity` inside `start..<end`, else 0.
    public func opacity(at time: Double) -> Double {
        guard time >= start, end.map({ time < $0 }) ?? true else { return 0 }
        return min(max(opacity, 0), 1)
    }

    /// True when the layer is fully shown over the whole clip (the renderer's plain path).
    public var isAlwaysOpaque: Bool { start <= 0 && end == nil && opacity >= 1 }
}
