import PortalDialogs
import Testing
import XDGSupport

@testable import PortalService

@Suite("a portal request is read and taken only within its limits")
struct PortalLimitsTests {
    private func filter(patterns: Int) -> BusValue {
        .structure([
            .string("F"), .array(element: "(us)", (0..<patterns).map { .structure([.uint32(0), .string("*.\($0)")]) }),
        ])
    }

    private func choice(options: Int) -> BusValue {
        .structure([
            .string("c"), .string("C"),
            .array(element: "(ss)", (0..<options).map { .structure([.string("\($0)"), .string("\($0)")]) }), .string("0"),
        ])
    }

    private func request(_ kind: DialogRequest.Kind, _ options: [String: BusValue]) throws(PortalRefusal) -> DialogRequest {
        try PortalOptions.fileChooserRequest(
            kind: kind, appID: "", title: "", options: options, answerSocket: "", rememberedFolder: nil, home: "/")
    }

    private func refusal(_ body: () throws(PortalRefusal) -> DialogRequest) -> PortalRefusal? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    private func filters(_ count: Int) throws(PortalRefusal) -> DialogRequest {
        try request(.openFile, ["filters": .array(element: "(sa(us))", Array(repeating: filter(patterns: 1), count: count))])
    }

    private func patterns(_ count: Int) throws(PortalRefusal) -> DialogRequest {
        try request(.openFile, ["filters": .array(element: "(sa(us))", [filter(patterns: count)])])
    }

    private func currentFilterPatterns(_ count: Int) throws(PortalRefusal) -> DialogRequest {
        try request(.openFile, ["current_filter": filter(patterns: count)])
    }

    private func choices(_ count: Int) throws(PortalRefusal) -> DialogRequest {
        try request(.openFile, ["choices": .array(element: "(ssa(ss)s)", Array(repeating: choice(options: 1), count: count))])
    }

    private func options(_ count: Int) throws(PortalRefusal) -> DialogRequest {
        try request(.openFile, ["choices": .array(element: "(ssa(ss)s)", [choice(options: count)])])
    }

    private func files(_ count: Int) throws(PortalRefusal) -> DialogRequest {
        try request(.saveFiles, ["files": .array(element: "ay", (0..<count).map { .bytes(Array("f\($0)".utf8) + [0]) })])
    }

    private func applications(_ count: Int) throws(PortalRefusal) -> DialogRequest {
        try PortalOptions.appChooserRequest(appID: "", choices: (0..<count).map { "app\($0)" }, options: [:], answerSocket: "")
    }

    @Test("filters, patterns, choices, options, files and applications up to their limits are taken, one more refused")
    func listLimits() throws {
        let cases: [(String, (Int) throws(PortalRefusal) -> DialogRequest, Int)] = [
            ("filters", filters, RequestLimits.filters),
            ("patterns in one filter", patterns, RequestLimits.patternsPerFilter),
            ("patterns in one filter", currentFilterPatterns, RequestLimits.patternsPerFilter),
            ("choices", choices, RequestLimits.choices),
            ("options in one choice", options, RequestLimits.optionsPerChoice),
            ("files", files, RequestLimits.files),
            ("applications", applications, RequestLimits.applications),
        ]
        for (what, make, limit) in cases {
            #expect(refusal { () throws(PortalRefusal) in try make(limit) } == nil, "\(what) at the limit")
            let refused = try #require(refusal { () throws(PortalRefusal) in try make(limit + 1) }, "\(what) over the limit")
            #expect(refused.kind == .limitsExceeded)
            #expect(refused.reason == "at most \(limit) \(what) are taken, this request has \(limit + 1)")
        }
    }

    @Test("the read budget stops at the first list, string or total that passes it")
    func readBudget() throws {
        let budget = BusReadBudget(elementsPerContainer: 3, bytesPerValue: 10, values: 5, bytes: 15)
        try budget.admit(element: 3)
        #expect(throws: BusError.self) { try budget.admit(element: 4) }
        try budget.spend(bytes: 10)
        #expect { try budget.spend(bytes: 11) } throws: {
            ($0 as? BusError)?.description.contains("11 bytes, more than 10") ?? false
        }
        #expect { try budget.spend(bytes: 6) } throws: { ($0 as? BusError)?.description.contains("of text in all") ?? false }
        for _ in 0..<5 { try budget.spendValue() }
        #expect { try budget.spendValue() } throws: { ($0 as? BusError)?.isTooLarge ?? false }
        #expect(PortalLimits.readBudget().elementsPerContainer == RequestLimits.longestList)
        #expect(RequestLimits.summary.contains("at most 256 filters of at most 256 patterns each"))
    }
}
