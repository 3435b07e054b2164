import Testing
import XDGSupport

@Suite("XDG base directories")
struct XDGEnvironmentTests {
    @Test("unset and empty variables both mean the defaults")
    func defaults() {
        for value in [nil, ""] as [String?] {
            var variables = ["HOME": "/home/ann"]
            if let value {
                for name in ["XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_STATE_HOME"] {
                    variables[name] = value
                }
            }
            let environment = XDGEnvironment(variables)
            #expect(environment.dataHome == "/home/ann/.local/share")
            #expect(environment.dataDirs == ["/usr/local/share", "/usr/share"])
            #expect(environment.configHome == "/home/ann/.config")
            #expect(environment.configDirs == ["/etc/xdg"])
            #expect(environment.stateHome == "/home/ann/.local/state")
        }
    }

    @Test("relative paths are ignored and the rest keep their order")
    func relativePathsIgnored() {
        let environment = XDGEnvironment([
            "HOME": "/h", "XDG_DATA_HOME": "relative", "XDG_DATA_DIRS": "/a:rel:/b/:",
            "XDG_CONFIG_DIRS": "only/relative",
        ])
        #expect(environment.dataHome == "/h/.local/share")
        #expect(environment.dataDirs == ["/a", "/b"])
        #expect(environment.configDirs == ["/etc/xdg"])
    }

    @Test("the data search path puts the home directory first and names each directory once")
    func searchPathOrder() {
        let environment = XDGEnvironment(["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/x:/d:/y"])
        #expect(environment.dataSearchPath == ["/d", "/x", "/y"])
    }

    @Test("current desktops are lower-cased and kept in order")
    func desktops() {
        let environment = XDGEnvironment(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME::X-Cinnamon"])
        #expect(environment.currentDesktops == ["ubuntu", "gnome", "x-cinnamon"])
    }
}

@Suite("locale fallback for localised strings")
struct LocalePreferencesTests {
    @Test("the rule-63 order for a full locale name")
    func fullLocale() {
        #expect(LocalePreferences.fallbacks(of: "de_DE.UTF-8@euro") == ["de_DE@euro", "de_DE", "de@euro", "de"])
        #expect(LocalePreferences.fallbacks(of: "sr@latin") == ["sr@latin", "sr"])
        #expect(LocalePreferences.fallbacks(of: "C").isEmpty)
    }

    @Test(
        "LC_ALL beats LC_MESSAGES beats LANG, and LANGUAGE comes first",
        arguments: [
            (["LANG": "fr_FR.UTF-8"], ["fr_FR", "fr"]),
            (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_AT"], ["de_AT", "de"]),
            (["LANG": "fr_FR", "LC_MESSAGES": "de_AT", "LC_ALL": "pt_BR.UTF-8"], ["pt_BR", "pt"]),
            (["LANG": "fr_FR", "LANGUAGE": "sv:nb"], ["sv", "nb", "fr_FR", "fr"]),
            (["LANG": "C", "LANGUAGE": "sv"], []),
            ([:], []),
        ])
    func precedence(variables: [String: String], expected: [String]) {
        #expect(LocalePreferences(variables).candidates == expected)
    }

    @Test("a localised value is chosen by the candidates, else the unlocalised one")
    func choose() {
        let locale = LocalePreferences(candidates: ["de_DE", "de"])
        #expect(locale.choose(from: ["de": "Ordner", "fr": "dossier"], fallback: "folder") == "Ordner")
        #expect(locale.choose(from: ["fr": "dossier"], fallback: "folder") == "folder")
    }
}
