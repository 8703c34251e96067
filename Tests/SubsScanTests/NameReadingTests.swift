import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// The shop's name read off a letterhead despite OCR's slips: specks read as letters above it,
/// characters misread in it, readings of the same line combined.
@Suite struct NameReadingTests {
    @Test func aLoneLetterAboveTheLetterheadIsASpeckNotARecipientLabel() {
        let r = InvoiceExtractor().extract(text: """
            a
            GOLDEN LANTERN BISTRO SDN BHD
            12, Jalan Melur 3, Taman Seri
            Cashier: 04
            Fried rice   12.50
            Total   12.50
            Cash   20.00
            Change   7.50
            """)
        #expect(r.name.value == "GOLDEN LANTERN BISTRO SDN BHD")
        let noisy = InvoiceExtractor().extract(text: """
            A 7 W
            PELANGI TYRE MOTOR SDN BHD
            No. 7, Jalan Kenanga, Taman Bakti
            Cashier: 2
            Total   88.00
            Cash   100.00
            Change   12.00
            """)
        #expect(noisy.name.value == "PELANGI TYRE MOTOR SDN BHD")
        // A scrap line at a photo's edge that starts with a label's word ("an") is no label.
        let edge = InvoiceExtractor().extract(pages: [OtherMentionTests.page([
            "AN SO SEEN BE ARE ORTH CEPT SA HAC NN CME EAD", "VELUTA PRESS CAFE", "Calle Luna 5", "Bread 4.48",
            "TOTAL 4.48 EUR", "CARD 4.48",
        ], confidence: Dictionary(uniqueKeysWithValues: "AN SO SEEN BE ARE ORTH CEPT SA HAC NN CME EAD".split(separator: " ").map { (String($0), 0.3) }))])
        #expect(edge.name.value == "VELUTA PRESS CAFE")
        #expect(!NameFinder.isRecipientLabel("An die Mitglieder des Vereins und alle Freunde des Hauses"))
        #expect(NameFinder.isRecipientLabel("An: Max Mustermann"))
    }

    @Test func aOneLetterRecipientLabelStillCountsWithItsColon() {
        #expect(NameFinder.isRecipientLabel("A: Lucía García"))
        #expect(NameFinder.isRecipientLabel("Facturar a"))
        #expect(NameFinder.isRecipientLabel("To"))
        #expect(!NameFinder.isRecipientLabel("a"))
        #expect(!NameFinder.isRecipientLabel("A 7 W"))
    }
}

/// Readings of one line combined word by word, on invented lines.
@Suite struct LineVotingTests {
    /// Words laid out left to right, 20 px per character and a space between.
    static func line(_ words: [(String, Double)]) -> [WordBox] {
        var x = 100
        return words.map { text, confidence in
            defer { x += text.count * 20 + 20 }
            return WordBox(text: text, confidence: confidence, x: x, y: 50, width: text.count * 20, height: 30, line: 3, page: 1)
        }
    }

    @Test func twoReReadsAgreeingOnAWordOutvoteTheFirstReading() {
        let first = Self.line([("GREEN", 0.93), ("LAME", 0.95), ("BAKERY", 0.96)])
        let again = Self.line([("GREEN", 0.91), ("LANE", 0.90), ("BAKERY", 0.95)])
        let other = Self.line([("GREEN", 0.92), ("LANE", 0.88), ("BAKERY", 0.96)])
        let voted = LineVoting.combine(first, [again, other])
        #expect(voted.map(\.text) == ["GREEN", "LANE", "BAKERY"])
        // Boxes and line number stay the first reading's.
        #expect(voted[1].x == first[1].x && voted[1].width == first[1].width && voted.allSatisfy { $0.line == 3 })
    }

    @Test func oneReReadAloneChangesNothing() {
        let first = Self.line([("GREEN", 0.93), ("LAME", 0.80), ("BAKERY", 0.96)])
        let again = Self.line([("GREEN", 0.91), ("LANE", 0.95), ("BAKERY", 0.95)])
        let other = Self.line([("GREEN", 0.92), ("LAKE", 0.94), ("BAKERY", 0.96)])
        #expect(LineVoting.combine(first, [again, other]).map(\.text) == ["GREEN", "LAME", "BAKERY"])
        // Nor does a single re-read: there is no majority without two.
        #expect(LineVoting.combine(first, [again]).map(\.text) == ["GREEN", "LAME", "BAKERY"])
        // Nor a re-read that came back empty (a bad crop).
        #expect(LineVoting.combine(first, [again, []]).map(\.text) == ["GREEN", "LAME", "BAKERY"])
    }

    @Test func aWordReadAsTwoChangesOnlyWhereTheFirstReadingDoubtedIt() {
        let doubtful = Self.line([("JK", 0.62), ("TYRES", 0.90)])
        let split = Self.line([("J", 0.80), ("K", 0.75), ("TYRES", 0.92)])
        let voted = LineVoting.combine(doubtful, [split, split])
        #expect(voted.map(\.text) == ["J", "K", "TYRES"])
        #expect(voted[0].x == doubtful[0].x && voted[1].x + voted[1].width == doubtful[0].x + doubtful[0].width)
        // Widely spaced capitals read alone come apart; a sure reading of the word stands.
        let sure = Self.line([("ROSA", 0.92), ("MART", 0.92)])
        let pieces = Self.line([("RO", 0.95), ("SA", 0.90), ("M", 0.90), ("ART", 0.96)])
        #expect(LineVoting.combine(sure, [pieces, pieces]).map(\.text) == ["ROSA", "MART"])
    }

    @Test func aDoubtedWordTakesTheReadingOneReReadIsClearlySureOf() {
        let first = Self.line([("PALM", 0.93), ("SIN", 0.89), ("D", 0.44)])
        let sure = Self.line([("PALM", 0.38), ("SIN", 0.47), ("DU", 0.70)])
        let unsure = Self.line([("PALM", 0.86), ("SIN", 0.94), ("BU", 0.52)])
        #expect(LineVoting.combine(first, [sure, unsure]).map(\.text) == ["PALM", "SIN", "DU"])
        // Not where another reading confirms the first, nor from a re-read hardly surer, nor for a
        // word the first reading was sure enough of.
        let confirming = Self.line([("PALM", 0.9), ("SIN", 0.9), ("D", 0.40)])
        #expect(LineVoting.combine(first, [sure, confirming]).map(\.text) == ["PALM", "SIN", "D"])
        let hardlySurer = Self.line([("PALM", 0.9), ("SIN", 0.9), ("DU", 0.60)])
        #expect(LineVoting.combine(first, [hardlySurer, unsure]).map(\.text) == ["PALM", "SIN", "D"])
        let fairlySure = Self.line([("PALM", 0.93), ("MINT", 0.57)])
        let mine = Self.line([("PALM", 0.9), ("MINE", 0.93)])
        let mint = Self.line([("PALM", 0.9), ("MINI", 0.60)])
        #expect(LineVoting.combine(fairlySure, [mine, mint]).map(\.text) == ["PALM", "MINT"])
    }

    /// One character read one way first and another way by both re-reads (a logo's mark read "Q",
    /// then "@" twice) is the same place read again: the re-reads win.
    @Test func aOneCharacterWordBothReReadsReadOtherwise() {
        let first = Self.line([("Q", 0.86), ("Panier", 0.93), ("Fermier", 0.77)])
        let again = Self.line([("@", 0.71), ("Panier", 0.93), ("Fermier", 0.91)])
        let other = Self.line([("@", 0.58), ("Panier", 0.93), ("Fermier", 0.92)])
        #expect(LineVoting.combine(first, [again, other]).map(\.text) == ["@", "Panier", "Fermier"])
        #expect(LineVoting.combine(first, [again, first]).map(\.text) == ["Q", "Panier", "Fermier"])
    }

    /// A logo's two-character scrap ("C2") that both re-reads read as a mark ("©") is that mark; a
    /// two-letter word is no mark's reading of three letters.
    @Test func aScrapBothReReadsReadAsAMark() {
        let first = Self.line([("C2", 0.66), ("Nimbuspark", 0.91), ("INVOICE", 0.44)])
        let again = Self.line([("©", 0.70), ("Nimbuspark", 0.92), ("INVOICE)", 0.38)])
        let other = Self.line([("©", 0.57), ("Nimbuspark", 0.92), ("mers", 0.45)])
        #expect(LineVoting.combine(first, [again, other]).map(\.text) == ["©", "Nimbuspark", "INVOICE"])
        #expect(!LineVoting.sameWord("SFR", "©") && LineVoting.sameWord("EE", "@"))
    }

    /// An accent the first reading saw and both re-reads lost stays.
    @Test func anAccentTheReReadsLostStays() {
        let first = Self.line([("D", 0.82), ("Hébergix", 0.82), ("FACTURE", 0.89)])
        let again = Self.line([("©", 0.62), ("Hebergix", 0.91), ("FACTURE", 0.80)])
        let other = Self.line([("©", 0.31), ("Hebergix", 0.92), ("FACTURE", 0.85)])
        #expect(LineVoting.combine(first, [again, other]).map(\.text) == ["©", "Hébergix", "FACTURE"])
    }

    @Test func specksAndMissedWordsOfTheReReadsAreNotTakenUp() {
        let first = Self.line([("OCEAN", 0.9), ("VIEW", 0.9), ("GRILL", 0.9)])
        let withSpeck = Self.line([("|", 0.5), ("OCEAN", 0.9), ("VIEW", 0.9), ("GRILL", 0.9), ("=", 0.4)])
        let missing = Self.line([("OCEAN", 0.9), ("GRILL", 0.9)])
        #expect(LineVoting.combine(first, [withSpeck, missing]).map(\.text) == ["OCEAN", "VIEW", "GRILL"])
    }

    @Test func aWordReadWhollyOtherwiseIsNoReadingOfIt() {
        let first = Self.line([("PALM", 0.7), ("COURT", 0.9)])
        let other = Self.line([("XQZ", 0.9), ("COURT", 0.9)])
        #expect(LineVoting.combine(first, [other, other]).map(\.text) == ["PALM", "COURT"])
        // Nor is a word run together with its neighbour ("GO" + "SUPERSTORE" read "GOSUPERSTORE").
        let apart = Self.line([("GO", 0.8), ("SUPERSTORE", 0.8)])
        let joined = Self.line([("GOSUPERSTORE", 0.9)])
        #expect(LineVoting.combine(apart, [joined, joined]).map(\.text) == ["GO", "SUPERSTORE"])
        #expect(LineVoting.distance("MINT", "MINE") == 0.25)
        #expect(LineVoting.distance("PALM", "XQZ") == 1)
    }

    @Test func aLowerCaseStartInACapitalisedNameIsAMisreadCapital() {
        let first = Self.line([("Blue", 0.95), ("lree", 0.95), ("Cafe", 0.96)])
        let same = Self.line([("Blue", 0.90), ("lree", 0.88), ("Cafe", 0.92)])
        let capital = Self.line([("Blue", 0.93), ("Tree", 0.90), ("Cafe", 0.95)])
        #expect(LineVoting.combine(first, [same, capital]).map(\.text) == ["Blue", "Tree", "Cafe"])
        // Not in a line whose other words are lower case too, nor when more than the capital differs.
        let prose = Self.line([("the", 0.95), ("lree", 0.95), ("house", 0.96)])
        #expect(LineVoting.combine(prose, [same, Self.line([("The", 0.9), ("Tree", 0.9), ("House", 0.9)])]).map(\.text) == ["the", "lree", "house"])
        let other = Self.line([("Blue", 0.93), ("Trey", 0.90), ("Cafe", 0.95)])
        #expect(LineVoting.combine(first, [same, other]).map(\.text) == ["Blue", "lree", "Cafe"])
    }
}

/// A doubtful letterhead word put right by the same word read elsewhere on the document.
@Suite struct OtherMentionTests {
    /// An OCR'd page of `lines`: every word read with confidence 0.93 unless `confidence` says otherwise.
    static func page(_ lines: [String], confidence: [String: Double] = [:]) -> TextPage {
        var words: [WordBox] = []
        for (n, line) in lines.enumerated() {
            var x = 40
            for w in line.split(separator: " ") {
                words.append(WordBox(text: String(w), confidence: confidence[String(w)] ?? 0.93, x: x, y: 40 + n * 40,
                                     width: w.count * 18, height: 28, line: n, page: 1))
                x += w.count * 18 + 18
            }
        }
        return TextPage(page: 1, source: .ocr, words: words, width: 1000, height: 40 + lines.count * 40)
    }

    static let receipt = [
        "HARBOUR MOTORS (KESTREI BAY) LTD",
        "12 Quay Road, Kestrel Bay",
        "Port Avenmore PA4 2QT",
        "Cashier: 2",
        "Total 20.00",
        "Cash 50.00",
        "Change 30.00",
    ]

    @Test func aDoubtfulWordOfTheNameIsReadAsTheAddressPrintsIt() {
        let r = InvoiceExtractor().extract(pages: [Self.page(Self.receipt, confidence: ["(KESTREI": 0.78, "Kestrel": 0.95])])
        #expect(r.name.value == "HARBOUR MOTORS (KESTREL BAY) LTD")
    }

    @Test func theNameStandsWhenTheOtherMentionIsNoSurerOrTheWordWasReadSurely() {
        let unsure = InvoiceExtractor().extract(pages: [Self.page(Self.receipt, confidence: ["(KESTREI": 0.78, "Kestrel": 0.82])])
        #expect(unsure.name.value == "HARBOUR MOTORS (KESTREI BAY) LTD")
        let sure = InvoiceExtractor().extract(pages: [Self.page(Self.receipt, confidence: ["(KESTREI": 0.94, "Kestrel": 0.99])])
        #expect(sure.name.value == "HARBOUR MOTORS (KESTREI BAY) LTD")
        // A text layer reads what is printed: a name that differs from a word elsewhere is meant so.
        let printed = InvoiceExtractor().extract(text: Self.receipt.joined(separator: "\n"))
        #expect(printed.name.value == "HARBOUR MOTORS (KESTREI BAY) LTD")
    }

    /// The brand alone over its legal name, the two read differently: the reading OCR was surer of.
    @Test(arguments: [
        ("Notortor Learn", "Notortor Leam GmbH - 24 Main Street", ["Learn": 0.96, "Leam": 0.92], "Notortor Learn"),
        ("Notortor Learn", "Notortor Leam GmbH - 24 Main Street", ["Learn": 0.88, "Leam": 0.95], "Notortor Leam"),
        ("Nosi W eb", "Nosi Web Inc. - 18 Rue du Port", ["W": 0.93, "eb": 0.96, "Web": 0.962], "Nosi Web"),
        ("Nosi Web", "NosiWeb Inc. - 18 Rue du Port", ["Web": 0.96, "NosiWeb": 0.9], "Nosi Web"),
    ])
    func twoReadingsOfTheBrandGoToTheSurer(alone: String, legal: String, confidence: [String: Double], brand: String) {
        let lines = [alone, legal, "Invoice date: 12 March 2026", "Pro plan €20.00", "Total €20.00"]
        let r = InvoiceExtractor().extract(pages: [Self.page(lines, confidence: confidence)])
        #expect(r.name.value == brand)
    }

    /// A mail's sender read with a slip that its subject and letterhead print right.
    @Test func aSendersWordIsReadAsTheSubjectAndLetterheadPrintIt() {
        let mail = InvoiceExtractor().extract(pages: [Self.page([
            "Schreiben Ihr Seilwerk Kletterclub Zahlungsbeleg",
            "Posteingang Seilwerk Kletterelub <rechnung@seilwerk de> 9. Feb. 2026 um 22:41",
            "Entwürfe © Seilwerk Kletterclub",
            "Ihr Zahlungsbeleg",
            "Wir haben am 9. Februar 2026 CHF 19.45 von Ihrer Zahlungsmethode abgebucht.",
            "Seilwerk Sport GmbH - Gartenstraße 7, 8005 Zürich",
        ])])
        #expect(mail.name.value == "Seilwerk Kletterclub")
    }

    /// An umlaut's dots read as a second "i", put right by the word as another line prints it.
    @Test func anUmlautReadAsTwoIsIsPutRightByAnotherLine() {
        let lines = ["Gemiisekiste Hofgut", "Obst- & Gemüsekiste klein € 41,90"]
        let read = TextLine.lines(of: [Self.page(lines)])
        #expect(NameFinder.confirmingWords(of: "Gemiisekiste Hofgut", line: read[0], against: read) == "Gemüsekiste Hofgut")
        let capitals = TextLine.lines(of: [Self.page(["GEMIISEKISTE HOFGUT", lines[1]])])
        #expect(NameFinder.confirmingWords(of: "GEMIISEKISTE HOFGUT", line: capitals[0], against: capitals) == "GEMÜSEKISTE HOFGUT")
        // Nowhere else, or a text layer's word: as read.
        let alone = TextLine.lines(of: [Self.page([lines[0], "Obstkiste klein € 41,90"])])
        #expect(NameFinder.confirmingWords(of: "Gemiisekiste Hofgut", line: alone[0], against: alone) == "Gemiisekiste Hofgut")
        let asPrinted = Dictionary(uniqueKeysWithValues: ["Gemiisekiste", "Hofgut", "Obst-", "&", "Gemüsekiste", "klein", "€", "41,90"].map { ($0, 1.0) })
        let printed = TextLine.lines(of: [Self.page(lines, confidence: asPrinted)])
        #expect(NameFinder.confirmingWords(of: "Gemiisekiste Hofgut", line: printed[0], against: printed) == "Gemiisekiste Hofgut")
    }

    /// A logo read as a letter before the name goes when another line prints the name without it,
    /// in words or in an address; a name that starts with a letter is printed whole elsewhere.
    @Test func aLogoLetterBeforeTheNameGoesWhenTheNameIsPrintedWithoutIt() {
        func named(_ name: String, _ others: [String]) -> String {
            let lines = TextLine.lines(of: [Self.page([name + "   RECHNUNG"] + others)])
            return NameFinder.droppingLogoLetter(name, line: 0, lines: lines)
        }
        #expect(named("O Sprachwerk", ["Sprachwerk Akademie e.K. - Bahnhofstraße 12"]) == "Sprachwerk")
        #expect(named("G | Greenleaf Veg Box", ["Tel. 0161 496 0000 - www.greenleafvegbox.co.uk"]) == "Greenleaf Veg Box")
        #expect(named("O Sprachwerk", ["Rechnungsnummer 2025-30147", "Bezahlt 190,98 €"]) == "O Sprachwerk")
        #expect(named("\\¢ Crux Climbing", ["Crux Climbing Centre Ltd"]) == "Crux Climbing")
        #expect(named("© Crux Climbing", []) == "Crux Climbing")
        #expect(named("A Lisa Coiffure", ["Tel. 04 91 00 00 00 - www.alisacoiffure.fr"]) == "A Lisa Coiffure")
        #expect(named("A Lisa Coiffure", ["A Lisa Coiffure SARL - 3 rue de Rome"]) == "A Lisa Coiffure")
    }

    @Test func twoSpellingsElsewhereOrAShortWordLeaveTheNameAlone() {
        let textLine = TextLine.lines(of: [Self.page(["ROSE GARDEN FLORIST"], confidence: ["GARDEN": 0.7])])[0]
        let both = TextLine.lines(of: [Self.page(["ROSE GARDEN FLORIST", "Warden Street", "Harden Lane"], confidence: ["GARDEN": 0.7, "Warden": 0.99, "Harden": 0.99])])
        #expect(NameFinder.confirmingWords(of: "ROSE GARDEN FLORIST", line: textLine, against: both) == "ROSE GARDEN FLORIST")
        let one = TextLine.lines(of: [Self.page(["ROSE GARDEN FLORIST", "Warden Street"], confidence: ["GARDEN": 0.7, "Warden": 0.99])])
        #expect(NameFinder.confirmingWords(of: "ROSE GARDEN FLORIST", line: textLine, against: one) == "ROSE WARDEN FLORIST")
        // One spelling printed on two other lines puts right a word however surely it was read; one
        // other line does not, and a text layer's word is as printed.
        let twice = TextLine.lines(of: [Self.page(["ROSE GARDEN FLORIST", "Warden Street", "WARDEN FLORIST LTD"])])
        #expect(NameFinder.confirmingWords(of: "ROSE GARDEN FLORIST", line: twice[0], against: twice) == "ROSE WARDEN FLORIST")
        let once = TextLine.lines(of: [Self.page(["ROSE GARDEN FLORIST", "Warden Street"])])
        #expect(NameFinder.confirmingWords(of: "ROSE GARDEN FLORIST", line: once[0], against: once) == "ROSE GARDEN FLORIST")
        let asPrinted = Dictionary(uniqueKeysWithValues: ["ROSE", "GARDEN", "FLORIST", "Warden", "Street", "WARDEN", "LTD"].map { ($0, 1.0) })
        let printed = TextLine.lines(of: [Self.page(["ROSE GARDEN FLORIST", "Warden Street", "WARDEN FLORIST LTD"], confidence: asPrinted)])
        #expect(NameFinder.confirmingWords(of: "ROSE GARDEN FLORIST", line: printed[0], against: printed) == "ROSE GARDEN FLORIST")
        let short = TextLine.lines(of: [Self.page(["ROSE GARDEN FLORIST", "Rise Street"], confidence: ["ROSE": 0.5, "Rise": 0.99])])
        #expect(NameFinder.confirmingWords(of: "ROSE GARDEN FLORIST", line: short[0], against: short) == "ROSE GARDEN FLORIST")
    }
}

@Suite struct NameRereadGateTests {
    static func line(_ text: String, confidence: Double) -> TextLine {
        let words = text.split(separator: " ").map { String($0) }
        let page = OtherMentionTests.page([text], confidence: Dictionary(uniqueKeysWithValues: words.map { ($0, confidence) }))
        return TextLine.lines(of: [page])[0]
    }

    @Test func aSureNameLineIsReReadOnlyWhenItShowsASlip() {
        #expect(InvoiceScanner.nameNeedsRereading(Self.line("Blue lree Cafe", confidence: 0.96)))
        #expect(!InvoiceScanner.nameNeedsRereading(Self.line("Blue Tree Cafe", confidence: 0.96)))
        #expect(!InvoiceScanner.nameNeedsRereading(Self.line("BLUE TREE CAFE", confidence: 0.93)))
        // Doubtful lines are re-read as before; lines read as noise are not.
        #expect(InvoiceScanner.nameNeedsRereading(Self.line("BLUE TREE CAFE", confidence: 0.8)))
        #expect(!InvoiceScanner.nameNeedsRereading(Self.line("BLUE TREE CAFE", confidence: 0.4)))
    }
}

/// The stops of spaced initials that OCR dropped, found in the ink under the word's box.
@Suite struct InitialDotsTests {
    /// `text` drawn alone (DejaVu Sans, 40 pt) and trimmed to its ink, as a word's box is.
    static func word(_ text: String, in dir: TempDir) throws -> Raster {
        let url = dir.path("word.png")
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let status = try Fixtures.run("convert", [
            "-size", "400x120", "xc:white", "-font", font, "-pointsize", "40", "-fill", "black",
            "-annotate", "+20+80", text, "-trim", "+repage", url.path,
        ])
        guard status == 0, let raster = Raster(encoded: try Data(contentsOf: url))?.grayscale() else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return raster
    }

    static func box(_ text: String, over raster: Raster) -> WordBox {
        WordBox(text: text, confidence: 0.4, x: 0, y: 0, width: raster.width, height: raster.height, line: 1, page: 1)
    }

    @Test func stopsPrintedAfterEachInitialArePutBack() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let printed = try Self.word("S.H.H.", in: dir)
        #expect(InitialDots.dotted(Self.box("SHH,", over: printed), on: printed) == "S.H.H.")
        let noLastStop = try Self.word("A.B", in: dir)
        #expect(InitialDots.dotted(Self.box("AB", over: noLastStop), on: noLastStop) == "A.B")
    }

    @Test func lettersPrintedWithoutStopsOrWithOtherMarksStayAsRead() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        for printed in ["SHH", "S,H,H,", "S-H-H", "S'H'H"] {
            let raster = try Self.word(printed, in: dir)
            #expect(InitialDots.dotted(Self.box("SHH", over: raster), on: raster) == nil, "\(printed)")
        }
    }

    @Test func onlyShortRunsOfCapitalsAreInitials() {
        #expect(InitialDots.letters(of: "SHH,") == ["S", "H", "H"])
        #expect(InitialDots.letters(of: "Shh") == nil)
        #expect(InitialDots.letters(of: "MOTORS") == nil)
        #expect(InitialDots.letters(of: "S") == nil)
        #expect(InitialDots.letters(of: "S.H") == nil)
    }

    @Test func aLetterBrokenInTwoIsNoLetterAndStop() {
        // "HH" whose second H printed as two bars: four runs, the third as tall as a letter.
        let runs = [
            InitialDots.InkRun(x: 0, width: 16, top: 0, bottom: 59),
            InitialDots.InkRun(x: 20, width: 4, top: 0, bottom: 59),
            InitialDots.InkRun(x: 28, width: 4, top: 0, bottom: 59),
        ]
        #expect(InitialDots.dotted("HH", runs: runs) == nil)
        let stopped = [runs[0], InitialDots.InkRun(x: 20, width: 4, top: 50, bottom: 59), InitialDots.InkRun(x: 28, width: 16, top: 0, bottom: 59)]
        #expect(InitialDots.dotted("HH", runs: stopped) == "H.H")
    }
}
