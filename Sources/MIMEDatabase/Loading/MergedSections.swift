import XDGSupport

/// The contents of every loaded directory merged section by section, each section on first use.
///
/// Merging follows `DirectoryContents.absorb`, least important directory first, one section at a
/// time: a section's merge never looks at another section, so merging them apart gives the same
/// contents as merging whole directories.
final class MergedSections: Sendable {
    private let sections: LazySections
    private let extent: LazyValue<Int>

    /// Merges `directories`, least important first.
    init(_ directories: [DirectoryData]) {
        sections = LazySections { section in
            directories.reduce(into: DirectoryContents()) { merged, directory in merged.absorb(directory.contents(section)) }
        }
        extent = LazyValue { min(directories.map(\.magicExtent).max() ?? 0, MagicReadLimit.bytes) }
    }

    /// The most bytes of a file any directory's magic can look at, up to `MagicReadLimit.bytes`,
    /// measured on first use.
    var magicExtent: Int { extent.value }

    /// The merged fields of `section`; the other fields are empty.
    func contents(_ section: ContentSection) -> DirectoryContents { sections[section] }

    /// Every section, merged into one value.
    var all: DirectoryContents {
        var result = DirectoryContents()
        for section in ContentSection.allCases { result.absorbSection(contents(section)) }
        return result
    }
}

extension DirectoryContents {
    /// Adds the fields of `part`, which holds fields this value does not have yet.
    fileprivate mutating func absorbSection(_ part: DirectoryContents) {
        types.formUnion(part.types)
        aliases.merge(part.aliases) { _, later in later }
        parents.merge(part.parents) { _, later in later }
        globs += part.globs
        globDeleteAll.formUnion(part.globDeleteAll)
        magic += part.magic
        magicDeleteAll.formUnion(part.magicDeleteAll)
        rootXML += part.rootXML
        treeMagic += part.treeMagic
        icons.merge(part.icons) { _, later in later }
        genericIcons.merge(part.genericIcons) { _, later in later }
    }
}
