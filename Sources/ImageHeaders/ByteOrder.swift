/// Byte order of multi-byte integers: JPEG and PNG are big-endian; Exif data
/// says which in its first two bytes (`II` little, `MM` big).
enum ByteOrder {
    case bigEndian
    case littleEndian
}
