/// Label vocabulary in English, French, German and Spanish, already folded (see `Text.fold`).
/// Generic invoice and receipt wording only: nothing here names a vendor.
enum Lexicon {
    // MARK: Language detection

    static let languageWords: [String: Set<String>] = [
        "en": ["the", "and", "your", "you", "invoice", "receipt", "total", "amount", "date", "paid", "payment", "thank",
               "for", "of", "to", "with", "subscription", "plan", "billed", "month", "year", "tax", "due", "price", "qty"],
        "fr": ["le", "la", "les", "des", "du", "votre", "vous", "facture", "recu", "montant", "merci", "paiement", "pour",
               "avec", "abonnement", "mois", "an", "prix", "tva", "ttc", "ht", "echeance", "numero", "nous", "est"],
        "de": ["der", "die", "das", "und", "ihre", "ihr", "sie", "rechnung", "betrag", "vielen", "dank", "zahlung", "fur",
               "mit", "abo", "monat", "jahr", "preis", "mwst", "ust", "datum", "gesamt", "bezahlt", "summe", "wir", "ist"],
        "es": ["el", "los", "las", "del", "su", "usted", "factura", "recibo", "importe", "gracias", "pago", "para", "con",
               "suscripcion", "mes", "ano", "precio", "iva", "fecha", "total", "pagado", "numero", "por", "es", "y"],
    ]

    // MARK: Amount labels

    /// The amount actually charged, tax included. Weight: how sure the label makes us.
    static let totalLabels: [(phrase: String, weight: Double)] = chargeLabels + feeLabels

    /// A membership's fee is its charge (gyms, clubs, schools): their payment e-mails name no
    /// total. But a letter announcing the fee is no bill, so the fee alone needs a word of paying.
    static let feeLabels: [(phrase: String, weight: Double)] = [
        ("monthly fee", 0.75), ("annual fee", 0.75), ("yearly fee", 0.75), ("membership fee", 0.75), ("subscription fee", 0.75),
        ("cotisation mensuelle", 0.75), ("cotisation annuelle", 0.75), ("cotisation", 0.6),
        ("mitgliedsbeitrag", 0.75), ("monatsbeitrag", 0.75), ("jahresbeitrag", 0.75), ("beitrag", 0.55),
        ("cuota mensual", 0.75), ("cuota anual", 0.75), ("cuota de socio", 0.75), ("cuota", 0.6),
    ]

    static let chargeLabels: [(phrase: String, weight: Double)] = [
        // en
        ("amount charged", 1.0), ("total charged", 1.0), ("amount paid", 1.0), ("total paid", 1.0), ("you paid", 0.95),
        ("grand total", 1.0), ("total due", 0.9), ("amount due", 0.85), ("total amount", 0.95), ("total incl", 1.0),
        ("total including", 1.0), ("total inc", 0.95), ("invoice total", 0.95), ("order total", 0.9), ("total to pay", 0.95),
        ("charged", 0.8), ("payment of", 0.8), ("total", 0.8), ("amount", 0.55), ("net amount payable", 0.8),
        ("rounded total", 0.95), ("total payable", 0.95), ("amount to pay", 0.95), ("amount payable", 0.95), ("balance due", 0.7), ("nett total", 1.0), ("net total", 0.5),
        // fr
        ("montant ttc", 1.0), ("total ttc", 1.0), ("montant total", 0.95), ("montant paye", 1.0), ("total paye", 1.0),
        ("net a payer", 1.0), ("montant debite", 1.0), ("montant preleve", 1.0), ("total a payer", 1.0), ("a payer", 0.8),
        ("montant a payer", 1.0), ("somme a payer", 1.0),
        ("montant regle", 1.0), ("vous avez paye", 0.95), ("montant", 0.55), ("somme", 0.5), ("mensualite", 0.7),
        // de
        ("gesamtbetrag", 1.0), ("gesamtsumme", 1.0), ("rechnungsbetrag", 1.0), ("endbetrag", 1.0), ("zu zahlen", 0.95), ("zu bezahlen", 0.95),
        ("bezahlter betrag", 1.0), ("abgebuchter betrag", 1.0), ("zahlbetrag", 1.0), ("gesamt", 0.85), ("summe", 0.8),
        ("bruttobetrag", 0.95), ("betrag", 0.55), ("gesamtpreis", 0.9), ("total brutto", 1.0), ("brutto", 0.6),
        ("gezahlt", 0.9), ("bezahlt", 0.9), ("gezahlter betrag", 1.0), ("abschlag", 0.7), ("abschlagsbetrag", 0.8),
        ("zu zahlender betrag", 1.0), ("zahlender betrag", 0.95),
        // the customer's own share of a fee another pays part of (an employer's job ticket)
        ("ihr eigenanteil", 0.95), ("eigenanteil", 0.85),
        // es
        ("importe total", 1.0), ("total a pagar", 1.0), ("importe a pagar", 1.0), ("total pagado", 1.0), ("importe pagado", 1.0),
        ("importe cobrado", 1.0), ("total factura", 1.0), ("importe", 0.55), ("cobrado", 0.8), ("cargo de", 0.75),
        ("total iva incluido", 1.0), ("iva incluido", 0.9), ("iva incl", 0.9),
    ]

    /// Amounts that are not the charge. A match vetoes the amounts after it on that line.
    static let distractorLabels: [String] = [
        // en
        "subtotal", "sub total", "net", "excl", "excluding", "before tax", "vat", "tax", "gst", "sst", "sales tax",
        "discount", "promo", "coupon", "credit", "previous balance", "balance forward", "payment received",
        "payments received", "unit price", "price per unit", "was", "regular price", "list price", "save", "you save",
        "cash", "change", "tendered", "rounding", "round", "deposit", "tip", "qty", "quantity",
        // fr
        "sous total", "total ht", "montant ht", "ht", "hors taxe", "hors taxes", "tva", "remise", "reduction",
        "solde precedent", "paiement recu", "prix unitaire", "au lieu de", "avant", "economie", "especes", "rendu",
        // de
        "zwischensumme", "netto", "nettobetrag", "mwst", "ust", "umsatzsteuer", "rabatt", "nachlass", "gutschrift",
        "vorheriger saldo", "saldo", "zahlung erhalten", "einzelpreis", "statt", "bar", "ruckgeld", "gegeben",
        // es
        "base imponible", "iva", "descuento", "saldo anterior", "pago recibido", "precio unitario", "antes",
        "efectivo", "cambio", "ahorro",
    ] + otherChargeLabels

    /// A late payer's amount and last year's price, printed beside this charge: never the charge,
    /// whatever total label comes with them.
    static let otherChargeLabels: [String] = [
        "after due date", "after the due date", "late payment", "late fee", "last year", "previous year",
        "apres echeance", "apres la date", "penalite de retard", "l an dernier", "l annee derniere", "annee precedente",
        "nach falligkeit", "nach dem falligkeitsdatum", "verspatete zahlung", "letztes jahr", "letzten jahr", "vorjahr", "vorjahres",
        "despues del vencimiento", "recargo por mora", "ano pasado", "ano anterior",
    ]

    /// Labels of columns in an item table: their amounts are line prices, not the total.
    static let itemColumnLabels: [String] = [
        "unit price", "prix unitaire", "einzelpreis", "precio unitario", "pu", "qty", "qte", "menge", "cantidad",
    ]

    /// Words that make a document an invoice, receipt or payment confirmation.
    static let invoiceWords: [String] = [
        "invoice", "receipt", "tax invoice", "payment", "paid", "charged", "billed", "billing", "subscription", "order",
        "facture", "recu", "paiement", "paye", "abonnement", "prelevement", "commande", "ticket",
        "rechnung", "quittung", "beleg", "zahlung", "bezahlt", "abbuchung", "abonnement", "bestellung", "kassenbon",
        // German writes its titles as compounds ("Zahlungsbestätigung"): the usual ones.
        "zahlungsbestatigung", "zahlungsbeleg", "bestellbestatigung", "buchungsbestatigung", "rechnungskopie", "kaufbeleg",
        "kassenbeleg", "abbuchungsbestatigung",
        "factura", "recibo", "pago", "pagado", "suscripcion", "cargo", "pedido", "cash bill", "bill",
    ]

    // MARK: Date labels

    static let billingDateLabels: [(phrase: String, weight: Double)] = [
        ("invoice date", 1.0), ("date of issue", 1.0), ("issue date", 1.0), ("issued on", 0.95), ("issued", 0.8),
        ("billing date", 1.0), ("billed on", 1.0), ("payment date", 1.0), ("date paid", 1.0), ("paid on", 1.0),
        ("charged on", 1.0), ("charge date", 1.0), ("transaction date", 0.95), ("receipt date", 1.0), ("order date", 0.85),
        ("bill date", 1.0), ("statement date", 1.0), ("date", 0.7),
        ("date de facture", 1.0), ("date de facturation", 1.0), ("date d emission", 1.0), ("date du paiement", 1.0),
        ("date de paiement", 1.0), ("paye le", 1.0), ("emise le", 1.0), ("facture du", 0.9), ("date de commande", 0.85),
        // The debit's date, when the invoice's own is not printed (it comes first: "facture du").
        ("date du prelevement", 0.85), ("date de prelevement", 0.85), ("date du debit", 0.85), ("preleve le", 0.8),
        ("debite le", 0.8),
        ("rechnungsdatum", 1.0), ("zahlungsdatum", 1.0), ("belegdatum", 1.0), ("ausgestellt am", 1.0),
        ("bezahlt am", 1.0), ("abgebucht am", 1.0), ("bestelldatum", 0.85), ("datum", 0.7), ("leistungsdatum", 0.6),
        ("rechnung vom", 0.9), ("abrechnung vom", 0.9),
        ("fecha de factura", 1.0), ("fecha de emision", 1.0), ("fecha de pago", 1.0), ("fecha del cargo", 1.0),
        ("fecha de cargo", 1.0), ("pagado el", 1.0), ("fecha de la factura", 1.0), ("fecha", 0.7), ("emitida el", 1.0),
        ("factura del", 0.9), ("fecha de expedicion", 1.0),
    ]

    static let nextDateLabels: [String] = [
        "next billing date", "next billing", "next payment", "next charge", "next invoice", "next renewal",
        "renews on", "renewal date", "will renew", "will be charged", "will be billed", "we will charge", "renews", "next bill", "auto renews", "automatically renew",
        "will be renewed", "will be automatically renewed", "will be taken", "will be collected", "will be debited", "wird verlangert", "wird automatisch verlangert",
        "sera automatiquement renouvele", "sera reconduit le", "sera reconduite le", "reconduit automatiquement le", "prochain appel",
        "prochain prelevement", "prochaine facture", "prochain paiement", "prochaine echeance", "renouvellement",
        "se renouvelle", "sera renouvele", "sera preleve", "sera debite", "sera facture", "prochaine facturation",
        "nachste abbuchung", "nachste zahlung", "nachste rechnung", "verlangert sich", "verlangerung",
        "nachster zahlungstermin", "nachste belastung", "nachstes abrechnungsdatum", "nachster abschlag",
        "prochaine mensualite", "proxima cuota", "next instalment", "next installment",
        "proximo cobro", "proximo pago", "proxima factura", "renovacion", "se renovara", "proxima renovacion",
        "proximo cargo", "proxima facturacion", "se cobrara", "se le cobrara", "se renueva",
        // A bank app's standing order: "Next expected payment", "Nächste geplante Zahlung".
        "next expected payment", "next scheduled payment", "next expected charge", "next scheduled charge",
        "nachste erwartete zahlung", "nachste geplante zahlung", "nachste geplante abbuchung",
        "charge you again", "bill you again", "siguiente fecha de facturacion", "siguiente fecha de cobro",
        "siguiente cargo", "siguiente cobro", "siguiente pago", "siguiente factura", "siguiente renovacion",
        // The same with a "date" word between: "Nächster Abrechnungstermin", "Próxima fecha de cobro".
        "nachster abrechnungstermin", "nachste abrechnung", "nachster abbuchungstermin", "nachster rechnungstermin",
        "nachste lastschrift", "nachster einzug", "nachster lastschrifteinzug", "nachste verlangerung",
        "proxima fecha de facturacion", "proxima fecha de cobro", "proxima fecha de pago", "proxima fecha de cargo",
        "proxima fecha de renovacion", "prochaine date de facturation", "prochaine date de prelevement",
        "prochaine date de paiement", "prochaine date d echeance", "next due date", "next statement date",
    ]

    /// Dates that are neither the charge nor the next renewal.
    static let otherDateLabels: [String] = [
        "due date", "due", "payment due", "pay by", "valid until", "expires", "expiry", "member since",
        "customer since", "delivery", "delivered", "shipped", "period", "service period", "billing period", "from", "to",
        "until", "through", "start", "end", "birth", "trial ends",
        "echeance", "date d echeance", "a regler avant", "payable avant", "periode", "du", "au", "jusqu", "livraison",
        "client depuis", "valable jusqu",
        "fallig", "falligkeit", "falligkeitsdatum", "zahlbar bis", "zeitraum", "leistungszeitraum", "vom", "bis",
        "lieferung", "lieferdatum", "kunde seit", "gultig bis",
        "vencimiento", "fecha de vencimiento", "pagar antes", "periodo", "desde", "hasta", "entrega", "cliente desde",
        "valido hasta",
    ]

    // MARK: Frequency cues (checked in this order: quarterly before yearly for "vierteljahrlich")

    static let frequencyCues: [(cadence: String, phrases: [String])] = [
        ("weekly", ["week", "per week", "weekly", "every week", "a week", "wk", "semaine", "par semaine", "hebdomadaire",
                    "woche", "pro woche", "jede woche", "chaque semaine", "toutes les semaines", "wochentlich", "wochentliche", "wochentlicher", "wochentlichen", "semana", "por semana", "semanal", "semanales", "a la semana", "cada semana", "hebdomadaires", "semanalmente"]),
        ("quarterly", ["quarterly", "per quarter", "quarter", "every 3 months", "every three months", "trimestriel",
                       "trimestrielle", "par trimestre", "trimestre", "vierteljahrlich", "vierteljahrliche", "vierteljahrlicher", "vierteljahrlichen", "quartalsweise", "pro quartal",
                       "quartal", "trimestral", "trimestrales", "trimestriels", "trimestrielles", "por trimestre", "al trimestre", "cada 3 meses", "tous les 3 mois", "trimestriellement", "trimestralmente",
                       "alle 3 monate"]),
        ("yearly", ["year", "per year", "yearly", "annual", "annually", "a year", "yr", "every year", "12 months",
                    "an", "par an", "annuel", "annuelle", "annee", "par annee", "jahr", "pro jahr", "jahrlich", "jahrliche", "jahrlicher", "jahrlichen", "anuales", "annuels", "annuelles",
                    "12 monate", "jedes jahr", "chaque annee", "tous les ans", "cada ano", "ano", "al ano", "por ano", "anual", "anualmente", "annuellement",
                    "12 meses", "12 mois",
                    // Tesseract reads the ñ of "/año" as "fi".
                    "afio"]),
        ("monthly", ["month", "per month", "monthly", "a month", "every month", "mo", "mois", "par mois", "mensuel",
                     "mensuelle", "mensualite", "monat", "pro monat", "monatlich", "monatliche", "monatlicher", "monatlichen", "mensuales", "mensuels",
                     "mensuelles", "mes", "al mes", "jeden monat", "chaque mois", "tous les mois",
                     "por mes", "mensual", "mensualmente", "cada mes", "mensuellement"]),
    ]

    /// Cue words that only count right after a slash or "per"-like word ("/mo", "/an"), because
    /// on their own they are ordinary words.
    static let slashOnlyCues: Set<String> = ["week", "wk", "mo", "an", "year", "yr", "month", "quarter", "mois", "semaine",
                                             "woche", "monat", "jahr", "quartal", "mes", "ano", "afio", "semana", "trimestre",
                                             "annee"]
}
