import Foundation
import FuzzSupport
import TgtDomain

let separators: [Unicode.Scalar] = ["=", ",", "/", "\n", "\u{301}"]

/// Splitting by scalars loses nothing: the pieces joined with the separator give the input.
func checkSplits(_ input: String) {
    let bytes = Array(input.utf8)
    for separator in separators {
        let sep = String(Character(separator))
        let pieces = input.splitScalars(on: separator)
        check(Array(pieces.joined(separator: sep).utf8) == bytes, "splitScalars(\(separator.escaped(asASCII: true))) lost text of \(escaped(input))")
        check(pieces.count == input.unicodeScalars.filter { $0 == separator }.count + 1, "splitScalars piece count")
        check(pieces.allSatisfy { !$0.unicodeScalars.contains(separator) }, "a piece holds the separator")
        let two = input.splitScalars(on: separator, maxSplits: 1)
        check(two.count <= 2 && Array(two.joined(separator: sep).utf8) == bytes, "splitScalars(maxSplits: 1)")
        if let (before, after) = input.splitOnce(at: separator) {
            check(Array((before + sep + after).utf8) == bytes, "splitOnce(\(separator.escaped(asASCII: true))) lost text of \(escaped(input))")
            check(!before.unicodeScalars.contains(separator), "splitOnce did not split at the first separator")
            check(two == [before, after], "splitOnce and splitScalars(maxSplits: 1) disagree")
        } else {
            check(!input.unicodeScalars.contains(separator), "splitOnce missed a separator in \(escaped(input))")
        }
    }
    // The Substring overloads agree with the String ones.
    let sub = input[...]
    check(sub.splitScalars(on: ",") == input.splitScalars(on: ","), "Substring.splitScalars")
}

func checkCoordinate(_ input: String) {
    guard let c = Coordinate(parsing: input) else { return }
    check(c.latitude.isFinite && c.longitude.isFinite && (-90...90).contains(c.latitude) && (-180...180).contains(c.longitude),
          "coordinate out of range: \(c.latitude),\(c.longitude) from \(escaped(input))")
    let text = c.description
    guard let back = Coordinate(parsing: text) else {
        check(false, "\(text) (from \(escaped(input))) does not parse back")
        return
    }
    check(abs(back.latitude - c.latitude) <= 5.1e-7 && abs(back.longitude - c.longitude) <= 5.1e-7,
          "\(text) parses back to \(back.latitude),\(back.longitude), not \(c.latitude),\(c.longitude)")
    check(back.description == text, "description is not stable: \(text) then \(back.description)")
    check(c.mapLink.hasSuffix(text), "map link \(c.mapLink) does not end in \(text)")
}

func checkTargetKey(_ input: String) {
    guard let key = TargetKey(parsing: input) else { return }
    check(key.chatID != 0, "chat id 0 from \(escaped(input))")
    if let topic = key.topicID { check(topic > 0, "topic \(topic) from \(escaped(input))") }
    check(TargetKey(parsing: key.description) == key, "\(key.description) does not parse back to the key from \(escaped(input))")
    let target = Target(chatID: key.chatID, topicID: key.topicID, chatTitle: input, topicTitle: input)
    check(target.key == key, "Target.key")
    _ = target.displayName
}

func checkAssignment(_ input: String) {
    do {
        let assignment = try VariableAssignment(parsing: input)
        check(TemplateText.isValidName(assignment.name), "invalid name \(escaped(assignment.name))")
        check(BuiltinVariable(rawValue: assignment.name) == nil, "built-in \(assignment.name) accepted")
        guard let (_, after) = input.splitOnce(at: "=") else {
            check(false, "parsed without an = : \(escaped(input))")
            return
        }
        check(Array(assignment.value.utf8) == Array(after.utf8), "value \(escaped(assignment.value)) is not what follows the first =")
        let again = try VariableAssignment(parsing: assignment.name + "=" + assignment.value)
        check(again == assignment, "NAME=VALUE does not parse back")
    } catch {
        check(!error.message.isEmpty && !error.code.isEmpty, "an error without a message")
    }
}

func checkParseAll(_ lines: [String]) {
    // The model: assignments are read in order; the first bad one, or the first name given a
    // second time, is the error.
    var expected: [String: String] = [:]
    var expectedError: VariableAssignmentError?
    for line in lines {
        do {
            let assignment = try VariableAssignment(parsing: line)
            if expected[assignment.name] != nil {
                expectedError = .repeated(assignment.name)
                break
            }
            expected[assignment.name] = assignment.value
        } catch {
            expectedError = error
            break
        }
    }
    do {
        let values = try VariableAssignment.parseAll(lines)
        check(expectedError == nil, "parseAll accepted what should fail with \(String(describing: expectedError))")
        check(values == expected, "parseAll kept other values")
    } catch {
        check(error == expectedError, "parseAll failed with \(error), expected \(String(describing: expectedError))")
    }
}

/// `--at`/`--in` and UUID text: a time of day is always within the next day; a date form
/// reads back its own minute; a UUID parses only as Foundation would and prints back.
func checkTimes(_ input: String) {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    if let date = try? SendTime.at(input, now: now) {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        if trimmed.unicodeScalars.count <= 5 {
            check(date > now && date.timeIntervalSince(now) <= 86_400 + 3_600, "--at \(escaped(input)) gave \(date), not within a day")
        }
        check(date.timeIntervalSince1970.isFinite, "--at gave a non-finite date")
    }
    if let date = try? SendTime.in(input, now: now) {
        let delay = date.timeIntervalSince(now)
        check(delay >= 1 && delay <= 359_999, "--in \(escaped(input)) gave \(delay) s")
    }
    let parsed = UUIDText.parse(input)
    check(parsed == UUID(uuidString: input), "UUIDText.parse disagrees with Foundation on \(escaped(input))")
    if let parsed { check(UUIDText.string(parsed) == parsed.uuidString, "UUIDText.string") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = text(data, size)
    checkSplits(input)
    let lines = input.splitScalars(on: "\n")
    for value in [input] + lines {
        checkCoordinate(value)
        checkTargetKey(value)
        checkAssignment(value)
        checkTimes(value)
    }
    checkParseAll(lines)
    return 0
}
