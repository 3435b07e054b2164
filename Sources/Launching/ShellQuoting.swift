/// Arguments quoted for a person to read and paste into a shell; assoc itself never uses one.
public enum ShellQuoting {
    /// `argument` as is when it needs no quotes, else in single quotes.
    public static func quoted(_ argument: String) -> String {
        let safe = argument.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+=:,@%".unicodeScalars.contains($0)
        }
        if safe && !argument.isEmpty { return argument }
        var result = "'"
        for character in argument { if character == "'" { result += "'\\''" } else { result.append(character) } }
        return result + "'"
    }
}
