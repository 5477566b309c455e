import Foundation
import Testing
import TgtTDLib
import TgtTestSupport

/// The binding against the real libtdjson, as far as TDLib answers without a network.
@Suite("Real libtdjson", .serialized, .timeLimit(.minutes(5)))
struct RealTDLibTests {
    @Test("starts, asks for parameters, reaches WaitPhoneNumber and closes cleanly")
    func startToWaitPhoneNumber() async throws {
        let dir = try TestDirectory("td-start")
        defer { dir.remove() }
        let library = try OfflineTDLib.library()
        let client = TDClient(runtime: TDRuntime.shared(for: library))
        var iterator = client.updates.makeAsyncIterator()
        var seen: [TDUpdate] = []
        // Any request starts the client; getOption("version") is answered before authorization.
        let version = try await client.send(TDFunctions.GetOption("version"))
        #expect(version.stringValue?.hasPrefix("1.8.") == true)
        let first = await OfflineTDLib.waitFor(client, iterator: &iterator, seen: &seen) { _ in true }
        #expect(first == .waitTdlibParameters)
        _ = try await client.send(OfflineTDLib.parameters(in: dir))
        let state = await OfflineTDLib.waitFor(client, iterator: &iterator, seen: &seen) { $0 == .waitPhoneNumber }
        #expect(state == .waitPhoneNumber)
        #expect(seen.contains { if case .option(name: "version", _) = $0 { true } else { false } })
        let closed = await client.close()
        #expect(closed)
        #expect(client.isClosed)
        var rest: [TDUpdate] = []
        while let update = await iterator.next() { rest.append(update) }
        #expect(rest.last == .authorizationState(.closed))
    }

    @Test("parses Telegram Markdown offline through td_execute")
    func parseMarkdown() throws {
        let library = try OfflineTDLib.library()
        let text = try TDClient.execute(
            TDFunctions.ParseMarkdown("*Leaving* _now_. [map](https://example.com/x) `eta`!"), on: library)
        #expect(text.text == "Leaving now. map eta!")
        let kinds = text.entities.map(\.typeName)
        #expect(kinds == ["textEntityTypeBold", "textEntityTypeItalic", "textEntityTypeTextUrl", "textEntityTypeCode"])
        #expect(text.entities[2].type["url"] == .string("https://example.com/x"))
        #expect(text.entities[0].offset == 0 && text.entities[0].length == 7)
    }

    @Test("bad Markdown is an error that points at the problem")
    func badMarkdown() throws {
        let library = try OfflineTDLib.library()
        #expect {
            _ = try TDClient.execute(TDFunctions.ParseMarkdown("*never closed"), on: library)
        } throws: { error in
            guard let error = error as? TDError, case .tdlib(400, let message, _) = error else { return false }
            return message.contains("Can't find end of the entity") && message.contains("offset 0")
        }
    }

    @Test("a request with no answer times out instead of hanging")
    func requestTimesOut() async throws {
        let dir = try TestDirectory("td-timeout")
        defer { dir.remove() }
        let library = try OfflineTDLib.library()
        let client = TDClient(runtime: TDRuntime.shared(for: library))
        var iterator = client.updates.makeAsyncIterator()
        var seen: [TDUpdate] = []
        _ = try await client.send(OfflineTDLib.parameters(in: dir))
        _ = await OfflineTDLib.waitFor(client, iterator: &iterator, seen: &seen) { $0 == .waitPhoneNumber }
        // Without a network TDLib cannot deliver a login code, so this never completes.
        await #expect(throws: TDError.timeout(function: "setAuthenticationPhoneNumber", seconds: 0.5)) {
            _ = try await client.send(TDFunctions.SetAuthenticationPhoneNumber("+15555550100"), timeout: 0.5)
        }
        #expect(await client.close())
    }

    @Test("20 start/close cycles in a row")
    func startCloseCycles() async throws {
        let library = try OfflineTDLib.library()
        let runtime = TDRuntime.shared(for: library)
        var ids: [Int32] = []
        for cycle in 0..<20 {
            let dir = try TestDirectory("td-cycle\(cycle)")
            let client = TDClient(runtime: runtime)
            ids.append(client.clientID)
            var iterator = client.updates.makeAsyncIterator()
            var seen: [TDUpdate] = []
            _ = try await client.send(OfflineTDLib.parameters(in: dir))
            let state = await OfflineTDLib.waitFor(client, iterator: &iterator, seen: &seen) { $0 == .waitPhoneNumber }
            #expect(state == .waitPhoneNumber, "cycle \(cycle)")
            #expect(await client.close(), "cycle \(cycle)")
            dir.remove()
        }
        // Other suites may have clients of their own on this runtime meanwhile: check ours.
        #expect(!ids.contains(where: runtime.isRegistered))
    }

    @Test("an explicit path that does not exist gives one clear message")
    func missingLibrary() {
        #expect {
            _ = try TDJSONLibrary.load(explicitPath: "/nonexistent/libtdjson.so")
        } throws: { error in
            guard let error = error as? TDLibraryError else { return false }
            return error.message.contains("/nonexistent/libtdjson.so")
                && (error.nextStep ?? "").contains("install-deps.sh")
        }
    }

    @Test("a TDLib linked into the app (TDLibFramework on iOS) works through the same binding, given its four functions")
    func linkedFunctions() throws {
        let path = try OfflineTDLib.library().path
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))
        func symbol<T>(_ name: String, _ type: T.Type) throws -> T { unsafeBitCast(try #require(dlsym(handle, name)), to: type) }
        let library = TDJSONLibrary.linked(TDJSONLibrary.LinkedFunctions(
            create: try symbol("td_create_client_id", TDJSONLibrary.LinkedFunctions.Create.self),
            send: try symbol("td_send", TDJSONLibrary.LinkedFunctions.Send.self),
            receive: try symbol("td_receive", TDJSONLibrary.LinkedFunctions.Receive.self),
            execute: try symbol("td_execute", TDJSONLibrary.LinkedFunctions.Execute.self)))
        let text = try TDClient.execute(TDFunctions.ParseMarkdown("*bold*"), on: library)
        #expect(text.text == "bold")
        #expect(TDJSONLibrary.linked(TDJSONLibrary.LinkedFunctions(
            create: try symbol("td_create_client_id", TDJSONLibrary.LinkedFunctions.Create.self),
            send: try symbol("td_send", TDJSONLibrary.LinkedFunctions.Send.self),
            receive: try symbol("td_receive", TDJSONLibrary.LinkedFunctions.Receive.self),
            execute: try symbol("td_execute", TDJSONLibrary.LinkedFunctions.Execute.self))) === library, "one per process")
    }
}
