import CXMP

/// One element of a parsed packet, copied out of libxml2's tree.
struct XMPElement {
    var namespace: String?
    var name: String
    var text: String
    var parent: Int?
    var children: [Int] = []
    /// (namespace URI, local name, value), in document order.
    var attributes: [(namespace: String?, name: String, value: String)]

    func isRDF(_ local: String) -> Bool {
        namespace == XMPNamespace.rdf && name == local
    }

    func attribute(_ namespace: String, _ local: String) -> String? {
        attributes.first { $0.namespace == namespace && $0.name == local }?.value
    }

    /// Parses `bytes` with the CXMP shim and copies the tree into Swift values.
    static func parse(_ bytes: [UInt8]) throws(XMPError) -> [XMPElement] {
        var tree = CXMPTree()
        defer { cxmp_tree_free(&tree) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cxmp_parse(chars.baseAddress, chars.count, Int32(XMPPacket.maxDepth), Int32(XMPPacket.maxElements), &tree)
            }
        }
        switch status {
        case CXMP_OK: break
        case CXMP_NOT_WELL_FORMED:
            let message = tree.errorMessage.map { String(cString: $0) } ?? "unknown error"
            throw XMPError(reason: .notWellFormed(message), line: tree.errorLine > 0 ? Int(tree.errorLine) : nil)
        case CXMP_HAS_DTD: throw XMPError(reason: .documentTypeDeclaration)
        case CXMP_TOO_DEEP: throw XMPError(reason: .tooDeep(XMPPacket.maxDepth))
        case CXMP_TOO_MANY: throw XMPError(reason: .tooManyElements(XMPPacket.maxElements))
        default: throw XMPError(reason: .outOfMemory)
        }
        var elements: [XMPElement] = []
        elements.reserveCapacity(Int(tree.elementCount))
        for index in 0..<Int(tree.elementCount) {
            let raw = tree.elements[index]
            var attributes: [(namespace: String?, name: String, value: String)] = []
            for offset in 0..<Int(raw.attributeCount) {
                let attribute = tree.attributes[Int(raw.firstAttribute) + offset]
                attributes.append((attribute.namespaceURI.map { String(cString: $0) }, String(cString: attribute.name),
                                   String(cString: attribute.value)))
            }
            let parent = raw.parent >= 0 ? Int(raw.parent) : nil
            elements.append(XMPElement(namespace: raw.namespaceURI.map { String(cString: $0) }, name: String(cString: raw.name),
                                       text: String(cString: raw.text), parent: parent, attributes: attributes))
            if let parent { elements[parent].children.append(index) }
        }
        return elements
    }
}
