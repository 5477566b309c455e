import Foundation
import Testing
import TgtTestSupport

/// The tests' process launcher (`ChildProcess`) does what the CLI tests rely on: exit codes and
/// the signal that ended a child, pipes that reach end of file, /dev/null, a folder and an
/// environment of its own, and nothing of the test process's open files leaking into the child.
@Suite("Child processes for the tests")
struct ChildProcessTests {
    @Test("exit code, output through a pipe, environment and folder")
    func exitCodeOutputEnvironmentFolder() async throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "read line; echo \"$line $GREETING $(pwd)\"; echo oops >&2; exit 3"]
        process.environment = ["GREETING": "hello", "PATH": "/usr/bin:/bin"]
        // /tmp is /private/tmp on macOS: the shell says the folder's real path.
        let folder = URL(fileURLWithPath: "/tmp").resolvingSymlinksInPath().path
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        #expect(!process.isRunning)
        try process.run()
        #expect(process.processIdentifier > 0)
        input.fileHandleForWriting.write(Data("ping\n".utf8))
        try input.fileHandleForWriting.close()
        let text = try await offPool { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        try await offPool { process.waitUntilExit() }
        #expect(text == "ping hello \(folder)\n")
        #expect(process.terminationStatus == 3)
        #expect(!process.isRunning)
    }

    @Test("a child ended by a signal reports the signal; SIGINT reaches it though the tests block signals")
    func signals() async throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["600"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(process.isRunning)
        process.interrupt()
        try await offPool { process.waitUntilExit() }
        #expect(process.terminationStatus == SIGINT)
    }

    #if os(Linux)
    @Test("the child gets stdin, stdout and stderr and none of the test process's other descriptors")
    func closesTheRest() async throws {
        // A pipe without close-on-exec: Foundation's own Pipe() descriptors are like this.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell's own listing of /proc/self/fd: what it inherited, plus the folder it reads.
        process.arguments = ["-c", "ls /proc/$$/fd"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listed = try await offPool { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        try await offPool { process.waitUntilExit() }
        let open = Set(listed.split(separator: "\n").compactMap { Int32($0) })
        #expect(open.isSuperset(of: [0, 1, 2]))
        #expect(!open.contains(fds[0]) && !open.contains(fds[1]), "\(open.sorted())")
    }
    #endif
}
