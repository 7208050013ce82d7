/// A lexical scan of theme template sources for the script they contain:
/// `<script>` elements, `on…` attributes and URLs the rules refuse
/// (``URLRules``: `javascript:`, `data:`, forms sent off the site).
///
/// Templates are Mustache text, not markup, so this is a tolerant scanner:
/// it reads start tags and quoted attribute values and treats Mustache tags
/// inside a value as wildcards. A script element whose start tag holds a
/// Mustache tag outside a value, or whose content holds any Mustache tag, is
/// not taken: data must never write script. The one exception is a data
/// block, which a browser never runs: a script whose literal `type` is
/// `application/json` and whose content is one Mustache tag (the viewer's
/// strings, `{{{viewerStringsJSON}}}`).
enum TemplateScan {
    /// Scans `source` into `allowance`.
    static func scan(_ source: String, into allowance: inout ScriptAllowance) {
        let bytes = Array(source.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let tag = startTag(bytes, at: index) else {
                index += 1
                continue
            }
            for attribute in tag.attributes {
                if isEventHandler(attribute.name) {
                    allowance.attributes.append(.init(name: attribute.name, value: attribute.value))
                }
                if let shape = URLAttribute.shapes[attribute.name],
                   URLRules.templateRefuses(attribute.value, element: tag.name, attribute: attribute.name, shape: shape) {
                    allowance.urls.append(.init(element: tag.name, attribute: attribute.name, value: attribute.value))
                }
            }
            if tag.name == "script", !tag.hasMustacheOutsideValues {
                if tag.end >= 2, bytes[tag.end - 2] == UInt8(ascii: "/") {
                    allowance.scripts.append(.init(attributes: tag.attributes, content: []))
                } else if let content = scriptContent(bytes, from: tag.end) {
                    if !content.hasMustache {
                        allowance.scripts.append(.init(attributes: tag.attributes, content: content.bytes))
                    } else if isDataBlock(tag.attributes), isSingleMustacheTag(content.bytes) {
                        allowance.scripts.append(.init(attributes: tag.attributes, content: [], isDataBlock: true))
                    }
                }
            }
            index = tag.end
        }
    }

    struct StartTag {
        var name: String
        var attributes: [ScriptAllowance.Attribute]
        var hasMustacheOutsideValues: Bool
        /// Offset just after the `>`.
        var end: Int
    }

    /// Reads `<name attr="value" …>` at `start`; nil if it is not a start tag.
    static func startTag(_ bytes: [UInt8], at start: Int) -> StartTag? {
        var index = start + 1
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, isLetter(bytes[nameStart]) else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        var tag = StartTag(name: name, attributes: [], hasMustacheOutsideValues: false, end: index)
        while index < bytes.count {
            let byte = bytes[index]
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
            } else if byte == UInt8(ascii: ">") {
                tag.end = index + 1
                return tag
            } else if byte == UInt8(ascii: "<") {
                return nil
            } else if byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                tag.hasMustacheOutsideValues = true
                guard let end = endOfMustacheTag(bytes[...], from: index) else { return nil }
                index = end
            } else {
                let attributeStart = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                      bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/"),
                      !(bytes[index] == UInt8(ascii: "{") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "{")) {
                    index += 1
                }
                let attributeName = String(decoding: bytes[attributeStart..<index], as: UTF8.self).lowercased()
                var probe = index
                while probe < bytes.count, isSpace(bytes[probe]) { probe += 1 }
                var value = ValuePattern(literal: [])
                if probe < bytes.count, bytes[probe] == UInt8(ascii: "=") {
                    probe += 1
                    while probe < bytes.count, isSpace(bytes[probe]) { probe += 1 }
                    guard probe < bytes.count else { return nil }
                    let quote = bytes[probe]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        guard let close = bytes[(probe + 1)...].firstIndex(of: quote),
                              let pattern = ValuePattern(template: bytes[(probe + 1)..<close]) else { return nil }
                        value = pattern
                        index = close + 1
                    } else {
                        var end = probe
                        while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
                        guard let pattern = ValuePattern(template: bytes[probe..<end]) else { return nil }
                        value = pattern
                        index = end
                    }
                }
                if !attributeName.isEmpty {
                    tag.attributes.append(.init(name: attributeName, value: value))
                }
            }
        }
        return nil
    }

    /// The raw text between a script's start tag and its `</script`.
    static func scriptContent(_ bytes: [UInt8], from start: Int) -> (bytes: [UInt8], hasMustache: Bool)? {
        guard let end = endOfRawText(bytes, from: start, element: "script") else { return nil }
        let content = Array(bytes[start..<end])
        var hasMustache = false
        for index in content.indices.dropLast() where content[index] == UInt8(ascii: "{") && content[index + 1] == UInt8(ascii: "{") {
            hasMustache = true
        }
        return (content, hasMustache)
    }

    /// Offset of the `<` of the first `</element` (ASCII case-insensitive) at or after `start`.
    static func endOfRawText(_ bytes: [UInt8], from start: Int, element: String) -> Int? {
        let needle = Array("</\(element)".utf8)
        var index = start
        while index + needle.count <= bytes.count {
            var matched = true
            for (offset, expected) in needle.enumerated() where bytes[index + offset] | 0x20 != expected | 0x20 {
                matched = false
                break
            }
            if matched { return index }
            index += 1
        }
        return nil
    }

    /// The offset just after a Mustache tag starting at `start` (`{{…}}` or `{{{…}}}`).
    static func endOfMustacheTag(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        let triple = start + 2 < bytes.endIndex && bytes[start + 2] == UInt8(ascii: "{")
        let closing: [UInt8] = triple ? Array("}}}".utf8) : Array("}}".utf8)
        var index = start + 2
        while index + closing.count <= bytes.endIndex {
            if bytes[index..<(index + closing.count)].elementsEqual(closing) { return index + closing.count }
            index += 1
        }
        return nil
    }

    /// The `type` values of scripts a browser keeps as data and never runs.
    static let dataBlockTypes: Set<String> = ["application/json", "application/ld+json"]

    /// Whether the template pins `type` to a JSON data-block type, with no Mustache in it.
    static func isDataBlock(_ attributes: [ScriptAllowance.Attribute]) -> Bool {
        attributes.contains { attribute in
            attribute.name == "type" && attribute.value.pieces.count == 1
                && dataBlockTypes.contains(String(decoding: attribute.value.pieces[0], as: UTF8.self))
        }
    }

    /// Whether `content`, spaces aside, is exactly one Mustache tag.
    static func isSingleMustacheTag(_ content: [UInt8]) -> Bool {
        guard let start = content.firstIndex(where: { !isSpace($0) }),
              let last = content.lastIndex(where: { !isSpace($0) }),
              content[start] == UInt8(ascii: "{"), start + 1 <= last, content[start + 1] == UInt8(ascii: "{"),
              let end = endOfMustacheTag(content[...], from: start) else { return false }
        return end == last + 1
    }

    static func isEventHandler(_ name: String) -> Bool {
        VocabularyCheck.isEventHandlerName(name)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }
}
