import Foundation
import SubsCore
import SubsScan

/// The original sender and date of a mail forwarded inline: the header block mail programs put under
/// "---------- Forwarded message ---------" (Gmail), "Begin forwarded message:" (Apple Mail) or
/// "-----Original Message-----" (Outlook), in the seven languages.
public enum ForwardedHeader {
    public struct Found: Sendable, Equatable {
        public var from: MailMessage.Address?
        public var date: LocalDate?
        public var subject: String?
        /// The line of the marker: what is above it is the forwarder's own note.
        public var line = 0
    }

    static let markers: [String] = [
        "forwarded message", "begin forwarded message", "original message", "weitergeleitete nachricht",
        "ursprungliche nachricht", "message transfere", "message d origine", "message original", "mensaje reenviado",
        "mensaje original", "messaggio inoltrato", "messaggio originale", "doorgestuurd bericht", "oorspronkelijk bericht",
        "mensagem encaminhada", "mensagem original", "inicio da mensagem reencaminhada", "debut du message reexpedie",
    ]
    static let fromLabels: Set<String> = ["from", "von", "de", "da", "van", "absender"]
    static let dateLabels: Set<String> = ["date", "sent", "datum", "gesendet", "envoye", "fecha", "enviado", "data", "inviato", "verzonden", "verstuurd", "le"]
    static let subjectLabels: Set<String> = ["subject", "betreff", "objet", "sujet", "asunto", "oggetto", "onderwerp", "assunto"]

    static func fold(_ s: String) -> String {
        let folded = s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " }).split(separator: " ").joined(separator: " ")
    }

    /// The first forwarded header block in the body's lines, if there is one with a sender or a date.
    public static func find(in lines: [String]) -> Found? {
        for (i, line) in lines.enumerated() {
            let f = fold(line)
            guard f.count < 60, markers.contains(where: { f.hasPrefix($0) || f == $0 }) || (line.contains("---") && markers.contains(where: { f.contains($0) }))
            else { continue }
            var found = Found()
            found.line = i
            for next in lines[(i + 1)..<min(lines.count, i + 12)] {
                guard let colon = next.firstIndex(of: ":") else { continue }
                let label = fold(String(next[..<colon]))
                let value = next[next.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if fromLabels.contains(label), found.from == nil {
                    found.from = MailParser.address(value)
                } else if dateLabels.contains(label), found.date == nil {
                    found.date = MailParser.date(value) ?? PrintedDate.first(in: value)
                } else if subjectLabels.contains(label), found.subject == nil {
                    found.subject = value
                }
            }
            if found.from != nil || found.date != nil { return found }
        }
        return nil
    }
}
