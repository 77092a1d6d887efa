import Dispatch

/// Marks the main dispatch queue, on which the main actor runs its jobs.
///
/// Under `swift test` on Linux, main-actor jobs do not always run on one
/// thread (nor on the thread Foundation calls main), so a test that must
/// know whether code ran on the main actor asks the queue, not the thread.
private let mainQueueMarker: DispatchSpecificKey<Bool> = {
    let marker = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: marker, value: true)
    return marker
}()

/// Whether the calling code runs on the main queue, that is, on the main
/// actor.
func isOnTheMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueMarker) == true
}
