import Foundation
import TgtTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 client on a raw socket bound to a chosen loopback source address (Linux routes
/// all of 127.0.0.0/8 to this machine), so a test can be a second client with an address of its
/// own: the trigger throttle counts per address. One request per connection, on a thread of its
/// own (`offPool`), with a 60 s receive timeout.
enum LoopbackPeer {
    struct Reply: Sendable {
        var status: Int
        var head: String
        var body: String
    }

    static func request(port: Int, method: String = "POST", path: String, body: String = "", from source: String = "127.0.0.2",
                        host: String? = nil, headers: [String] = []) async throws -> Reply
    {
        try await offPool { try blockingRequest(port: port, method: method, path: path, body: body, from: source, host: host, headers: headers) }
    }

    private static func blockingRequest(port: Int, method: String, path: String, body: String, from source: String, host: String?,
                                        headers: [String]) throws -> Reply
    {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { throw Failure("bind \(source): \(errno)") }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw Failure("connect: \(errno)") }
        let payload = Array(body.utf8)
        let extra = headers.map { $0 + "\r\n" }.joined()
        let text = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\nContent-Type: application/json\r\n\(extra)Content-Length: \(payload.count)\r\n\r\n"
        let bytes = Array(text.utf8) + payload
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw Failure("send: \(errno)") }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        let reply = String(decoding: received, as: UTF8.self)
        let parts = reply.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        var rest = parts.dropFirst().joined(separator: "\r\n\r\n")
        if head.lowercased().contains("transfer-encoding: chunked") { rest = dechunk(rest) }
        return Reply(status: status, head: head, body: rest)
    }

    static func dechunk(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let line = rest.range(of: "\r\n") {
            guard let size = Int(rest[..<line.lowerBound], radix: 16), size > 0 else { break }
            let start = line.upperBound
            let bytes = Array(rest[start...].utf8)
            out += String(decoding: bytes.prefix(size), as: UTF8.self)
            rest = Substring(String(decoding: bytes.dropFirst(size + 2), as: UTF8.self))
        }
        return out
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }
}
