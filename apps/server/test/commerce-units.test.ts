import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { sanitizePlanHtml } from "../src/features/commerce/planHtml.js"
import { qrMatrix, qrSvgDataUrl } from "../src/platform/qrSvg.js"

/** Pure pieces of the commerce module: the R15 sanitizer and the QR encoder. */
describe("sanitizePlanHtml (R15 table)", () => {
  it.each([
    ["<ul><li>4K 高清</li></ul>", "<ul><li>4K 高清</li></ul>"],
    ["<li onclick=alert(1)>x</li>", "<li>x</li>"],
    ["<img src=x onerror=alert(1)>", ""],
    ['<a href="javascript:alert(1)">x</a>', "x"],
    ["<svg><script>alert(1)</script></svg>", ""],
    ["<style>body{display:none}</style>", ""],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ['<p class="x" style="color:red">段落<br/>换行</p>', "<p>段落<br>换行</p>"],
    ["<ol><li><strong>粗</strong><em>斜</em><span>普</span></li></ol>", "<ol><li><strong>粗</strong><em>斜</em><span>普</span></li></ol>"],
    ["<ul><li>未闭合", "<ul><li>未闭合</li></ul>"],
    ["</li>多余的结束</ul>", "多余的结束"],
    ['<li title="a>b">x</li>', "<li>x</li>"],
    ["1 < 2 & 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
    ["<!-- <script>alert(1)</script> -->ok", "ok"],
    ["<SCRIPT>alert(1)</SCRIPT>大写", "大写"],
    // an unfinished tag at the end is dropped whole (sanitize-html's parser), never kept as markup
    ["<img src=x onerror=alert(1)", ""],
    ["&lt;script&gt; &amp;", "&lt;script&gt; &amp;"]
  ])("%s → %s", (input, expected) => {
    expect(sanitizePlanHtml(input)).toBe(expected)
  })

  it("never lets an event handler or a non-list tag through (fuzz)", () => {
    const pieces = ["<ul>", "</ul>", "<li onclick=x>", "</li>", "<img src=x onerror=y>", "<script>", "</script>", "<a href='javascript:1'>", "<", ">", '"', "文字", "<br>", "<p style=x>", "<svg onload=1>", "<!--", "-->"]
    for (let run = 0; run < 500; run++) {
      let html = ""
      for (let i = 0; i < 12; i++) html += pieces[(run * 7 + i * 13 + ((run * i) % 5)) % pieces.length]
      const clean = sanitizePlanHtml(html)
      expect(clean).not.toMatch(/<(?!\/?(?:ul|ol|li|p|br|strong|em|span)>)/)
      expect(clean).not.toMatch(/on\w+=/i)
    }
  })
})

describe("the QR encoder (the qrcode package)", () => {
  it("encodes https://example.com/ as the same 2-M symbol the server drew before the package", () => {
    const rows = qrMatrix("https://example.com/").map((row) => row.map((dark) => (dark ? "1" : "0")).join(""))
    expect(createHash("sha256").update(rows.join("\n")).digest("hex").slice(0, 16)).toBe("b495295b351150d7")
  })

  it("draws finder patterns, timing and the dark module at the right size", () => {
    const text = "http://127.0.0.1:8080/api/sandbox/pay?trade_no=MD20260115103000a1b2c3d4e5f6a7b8c9d0"
    const matrix = qrMatrix(text)
    const size = matrix.length
    expect((size - 17) % 4).toBe(0)
    const version = (size - 17) / 4
    expect(version).toBe(5)
    const at = (x: number, y: number) => matrix[y]![x]!
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]] as const) {
      expect(at(cx, cy)).toBe(true)
      expect(at(cx - 2, cy)).toBe(false)
      expect(at(cx - 3, cy)).toBe(true)
    }
    for (let i = 8; i < size - 8; i++) expect(at(i, 6)).toBe(i % 2 === 0)
    expect(at(8, size - 8)).toBe(true)
    // format bits are mirrored: both copies read the same 15 bits
    const first = [0, 1, 2, 3, 4, 5, 7, 8].map((y) => at(8, y)).concat([7, 5, 4, 3, 2, 1, 0].map((x) => at(x, 8)))
    const second = Array.from({ length: 8 }, (_, i) => at(size - 1 - i, 8)).concat(Array.from({ length: 7 }, (_, i) => at(8, size - 7 + i)))
    expect(first).toEqual(second)
  })

  it("renders an SVG data URL with the caption", () => {
    const url = qrSvgDataUrl("https://example.com/", "扫码支付 ¥9.90")
    const svg = Buffer.from(url.replace("data:image/svg+xml;base64,", ""), "base64").toString()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain("扫码支付 ¥9.90")
  })
})
