import Foundation
import Testing
import NotchwavePipeline
import TestSupport

@Suite("Atomic outputs")
struct AtomicOutputTests {
    @Test("temporary files and directories are known to the last-resort cleanup until committed or discarded")
    func registered() throws {
        let dir = TemporaryDirectory()
        let file = try AtomicOutputFile(target: dir.file("a.mp4"), noOverwrite: false)
        let sequence = try AtomicOutputDirectory(directory: dir.file("seq"), names: ["00000.png"], noOverwrite: false)
        #expect(TemporaryOutputs.contains(file.temporaryPath))
        #expect(TemporaryOutputs.contains(sequence.temporaryDirectory))
        try AtomicOutputFile.write([1, 2, 3], to: dir.file("b.bin"))
        #expect(FileManager.default.createFile(atPath: (sequence.temporaryDirectory as NSString).appendingPathComponent("00000.png"), contents: Data([1])))
        try sequence.commit()
        file.discard()
        #expect(!TemporaryOutputs.contains(file.temporaryPath))
        #expect(!TemporaryOutputs.contains(sequence.temporaryDirectory))
        #expect(dir.contents.sorted() == ["b.bin", "seq"])
        #expect(FileManager.default.contents(atPath: dir.file("b.bin")) == Data([1, 2, 3]))
        #expect((try FileManager.default.contentsOfDirectory(atPath: dir.file("seq"))) == ["00000.png"])
    }

    @Test("--no-overwrite: a sequence whose frames exist fails before anything is written")
    func sequenceNoOverwrite() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("seq"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dir.file("seq/00001.png"), contents: Data([7])))
        #expect(throws: PipelineError.self) {
            _ = try AtomicOutputDirectory(directory: dir.file("seq"), names: ["00000.png", "00001.png"], noOverwrite: true)
        }
        #expect(dir.contents == ["seq"])
    }
}
