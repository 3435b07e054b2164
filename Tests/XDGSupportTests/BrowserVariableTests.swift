import Testing
import XDGSupport

@Suite("$BROWSER as xdg-utils' generic path reads it")
struct BrowserVariableTests {
    @Test("%s is replaced in its word, and a URL with a shell's syntax stays one argument")
    func substitution() throws {
        let browser = try #require(BrowserVariable("cyberdog --url %s"))
        #expect(
            browser.commands(for: "http://www.freedesktop.org/; echo BUSTED")
                == [["cyberdog", "--url", "http://www.freedesktop.org/; echo BUSTED"]])
        #expect(try #require(BrowserVariable("b --x=%s,%%s,%d")).commands(for: "u") == [["b", "--x=u,%s,%d"]])
    }

    @Test("alternatives are separated by ':', a command without %s gets the URL last, xdg-open is dropped")
    func alternatives() throws {
        let browser = try #require(BrowserVariable("::first -new-tab:xdg-open:/usr/bin/xdg-open %s:second\t%s"))
        #expect(browser.alternatives == [["first", "-new-tab"], ["second", "%s"]])
        #expect(browser.commands(for: "u") == [["first", "-new-tab", "u"], ["second", "u"]])
        #expect(browser.firstProgram == "first")
    }

    @Test("nothing usable is no $BROWSER", arguments: [nil, "", ":", "xdg-open", " : xdg-open"])
    func empty(value: String?) {
        #expect(BrowserVariable(value) == nil)
    }

    @Test("$BROWSER comes first for http and https only")
    func preferred() {
        #expect(BrowserVariable.isPreferred(forScheme: "https") && BrowserVariable.isPreferred(forScheme: "HTTP"))
        #expect(!BrowserVariable.isPreferred(forScheme: "mailto"))
    }
}
