import Hummingbird

// tgt-bench-hello: the floor of the HTTP stack for `Benchmarks/run.sh serve`. A bare
// Hummingbird server with one route answering "hello", on the same stack as `tgt serve`
// without its middlewares, store or Telegram session.
//
//   tgt-bench-hello PORT
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8089
let router = Router()
router.get("/hello") { _, _ in "hello" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
