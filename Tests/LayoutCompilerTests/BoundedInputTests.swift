import Foundation
import Testing

/// Only regular files up to 64 MB are read: a device never ends, a FIFO blocks, a huge sparse
/// file would be read whole. Each is a clear error before anything is read.
@Suite("bounded input")
struct BoundedInputTests {
    @Test("/dev/zero is refused at once", arguments: [
        ["frames", "/dev/zero"], ["generate", "/dev/zero", "--output", "out"], ["convert", "/dev/zero", "--to", "text"],
        ["format", "/dev/zero"], ["preview", "/dev/zero", "-o", "out.svg"],
    ])
    func device(arguments: [String]) throws {
        let root = try HostileEnvironment.scratch("zero")
        let run = try HostileEnvironment.run(arguments, in: root, timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.stderr == "/dev/zero: error: cannot read the layout file: it is a device, not a regular file\n")
    }

    @Test("a FIFO is refused at once, not waited on", arguments: ["frames", "generate"])
    func fifo(command: String) throws {
        let root = try HostileEnvironment.scratch("fifo")
        #expect(HostileEnvironment.makeFIFO(root.appendingPathComponent("pipe.layout.yaml")))
        let arguments = command == "frames" ? ["frames", "pipe.layout.yaml"] : ["generate", "pipe.layout.yaml", "--output", "out"]
        let run = try HostileEnvironment.run(arguments, in: root, timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.stderr == "pipe.layout.yaml: error: cannot read the layout file: it is a named pipe (FIFO), not a regular file\n")
    }

    @Test("a 2 GB sparse file is refused by its size, before it is read")
    func hugeSparseFile() throws {
        let root = try HostileEnvironment.scratch("sparse")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("big.layout.yaml")
        try HostileEnvironment.write("layout: Big\n", to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let run = try HostileEnvironment.run(["frames", "big.layout.yaml"], in: root, timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.stderr == "big.layout.yaml: error: cannot read the layout file: it has 2147483648 bytes, more than the 67108864 bytes (64 MB) layoutc reads\n")
    }

    @Test("a file of exactly 64 MB is read (the limit is inclusive)")
    func atTheLimit() throws {
        let root = try HostileEnvironment.scratch("limit")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("edge.layout.yaml")
        let head = "layout: Edge\nsize: [10, 10]\nroot:\n  item: a\n#"
        var bytes = Array(head.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: (64 << 20) - bytes.count - 1) + [0x0A]
        try Data(bytes).write(to: url)
        let run = try HostileEnvironment.run(["frames", "edge.layout.yaml", "--format", "csv"], in: root, timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "layout,name,kind,x,y,width,height\nEdge,a,item,0,0,10,10\n")
    }
}
