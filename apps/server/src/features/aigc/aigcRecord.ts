/**
 * The implicit label of GB 45438-2025 (《网络安全技术 人工智能生成合成内容标识方法》, Appendix E, the
 * file-metadata label): one JSON record under the key `AIGC` with seven string fields (docs/spec/aigc-labels.md
 * AL1–AL4). The field names and the Label codes are those of the standard's public text as the TC260
 * practice guides and vendors' SDKs spell them (Tencent COS `AigcMetadata`, the cnTC260 writer):
 * Label "1" generated, "2" possibly, "3" suspected.
 */

/** AL1: the generated-content attribute: 1 属于, 2 可能为, 3 疑似为 AI 生成合成内容. */
export type AigcAttribute = 1 | 2 | 3

export interface AigcRecord {
  readonly Label: string
  readonly ContentProducer: string
  readonly ProduceID: string
  readonly ReservedCode1: string
  readonly ContentPropagator: string
  readonly PropagateID: string
  readonly ReservedCode2: string
}

/** The PNG text keyword, and the XMP namespace and property (TC260) the record is stored under. */
export const AIGC_KEY = "AIGC"
export const TC260_NAMESPACE = "http://www.tc260.org.cn/ns/AIGC/1.0/"

const FIELDS = ["Label", "ContentProducer", "ProduceID", "ReservedCode1", "ContentPropagator", "PropagateID", "ReservedCode2"] as const

/** AL2: what Mido writes for an image it drew: attribute 1, the provider and the image's content number. */
export const producedRecord = (producer: string, produceId: string): AigcRecord => ({
  Label: "1",
  ContentProducer: producer,
  ProduceID: produceId,
  ReservedCode1: "",
  ContentPropagator: "",
  PropagateID: "",
  ReservedCode2: ""
})

/**
 * AL3: the record once the platform spreads the work: the producer's fields kept as they were (a label
 * must not be altered, 《标识办法》 第十条), the propagator's added; a work with no record gets one of the
 * given attribute with an empty producer (the producer is unknown to the platform).
 */
export const propagatedRecord = (existing: AigcRecord | undefined, attribute: AigcAttribute, propagator: string, propagateId: string): AigcRecord => ({
  ...(existing ?? { ...producedRecord("", ""), Label: String(attribute) }),
  ContentPropagator: propagator,
  PropagateID: propagateId
})

/** The record as the JSON text stored under `AIGC`, its fields in the standard's order. */
export const aigcJson = (record: AigcRecord): string => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, record[field]])))

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * AL4: a record read from a file: the bare JSON object or one wrapped as `{"AIGC": {…}}` (both are in
 * use: TC260-PG-20259A Appendix B shows the wrapped form); a Label of 1, 2 or 3 (string or number) is
 * required, other fields default to "". Undefined when the text is no such record.
 */
export const parseAigcRecord = (text: string): AigcRecord | undefined => {
  const json = parseJson(text.trim())
  if (typeof json !== "object" || json === null) return undefined
  const inner = AIGC_KEY in json && typeof (json as Record<string, unknown>)[AIGC_KEY] === "object" ? (json as Record<string, unknown>)[AIGC_KEY] : json
  if (typeof inner !== "object" || inner === null) return undefined
  const fields = inner as Record<string, unknown>
  const label = String(fields.Label ?? "").trim()
  if (!["1", "2", "3"].includes(label)) return undefined
  const text_ = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "")
  return {
    Label: label,
    ContentProducer: text_(fields.ContentProducer),
    ProduceID: text_(fields.ProduceID),
    ReservedCode1: text_(fields.ReservedCode1),
    ContentPropagator: text_(fields.ContentPropagator),
    PropagateID: text_(fields.PropagateID),
    ReservedCode2: text_(fields.ReservedCode2)
  }
}

export const attributeOf = (record: AigcRecord): AigcAttribute => Number(record.Label) as AigcAttribute

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
const unescapeXml = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&amp;/g, "&")

/** AL5: the XMP packet of a JPEG or WebP: the record's JSON as the TC260:AIGC property. */
export const aigcXmp = (record: AigcRecord): string =>
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  `<rdf:Description rdf:about="" xmlns:TC260="${TC260_NAMESPACE}"><TC260:AIGC>${escapeXml(aigcJson(record))}</TC260:AIGC></rdf:Description>` +
  "</rdf:RDF></x:xmpmeta>"

/** AL5: the record in an XMP packet (a TC260:AIGC element or attribute, whatever its prefix is bound to). */
export const readAigcXmp = (xmp: string): AigcRecord | undefined => {
  const prefix = new RegExp(`xmlns:([A-Za-z_][\\w.-]*)="${TC260_NAMESPACE.replace(/[.\\/]/g, "\\$&")}"`, "i").exec(xmp)?.[1]
  if (prefix === undefined) return undefined
  const element = new RegExp(`<${prefix}:AIGC>([\\s\\S]*?)</${prefix}:AIGC>`).exec(xmp)?.[1]
  const attribute = new RegExp(`${prefix}:AIGC="([^"]*)"`).exec(xmp)?.[1]
  const text = element ?? attribute
  return text === undefined ? undefined : parseAigcRecord(unescapeXml(text))
}
