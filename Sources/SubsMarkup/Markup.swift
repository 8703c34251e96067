import CLibXML2
import Foundation

/// An element of an XML or HTML document, copied out of libxml2's tree so no C pointer outlives parsing.
public struct MarkupElement: Sendable, Equatable {
    /// The local name, lower-cased for HTML ("td"), as written for XML ("Ntry").
    public var name: String
    /// The namespace URI of an XML element, if it has one.
    public var namespace: String?
    public var attributes: [String: String]
    public var children: [MarkupNode]

    public init(name: String, namespace: String? = nil, attributes: [String: String] = [:], children: [MarkupNode] = []) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
    }

    /// The child elements, in order.
    public var elements: [MarkupElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// The first child element named `name`.
    public func child(_ name: String) -> MarkupElement? { elements.first { $0.name == name } }

    /// Child elements named `name`.
    public func children(_ name: String) -> [MarkupElement] { elements.filter { $0.name == name } }

    /// The element at the end of a path of child names ("Amt", or "NtryDtls", "TxDtls").
    public func descendant(_ path: String...) -> MarkupElement? {
        var e: MarkupElement? = self
        for name in path { e = e?.child(name) }
        return e
    }

    /// Every element below this one (depth first, document order) named `name`.
    public func all(_ name: String) -> [MarkupElement] {
        var out: [MarkupElement] = []
        for e in elements {
            if e.name == name { out.append(e) }
            out += e.all(name)
        }
        return out
    }

    /// The text of this element and everything below it, as written (entities decoded).
    public var text: String {
        children.map { node in
            switch node {
            case .text(let s): s
            case .element(let e): e.text
            }
        }.joined()
    }
}

public enum MarkupNode: Sendable, Equatable {
    case element(MarkupElement)
    case text(String)
}

/// Parses XML and HTML with libxml2. The only file that sees libxml2's C API.
public enum Markup {
    public struct Failure: Error, Equatable {
        /// libxml2's first error, one line ("Start tag expected, '<' not found", line 1).
        public var message: String
    }

    /// Documents nested deeper than this are refused (a hostile file would exhaust the stack when copied).
    static let maxDepth = 256

    /// A well-formed XML document's root element. No network access, no DTD loading, no entity expansion
    /// beyond the predefined ones.
    public static func parseXML(_ data: Data) throws(Failure) -> MarkupElement {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        return try parse(data, html: false, options: options, encoding: nil)
    }

    /// An HTML document's root element, however broken its markup (libxml2's HTML parser recovers like a
    /// browser). `encoding` is the charset a MIME header gave ("iso-8859-1"); without one the document's
    /// own `<meta charset>` decides, then UTF-8.
    public static func parseHTML(_ data: Data, encoding: String? = nil) throws(Failure) -> MarkupElement {
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NOBLANKS.rawValue | HTML_PARSE_COMPACT.rawValue)
        return try parse(data, html: true, options: options, encoding: encoding)
    }

    private static func parse(_ data: Data, html: Bool, options: Int32, encoding: String?) throws(Failure) -> MarkupElement {
        guard !data.isEmpty, data.count < Int(Int32.max) else { throw Failure(message: "empty document") }
        xmlResetLastError()
        let doc: xmlDocPtr? = data.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: CChar.self).baseAddress
            return html
                ? htmlReadMemory(base, Int32(raw.count), nil, encoding, options)
                : xmlReadMemory(base, Int32(raw.count), nil, encoding, options)
        }
        guard let doc else { throw Failure(message: lastError() ?? "not a readable document") }
        defer { xmlFreeDoc(doc) }
        // XML must be well-formed: libxml2 hands back a document only then, but an error may still be recorded.
        if !html, let message = lastError() { throw Failure(message: message) }
        guard let root = xmlDocGetRootElement(doc) else { throw Failure(message: "the document has no root element") }
        guard let element = copy(root, depth: 0, html: html) else {
            throw Failure(message: "the document is nested more than \(maxDepth) levels deep")
        }
        return element
    }

    private static func lastError() -> String? {
        guard let error = xmlGetLastError(), let message = error.pointee.message else { return nil }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return error.pointee.line > 0 ? "\(text) (line \(error.pointee.line))" : text
    }

    private static func string(_ p: UnsafePointer<xmlChar>?) -> String? {
        p.map { String(cString: $0) }
    }

    private static func copy(_ node: xmlNodePtr, depth: Int, html: Bool) -> MarkupElement? {
        guard depth < maxDepth else { return nil }
        let rawName = string(node.pointee.name) ?? ""
        var element = MarkupElement(name: html ? rawName.lowercased() : rawName, namespace: string(node.pointee.ns?.pointee.href))
        var attribute = node.pointee.properties
        while let a = attribute {
            if let name = string(a.pointee.name) {
                let value = xmlNodeGetContent(UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self))
                element.attributes[html ? name.lowercased() : name] = string(value) ?? ""
                subs_xml_free(value)
            }
            attribute = a.pointee.next
        }
        var child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE:
                guard let e = copy(c, depth: depth + 1, html: html) else { return nil }
                element.children.append(.element(e))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let s = string(c.pointee.content) { element.children.append(.text(s)) }
            case XML_ENTITY_REF_NODE:
                let content = xmlNodeGetContent(c)
                if let s = string(content) { element.children.append(.text(s)) }
                subs_xml_free(content)
            default:
                break  // comments, processing instructions
            }
            child = c.pointee.next
        }
        return element
    }
}
