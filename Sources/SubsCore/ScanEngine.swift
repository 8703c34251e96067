/// Which engine reads a scanned document.
public enum EngineChoice: String, Sendable, CaseIterable {
    /// Tesseract and our extractor only; nothing leaves the machine.
    case local
    /// The configured model, merged with the local result; its failures are errors.
    case llm
    /// The model when one is configured, else local; the model's failures fall back to local with a warning.
    case auto
}

/// What leaves the machine: `text` sends only the OCR/text-layer text; `image` sends the page images.
public enum SendMode: String, Sendable, CaseIterable {
    case text, image
}
