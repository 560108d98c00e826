/// The options of the command that made a file, read back from its recorded command line.
extension Provenance {
    /// The value the recorded command line gave the option `--name` (`--name value` or
    /// `--name=value`; the last one when it was given several times, as `bench` takes the last),
    /// or nil when it was not given. Words after `--` are arguments, not options.
    ///
    /// Reading the command line is sound because `bench` lets no option's value start with `--`
    /// (docs/cli.md, "Conventions"): a word `--name` is always the option itself. `bench merge`
    /// and `bench compare` use it to tell how shards and files were made (`--shard`, `--rounds`,
    /// `--steps`), which the rows do not all record.
    public func option(_ name: String) -> String? {
        let flag = "--" + name
        var value: String?
        var words = commandLine.dropFirst()[...]
        while let word = words.first {
            words = words.dropFirst()
            if word == "--" { break }
            if word == flag {
                value = words.first
                words = words.dropFirst()
            } else if word.hasPrefix(flag + "=") {
                value = String(word.dropFirst(flag.count + 1))
            }
        }
        return value
    }
}
