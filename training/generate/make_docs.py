#!/usr/bin/env python3
"""Writes invented invoices, receipts, payment e-mails and non-invoices as text PDFs, each beside its truth in
the shared corpus's format, for training the extractor's scorer.

  training/generate/make_docs.py OUT_DIR [--count N] [--seed S]

Everything is randomised per document: the vendor (invented names, legal forms), the language (en fr de es it
nl pt), the layout (business invoice, e-mail receipt, till receipt, usage bill over two pages, non-invoice), which
label wordings, date and money formats are used, where the brand stands (letterhead, footer only, sender line),
and the distractors (customer name and address, due dates, periods, subtotal and tax, previous balance,
discounts, unit prices, reference numbers, phone numbers, IBANs). Nothing is taken from the shared corpus.
"""
import argparse
import calendar
import json
import os
import random
from datetime import date, timedelta

import lang as L
from pdf import Page, text_width, write

LANGS = ["en", "fr", "de", "es", "it", "nl", "pt"]
LEGAL = {"en": ["Inc.", "Ltd", "LLC", "Limited", "Corp.", "Ltd."], "fr": ["SAS", "SARL", "SA"],
         "de": ["GmbH", "AG", "GmbH & Co. KG", "UG"], "es": ["S.L.", "S.A.", "SL"], "it": ["S.r.l.", "S.p.A.", "Srl"],
         "nl": ["B.V.", "N.V.", "BV"], "pt": ["Lda.", "S.A.", "Unipessoal Lda"]}
# Words a group's companies put between the brand and the legal form ("Hetzner Online GmbH", "Netflix
# International B.V.", "Google Ireland Limited"): the brand is the name without them.
DESCRIPTORS = {"en": ["International", "Online", "Services", "Europe", "UK", "Ireland", "Technologies", "Solutions",
                      "Global", "EMEA", "Operations", "Digital"],
               "fr": ["France", "International", "Services", "Europe", "Solutions", "Digital"],
               "de": ["Deutschland", "Online", "Services", "Europe", "International", "Technologies", "Digital"],
               "es": ["España", "Iberia", "Servicios", "Internacional", "Europe", "Soluciones"],
               "it": ["Italia", "Servizi", "Internazionale", "Europe", "Solutions"],
               "nl": ["Nederland", "Benelux", "International", "Services", "Europe", "Online"],
               "pt": ["Portugal", "Serviços", "Internacional", "Europe", "Iberia"]}
WORDS_A = ["Harbor", "Nord", "Blue", "Atlas", "Silver", "Maple", "Onda", "Luce", "Green", "Pixel", "Cedar", "Polar",
           "Solar", "River", "Stone", "Bright", "Alpen", "Costa", "Vela", "Kite", "Iron", "Amber", "Coral", "Echo",
           "Nova", "Orbit", "Prime", "Quantum", "Rapid", "Summit", "Terra", "Urban", "Vivid", "Zenith", "Lumen",
           "Fjord", "Mosaic", "Oak", "Pine", "Sky", "Wave", "Bold", "Clear", "Delta", "Folio", "Grove", "Haven"]
WORDS_B = ["Hosting", "Cloud", "Energy", "Mobile", "Media", "Fit", "Labs", "Stream", "Post", "Box", "Telecom",
           "Software", "Studio", "Games", "Music", "News", "Health", "Gym", "Insurance", "Networks", "Drive", "Bank",
           "Learning", "Books", "Security", "Mail", "Pay", "Water", "Power", "TV", "Play", "Works", "Design", "Data"]
SYLL = ["ka", "lo", "mi", "ra", "ve", "zen", "tor", "qui", "li", "no", "sa", "bel", "dor", "fi", "gra", "ix", "ly",
        "po", "rum", "ta", "vo", "xa", "mo", "ne", "ri", "lu", "pe", "stra", "ko", "via"]
PEOPLE = ["Maria Lopez", "John Carter", "Anna Schmidt", "Pierre Martin", "Giulia Rossi", "Jan de Vries", "Ana Silva",
          "Emma Brown", "Lukas Weber", "Sophie Dubois", "Carlos Garcia", "Marco Bianchi", "Eva Jansen", "João Costa",
          "Olivia Smith", "Noah Müller", "Chloé Bernard", "Lucía Fernández", "Sara Conti", "Daan Bakker"]
STREETS = {"en": ["{n} High Street", "{n} Market Road", "{n} Oak Avenue", "Suite {n}, 5th Floor"],
           "fr": ["{n} rue de la Paix", "{n} avenue Victor Hugo", "{n} boulevard Voltaire"],
           "de": ["Hauptstraße {n}", "Bahnhofstr. {n}", "Lindenweg {n}"],
           "es": ["Calle Mayor {n}", "Avenida de América {n}", "Plaza España {n}"],
           "it": ["Via Roma {n}", "Corso Italia {n}", "Piazza Garibaldi {n}"],
           "nl": ["Kerkstraat {n}", "Dorpsweg {n}", "Keizersgracht {n}"],
           "pt": ["Rua Augusta {n}", "Avenida da Liberdade {n}", "Rua do Carmo {n}"]}
CITIES = {"en": ["London EC1A 1BB", "Manchester M1 2AB", "New York, NY 10001", "Austin, TX 78701", "Dublin 2",
                 "Toronto, ON M5V 2T6", "Sydney NSW 2000"],
          "fr": ["75002 Paris", "69001 Lyon", "13001 Marseille", "1201 Genève"],
          "de": ["10115 Berlin", "80331 München", "50667 Köln", "8001 Zürich", "1010 Wien"],
          "es": ["28013 Madrid", "08001 Barcelona", "41001 Sevilla"],
          "it": ["00184 Roma", "20121 Milano", "10121 Torino"],
          "nl": ["1012 AB Amsterdam", "3011 AD Rotterdam", "3511 LN Utrecht"],
          "pt": ["1100-148 Lisboa", "4000-322 Porto", "01310-100 São Paulo"]}
# Where a vendor billing in a currency stands: the address says the country, and so what a bare `$` is.
CITIES_BY_CURRENCY = {
    ("en", "USD"): ["New York, NY 10001", "Austin, TX 78701", "San Francisco, CA 94105", "Seattle, WA 98101",
                    "Chicago, IL 60601", "Denver, CO 80202", "Boston, MA 02110"],
    ("en", "GBP"): ["London EC1A 1BB", "Manchester M1 2AB", "Edinburgh EH1 1YZ", "Bristol BS1 4DJ", "Leeds LS1 4AP"],
    ("en", "EUR"): ["Dublin 2", "Dublin D02 XY45", "Cork T12 X70A", "Galway H91 E2K3"],
    ("en", "CAD"): ["Toronto, ON M5V 2T6", "Vancouver, BC V6B 1A1", "Calgary, AB T2P 1J9", "Ottawa, Ontario K1P 1J1",
                    "Waterloo, ON N2L 3G1", "Halifax, NS B3J 1S9", "Winnipeg, MB R3C 0V8"],
    ("en", "AUD"): ["Sydney NSW 2000", "Melbourne VIC 3000", "Brisbane QLD 4000", "Perth WA 6000", "Adelaide SA 5000"],
    ("en", "CHF"): ["8001 Zurich", "1201 Geneva"], ("en", "SEK"): ["111 22 Stockholm"], ("en", "JPY"): ["Shibuya, Tokyo 150-0002"],
    ("fr", "EUR"): ["75002 Paris", "69001 Lyon", "13001 Marseille", "33000 Bordeaux", "1000 Bruxelles"],
    ("fr", "CHF"): ["1201 Genève", "1003 Lausanne", "2000 Neuchâtel"],
    ("fr", "CAD"): ["Montréal (Québec) H2Y 1C6", "Québec (Québec) G1R 4P5", "Gatineau (Québec) J8X 3X7"],
    ("de", "EUR"): ["10115 Berlin", "80331 München", "50667 Köln", "1010 Wien", "20095 Hamburg"],
    ("de", "CHF"): ["8001 Zürich", "4051 Basel", "3011 Bern"], ("de", "USD"): ["New York, NY 10001"],
    ("es", "EUR"): ["28013 Madrid", "08001 Barcelona", "41001 Sevilla", "46002 Valencia"],
    ("es", "USD"): ["Miami, FL 33131", "San Juan, PR 00901"],
    ("it", "EUR"): ["00184 Roma", "20121 Milano", "10121 Torino", "80133 Napoli"], ("it", "CHF"): ["6900 Lugano"],
    ("nl", "EUR"): ["1012 AB Amsterdam", "3011 AD Rotterdam", "3511 LN Utrecht", "2000 Antwerpen"],
    ("nl", "USD"): ["New York, NY 10001"],
    ("pt", "EUR"): ["1100-148 Lisboa", "4000-322 Porto", "3000-150 Coimbra"],
    ("pt", "BRL"): ["01310-100 São Paulo", "20040-002 Rio de Janeiro", "30130-010 Belo Horizonte"],
}
# The country's own web domain, by language and currency, else by language.
LOCAL_DOMAIN = {"en": ".co.uk", "fr": ".fr", "de": ".de", "es": ".es", "it": ".it", "nl": ".nl", "pt": ".pt",
                ("en", "EUR"): ".ie", ("en", "CAD"): ".ca", ("en", "AUD"): ".com.au",
                ("fr", "CHF"): ".ch", ("de", "CHF"): ".ch", ("it", "CHF"): ".ch", ("fr", "CAD"): ".ca",
                ("pt", "BRL"): ".com.br", ("en", "CHF"): ".ch", ("en", "SEK"): ".se", ("en", "JPY"): ".jp"}
COUNTRY = {"USD": "USA", "GBP": "United Kingdom", "CAD": "Canada", "AUD": "Australia", "CHF": "Switzerland",
           "SEK": "Sweden", "JPY": "Japan", "BRL": "Brasil"}
# The signs a currency is printed with; the dollars' bare `$` leaves the country to the address.
SIGNS = {"USD": ["$", "$", "$", "US$"], "CAD": ["$", "$", "CA$", "C$"], "AUD": ["$", "$", "A$", "AU$"],
         "BRL": ["R$"], "JPY": ["¥"], "EUR": ["€"], "GBP": ["£"], "CHF": ["CHF"], "SEK": ["kr"]}
CURRENCIES = {"en": [("USD", 40), ("GBP", 25), ("EUR", 18), ("CAD", 5), ("AUD", 5), ("JPY", 3), ("CHF", 2), ("SEK", 2)],
              "fr": [("EUR", 85), ("CHF", 10), ("CAD", 5)], "de": [("EUR", 82), ("CHF", 15), ("USD", 3)],
              "es": [("EUR", 90), ("USD", 10)], "it": [("EUR", 94), ("CHF", 6)], "nl": [("EUR", 97), ("USD", 3)],
              "pt": [("EUR", 70), ("BRL", 30)]}
TAX = {"en": [20, 0, 8.875, 7.25, 10, 5, 13], "fr": [20, 10, 5.5], "de": [19, 7], "es": [21, 10], "it": [22, 10],
       "nl": [21, 9], "pt": [23, 13]}
PLANS = ["Pro", "Premium", "Basic", "Standard", "Family", "Business", "Starter", "Plus", "Team", "Unlimited", "Duo",
         "Essential", "Advanced", "Student"]


def pick(r, xs):
    return xs[r.randrange(len(xs))]


def weighted(r, pairs):
    total = sum(w for _, w in pairs)
    x = r.uniform(0, total)
    for v, w in pairs:
        x -= w
        if x <= 0:
            return v
    return pairs[-1][0]


# Words of places and streets are in many names ("Park Lane Studios", "Rue du Commerce"): the name must not be
# told from the address by them alone.
WORDS_PLACE = ["Lane", "Park", "Hill", "Street", "Road", "Bay", "Bridge", "Garden", "Square", "Field", "Valley",
               "Plaza", "Avenue", "Rue", "Via", "Weg", "Markt", "Corner", "Harbour", "Gate", "Mill", "Court"]
# Ordinary words of each language, for names written in it.
WORDS_NATIVE = {"en": ["Little", "Red", "Golden", "North", "Old", "Home", "Smart", "Happy"],
                "fr": ["Maison", "Boutique", "Lumière", "Jardin", "Petit", "Belle", "Nouvelle", "Vert"],
                "de": ["Haus", "Werk", "Stadt", "Netz", "Blau", "Grün", "Berg", "Sonnen"],
                "es": ["Tienda", "Sol", "Luna", "Rio", "Nuevo", "Bella", "Mar", "Norte"],
                "it": ["Bottega", "Officina", "Stella", "Mare", "Bello", "Nuova", "Sole", "Monte"],
                "nl": ["Huis", "Winkel", "Blauwe", "Molen", "Oranje", "Nieuwe", "Zon", "Dijk"],
                "pt": ["Loja", "Mar", "Sol", "Nova", "Rio", "Bela", "Praia", "Estrela"]}


# Small words inside names of shops and trades, lower case as printed ("Au bon moulin", "Casa de Pedro").
CONNECTORS = {"en": ["of", "and", "the"], "fr": ["de la", "du", "au", "aux", "de"], "de": ["zum", "zur", "am", "und"],
              "es": ["de", "del", "de la"], "it": ["di", "del", "della"], "nl": ["de", "het", "van"],
              "pt": ["do", "da", "de"]}
FIRST_NAMES = ["Oscar", "Gabriel", "Mario", "Ingrid", "Paolo", "Helena", "Rui", "Marta", "Dieter", "Yves", "Inés",
               "Wouter", "Andrés", "Beatriz", "Stefan", "Camille", "Luca", "Rosa", "Tom", "Agnès"]
LAST_NAMES = ["Andereggen", "Barco", "Ferreira", "Novak", "Lindqvist", "Moreau", "Esposito", "Hoffmann", "Peeters",
              "Navarro", "Santos", "O'Brien", "Kowalski", "Vermeulen", "Ricci", "Lambert", "Ortega", "Brandt"]


def brand_name(r, catalogue, lg="en"):
    """A business's name in the shapes real ones take: coined words, word pairs, a trade with a place, a
    person's name (sole traders bill under their own), small lower-case words inside, all lower case."""
    k = r.random()
    if k < 0.22:
        return rare_brand_shape(r, lg)
    k = (k - 0.22) / 0.78
    if k < 0.12 and catalogue:
        return pick(r, catalogue)
    if k < 0.25:
        return f"{pick(r, WORDS_A)} {pick(r, WORDS_PLACE)} {pick(r, WORDS_B)}" if r.random() < 0.6 else \
            f"{pick(r, WORDS_A)} {pick(r, WORDS_PLACE)}"
    if k < 0.35:
        native = WORDS_NATIVE[lg]
        return " ".join([pick(r, native), pick(r, native if r.random() < 0.5 else WORDS_A)] +
                        ([pick(r, WORDS_B)] if r.random() < 0.5 else []))
    if k < 0.50:
        return f"{pick(r, WORDS_A)} {pick(r, WORDS_B)}"
    if k < 0.75:
        w = "".join(pick(r, SYLL) for _ in range(r.randint(2, 3)))
        return w.capitalize()
    if k < 0.85:
        return pick(r, WORDS_A) + pick(r, WORDS_B).lower()
    if k < 0.93:
        return f"{pick(r, WORDS_A)} & {pick(r, WORDS_A)}"
    return f"{''.join(pick(r, SYLL) for _ in range(2)).capitalize()} {pick(r, WORDS_B)}"


def domain_label(r, brand):
    """The name a business registers: its name run together most often, but also one of its words, its words in
    another order, or with a hyphen ("plumbingstanford.com" for "Stanford Plumbing & Heating")."""
    words = ["".join(ch for ch in w.lower() if ch.isalnum()) for w in brand.split()]
    words = [w for w in words if w]
    k = r.random()
    if len(words) < 2 or k < 0.55:
        return "".join(words)
    if k < 0.75:
        return max(words[:2], key=len)
    if k < 0.9:
        return "".join(reversed(words[:2]))
    return "-".join(words)


def rare_brand_shape(r, lg):
    k = r.random()
    if k < 0.25:
        # A sole trader: first and last name, in either order, sometimes with a middle name or in capitals.
        first, last = pick(r, FIRST_NAMES), pick(r, LAST_NAMES)
        name = f"{last} {first} {pick(r, FIRST_NAMES)}" if r.random() < 0.3 else f"{first} {pick(r, FIRST_NAMES) + ' ' if r.random() < 0.3 else ''}{last}"
        return name.upper() if r.random() < 0.3 else name
    if k < 0.5:
        native = WORDS_NATIVE[lg]
        second = pick(r, native + WORDS_A)
        return f"{pick(r, native)} {pick(r, CONNECTORS[lg])} {second.lower() if r.random() < 0.5 else second}"
    if k < 0.7:
        # Four words and an ampersand: a trade named in full.
        return f"{pick(r, WORDS_A)} {pick(r, WORDS_B)} & {pick(r, WORDS_B)}" if r.random() < 0.5 else \
            f"{pick(r, WORDS_A)} {pick(r, WORDS_PLACE)} {pick(r, WORDS_B)} {pick(r, WORDS_B)}"
    if k < 0.85:
        return "".join(pick(r, SYLL) for _ in range(r.randint(2, 4)))
    return f"{pick(r, WORDS_NATIVE[lg])} {pick(r, SYLL)}{pick(r, SYLL)}".lower().capitalize()


def add_months(d, n):
    m = d.month - 1 + n
    y, m = d.year + m // 12, m % 12 + 1
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def next_date(d, freq):
    return {"monthly": lambda: add_months(d, 1), "yearly": lambda: add_months(d, 12),
            "quarterly": lambda: add_months(d, 3), "weekly": lambda: d + timedelta(days=7)}[freq]()


# Dates written as numbers: the order of day and month, the separator, zero-padding, and a two-digit year.
NUMERIC_DATES = {
    "mdy_num": ("md", "/", True, False), "mdy_num_short": ("md", "/", False, False), "mdy_num_yy": ("md", "/", False, True),
    "dmy_num": ("dm", "/", True, False), "dmy_num_yy": ("dm", "/", True, True), "dmy_dash": ("dm", "-", True, False),
    "dmy_dash_yy": ("dm", "-", True, True), "dmy_dot": ("dm", ".", True, False), "dmy_dot_yy": ("dm", ".", True, True),
    "dmy_dot2": ("dm", ".", False, False),
}


class Style:
    """One document's conventions: how its dates and money are written."""

    def __init__(self, r, lg, cur):
        self.r, self.lg, self.cur = r, lg, cur
        us = lg == "en" and cur in ("USD", "CAD")
        # American bills and till slips mostly print month-first numbers, often unpadded or with a two-digit
        # year ("6/10/19"); elsewhere day-first, two-digit years mostly on receipts.
        opts = {"en": (["mdy_long", "mdy_short", "iso", "mdy_num", "mdy_num", "mdy_num_short", "mdy_num_yy"] if us
                       else ["mdy_long", "mdy_short", "dmy_long", "iso", "dmy_num", "dmy_num_yy"]),
                "de": ["dmy_dot", "dmy_long_dot", "iso", "dmy_dot2", "dmy_dot_yy"]}.get(
            lg, ["dmy_num", "dmy_long", "iso", "dmy_num", "dmy_num_yy"])
        if lg == "nl":
            opts = ["dmy_dash", "dmy_long", "iso", "dmy_num", "dmy_dash_yy"]
        self.date_style = pick(r, opts)
        self.decimal_comma = lg in ("fr", "de", "es", "it", "nl", "pt") and not (cur == "CHF" and r.random() < 0.5)
        if lg == "en" and r.random() < 0.04:
            self.decimal_comma = True
        self.money_style = pick(r, ["symbol", "symbol", "code_after", "code_before", "symbol_space"])
        self.sign = pick(r, SIGNS[cur])
        self.sign_on_items = r.random() < 0.6

    def date(self, d):
        s, lg = self.date_style, self.lg
        months = L.MONTHS[lg]
        if s == "iso":
            return d.isoformat()
        if s in NUMERIC_DATES:
            order, sep, padded, short_year = NUMERIC_DATES[s]
            parts = {"d": d.day, "m": d.month}
            y = f"{d.year % 100:02d}" if short_year else str(d.year)
            return sep.join([f"{parts[k]:02d}" if padded else str(parts[k]) for k in order] + [y])
        if s == "dmy_long_dot":
            return f"{d.day}. {months[d.month - 1]} {d.year}"
        if s == "mdy_long":
            return f"{months[d.month - 1]} {d.day}, {d.year}"
        if s == "mdy_short":
            return f"{months[d.month - 1][:3]} {d.day}, {d.year}"
        # dmy_long
        if lg in ("es", "pt"):
            return f"{d.day} de {months[d.month - 1]} de {d.year}"
        if lg == "fr" and d.day == 1:
            return f"1er {months[d.month - 1]} {d.year}"
        return f"{d.day} {months[d.month - 1]} {d.year}"

    def number(self, v):
        if self.cur == "JPY":
            whole, frac = f"{int(round(v)):,}", None
        else:
            whole, frac = f"{v:,.2f}".split(".")
        if self.decimal_comma:
            sep = " " if self.lg == "fr" else "."
            whole = whole.replace(",", sep)
            return whole + ("," + frac if frac else "")
        if self.cur == "CHF" and self.r.random() < 0.3:
            whole = whole.replace(",", "'")
        return whole + ("." + frac if frac else "")

    def money(self, v, sign=True):
        n = self.number(abs(v))
        if not sign:
            return "-" + n if v < 0 else n
        if v < 0:
            return "-" + self.money(-v)
        sym, code = self.sign, self.cur
        st = self.money_style
        if st == "code_after":
            return f"{n} {code}"
        if st == "code_before":
            return f"{code} {n}"
        if sym in ("CHF", "kr"):
            return f"{sym} {n}" if sym == "CHF" else f"{n} kr"
        if self.decimal_comma and sym == "€" and st != "symbol_space":
            return f"{n} €"
        if st == "symbol_space":
            return f"{sym} {n}"
        return f"{sym}{n}"


class Doc:
    """One document's content, decided before it is laid out."""

    def __init__(self, r, catalogue):
        self.r = r
        self.lg = weighted(r, [("en", 30), ("fr", 12), ("de", 14), ("es", 11), ("it", 11), ("nl", 11), ("pt", 11)])
        self.cur = weighted(r, CURRENCIES[self.lg])
        self.st = Style(r, self.lg, self.cur)
        self.brand = brand_name(r, catalogue, self.lg)
        descriptor = f" {pick(r, DESCRIPTORS[self.lg])}" if r.random() < 0.3 else ""
        self.legal = f"{self.brand}{descriptor} {pick(r, LEGAL[self.lg])}"
        self.domain = domain_label(r, self.brand) + pick(r, [".com", ".io", ".net", ".eu", ".co",
                                                           LOCAL_DOMAIN.get((self.lg, self.cur), LOCAL_DOMAIN[self.lg])])
        self.customer = pick(r, PEOPLE)
        # Businesses bill businesses: the customer's company, legal form and all, stands in the address block.
        self.customer_company = f"{brand_name(r, [], self.lg)} {pick(r, LEGAL[self.lg])}" if r.random() < 0.3 else None
        self.billing = date(2019, 1, 1) + timedelta(days=r.randrange(365 * 8))
        self.freq = weighted(r, [("monthly", 60), ("yearly", 22), ("quarterly", 10), ("weekly", 8)])
        self.freq_stated = r.random() < 0.55
        self.next = next_date(self.billing, self.freq)
        self.next_stated = r.random() < 0.35
        self.plan = pick(r, PLANS)
        self.tax_rate = pick(r, TAX[self.lg])
        base = r.choice([r.uniform(1, 30), r.uniform(5, 120), r.uniform(20, 900), r.uniform(500, 3000)])
        if self.cur == "JPY":
            base *= 100
        self.items = self.make_items(base)

    def make_items(self, base):
        r = self.r
        # Real bills often list many lines (usage, hardware, a shop's basket): the total is then one amount of many.
        n = weighted(r, [(1, 45), (2, 25), (3, 15), (4, 10), (5, 5), (r.randint(6, 14), 18)])
        items = []
        left = base
        for i in range(n):
            share = left if i == n - 1 else round(left * r.uniform(0.2, 0.7), 2)
            left -= share
            qty = 1 if r.random() < 0.75 else r.randint(2, 5)
            unit = round(max(0.5, share) / qty, 2)
            if self.cur == "JPY":
                unit = float(round(unit))
            items.append((pick(r, L.ITEMS[self.lg]), qty, unit, round(unit * qty, 2)))
        return items

    def totals(self, with_tax):
        sub = round(sum(i[3] for i in self.items), 2)
        disc = round(sub * self.r.choice([0.1, 0.15, 0.2, 0.5]), 2) if self.r.random() < 0.12 else 0.0
        net = round(sub - disc, 2)
        tax = round(net * self.tax_rate / 100, 2) if with_tax else 0.0
        if self.cur == "JPY":
            tax = float(round(tax))
        return sub, disc, tax, round(net + tax, 2)

    def lab(self, role):
        return pick(self.r, L.LABELS[role][self.lg])

    def street(self, up_to=220):
        return pick(self.r, STREETS[self.lg]).format(n=self.r.randint(1, up_to))

    def iban(self, countries=("DE", "FR", "NL", "ES", "IT", "PT")):
        r = self.r
        return (f"IBAN {pick(r, countries)}{r.randint(10, 99)} {r.randint(1000, 9999)} {r.randint(1000, 9999)} "
                f"{r.randint(1000, 9999)} {r.randint(10, 99)}")

    def vat_id(self):
        return f"VAT {pick(self.r, ['GB', 'FR', 'DE', 'ES', 'IT', 'NL', 'PT'])}{self.r.randint(10 ** 8, 10 ** 9 - 1)}"

    def city(self, customer=False):
        """A city of the vendor's country (the customer's, most often the same), sometimes with the country."""
        r = self.r
        local = CITIES_BY_CURRENCY.get((self.lg, self.cur))
        if not local or (customer and r.random() < 0.2):
            return pick(r, CITIES[self.lg])
        c = pick(r, local)
        return c + f", {COUNTRY[self.cur]}" if self.cur in COUNTRY and r.random() < 0.25 else c

    def truth(self, amount, kind, layout, **over):
        t = {"name": self.brand, "amount": f"{amount:.2f}" if amount is not None else None, "currency": self.cur,
             "billing_date": self.billing.isoformat(),
             "next_billing_date": self.next.isoformat() if self.next_stated else None,
             "frequency": self.freq if self.freq_stated else "monthly", "frequency_stated": self.freq_stated,
             "kind": kind, "lang": self.lg, "layout": layout}
        t.update(over)
        return t


class Writer:
    """Lays lines on pages top to bottom; a line is runs at x positions."""

    def __init__(self, r, width=595, height=842, margin=None, font="sans", size=None):
        self.r = r
        self.pages = [Page(width, height)]
        self.margin = margin or r.choice([r.randint(18, 40), r.randint(40, 70), r.randint(40, 70), r.randint(70, 130)])
        self.font = font
        self.size = size or r.choice([9, 9.5, 10, 10, 11])
        self.y = r.randint(50, 90)
        self.right_edge = width - self.margin

    @property
    def page(self):
        return self.pages[-1]

    def gap(self, k=1.0):
        self.y += self.size * 1.45 * k

    def line(self, *runs, size=None, bold=False, font=None):
        """runs: (x, text) or (('r', x_end), text)."""
        size = size or self.size
        f = font or self.font
        if bold and not f.endswith("bold"):
            f += "-bold"
        if self.y > self.page.height - 50:
            self.new_page()
        for pos, s in runs:
            if isinstance(pos, tuple):
                self.page.right(pos[1], self.y, s, size, f)
            elif pos == "c":
                self.page.center(self.y, s, size, f)
            else:
                self.page.text(pos, self.y, s, size, f)
        self.y += size * 1.45

    def new_page(self):
        self.pages.append(Page(self.page.width, self.page.height))
        self.y = self.r.randint(50, 80)

    def lv(self, label, value, style, x_value=None, bold=False):
        """A label and its value: on one line after a colon, in two columns, or the value right-aligned."""
        m = self.margin
        if style == "colon":
            self.line((m, f"{label}: {value}"), bold=bold)
        elif style == "cols":
            self.line((m, label), (x_value or m + 150, value), bold=bold)
        else:
            self.line((m, label), (("r", self.right_edge), value), bold=bold)


# The share of letterheads printed on a coloured band (`--banded`).
BANDED = 0.15


def letterhead(w, d, where, plain=None):
    r, m = d.r, w.margin
    # Many letterheads are a logo (an image, no text) over the name in the body's own type, or plain text.
    plain = r.random() < 0.3 if plain is None else plain
    big = w.size if plain else r.choice([16, 18, 20, 24, 28])
    name = d.brand if where != "legal" else d.legal
    if where in ("top", "legal"):
        pos = r.choice([m, m, "c", ("r", w.right_edge)])
        if r.random() < BANDED:
            # The brand in white on a coloured band across the top, often with the document's title or date
            # small at the other end.
            band = r.choice([(0.43, 0.16, 0.85), (0.47, 0.47, 0.47), (0.11, 0.73, 0.33), (0.09, 0.09, 0.09),
                             (0.23, 0.47, 0.88), (0.80, 0.15, 0.20), (0.95, 0.55, 0.10), (0.10, 0.30, 0.45)])
            big = r.choice([18, 22, 26, 30])
            top = w.y - big * 1.3
            w.page.fill(max(0, top - r.uniform(0, 30)), w.y + big * 0.6, band)
            w.page.colour = (1, 1, 1)
            pos = r.choice([m, m, "c"])
            aside = [] if r.random() < 0.5 else [(("r", w.right_edge), pick(r, [d.lab("invoice"), d.st.date(d.billing)]))]
            w.line((pos, name), *aside, size=big, bold=r.random() < 0.8)
            w.page.colour = (0, 0, 0)
            w.gap(1.5)
            return
        # The title, a phone number or the web address often stands at the other end of the name's line.
        aside = []
        if pos == m and r.random() < 0.3:
            aside = [(("r", w.right_edge), weighted(r, [(d.lab("invoice").upper(), 50), (d.lab("invoice"), 20),
                                                        (f"www.{d.domain}", 15), (d.st.date(d.billing), 15)]))]
        w.line((pos, name), *aside, size=big, bold=r.random() < (0.4 if plain else 0.8))
        if r.random() < 0.5:
            w.line((m if pos != "c" else "c", d.street()))
            w.line((m if pos != "c" else "c", d.city()))
        if r.random() < 0.3:
            w.line((m, f"www.{d.domain}"), (("r", w.right_edge), f"+{r.randint(1, 49)} {r.randint(100, 999)} {r.randint(1000000, 9999999)}"))
        w.gap(r.choice([0.5, 1, 2]))


def top_matter(w, d):
    """Small lines above the letterhead, as real documents print them: a copy mark or page count, the browser's
    or mail app's print header, a customer number, the return address: the name is then not the first line."""
    r, m = d.r, w.margin
    size = w.size - r.choice([0, 1, 2])
    lines = []
    if r.random() < 0.5:
        lines.append([(("r", w.right_edge) if r.random() < 0.6 else m, pick(r, L.LABELS["copy"][d.lg]).format(n=r.randint(1, 4)))])
    if r.random() < 0.35:
        stamp = f"{d.st.date(d.billing + timedelta(days=r.randint(0, 60)))}, {r.randint(7, 22):02d}:{r.randint(0, 59):02d}"
        lines.append([(m, stamp), ("c", f"{d.lab('invoice')} {r.randint(1000, 99999)}")])
    if r.random() < 0.35:
        lines.append([(m, f"{d.lab('customer')}: {r.randint(100000, 99999999)}")])
    if not lines or r.random() < 0.25:
        lines.append([(m, f"{d.street()} · {d.city()}")])
    r.shuffle(lines)
    for runs in lines:
        w.line(*runs, size=size)
    w.gap(r.choice([0.5, 1, 2]))


def notes_block(w, d):
    """Payment details and notes under the totals: a bank's name and numbers, a sentence or two."""
    r, m = d.r, w.margin
    w.gap(r.choice([0.5, 1]))
    if r.random() < 0.7:
        w.line((m, pick(r, L.LABELS["bank"][d.lg])), bold=r.random() < 0.6)
        w.line((m, d.iban(("DE", "FR", "NL", "ES", "IT", "PT", "BE"))))
        w.line((m, f"BIC {pick(r, ['COBADEFF', 'BNPAFRPP', 'INGBNL2A', 'CAIXESBB', 'BCITITMM', 'BCOMPTPL'])}"))
    for text in r.sample(L.LABELS["notes"][d.lg], r.randint(1, 2)):
        w.line((m, text), size=w.size - r.choice([0, 1]))


def customer_block(w, d):
    r, m = d.r, w.margin
    x = r.choice([m, m + 280])
    if r.random() < (0.5 if d.lg in ("de", "nl", "fr", "it") else 0.2):
        # The sender's return address in small type over the window's address (DIN 5008 and its kin): often
        # the only line naming the sender as text when the letterhead is a logo.
        sep = pick(r, [" · ", " | ", " - ", ", ", " • "])
        parts = [d.legal if r.random() < 0.6 else d.brand, d.street(), d.city()]
        w.line((x, sep.join(parts)), size=r.choice([6.5, 7, 7.5]))
    if d.customer_company:
        w.line((x, d.customer_company))
        if r.random() < 0.5:
            w.line((x, pick(r, ["Attn: ", "z. Hd. ", "À l'attention de ", "Att.: ", "c.a. ", "t.a.v. ", "A/C "]) + d.customer))
    else:
        w.line((x, d.customer))
    w.line((x, d.street(up_to=99)))
    w.line((x, d.city(customer=True)))
    w.gap()


def party_blocks(w, d):
    """Seller and buyer side by side, each under its label, as e-invoice renderings print them."""
    r, m = d.r, w.margin
    x2 = m + r.choice([230, 260, 280])
    seller = [d.legal if r.random() < 0.7 else d.brand, d.street(), d.city()]
    buyer = [d.customer_company or d.customer, d.street(up_to=99), d.city(customer=True)]
    if r.random() < 0.3:
        seller.append(d.vat_id())
    left, right = (seller, buyer) if r.random() < 0.75 else (buyer, seller)
    labels = (d.lab("seller"), d.lab("buyer")) if left is seller else (d.lab("buyer"), d.lab("seller"))
    colon = ":" if r.random() < 0.5 else ""
    w.line((m, labels[0] + colon), (x2, labels[1] + colon), bold=True)
    for a, b in zip(left + [""] * (len(right) - len(left)), right + [""] * (len(left) - len(right))):
        w.line((m, a), (x2, b))
    w.gap()


def footer(w, d, brand_in_footer):
    r, m = d.r, w.margin
    w.gap(r.choice([1, 2, 3]))
    if r.random() < 0.5:
        w.line((m, pick(r, L.LABELS["terms"][d.lg])), size=8)
    if r.random() < 0.5:
        w.line((m, pick(r, L.LABELS["thanks"][d.lg]).format(b=d.brand)))
    parts = []
    if brand_in_footer or r.random() < 0.45:
        parts.append(d.legal)
    if r.random() < 0.6:
        parts.append(d.street() + ", " + d.city())
    if r.random() < 0.4:
        parts.append(d.vat_id())
    if r.random() < 0.3:
        parts.append(d.iban())
    if r.random() < 0.4:
        parts.append(f"billing@{d.domain}")
    sep = pick(r, [" · ", " | ", " - ", "   "])
    for chunk in [parts[i:i + 2] for i in range(0, len(parts), 2)]:
        w.line(("c" if r.random() < 0.5 else m, sep.join(chunk)), size=7.5)
    if r.random() < 0.25:
        w.line(("c", f"© {d.billing.year} {d.legal if r.random() < 0.5 else d.brand}"), size=7.5)


def frequency_line(d):
    return pick(d.r, L.FREQ[d.freq][d.lg]).format(p=d.plan)


def next_line(d, amount):
    return pick(d.r, L.NEXT[d.lg]).format(d=d.st.date(d.next), a=d.st.money(amount))


def next_lines(d):
    """The next charge as a label line over the date, as narrow receipts and apps print it."""
    t = pick(d.r, L.NEXT[d.lg]).rstrip(".")
    if not t.endswith("{d}") or "{a}" in t:
        t = L.NEXT[d.lg][0]
    return [t[:-3].rstrip(), d.st.date(d.next)]


def business_invoice(d):
    """A letterhead invoice: meta block, items table, totals, payment terms."""
    r = d.r
    w = Writer(r, font=pick(r, ["sans", "sans", "serif", "mono"]))
    m = w.margin
    where = weighted(r, [("top", 60), ("legal", 15), ("footer", 15), ("late", 10)])
    if where == "late":
        # The title, number and date first, big, and the issuer's block under them in the body's type.
        w.line((m, d.lab("invoice").upper()), size=w.size + r.choice([4, 8, 12]), bold=True)
        for _ in range(r.randint(1, 3)):
            w.line((m, pick(r, [f"{d.lab('number')} {r.randint(1000, 999999)}", d.st.date(d.billing),
                                f"{pick(r, ['Page', 'Seite', 'Page', 'Pagina', 'Página'])} 1 / 1"])))
        w.gap()
    elif r.random() < 0.3:
        top_matter(w, d)
    letterhead(w, d, "top" if where == "late" else where, plain=True if where == "late" else None)
    title_first = r.random() < 0.5
    # The title is often the largest type on the page, larger than the issuer's name.
    title_up = r.choice([0, 2, 6, 6, 10, 14])
    if title_first:
        w.line((m, d.lab("invoice")), size=w.size + title_up, bold=True)
    if r.random() < 0.15:
        party_blocks(w, d)
    elif r.random() < 0.85:
        customer_block(w, d)
    if not title_first:
        w.line((m if r.random() < 0.6 else ("r", w.right_edge), d.lab("invoice")), size=w.size + title_up, bold=True)
    style = pick(r, ["colon", "cols", "right"])
    due = d.billing + timedelta(days=r.choice([7, 14, 15, 30]))
    meta = [(d.lab("number"), f"{pick(r, ['INV-', 'F', 'RE-', '', 'FT '])}{r.randint(1000, 999999)}"),
            (d.lab("date"), d.st.date(d.billing))]
    if r.random() < 0.6:
        meta.append((d.lab("due"), d.st.date(due)))
    if r.random() < 0.4:
        meta.append((d.lab("customer"), str(r.randint(100000, 99999999))))
    if r.random() < 0.1:
        meta.append((d.lab("merchant"), d.brand if r.random() < 0.6 else d.legal))
    period = None
    if r.random() < 0.35:
        # Billed at the period's start (subscriptions), after its end (utilities, in arrears), or a few days
        # into it (a server ordered on the 17th, invoiced on the 19th): a period's start is no billing date.
        kind = weighted(r, [("advance", 50), ("arrears", 30), ("offset", 20)])
        if kind == "advance":
            period = (d.billing, d.next - timedelta(days=1))
        elif kind == "arrears":
            end = d.billing - timedelta(days=r.randint(1, 8))
            period = (end - timedelta(days=r.choice([27, 29, 30, 90])), end)
        else:
            start = d.billing - timedelta(days=r.randint(1, 5))
            period = (start, start + timedelta(days=r.choice([29, 30, 364])))
        meta.append((d.lab("period"), f"{d.st.date(period[0])} - {d.st.date(period[1])}"))
    r.shuffle(meta)
    if r.random() < 0.25:
        # Labels over values, as a row of columns.
        xs = [m + i * (w.right_edge - m) / len(meta) for i in range(len(meta))]
        w.line(*[(x, lab) for x, (lab, _) in zip(xs, meta)], bold=True)
        w.line(*[(x, val) for x, (_, val) in zip(xs, meta)])
    else:
        for lab, val in meta:
            w.lv(lab, val, style)
    w.gap()
    with_tax = r.random() < 0.8
    sub, disc, tax, total = d.totals(with_tax)
    cx = [m, w.right_edge - 200, w.right_edge - 110, w.right_edge]
    item_periods = r.random() < 0.4
    w.line((cx[0], d.lab("description")), (("r", cx[1] + 20), d.lab("qty")), (("r", cx[2] + 30), d.lab("unit")),
           (("r", cx[3]), d.lab("amountcol")), bold=True)
    for k, (desc, qty, unit, amt) in enumerate(d.items):
        if k == 0 and d.freq_stated:
            desc = frequency_line(d)
        w.line((cx[0], desc), (("r", cx[1] + 20), str(qty)), (("r", cx[2] + 30), d.st.money(unit, d.st.sign_on_items)),
               (("r", cx[3]), d.st.money(amt, d.st.sign_on_items)))
        # Each item's own service period under it: the same start date printed on every item.
        if period and item_periods:
            w.line((cx[0] + 20, f"({d.st.date(period[0])} - {d.st.date(period[1])})"))
    w.gap(0.5)
    tx = w.right_edge - 230
    rows = []
    if with_tax or disc or len(d.items) > 1:
        rows.append((d.lab("subtotal"), sub))
    if disc:
        rows.append((d.lab("discount"), -disc))
    if with_tax:
        rate = d.tax_rate if d.tax_rate != int(d.tax_rate) else int(d.tax_rate)
        rows.append((d.lab("tax").format(r=str(rate).replace(".", "," if d.st.decimal_comma else ".")), tax))
    if r.random() < 0.15:
        prev = round(total * r.uniform(0.8, 1.3), 2)
        rows.append((L.LABELS["previous"][d.lg][0], prev))
        rows.append((L.LABELS["previous"][d.lg][1], -prev))
    rows.append((d.lab("total"), total))
    for k, (lab, v) in enumerate(rows):
        last = k == len(rows) - 1
        w.line((tx, lab), (("r", w.right_edge), d.st.money(v)), bold=last and r.random() < 0.7,
               size=w.size + (1 if last and r.random() < 0.4 else 0))
    w.gap()
    if r.random() < 0.5:
        w.line((m, pick(r, L.LABELS["paidwith"][d.lg]).format(n=r.randint(1000, 9999))))
    if d.next_stated:
        w.line((m, next_line(d, total)))
    if r.random() < 0.35:
        notes_block(w, d)
    footer(w, d, where == "footer")
    return w.pages, d.truth(total, "pdf-text", "business")


def email_receipt(d):
    """A payment receipt as a mail app shows it: sender and subject, a centred column, labels over values or
    beside them, the plan and the renewal."""
    r = d.r
    w = Writer(r, width=r.choice([595, 420, 380]), font="sans", size=r.choice([10, 11, 12]))
    m = w.margin
    sender = r.random() < 0.5
    if sender:
        w.line((m, f"{d.brand} <{pick(r, ['no-reply', 'billing', 'receipts', 'info'])}@{pick(r, ['', 'mail.', 'email.'])}{d.domain}>"), bold=True)
        sent = d.billing + timedelta(days=r.choice([0, 0, 0, 1]))
        w.line((m, f"{pick(r, ['To', 'An', 'À', 'Para', 'A', 'Aan'])}: {d.customer.split()[0].lower()}@example.org"), size=w.size - 1)
        w.line((m, d.st.date(sent) + pick(r, ["", f", {r.randint(6, 22)}:{r.randint(0, 59):02d}"])), size=w.size - 1)
        w.gap()
    if not sender or r.random() < 0.7:
        w.line(("c", d.brand), size=r.choice([w.size, 16, 20, 24]), bold=r.random() < 0.8)
    w.line(("c", d.lab("receipt")), size=w.size + 3)
    if r.random() < 0.6:
        w.line((m, pick(r, L.LABELS["greeting"][d.lg]).format(p=d.customer.split()[0])))
    sub, disc, tax, total = d.totals(r.random() < 0.4)
    plan = frequency_line(d) if d.freq_stated else f"{d.brand} {d.plan}"
    pairs = [(d.lab("total"), d.st.money(total)), (d.lab("date"), d.st.date(d.billing))]
    if r.random() < 0.6:
        pairs.append((d.lab("number"), f"#{r.randint(1000, 9999)}-{r.randint(1000, 9999)}"))
    if r.random() < 0.5:
        pairs.append(("", pick(r, L.LABELS["paidwith"][d.lg]).format(n=r.randint(1000, 9999))))
    if r.random() < 0.3:
        # Payment apps name the merchant among the payment's facts.
        pairs.append((d.lab("merchant"), d.brand))
    r.shuffle(pairs)
    mode = pick(r, ["over", "beside", "colon"])
    if mode == "over":
        shown = [p for p in pairs if p[0]][:3]
        xs = [m + i * (w.right_edge - m) / len(shown) for i in range(len(shown))]
        w.line(*[(x, lab.upper()) for x, (lab, _) in zip(xs, shown)], size=w.size - 2)
        w.line(*[(x, val) for x, (_, val) in zip(xs, shown)])
    else:
        for lab, val in pairs:
            if not lab:
                w.line((m, val))
            else:
                w.lv(lab, val, "colon" if mode == "colon" else "right")
    w.gap()
    w.line((m, plan), (("r", w.right_edge), d.st.money(d.items[0][3] if len(d.items) == 1 else sub)))
    if tax:
        w.line((m, d.lab("tax").format(r=d.tax_rate)), (("r", w.right_edge), d.st.money(tax)))
    w.line((m, d.lab("total")), (("r", w.right_edge), d.st.money(total)), bold=True)
    if d.next_stated:
        w.gap(0.5)
        for text in next_lines(d) if r.random() < 0.3 else [next_line(d, total)]:
            w.line((m, text))
    footer(w, d, False)
    return w.pages, d.truth(total, "email-screenshot", "email")


def till_receipt(d):
    """A narrow till receipt: shop name, items, total, tender and change, date and time."""
    r = d.r
    w = Writer(r, width=r.choice([200, 226, 250]), height=r.choice([600, 700, 842]), margin=12, font="mono",
               size=r.choice([7, 7.5, 8]))
    # Most till receipts are one-off buys; a membership's (a gym, a club) names its plan and the next charge.
    member = r.random() < 0.3
    if not member:
        d.freq_stated, d.next_stated = False, False
    name = d.brand.upper() if r.random() < 0.5 else d.brand
    w.line(("c", name if r.random() < 0.8 else d.legal.upper()), bold=True, size=w.size + 2)
    w.line(("c", d.street(up_to=99)))
    w.line(("c", d.city()))
    if r.random() < 0.5:
        w.line(("c", f"TEL {r.randint(100, 999)} {r.randint(100000, 999999)}"))
    stamp = d.st.date(d.billing) + f" {r.randint(7, 22):02d}:{r.randint(0, 59):02d}"
    top = r.random() < 0.6
    if top:
        w.line((w.margin, stamp))
    w.gap(0.5)
    sub, disc, tax, total = d.totals(False)
    for desc, qty, unit, amt in d.items:
        label = f"{qty} x {desc}" if qty > 1 else desc
        w.line((w.margin, label[:24]), (("r", w.right_edge), d.st.number(amt)))
    if d.freq_stated:
        w.line((w.margin, frequency_line(d)))
    w.gap(0.5)
    w.line((w.margin, d.lab("total").upper()), (("r", w.right_edge), d.st.money(total)), bold=True)
    cash = r.random() < 0.4
    if cash:
        given = float(int(total / 10 + 1) * 10)
        w.line((w.margin, pick(r, ["CASH", "BAR", "ESPÈCES", "EFECTIVO", "CONTANTI", "CONTANT", "DINHEIRO"])),
               (("r", w.right_edge), d.st.number(given)))
        w.line((w.margin, pick(r, ["CHANGE", "RÜCKGELD", "RENDU", "CAMBIO", "RESTO", "WISSELGELD", "TROCO"])),
               (("r", w.right_edge), d.st.number(round(given - total, 2))))
    else:
        w.line((w.margin, pick(r, ["VISA", "CARD", "EC-KARTE", "CB", "TARJETA", "PIN"])), (("r", w.right_edge), d.st.number(total)))
    if not top:
        w.line((w.margin, stamp))
    if d.next_stated:
        for text in next_lines(d):
            w.line((w.margin, text))
    w.line(("c", pick(r, L.LABELS["thanks"][d.lg]).format(b=d.brand)[:30]))
    return w.pages, d.truth(total, "receipt", "till")


def usage_bill(d):
    """A telecom or utility bill on two pages: the summary with the total on one, call or usage details with
    many small amounts and dates on the other."""
    pages, truth = business_invoice(d)
    r = d.r
    detail = Page(pages[0].width, pages[0].height)
    y = 70
    detail.text(50, y, pick(r, L.LABELS["period"][d.lg]) + f": {d.st.date(d.billing - timedelta(days=30))} - {d.st.date(d.billing - timedelta(days=1))}", 11, "sans-bold")
    for _ in range(r.randint(12, 35)):
        y += 15
        day = d.billing - timedelta(days=r.randint(1, 30))
        detail.text(50, y, d.st.date(day), 9)
        detail.text(160, y, f"+{r.randint(30, 49)} {r.randint(100000000, 999999999)}", 9)
        detail.text(330, y, f"{r.randint(0, 59)}:{r.randint(0, 59):02d}", 9)
        detail.right(545, y, d.st.money(round(r.uniform(0.05, 3), 2), False), 9)
    if r.random() < 0.5:
        pages.append(detail)
    else:
        pages.insert(0, detail) if r.random() < 0.3 else pages.append(detail)
    truth["kind"] = "multi-page-pdf"
    truth["layout"] = "usage"
    return pages, truth


def non_invoice(d):
    """A newsletter, shipping notice or menu: prices and dates that charge nothing; the truth is all null."""
    r = d.r
    kind = pick(r, ["newsletter", "shipping", "menu"])
    w = Writer(r, font=pick(r, ["sans", "serif"]))
    m = w.margin
    w.line(("c" if r.random() < 0.5 else m, d.brand), size=r.choice([18, 22, 26]), bold=True)
    lines = L.NON_INVOICE[kind][d.lg][:]
    r.shuffle(lines)
    some_date = d.billing + timedelta(days=r.randint(1, 40))
    for s in lines:
        text = s.format(b=d.brand, a=d.st.money(round(r.uniform(2, 30), 2)), d=d.st.date(some_date), n=r.randint(10 ** 6, 10 ** 9),
                        m=L.MONTHS[d.lg][some_date.month - 1])
        if kind == "menu":
            w.line((m, text), (("r", w.right_edge), d.st.money(round(r.uniform(3, 40), 2))))
        else:
            w.line((m, text))
        if kind == "newsletter" and r.random() < 0.4:
            w.line((m + 20, pick(r, L.ITEMS[d.lg])), (("r", w.right_edge), d.st.money(round(r.uniform(3, 40), 2))))
    footer(w, d, False)
    return w.pages, d.truth(None, "non-invoice", kind, name=None, currency=None, billing_date=None, next_billing_date=None,
                            frequency="monthly", frequency_stated=False)


def short_note(d):
    """A few plain lines, as a short confirmation, a pasted receipt or a minimal invoice prints them: the name
    once, in the body's type, then the date, the plan and the total in any order, label and value apart by a
    space or in columns."""
    r = d.r
    w = Writer(r, font=pick(r, ["sans", "sans", "serif", "mono"]), size=r.choice([10, 11, 12]))
    m = w.margin
    w.line((m, d.brand if r.random() < 0.85 else d.legal), bold=r.random() < 0.3)
    sub, disc, tax, total = d.totals(r.random() < 0.4)
    cols = r.random() < 0.4

    def lv(label, value):
        if cols:
            w.line((m, label), (("r", w.right_edge) if r.random() < 0.5 else m + 220, value))
        else:
            w.line((m, f"{label}{pick(r, [' ', ': ', ' '])}{value}"))

    if r.random() < 0.7:
        w.line((m, d.lab(pick(r, ["invoice", "receipt"]))))
    # The date and the plan in either order; the sums after them, the total last.
    middle = [lambda: lv(d.lab("date"), d.st.date(d.billing))]
    if r.random() < 0.6:
        plan = frequency_line(d) if d.freq_stated else d.plan
        priced = r.random() < 0.5
        middle.append(lambda: lv(plan, d.st.money(sub)) if priced else w.line((m, plan)))
    else:
        d.freq_stated = False
    r.shuffle(middle)
    for f in middle:
        f()
    if tax or disc:
        lv(d.lab("subtotal"), d.st.money(sub))
    if disc:
        lv(d.lab("discount"), d.st.money(-disc))
    if tax:
        lv(d.lab("tax").format(r=d.tax_rate), d.st.money(tax))
    lv(d.lab("total"), d.st.money(total))
    if d.next_stated:
        w.line((m, next_line(d, total)))
    return w.pages, d.truth(total, "pdf-text", "short")


LAYOUTS = [(business_invoice, 36), (email_receipt, 22), (till_receipt, 12), (usage_bill, 9), (non_invoice, 12),
           (short_note, 9)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--catalogue", default=os.path.join(os.path.dirname(__file__), "../../Sources/SubsScan/Resources/vendors.json"))
    ap.add_argument("--banded", type=float, default=None, help=f"share of letterheads on a coloured band ({BANDED})")
    a = ap.parse_args()
    if a.banded is not None:
        globals()["BANDED"] = a.banded
    os.makedirs(a.out, exist_ok=True)
    catalogue = []
    try:
        with open(a.catalogue) as f:
            data = json.load(f)
        entries = data if isinstance(data, list) else data.get("vendors", [])
        catalogue = [e["name"] for e in entries if isinstance(e, dict) and e.get("name")]
    except (OSError, ValueError, KeyError):
        pass
    for i in range(a.count):
        r = random.Random(a.seed * 1_000_003 + i)
        d = Doc(r, catalogue)
        layout = weighted(r, LAYOUTS)
        pages, truth = layout(d)
        stem = f"gen-{a.seed}-{i:05d}"
        truth["group"] = stem
        write(pages, os.path.join(a.out, stem + ".pdf"))
        with open(os.path.join(a.out, stem + ".json"), "w") as f:
            json.dump(truth, f, ensure_ascii=False, indent=1)
    print(f"make_docs: {a.count} documents in {a.out}")


if __name__ == "__main__":
    main()
