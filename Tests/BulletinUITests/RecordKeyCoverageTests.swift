import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 21, items 4 and 5, over every screen state of every source (the ``KeyCoverageTests``
/// states, and an album's photos): `o`, `y`, `Y` and `v` are offered wherever the screen has a
/// record and each one offered does something a person sees (a status line naming the record,
/// or the raw view); every list command of any source either goes somewhere or says why.
@MainActor
@Suite("o, y, v and the list commands on every screen of every source")
struct RecordKeyCoverageTests {
    /// A source to run the states on.
    struct Source: CustomTestStringConvertible, Sendable {
        let kind: SourceDescriptor.Kind
        var testDescription: String { kind.rawValue }

        var stub: StubDataSource {
            StubDataSource(descriptor: SourceDescriptor(kind: kind, location: "stub"), vocabulary: kind.declaration.vocabulary,
                           albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
        }
    }

    nonisolated static let sources = [SourceDescriptor.Kind.embedded, .dummyJSON, .github, .mealDB].map(Source.init)

    /// A state: a ``KeyCoverageTests/State``'s place and keys, or a link (the album).
    struct Step: Sendable {
        let name: String
        let open: @Sendable @MainActor (StubDataSource) async -> KeyScreenHarness
    }

    nonisolated static let steps: [Step] = KeyCoverageTests.states.map { state in
        Step(name: state.name) { source in
            let harness = await KeyScreenHarness.open(state.place, source: source, sharing: true)
            harness.press(state.keys)
            await harness.settle()
            return harness
        }
    } + [
        Step(name: "an album's photos") { source in
            await KeyScreenHarness.open(link: .userAlbum(user: 1, album: 1), source: source, sharing: true)
        },
    ]

    static let recordKeys: [Key] = [.character("o"), .character("y"), .character("Y"), .character("v")]

    @Test("o, y and v are listed wherever there is a record, and each one listed acts and says on what", arguments: sources)
    func recordKeys(source: Source) async {
        for step in Self.steps {
            for key in Self.recordKeys {
                let harness = await step.open(source.stub)
                let screen = harness.screen
                let help = harness.host.screenHelp(for: screen)
                let own = screen.keyHelp.contains { $0.matches(key) }
                let binding = help.first { $0.matches(key) && $0.group == "Record" }
                let subject = (harness.app.stack.top?.destination as? any SharesRecord)?.subject(for: .text)
                if subject != nil, !own, !screen.capturesKeys {
                    #expect(binding?.isEnabled == true, "\(source.kind) · \(step.name): \(key.name) not offered")
                }
                // A screen typing the key (a prompt, an id being typed) takes it first, as it should.
                guard let binding, binding.isEnabled, !step.name.contains("typing an id") else { continue }
                let model = harness.app.stack.top?.destination as? any SharesRecord
                let need: SubjectNeed = switch key {
                case .character("o"): .webAddress
                case .character("Y"): .raw
                default: .text
                }
                let acted = model?.subject(for: need)
                let (entries, top) = (harness.app.stack.entries.count, harness.app.stack.top.map { ObjectIdentifier($0.destination) })
                harness.press(key)
                let note = harness.app.statusNote.text ?? ""
                if key == .character("v") {
                    let pushed = harness.app.stack.entries.count > entries
                        && harness.app.stack.top.map { ObjectIdentifier($0.destination) } != top
                    #expect(pushed && harness.app.stack.top?.destination is RawRecordViewModel,
                            "\(source.kind) · \(step.name): v showed nothing (\(note))")
                } else if let acted {
                    #expect(note.contains("\(acted.name.singular) \(acted.id)") || note.contains("\(acted.name.singularTitle) \(acted.id)"),
                            "\(source.kind) · \(step.name): \(key.name) said \(note.debugDescription), not naming \(acted.label)")
                }
            }
        }
    }

    @Test("every list command of any source goes somewhere or says why, on every screen", arguments: sources)
    func listCommands(source: Source) async {
        for step in Self.steps {
            for name in SourceVocabulary.everyListCommandName {
                let harness = await step.open(source.stub)
                guard !harness.screen.capturesKeys, harness.host.globalKeys(beside: harness.screen.keyHelp).help
                    .contains(where: { $0.matches(.character(":")) }) else { continue }
                let top = harness.app.stack.top.map { ObjectIdentifier($0.destination) }
                let user = harness.app.stack.top?.destination as? UserDetailViewModel
                harness.press(.character(":"))
                for character in name { harness.press(.character(character)) }
                harness.press(.enter)
                await harness.app.waitForLink()
                let moved = harness.app.stack.top.map { ObjectIdentifier($0.destination) } != top
                let message = harness.app.commandLine.message
                let shownTab = user.map { user in
                    user.vocabulary.listCommands.contains { $0.name == name && $0.target == .userList(user.lists.active) }
                } ?? false
                #expect(moved || message != nil || shownTab, "\(source.kind) · \(step.name): :\(name) did nothing and said nothing")
                let words = source.kind.declaration.vocabulary
                if !words.listCommands.contains(where: { $0.name == name }) {
                    #expect(message?.hasPrefix("\(source.kind.declaration.name) has no \(name) list") == true,
                            "\(source.kind) · \(step.name): :\(name) said \(message ?? "nothing")")
                }
            }
        }
    }

    @Test("the check fails where v is not offered: Home has no record, so v is not listed there")
    func homeHasNone() async {
        let harness = await KeyScreenHarness.open(.home, sharing: true)
        #expect(!harness.host.screenHelp(for: harness.screen).contains { $0.matches(.character("v")) })
    }
}
