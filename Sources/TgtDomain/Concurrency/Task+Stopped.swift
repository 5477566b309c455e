/// A task that follows alongside some work (a progress reporter reading updates) and must be
/// over before the work's answer is given: nothing it reports comes after.
extension Task where Success == Void {
    /// Runs `work`, then cancels this task and waits for it to end, and only then answers with
    /// what `work` gave or threw.
    public func stopped<T, E: Error>(after work: () async throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E>
        do {
            result = .success(try await work())
        } catch {
            result = .failure(error)
        }
        cancel()
        _ = await self.result
        return try result.get()
    }
}
