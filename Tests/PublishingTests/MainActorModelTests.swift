import Publishing
import Testing

// The modern form of the seed article's WeatherService: a main-actor model.

@MainActor
private final class WeatherService: ObservableObject {
    @Published var temperature = 0.0
    @Published var isLoading = false

    func finishLoading(with temperature: Double) {
        isLoading = false
        self.temperature = temperature
    }
}

@Suite("Main-actor models")
struct MainActorModelTests {
    @Test("a @MainActor ObservableObject publishes like any other")
    @MainActor
    func mainActorModel() {
        let service = WeatherService()
        service.isLoading = true
        var signals = 0
        var temperatures: [Double] = []
        let c1 = service.objectWillChange.sink { signals += 1 }
        let c2 = service.$temperature.sink { temperatures.append($0) }
        service.finishLoading(with: 21.5)
        #expect(signals == 2)
        #expect(temperatures == [0, 21.5])
        #expect(service.isLoading == false)
        c1.cancel()
        c2.cancel()
    }
}
