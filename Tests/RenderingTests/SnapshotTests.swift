import Testing
@testable import Rendering

private struct Screen: View {
    var body: some View {
        VStack {
            Text("Title")
            HStack {
                Image(systemName: "star.fill")
                Spacer()
                Text("Say \"hi\"\n")
            }
            Group {
                Text("In a group")
                EmptyView()
            }
            Form {
                Toggle("On", isOn: .constant(true))
                TextField("Name", text: .constant("Ada"))
            }
            List {
                ForEach(["a", "b"], id: \.self) { Text($0) }
            }
            Button { } label: {
                Image(systemName: "trash")
                Text("Remove")
            }
            NavigationStack {
                Text("Inside navigation")
            }
        }
        .padding()
        .font(.title)
        .navigationTitle("Ignored")
    }
}

@MainActor
@Suite struct SnapshotTests {
    @Test func drawsEachBuiltInViewOnItsOwnIndentedLine() {
        let host = ViewHost(Screen())
        #expect(host.snapshot == """
            VStack
              Text("Title")
              HStack
                Image(systemName: "star.fill")
                Text("Say \\"hi\\"\\n")
              Text("In a group")
              Form
                Toggle("On", isOn: true)
                TextField("Name", text: "Ada")
              List
                Text("a")
                Text("b")
              Button("trash Remove")
              Text("Inside navigation")
            """)
    }

    @Test func customViewsDrawOnlyWhatTheirBodiesProduce() {
        struct Inner: View {
            var body: some View { Text("inner") }
        }
        struct Outer: View {
            var body: some View {
                VStack {
                    Inner()
                    Inner()
                }
            }
        }
        let host = ViewHost(Outer())
        #expect(host.snapshot == "VStack\n  Text(\"inner\")\n  Text(\"inner\")")
    }

    @Test func disabledControlsAreMarked() {
        struct Controls: View {
            var body: some View {
                VStack {
                    Button("Save") {}
                    Toggle("Flag", isOn: .constant(false))
                    TextField("Field", text: .constant(""))
                }
                .disabled(true)
            }
        }
        let host = ViewHost(Controls())
        #expect(host.snapshot == """
            VStack
              Button("Save") [disabled]
              Toggle("Flag", isOn: false) [disabled]
              TextField("Field", text: "") [disabled]
            """)
    }

    @Test func branchesDrawTheTakenSide() {
        struct Branches: View {
            let flag: Bool
            let name: String?
            var body: some View {
                if flag {
                    Text("yes")
                } else {
                    Text("no")
                }
                if let name {
                    Text(name)
                }
            }
        }
        #expect(ViewHost(Branches(flag: true, name: nil)).snapshot == "Text(\"yes\")")
        #expect(ViewHost(Branches(flag: false, name: "Ada")).snapshot == "Text(\"no\")\nText(\"Ada\")")
    }

    @Test func anEmptyTreeDrawsNothing() {
        struct Nothing: View {
            var body: some View { EmptyView() }
        }
        #expect(ViewHost(Nothing()).snapshot == "")
    }
}
