// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Cascade",
    products: [
        .executable(name: "cascade", targets: ["cascade"]),
        .library(name: "Gallery", targets: ["Gallery"]),
    ],
    dependencies: [
        // The command line's parsing, help and shell completions. Offline machines resolve it through
        // a mirror that scripts/setup.sh sets when ../shared/mirrors holds one.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    ],
    targets: [
        // Pure header parsing over bytes: format, stored size, orientation, display size.
        .target(name: "ImageHeaders"),
        // Pure waterfall (masonry) layout.
        .target(name: "Waterfall", linkerSettings: [.linkedLibrary("m")]),
        // Pure byte offset <-> line and UTF-8 column, shared by templates and pages.
        .target(name: "SourcePosition"),
        // Pure Mustache template engine.
        .target(name: "Mustache", dependencies: ["SourcePosition"]),
        // C shim around libxml2; its public header exposes no libxml2 types, so
        // Swift modules that also import Foundation still build (ICU clash).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .target(name: "CMarkupCheck", dependencies: ["CLibXML2"]),
        // C shim for XMP: a locked-down libxml2 parse flattened to plain C arrays.
        .target(name: "CXMP", dependencies: ["CLibXML2"]),
        // XMP packets (embedded or sidecar) parsed into properties by namespace URI.
        .target(name: "XMP", dependencies: ["CXMP", "ImageHeaders"]),
        // One merged view of a photo's own metadata (sidecar > XMP > IPTC > Exif); its own module so
        // ImageHeaders stays free of XML and XMP free of image formats.
        .target(name: "PhotoMetadata", dependencies: ["ImageHeaders", "XMP"]),
        // Checks every page Cascade writes through libxml2.
        .target(name: "MarkupCheck", dependencies: ["CMarkupCheck", "SourcePosition", "Parallel"]),
        // C shim around libjpeg-turbo and libpng: every library call behind setjmp,
        // so a corrupt image is an error code, never exit() or a crash.
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // WebP (+ demux for animations) through libwebp, GIF through giflib (no pkg-config), TIFF
        // through libtiff, and lcms2 for CMYK -> sRGB and the ICC profile an nclx colour description
        // stands for. (HEIF/HEIC and AVIF through libheif, JPEG XL through libjxl: CThumbnails
        // includes their headers and opens the libraries at first use.)
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CLibGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CLibTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CLibLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // Extended attributes from the C library (no package needed).
        .systemLibrary(name: "CFileAttributes"),
        // openat2(2) confined beneath a folder (no links, no mount points): every write to the
        // output folder, and every file `serve` opens. Header-only: syscall() is variadic.
        .systemLibrary(name: "COpenBeneath"),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // SHA-256 for content hashes: renditions, shard records and album stamps are
        // keyed by what other people's photos and other machines' shards hold, so the key must
        // resist chosen collisions.
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // CommonMark parsing for sigal's Markdown captions and descriptions: only the tree is used,
        // never cmark's own HTML, so what reaches a page is Cascade's allow-list.
        // Camera RAWs through LibRaw's thread-safe library. No pkgConfig: libraw_r's .pc adds
        // -fopenmp, which SwiftPM refuses with a warning on every build; CThumbnails links raw_r.
        .systemLibrary(name: "CLibRaw", providers: [.apt(["libraw-dev"])]),
        .systemLibrary(name: "CLibCMark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // Album downloads (`--zip`, `"zip"`): stored, deterministic ZIPs, and `cascade audit` looking inside them.
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // libheif and libjxl are not linked: cth_codec_loader.c opens them on first use, so a
        // start does not pay for their static initialisers (see that file).
        .target(name: "CThumbnails", dependencies: ["CLibJPEG", "CLibPNG",
                                                    "CLibWebP", "CLibGIF", "CLibTIFF", "CLibLCMS2", "CLibRaw"],
                linkerSettings: [.linkedLibrary("gif"), .linkedLibrary("webpmux"), .linkedLibrary("raw_r")]),
        // Watermarks: fontconfig finds the font, HarfBuzz shapes the text, FreeType rasterises it.
        // Only freetype2's pkg-config flags are needed (the others are named by folder in the shim).
        .systemLibrary(name: "CLibFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .target(name: "CWatermark", dependencies: ["CLibFreeType"],
                linkerSettings: [.linkedLibrary("freetype"), .linkedLibrary("harfbuzz"), .linkedLibrary("fontconfig")]),
        // Renditions: decode, resample, orient, encode.
        .target(name: "Thumbnails", dependencies: ["CThumbnails", "ImageHeaders"]),
        // The one parallel map every stage uses.
        .target(name: "Parallel"),
        // The pipeline: list, scan, lay out, render, check, write.
        .target(name: "Gallery", dependencies: ["ImageHeaders", "Waterfall", "Mustache", "MarkupCheck", "Thumbnails", "Parallel",
                                              "XMP", "PhotoMetadata", "SourcePosition", "CFileAttributes", "CZlib",
                                              "BeneathPath", "CLibCrypto", "CLibCMark", "CLibZip", "CWatermark"]),
        // The command-line tool; the only place that prints and exits.
        .executableTarget(name: "cascade", dependencies: ["Gallery", "Waterfall", "PreviewServer",
                                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // `cascade serve`: a small HTTP/1.1 server on sockets (no SwiftNIO can be fetched here),
        // an inotify watcher and the live-reload event stream. Knows nothing of galleries.
        .target(name: "PreviewServer", dependencies: ["BeneathPath"]),
        // Opening beneath a folder's descriptor (openat2, or a walk without it): the output's writes and serve's reads.
        .target(name: "BeneathPath", dependencies: ["COpenBeneath"]),

        // A deterministic random generator for property tests and benchmarks.
        .target(name: "SeededRandom"),

        // Benchmarks (run with `swift run -c release NAME`).
        .executableTarget(name: "layout-benchmark", dependencies: ["Waterfall", "SeededRandom"], path: "Benchmarks/LayoutBenchmark"),
        .executableTarget(name: "template-benchmark",
                          dependencies: ["Gallery", "ImageHeaders", "MarkupCheck", "Mustache"],
                          path: "Benchmarks/TemplateBenchmark"),
        .executableTarget(name: "layout-balance", dependencies: ["Gallery", "Waterfall"], path: "Benchmarks/LayoutBalance"),
        .executableTarget(name: "rendition-benchmark", dependencies: ["Thumbnails", "Parallel"], path: "Benchmarks/RenditionBenchmark"),

        // Fuzz targets: one executable per parser family, each a main.swift
        // holding only @_cdecl("LLVMFuzzerTestOneInput"); see Fuzz/README.md.
        .executableTarget(name: "fuzz-jpeg", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzJPEG"),
        .executableTarget(name: "fuzz-png", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzPNG"),
        .executableTarget(name: "fuzz-heif", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzHEIF"),
        .executableTarget(name: "fuzz-tiff", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzTIFF"),
        .executableTarget(name: "fuzz-webp", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzWebP"),
        .executableTarget(name: "fuzz-jxl", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzJXL"),
        .executableTarget(name: "fuzz-other", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzOther"),
        .executableTarget(name: "fuzz-iptc", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzIPTC"),
        .executableTarget(name: "fuzz-mp4", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzMP4"),
        .executableTarget(name: "fuzz-matroska", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzMatroska"),
        .executableTarget(name: "fuzz-avi", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzAVI"),
        .executableTarget(name: "fuzz-ogg", dependencies: ["ImageHeaders"], path: "Fuzz/FuzzOgg"),
        .executableTarget(name: "fuzz-xmp", dependencies: ["XMP"], path: "Fuzz/FuzzXMP"),
        .executableTarget(name: "fuzz-markup", dependencies: ["MarkupCheck"], path: "Fuzz/FuzzMarkup"),
        // Pixel decoders behind the C shims, through Thumbnails.
        .executableTarget(name: "fuzz-decode-heif", dependencies: ["Thumbnails"], path: "Fuzz/FuzzDecodeHEIF"),
        .executableTarget(name: "fuzz-decode-jxl", dependencies: ["Thumbnails"], path: "Fuzz/FuzzDecodeJXL"),
        .executableTarget(name: "fuzz-decode-webp-gif-tiff", dependencies: ["Thumbnails"], path: "Fuzz/FuzzDecodeWebPGIFTIFF"),
        .executableTarget(name: "fuzz-decode-jpeg", dependencies: ["Thumbnails"], path: "Fuzz/FuzzDecodeJPEG"),

        .testTarget(name: "ImageHeadersTests", dependencies: ["ImageHeaders", "SeededRandom"], exclude: ["Fixtures"]),
        .testTarget(name: "XMPTests", dependencies: ["XMP", "PhotoMetadata", "ImageHeaders"], exclude: ["Fixtures"]),
        .testTarget(name: "WaterfallTests", dependencies: ["Waterfall", "SeededRandom"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], exclude: ["Fixtures"]),
        .testTarget(name: "MarkupCheckTests", dependencies: ["MarkupCheck"]),
        .testTarget(name: "SourcePositionTests", dependencies: ["SourcePosition"]),
        .testTarget(name: "ParallelTests", dependencies: ["Parallel"]),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails", "ImageHeaders", "Parallel", "SeededRandom"], exclude: ["Fixtures"]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "ImageHeaders", "Waterfall", "Mustache", "MarkupCheck", "Thumbnails"],
                    exclude: ["Fixtures"]),
        // Runs the built `cascade` binary: exit codes, messages, output.
        .testTarget(name: "CascadeCLITests", dependencies: ["cascade", "Gallery"]),
        // Kills, signals, a full disk and a read-only folder against the real `cascade`.
        .testTarget(name: "CrashSafetyTests", dependencies: ["cascade", "Thumbnails", "SeededRandom"]),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer"]),
    ]
)
