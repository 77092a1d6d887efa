/// A type-erased publisher, as in Combine: it hides the concrete chain of
/// operators behind `AnyPublisher<Output, Failure>`.
///
/// ```swift
/// var isValid: AnyPublisher<Bool, Never> {
///     $name.map { !$0.isEmpty }.eraseToAnyPublisher()
/// }
/// ```
///
/// Thread safety: as safe as the publisher it wraps.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let subscribeBody: (any Subscriber<Output, Failure>) -> Void

    /// Wraps `publisher`.
    ///
    /// - Parameter publisher: The publisher to erase.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            subscribeBody = erased.subscribeBody
        } else {
            subscribeBody = { publisher.receive(subscriber: ErasedSubscriber($0)) }
        }
    }

    /// Attaches the subscriber to the wrapped publisher.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeBody(subscriber)
    }
}

extension Publisher {
    /// Wraps this publisher in an ``AnyPublisher``, hiding its concrete type.
    ///
    /// - Returns: A publisher that behaves exactly like this one.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// Lets an existential subscriber be passed where a generic one is expected.
struct ErasedSubscriber<Input, Failure: Error>: Subscriber {
    let base: any Subscriber<Input, Failure>

    init(_ base: any Subscriber<Input, Failure>) {
        self.base = base
    }

    func receive(subscription: any Subscription) { base.receive(subscription: subscription) }
    func receive(_ input: Input) { base.receive(input) }
    func receive(completion: Subscribers.Completion<Failure>) { base.receive(completion: completion) }
}
