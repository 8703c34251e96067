import Foundation
import SubsCore

/// The chat completions request: our prompt, a strict JSON schema, temperature 0.1.
public enum ChatRequest {
    public static let fields = ["name", "amount", "currency", "billing_date", "next_billing_date", "frequency"]

    static let prompt = """
        You read one invoice, receipt or subscription e-mail and return only what it states.
        Fields:
        - name: the brand a person recognises (e.g. "Netflix", not "Netflix International B.V.").
        - amount: the total actually charged, tax included, as a decimal string with a dot ("15.99"); not a subtotal, \
        a VAT line, a discount, an old price or a previous balance.
        - currency: the ISO 4217 code of that amount ("EUR", "USD", "GBP", "CHF", "JPY"...).
        - billing_date: the date of this charge or invoice, YYYY-MM-DD.
        - next_billing_date: only when the document states the next renewal or charge date, YYYY-MM-DD.
        - frequency: weekly, monthly, quarterly or yearly, only when the document states it.
        Use null for anything the document does not show or you are unsure of. Never guess. \
        If the document is not an invoice or receipt, every field is null.
        """

    /// Every property required; nullable ones as anyOf with null (what strict structured outputs demand).
    static var schema: JSONValue {
        func nullable(_ type: JSONValue, _ description: String) -> JSONValue {
            .object([("anyOf", .array([type, .object([("type", .string("null"))])])), ("description", .string(description))])
        }
        let string = JSONValue.object([("type", .string("string"))])
        let properties: [(String, JSONValue)] = [
            ("name", nullable(string, "brand name")),
            ("amount", nullable(string, "total charged, tax included, decimal with a dot")),
            ("currency", nullable(string, "ISO 4217 code")),
            ("billing_date", nullable(string, "YYYY-MM-DD")),
            ("next_billing_date", nullable(string, "YYYY-MM-DD, only when stated")),
            ("frequency", nullable(.object([("type", .string("string")), ("enum", .array(["weekly", "monthly", "quarterly", "yearly"].map { .string($0) }))]), "only when stated")),
        ]
        return .object([
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .array(fields.map { .string($0) })),
            ("additionalProperties", .bool(false)),
        ])
    }

    /// The JSON body. `images` are JPEG bytes, sent only in image mode.
    public static func body(model: String, mode: SendMode, text: String, images: [Data]) -> JSONValue {
        var user: JSONValue
        switch mode {
        case .text:
            user = .string("Invoice text:\n\n" + text)
        case .image:
            user = .array([.object([("type", .string("text")), ("text", .string("The invoice's pages follow as images."))])]
                + images.map { jpeg in
                    .object([("type", .string("image_url")),
                             ("image_url", .object([("url", .string("data:image/jpeg;base64," + jpeg.base64EncodedString()))]))])
                })
        }
        return .object([
            ("model", .string(model)),
            ("temperature", .number("0.1")),
            ("messages", .array([
                .object([("role", .string("system")), ("content", .string(prompt))]),
                .object([("role", .string("user")), ("content", user)]),
            ])),
            ("response_format", .object([
                ("type", .string("json_schema")),
                ("json_schema", .object([("name", .string("invoice")), ("strict", .bool(true)), ("schema", schema)])),
            ])),
        ])
    }
}
