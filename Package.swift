// swift-tools-version:6.0
import Foundation
import PackageDescription

/// notchwave: renders the "rainbow notch" loading animation into video files.
///
/// Module boundaries (see README "Architecture"):
/// - `NotchwaveModel`: presets, colours, the parameter registry, requests (no pixels, no scene).
/// - `NotchwaveTimeline`: easing curves and springs as closed forms of time (no pixels).
/// - `NotchwaveRaster`: analytic coverage, paints, blending into RGBA canvases (knows no notch, no FFmpeg).
/// - `NotchwaveScene`: the render plan (preset, layers, time line) and one folder per scene
///   (`Scenes/<Name>/`: options, script, time line, draw lists; labels through `NotchwaveText`).
/// - `NotchwaveVideo`: the only module that imports FFmpeg (`CFFmpeg`).
/// - `NotchwaveText`: fonts and text as paths; the only module that imports FreeType,
///   HarfBuzz, fontconfig and FriBidi (`CFreeType`).
/// - `NotchwavePipeline`: runs plans: parallel frames, ordered hand-off, sinks, benchmarks.
/// - `NotchwaveStudio`: `notchwave studio`, a local web page to look at, scrub and tune a
///   clip or a job; the only module that imports libmicrohttpd (`CMicroHTTPD`).
/// - `notchwave`: the command-line tool; parses, reports, calls the library.
/// Each scene's page (`Sources/NotchwaveScene/Scenes/<Name>/README.md`) lives in its folder
/// beside its code and is no source: excluded, found by listing the folders, so that a new
/// scene needs no line here.
let sceneTarget = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sources/NotchwaveScene")
let scenePages = ((try? FileManager.default.contentsOfDirectory(atPath: sceneTarget.appendingPathComponent("Scenes").path)) ?? [])
    .map { "Scenes/\($0)/README.md" }
    .filter { FileManager.default.fileExists(atPath: sceneTarget.appendingPathComponent($0).path) }
    .sorted()

let package = Package(
    name: "notchwave",
    products: [
        .executable(name: "notchwave", targets: ["notchwave"]),
        .library(name: "NotchwavePipeline", targets: ["NotchwavePipeline"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev", "libavfilter-dev", "pkg-config"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev", "libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(name: "NotchwaveModel"),
        .target(name: "NotchwaveTimeline", dependencies: ["NotchwaveModel"]),
        .target(name: "CLaneIntrinsics"),
        .target(name: "NotchwaveRaster", dependencies: ["CLaneIntrinsics"]),
        .target(name: "NotchwaveScene", dependencies: ["NotchwaveModel", "NotchwaveTimeline", "NotchwaveRaster", "NotchwaveText"],
                exclude: scenePages),
        .target(name: "CPixelKernels"),
        .target(name: "NotchwaveVideo", dependencies: ["CFFmpeg", "CPixelKernels"]),
        .target(name: "NotchwaveText", dependencies: ["NotchwaveRaster", "CFreeType"]),
        .target(
            name: "NotchwavePipeline",
            dependencies: ["NotchwaveModel", "NotchwaveRaster", "NotchwaveScene", "NotchwaveVideo", "NotchwaveText"]
        ),
        .target(name: "NotchwaveStudio", dependencies: ["CMicroHTTPD", "NotchwavePipeline", "NotchwaveModel", "NotchwaveScene"]),
        .executableTarget(name: "notchwave", dependencies: ["NotchwavePipeline", "NotchwaveModel", "NotchwaveScene", "NotchwaveStudio"]),
        .target(name: "TestSupport", dependencies: ["NotchwaveRaster", "NotchwaveVideo"], path: "Tests/TestSupport"),
        .testTarget(name: "NotchwaveModelTests", dependencies: ["NotchwaveModel", "TestSupport"], exclude: ["BrokenPresets"]),
        .testTarget(name: "NotchwaveTimelineTests", dependencies: ["NotchwaveTimeline", "NotchwaveModel", "TestSupport"]),
        .testTarget(name: "NotchwaveRasterTests", dependencies: ["NotchwaveRaster", "TestSupport"]),
        .testTarget(name: "NotchwaveSceneTests", dependencies: ["NotchwaveScene", "NotchwaveModel", "NotchwaveRaster", "NotchwaveText", "NotchwaveTimeline", "TestSupport"]),
        .testTarget(name: "NotchwaveVideoTests", dependencies: ["NotchwaveVideo", "TestSupport"]),
        .testTarget(name: "NotchwaveTextTests", dependencies: ["NotchwaveText", "NotchwaveRaster", "TestSupport"]),
        .testTarget(name: "NotchwavePipelineTests", dependencies: ["NotchwavePipeline", "NotchwaveModel", "NotchwaveScene", "NotchwaveRaster", "NotchwaveVideo", "TestSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"]),
    ]
)
