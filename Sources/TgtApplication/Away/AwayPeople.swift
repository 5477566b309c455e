import TgtDomain
import TgtStore

extension AwayService {
    /// The person `query` names, for the list of people never answered: among the private
    /// chats last loaded from Telegram and the people already on the list, by user id (any
    /// person's, known or not), by their
    /// whole name (any case), or by the one name that contains it. The same choice the
    /// dashboard offers (its boxes are those chats).
    public func person(_ query: String) throws -> AwayPerson {
        let known = try store.cachedChats().filter { $0.kind == .privateChat }.map { AwayPerson(userID: $0.id, name: $0.title) }
            + (try settings()).excluded
        var people: [AwayPerson] = []
        for person in known where !people.contains(where: { $0.userID == person.userID }) { people.append(person) }
        let wanted = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = Int64(wanted), id > 0 { return people.first { $0.userID == id } ?? AwayPerson(userID: id, name: wanted) }
        let folded = TemplateValidator.fold(wanted)
        let exact = people.filter { TemplateValidator.fold($0.name) == folded }
        let matches = exact.isEmpty && !folded.isEmpty ? people.filter { TemplateValidator.fold($0.name).contains(folded) } : exact
        switch matches.count {
        case 1: return matches[0]
        case 0: throw AwayError.personNotFound(wanted)
        default: throw AwayError.personAmbiguous(wanted, candidates: matches.map { "\($0.name) (\($0.userID))" })
        }
    }
}
