import NotchwaveRaster
import Synchronization

/// The filled shapes of the waves drawn last, so that a wave that has not moved since (the
/// slider at rest while the other is dragged, or a still pose) is decomposed into bands
/// once rather than every frame: the decomposition is most of what building a pose costs.
///
/// A shape is a function of the wave's fields, the pixel scale and the slider's offset
/// alone, so a stored shape is the one `Path.shape` would give again, bit for bit: keys
/// compare those values by their bits (0 and -0, which place vertices at 0 and -0, are
/// different keys), and a frame's draw list is the same whichever frames came before it
/// and on whichever worker. Shared by the workers of one scene; each lookup takes a lock
/// briefly, and the shape is made outside it.
public final class LiquidSwipeWaveShapes: Sendable {
    /// A wave, scale and offset by their bits.
    private struct Key: Equatable {
        var side: SliderSide
        var centerY, progress, width, height, scale, dx: UInt64

        init(_ wave: LiquidSwipeWave, scale: Double, dx: Double) {
            side = wave.side
            (centerY, progress, width, height) = (wave.centerY.bitPattern, wave.progress.bitPattern, wave.width.bitPattern, wave.height.bitPattern)
            (self.scale, self.dx) = (scale.bitPattern, dx.bitPattern)
        }
    }

    /// How many shapes are kept, the most recently used first: both sliders of the frame
    /// being drawn and of one more (frames out of order on two workers).
    public static let capacity = 4

    private struct State {
        var entries: [(key: Key, shape: Shape)] = []
        var decompositions = 0
    }

    private let state = Mutex(State())

    /// No shapes yet.
    public init() {}

    /// How many shapes were made rather than found.
    public var decompositions: Int { state.withLock { $0.decompositions } }

    /// The filled shape of `wave` at `scale` pixels per point moved `dx` pixels along x:
    /// the stored one, or `make()`'s, then stored.
    func shape(of wave: LiquidSwipeWave, scale: Double, dx: Double, make: () -> Shape) -> Shape {
        let key = Key(wave, scale: scale, dx: dx)
        let found: Shape? = state.withLock { state in
            guard let i = state.entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = state.entries.remove(at: i)
            state.entries.insert(entry, at: 0)
            return entry.shape
        }
        if let found { return found }
        let shape = make()
        state.withLock { state in
            state.decompositions += 1
            guard !state.entries.contains(where: { $0.key == key }) else { return }
            state.entries.insert((key, shape), at: 0)
            if state.entries.count > Self.capacity { state.entries.removeLast() }
        }
        return shape
    }
}
