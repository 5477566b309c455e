import TgtDomain

/// Splits `--option=VALUE` by Unicode scalars before the argument parser sees it.
///
/// The parser looks for "=" by `Character`, and Swift joins "=" with a combining mark right
/// after it ("=" + U+0301 is one `Character`), so `--name=́x` would be an unknown option. Such
/// a token becomes `--name` `́x`; every other argument passes through unchanged, and nothing
/// after a `--` terminator is touched.
enum ArgumentSplitting {
    static func normalize(_ arguments: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(arguments.count)
        var afterTerminator = false
        for argument in arguments {
            if afterTerminator || argument == "--" {
                afterTerminator = true
                out.append(argument)
                continue
            }
            // Only tokens where a scalar search finds "=" and a Character search does not.
            guard argument.hasPrefix("--"), !argument.contains("="), let (name, value) = argument.splitOnce(at: "="),
                  name.count > 2, name.unicodeScalars.dropFirst(2).allSatisfy(isOptionNameScalar)
            else {
                out.append(argument)
                continue
            }
            out.append(name)
            out.append(value)
        }
        return out
    }

    private static func isOptionNameScalar(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "-"
    }
}
