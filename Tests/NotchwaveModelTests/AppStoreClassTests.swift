import Foundation
import Testing
import NotchwaveModel
import TestSupport

/// Each iPhone preset's App Store display class, against Apple's tables written out here.
@Suite("App Store display classes")
struct AppStoreClassTests {
    /// App Store Connect's accepted portrait screenshot sizes per iPhone class (Screenshot
    /// specifications), and each class's portrait preview size (App preview specifications).
    static let screenshots: [String: [[Int]]] = [
        "6.9": [[1320, 2868], [1290, 2796], [1260, 2736]], "6.5": [[1284, 2778], [1242, 2688]],
        "6.3": [[1206, 2622], [1179, 2556]], "6.1": [[1170, 2532], [1125, 2436], [1080, 2340]],
        "5.5": [[1242, 2208]], "4.7": [[750, 1334]], "4.0": [[640, 1136], [640, 1096]],
        "iPad 13": [[2064, 2752], [2048, 2732]], "iPad 11": [[1668, 2420], [1668, 2388], [1640, 2360], [1488, 2266]],
    ]
    static let previews: [String: [Int]] = ["6.9": [886, 1920], "6.5": [886, 1920], "6.3": [886, 1920], "6.1": [886, 1920],
                                            "5.5": [1080, 1920], "4.7": [750, 1334], "4.0": [1080, 1920],
                                            "iPad 13": [1200, 1600], "iPad 11": [1200, 1600]]
    /// Devices whose panel size is no accepted screenshot size: their class by diagonal.
    static let byDiagonal = ["iphone-xr": "6.1", "iphone-11": "6.1", "iphone-8-plus": "5.5"]

    @Test("every iPhone and iPad preset has the class whose screenshot sizes include its pixels (or, failing that, its diagonal's); others have none")
    func classes() throws {
        let library = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path)
        var iPhones = 0
        for preset in library.presets {
            guard preset.family == "iphone" || preset.family == "ipad" else {
                #expect(preset.appStoreClass == nil, "\(preset.id)")
                continue
            }
            iPhones += 1
            let pixels = [preset.pixelWidth, preset.pixelHeight]
            let expected = Self.byDiagonal[preset.id] ?? Self.screenshots.first { $0.value.contains(pixels) }?.key
            let found = try #require(preset.appStoreClass, "\(preset.id) has no class")
            #expect(found.value.rawValue == expected, "\(preset.id): \(found.value.rawValue), expected \(expected ?? "none")")
            #expect(found.source?.isEmpty == false)
            let preview = try #require(Self.previews[found.value.rawValue])
            #expect([found.value.previewSize.width, found.value.previewSize.height] == preview)
            // An iPhone's preview is its picture scaled, not cropped: the aspect ratios agree within 0.5 %.
            // (The 11-inch iPads' narrower screens are fitted inside the 3:4 preview.)
            let aspect = Double(preset.pixelWidth) / Double(preset.pixelHeight), previewAspect = Double(preview[0]) / Double(preview[1])
            if preset.family == "iphone" {
                #expect(abs(aspect / previewAspect - 1) < 0.005, "\(preset.id): aspect \(aspect) vs \(previewAspect)")
            } else {
                #expect(aspect <= previewAspect + 1e-9, "\(preset.id): an iPad screen wider than 3:4")
            }
        }
        #expect(iPhones >= 41)
    }

    @Test("a preset file's class must be one of Apple's")
    func badClass() throws {
        let text = """
        {"id": "p", "name": "P", "screenPoints": [100, 200], "scale": 1, "screenPixels": [100, 200], "cornerRadius": 0,
         "statusBarHeight": 20, "cutout": {"kind": "none"}, "appStoreClass": "6.4"}
        """
        #expect(throws: ConfigurationError.self) { try Preset.decode(text, file: "p.json") }
        let good = try Preset.decode(text.replacingOccurrences(of: "\"6.4\"", with: "\"6.1\""), file: "p.json")
        #expect(good.appStoreClass?.value == .iPhone61)
    }
}
