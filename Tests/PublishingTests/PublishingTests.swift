import Testing
@testable import Publishing
