import ImageHeaders

extension XMPPacket {
    /// Interprets the RDF: properties of every `rdf:Description` whose parent
    /// is an `rdf:RDF`.
    init(rdfElements elements: [XMPElement]) throws(XMPError) {
        guard elements.contains(where: { $0.isRDF("RDF") }) else { throw XMPError(reason: .noRDF) }
        var properties: [XMPName: XMPValue] = [:]
        for description in elements where description.isRDF("Description") {
            guard let parent = description.parent, elements[parent].isRDF("RDF") else { continue }
            // Attribute form: simple values.
            for attribute in description.attributes {
                guard let namespace = attribute.namespace, Self.isPropertyNamespace(namespace),
                      let text = ImageMetadata.cleanedText(attribute.value) else { continue }
                let name = XMPName(namespace, attribute.name)
                if properties[name] == nil { properties[name] = .text(text) }
            }
            // Element form.
            for child in description.children {
                let element = elements[child]
                guard let namespace = element.namespace, Self.isPropertyNamespace(namespace),
                      let value = Self.value(of: element, in: elements) else { continue }
                let name = XMPName(namespace, element.name)
                if properties[name] == nil { properties[name] = value }
            }
        }
        self.init(properties: properties)
    }

    /// RDF's and XML's own attributes are syntax, not properties.
    private static func isPropertyNamespace(_ namespace: String) -> Bool {
        namespace != XMPNamespace.rdf && namespace != XMPNamespace.xml && namespace != "http://www.w3.org/2000/xmlns/"
    }

    /// The value of a property element; `nil` when it holds nothing.
    private static func value(of property: XMPElement, in elements: [XMPElement]) -> XMPValue? {
        if let resource = property.attribute(XMPNamespace.rdf, "resource") {
            return ImageMetadata.cleanedText(resource).map(XMPValue.text)
        }
        if let first = property.children.first {
            let container = elements[first]
            if container.isRDF("Alt") {
                let alternatives = items(of: container, in: elements).compactMap { item -> XMPValue.LanguageAlternative? in
                    guard let text = ImageMetadata.cleanedText(item.text) else { return nil }
                    return XMPValue.LanguageAlternative(language: item.attribute(XMPNamespace.xml, "lang") ?? "", text: text)
                }
                return alternatives.isEmpty ? nil : .alternatives(alternatives)
            }
            if container.isRDF("Bag") || container.isRDF("Seq") {
                let list = items(of: container, in: elements).compactMap { item in
                    item.children.isEmpty ? ImageMetadata.cleanedText(item.text) : nil
                }
                // A list of structures (e.g. LocationShown) still counts as content.
                if list.isEmpty {
                    return .structure(hasContent: hasContent(container, in: elements))
                }
                return .list(list)
            }
            return .structure(hasContent: hasContent(property, in: elements))
        }
        let qualifiers = property.attributes.contains { $0.namespace.map(isPropertyNamespace) ?? false }
        if property.attribute(XMPNamespace.rdf, "parseType") == "Resource" || qualifiers {
            return .structure(hasContent: hasContent(property, in: elements))
        }
        return ImageMetadata.cleanedText(property.text).map(XMPValue.text)
    }

    /// The `rdf:li` children of a container.
    private static func items(of container: XMPElement, in elements: [XMPElement]) -> [XMPElement] {
        container.children.map { elements[$0] }.filter { $0.isRDF("li") }
    }

    /// Whether an element or any descendant holds text or a property attribute.
    /// Iterative: the depth is capped, but recursion is still avoided.
    private static func hasContent(_ root: XMPElement, in elements: [XMPElement]) -> Bool {
        var pending = [root]
        while let element = pending.popLast() {
            if ImageMetadata.cleanedText(element.text) != nil { return true }
            if element.attributes.contains(where: { ($0.namespace.map(isPropertyNamespace) ?? false)
                && ImageMetadata.cleanedText($0.value) != nil }) { return true }
            pending += element.children.map { elements[$0] }
        }
        return false
    }
}
