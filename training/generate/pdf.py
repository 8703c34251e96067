"""A minimal PDF writer: text runs placed at absolute positions in the base-14 fonts (WinAnsi), so documents
the generator lays out carry a real text layer that Poppler reads as it reads any invoice PDF."""

FONTS = {"sans": "Helvetica", "sans-bold": "Helvetica-Bold", "serif": "Times-Roman", "serif-bold": "Times-Bold",
         "mono": "Courier", "mono-bold": "Courier-Bold"}
_KEYS = list(FONTS)


def text_width(s, size, font):
    """An estimate of a run's width in points (the base-14 metrics, roughly): enough to right-align columns."""
    if font.startswith("mono"):
        return 0.6 * size * len(s)
    w = 0.0
    for ch in s:
        if ch.isdigit():
            w += 0.556
        elif ch == " ":
            w += 0.278
        elif ch.isupper():
            w += 0.68
        elif ch in ".,:;'!|il":
            w += 0.26
        else:
            w += 0.52
    scale = 1.05 if font.endswith("bold") else (0.95 if font.startswith("serif") else 1.0)
    return w * size * scale


class Page:
    def __init__(self, width=595, height=842):
        self.width, self.height, self.runs, self.fills = width, height, [], []
        # The colour of the text placed next (0-1 RGB).
        self.colour = (0, 0, 0)

    def text(self, x, top, s, size=10, font="sans"):
        """A run whose baseline is `top` points below the page's top edge."""
        if s:
            self.runs.append((x, self.height - top, s, size, font, self.colour))

    def fill(self, top, bottom, rgb):
        """A band across the page from `top` to `bottom` points below its top edge, drawn under the text."""
        self.fills.append((self.height - bottom, bottom - top, rgb))

    def right(self, x_end, top, s, size=10, font="sans"):
        self.text(x_end - text_width(s, size, font), top, s, size, font)

    def center(self, top, s, size=10, font="sans"):
        self.text((self.width - text_width(s, size, font)) / 2, top, s, size, font)


def _escape(s):
    data = s.encode("cp1252", errors="replace")
    return data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def write(pages, path):
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    font_base = 3
    page_base = font_base + len(_KEYS)
    kids = " ".join(f"{page_base + 2 * i} 0 R" for i in range(len(pages)))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    for k in _KEYS:
        objects.append(f"<< /Type /Font /Subtype /Type1 /BaseFont /{FONTS[k]} /Encoding /WinAnsiEncoding >>".encode())
    fonts = " ".join(f"/F{i} {font_base + i} 0 R" for i in range(len(_KEYS)))
    for i, p in enumerate(pages):
        content = b""
        for y, h, (cr, cg, cb) in p.fills:
            content += f"{cr:.3f} {cg:.3f} {cb:.3f} rg 0 {y:.1f} {p.width} {h:.1f} re f\n".encode()
        for x, y, s, size, font, (cr, cg, cb) in p.runs:
            content += f"{cr:.3f} {cg:.3f} {cb:.3f} rg ".encode()
            content += f"BT /F{_KEYS.index(font)} {size:.1f} Tf 1 0 0 1 {x:.1f} {y:.1f} Tm (".encode()
            content += _escape(s) + b") Tj ET\n"
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {p.width} {p.height}] /Resources << /Font << {fonts} >> >> "
                       f"/Contents {page_base + 2 * i + 1} 0 R >>".encode())
        objects.append(f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, o in enumerate(objects):
        offsets.append(len(out))
        out += f"{n + 1} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for o in offsets:
        out += f"{o:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    with open(path, "wb") as f:
        f.write(out)
