import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveText
import NotchwaveVideo

/// The pictures of a batch: `contact-sheet.png`, a labelled grid with one frame of every
/// output (decoded from the files as written), and `index.html`, a static page that plays
/// every output with its parameters beside it.
public enum BatchGallery {
    static let cellWidth = 240, thumbnailHeight = 300, labelLines = 3, margin = 12, columns = 6
    /// Label text: 11 px Inter on 14 px lines.
    static let labelSize = 11.0, lineHeight = 14
    static let background = RGBA8(r: 32, g: 32, b: 36)
    /// The files written into the batch directory.
    public static let contactSheetName = "contact-sheet.png", indexName = "index.html"

    /// True when both files exist in `directory`.
    static func exists(in directory: String) -> Bool {
        [contactSheetName, indexName].allSatisfy { FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0)) }
    }

    /// Writes both for the manifest's successful outputs.
    public static func write(manifest: BatchManifest, directory: String) throws {
        let entries = manifest.entries.values.filter { $0.status == "ok" }.sorted { $0.output < $1.output }
        try contactSheet(entries, directory: directory)
        try indexPage(entries, manifest: manifest, directory: directory)
    }

    /// The file to take the picture from: the output, or a PNG sequence's middle frame.
    static func pictureSource(_ entry: ManifestEntry, directory: String) -> (path: String, frame: Int) {
        let path = (directory as NSString).appendingPathComponent(entry.output)
        let middle = max(0, (entry.frames ?? 1) / 2)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return ((path as NSString).appendingPathComponent(OutputFormat.sequenceFileName(OutputFormat.defaultSequencePattern, middle)), 0)
        }
        if path.contains("%") { return (OutputFormat.sequenceFileName(path, middle), 0) }
        return (path, middle)
    }

    static func contactSheet(_ entries: [ManifestEntry], directory: String) throws {
        let font: Font
        do {
            font = try Font.load()
        } catch {
            throw PipelineError.output("cannot label the contact sheet: \(error)")
        }
        // Thumbnails first: the cells are as tall as the tallest one.
        let thumbnails = entries.map { entry -> (rgba: [UInt8], width: Int, height: Int)? in
            let (path, frame) = pictureSource(entry, directory: directory)
            return try? FrameDecoder.thumbnail(path: path, frameIndex: frame, maxWidth: cellWidth, maxHeight: thumbnailHeight)
        }
        let pictureHeight = max(40, thumbnails.compactMap { $0?.height }.max() ?? 40)
        let count = max(entries.count, 1)
        let columnCount = min(columns, count)
        let rows = (count + columnCount - 1) / columnCount
        let cellHeight = pictureHeight + labelLines * lineHeight + 8
        let width = margin + columnCount * (cellWidth + margin)
        let height = margin + rows * (cellHeight + margin) + (entries.isEmpty ? 20 : 0)
        let sheet = Canvas(width: width, height: height)
        sheet.fill(background.premultiplied, rows: 0..<height)
        if entries.isEmpty {
            drawText([("no outputs", .white)], font: font, into: sheet, x: margin, y: margin, width: width - margin)
        }
        for (index, entry) in entries.enumerated() {
            let x0 = margin + (index % columnCount) * (cellWidth + margin)
            let y0 = margin + (index / columnCount) * (cellHeight + margin)
            if let (rgba, w, h) = thumbnails[index] {
                // Centred in the cell, over a checkerboard where the picture is transparent.
                let ox = x0 + (cellWidth - w) / 2, oy = y0 + (pictureHeight - h) / 2
                for y in 0..<h {
                    let line = UnsafeMutableRawPointer(sheet.row(oy + y)).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        let i = (y * w + x) * 4
                        let check: UInt32 = ((x / 8 + y / 8) % 2 == 0) ? 200 : 150
                        let a = UInt32(rgba[i + 3])
                        func mix(_ c: UInt8) -> UInt32 { (UInt32(c) * a + check * (255 - a) + 127) / 255 }
                        line[ox + x] = mix(rgba[i]) | mix(rgba[i + 1]) << 8 | mix(rgba[i + 2]) << 16 | 0xFF00_0000
                    }
                }
            } else {
                drawText([("cannot decode", RGBA8(r: 255, g: 120, b: 120))], font: font, into: sheet, x: x0, y: y0 + pictureHeight / 2, width: cellWidth)
            }
            let labels = [entry.output, "\(entry.preset) \(entry.style) \(entry.variant)",
                          "\(entry.codec ?? entry.format) \(entry.frames ?? 0) frames \(formatSize(entry.size ?? 0))"]
            drawText(labels.enumerated().map { ($1, $0 == 0 ? .white : RGBA8(r: 180, g: 180, b: 190)) },
                     font: font, into: sheet, x: x0, y: y0 + pictureHeight + 4, width: cellWidth)
        }
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(rgba: sheet.pixels, width: width, height: height, bytesPerRow: sheet.bytesPerRow)
        } catch {
            throw PipelineError.ffmpeg(error)
        }
        try AtomicOutputFile.write(png, to: (directory as NSString).appendingPathComponent(contactSheetName))
    }

    /// Lines of text at `(x, y)` in `sheet`, cut at `width`: rendered by the rasterizer into
    /// a strip whose base is the sheet's background (labels sit on plain background), then
    /// copied in.
    static func drawText(_ lines: [(String, RGBA8)], font: Font, into sheet: Canvas, x: Int, y: Int, width: Int) {
        let width = min(width, sheet.width - x), height = min(lines.count * lineHeight, sheet.height - y)
        guard width > 0, height > 0, x >= 0, y >= 0 else { return }
        let commands = lines.enumerated().map { index, line in
            let baseline = Double(index * lineHeight) + labelSize
            return DrawCommand(shape: font.path(line.0, size: labelSize, x: 0, baseline: baseline).shape(), paint: .solid(line.1))
        }
        let strip = Canvas(width: width, height: height)
        Rasterizer().render(DrawList(base: background, commands: commands), into: strip, rows: 0..<height)
        for row in 0..<height {
            (sheet.row(y + row) + x * 4).update(from: strip.row(row), count: width * 4)
        }
    }

    static func formatSize(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : String(format: "%.0f KB", Double(bytes) / 1024)
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A relative URL for a path (each segment percent-encoded).
    static func url(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? String($0)
        }.joined(separator: "/")
    }

    static func indexPage(_ entries: [ManifestEntry], manifest: BatchManifest, directory: String) throws {
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>notchwave batch: \(escape(manifest.job))</title>
        <style>
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; background: #1c1c1e; color: #f2f2f7; margin: 24px; }
        h1 { font-size: 20px; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 20px; }
        figure { margin: 0; background: #2c2c2e; border-radius: 10px; padding: 12px; }
        video, img { width: 100%; max-height: 480px; object-fit: contain; background: repeating-conic-gradient(#8e8e93 0% 25%, #636366 0% 50%) 0 0 / 16px 16px; border-radius: 6px; }
        figcaption { margin-top: 8px; }
        dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 6px 0 0; font-size: 12px; color: #c7c7cc; }
        dt { color: #8e8e93; }
        dd { margin: 0; word-break: break-all; }
        a { color: #64d2ff; }
        </style>
        </head>
        <body>
        <h1>notchwave batch: \(escape(manifest.job))</h1>
        <p>\(entries.count) outputs. <a href="contact-sheet.png">Contact sheet</a> · <a href="\(BatchManifest.fileName(shard: manifest.shard))">manifest</a></p>
        <div class="grid">

        """
        for entry in entries {
            let (picture, _) = pictureSource(entry, directory: directory)
            let relative = picture.hasPrefix(directory) ? String(picture.dropFirst(directory.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/")) : entry.output
            let ext = (entry.output as NSString).pathExtension.lowercased()
            let media: String
            if ["mp4", "mov", "webm"].contains(ext) {
                media = "<video src=\"\(escape(url(entry.output)))\" controls loop muted autoplay playsinline></video>"
            } else {
                media = "<img src=\"\(escape(url(relative)))\" alt=\"\(escape(entry.output))\">"
            }
            var details: [(String, String)] = [("codec", entry.codec ?? entry.format), ("frames", "\(entry.frames ?? 0)"),
                                               ("duration", String(format: "%.2f s", entry.duration ?? 0)),
                                               ("size", formatSize(entry.size ?? 0)), ("sha256", String((entry.sha256 ?? "").prefix(16)) + "…")]
            if case let .object(members) = entry.parameters {
                for (key, value) in members where !["preset", "style", "variant", "ext"].contains(key) {
                    details.append((key, value.rendered(indent: nil).trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
                }
            }
            html += """
            <figure>
            \(media)
            <figcaption><a href="\(escape(url(entry.output)))">\(escape(entry.output))</a> — \(escape(entry.preset)), \(escape(entry.style)), \(escape(entry.variant))
            <dl>\(details.map { "<dt>\(escape($0.0))</dt><dd>\(escape($0.1))</dd>" }.joined())</dl>
            </figcaption>
            </figure>

            """
        }
        html += "</div>\n</body>\n</html>\n"
        try AtomicOutputFile.write(Array(html.utf8), to: (directory as NSString).appendingPathComponent(indexName))
    }
}
