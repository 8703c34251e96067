import Foundation
import SubsCore
import SubsScan

/// The outcome of reading one scanned document with the chosen engine.
public struct AssistedReading: Sendable {
    public var extraction: Extraction
    public var disagreements: [ExtractionMerge.Disagreement] = []
    /// One-line warnings for the user (fallbacks).
    public var warnings: [String] = []
    /// Which engines contributed: "local", or "local+llm".
    public var engine: String = "local"
}

public enum AssistedReader {
    /// - Parameters:
    ///   - images: the pages as JPEG, needed only in image mode (computed lazily: the local engine never pays for it).
    public static func read(
        _ scan: ScanResult, choice: EngineChoice, settings: LLMSettings?, http: @autoclosure () -> any HTTPSending,
        mode: SendMode, images: () throws(SubsError) -> [Data], today: LocalDate
    ) throws(SubsError) -> AssistedReading {
        var reading = AssistedReading(extraction: scan.extraction)
        switch (choice, settings) {
        case (.local, _), (.auto, nil):
            return reading
        case (.llm, nil):
            throw SubsError(.usage, "--engine llm needs an AI endpoint; set SUBS_LLM_URL (and SUBS_LLM_API_KEY), or use --engine local")
        case (_, let settings?):
            let engine = LLMEngine(settings: settings, http: http())
            let outcome: LLMEngine.Outcome
            do {
                outcome = try engine.read(text: mode == .text ? scan.text : "", images: mode == .image ? try images() : [], mode: mode, today: today)
            } catch {
                if choice == .llm { throw error }
                reading.warnings.append("AI engine not used: \(error.message)")
                return reading
            }
            switch outcome {
            case .unusable(let reason):
                reading.warnings.append("AI answer not used (\(reason)); the local result stands")
            case .read(let ai):
                (reading.extraction, reading.disagreements) = ExtractionMerge.merge(local: scan.extraction, ai: ai)
                reading.engine = "local+llm"
            }
            return reading
        }
    }
}
