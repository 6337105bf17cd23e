import Foundation
import NotchwaveVideo

/// Golden-image checks: compares an RGBA image with a PNG in the repository, exactly.
///
/// With `UPDATE_GOLDENS=1` in the environment the PNG is (re)written instead. On a
/// mismatch a three-panel diff image (expected | actual | differences in red) is written
/// next to the build products and its path is part of the failure message.
public enum GoldenImage {
    /// The outcome: nil when equal (or updated), else a message.
    public static func check(name: String, rgba: [UInt8], width: Int, height: Int, directory: String) throws -> String? {
        let path = (directory as NSString).appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let png = try rgba.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4) }
            guard FileManager.default.createFile(atPath: path, contents: Data(png)) else { return "cannot write \(path)" }
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return "no golden image \(path); run the tests with UPDATE_GOLDENS=1 to create it"
        }
        let expected = try MediaProbe.decodePNG(path, width: width, height: height)
        let differing = ImageCompare.differingPixels(expected, rgba)
        if differing == 0 { return nil }
        // Three panels side by side.
        var diff = [UInt8](repeating: 255, count: width * 3 * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                for c in 0..<4 {
                    diff[(y * width * 3 + x) * 4 + c] = expected[i + c]
                    diff[(y * width * 3 + width + x) * 4 + c] = rgba[i + c]
                }
                let same = expected[i] == rgba[i] && expected[i + 1] == rgba[i + 1] && expected[i + 2] == rgba[i + 2] && expected[i + 3] == rgba[i + 3]
                let o = (y * width * 3 + 2 * width + x) * 4
                diff[o] = 255; diff[o + 1] = same ? 255 : 0; diff[o + 2] = same ? 255 : 0; diff[o + 3] = 255
            }
        }
        let failures = CommandRunner.packageRoot.appendingPathComponent(".build/golden-failures").path
        try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        let diffPath = (failures as NSString).appendingPathComponent(name + "-diff.png")
        let png = try diff.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0.baseAddress!, width: width * 3, height: height, bytesPerRow: width * 12) }
        _ = FileManager.default.createFile(atPath: diffPath, contents: Data(png))
        return "\(name): \(differing) pixels differ from \(path); diff image: \(diffPath)"
    }
}
