import Testing
import Thumbnails

@Test func moduleLinks() {
    _ = Thumbnails.self
}
