import { createHash } from "node:crypto"
import sharp from "sharp"
import { type FakeAnswer, json, type RecordedRequest, type RecordingServer, startRecordingServer } from "./recordingHttpServer.js"

/**
 * OpenAI Images on loopback: POST /v1/images/generations (JSON) and /v1/images/edits (multipart),
 * GET /v1/models/{model}, Bearer auth, `{created, data:[{b64_json}], size, output_format, usage}`
 * answers with flat PNGs whose colour is a hash of the prompt and the image's index, and OpenAI's
 * `{error:{message,type,param,code}}` failures. It checks what the real API checks: the size for
 * the model, and that a mask is a PNG with alpha at the image's size. Per model, as openai/openai-node
 * src/resources/images.ts documents them (the error texts are ours, the refusals are the API's):
 * - GPT image models: base64 always (`response_format` refused), `output_format`, n 1–10, edits of up
 *   to 16 images sent as `image[]` (src/internal/uploads.ts: an array goes as key[]), `input_fidelity`
 *   on gpt-image-1 / gpt-image-1.5 only (refused by gpt-image-1-mini and gpt-image-2);
 * - dall-e-3: n=1 only, 1024x1024 | 1792x1024 | 1024x1792, a URL unless response_format=b64_json,
 *   `output_format` refused, no edits;
 * - dall-e-2: 256/512/1024 squares, a URL unless response_format=b64_json, edits of one image only.
 */
export type OpenAiFakeMode = "ok" | "moderation" | "badRequest" | "rateLimit" | "quota" | "serverError" | "hang" | "drop" | "short"

export type MultipartField =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly filename: string; readonly type: string; readonly bytes: Uint8Array }

export interface OpenAiFake extends RecordingServer {
  mode: OpenAiFakeMode
  /** the multipart fields of each edits request, in the order sent */
  readonly editForms: ReadonlyArray<ReadonlyArray<MultipartField>>
}

export const colorOf = (prompt: string, index: number): readonly [number, number, number] => {
  const digest = createHash("sha256").update(`${prompt}#${index}`).digest()
  return [digest[0] ?? 0, digest[1] ?? 0, digest[2] ?? 0]
}

const error = (status: number, message: string, type: string, code: string | null, param: string | null = null): FakeAnswer =>
  json(status, { error: { message, type, param, code } })

const modeFailure = (mode: OpenAiFakeMode): FakeAnswer | undefined => {
  if (mode === "moderation") {
    return error(400, "Your request was rejected as a result of our safety system. Your request may contain content that is not allowed.", "image_generation_user_error", "moderation_blocked")
  }
  if (mode === "badRequest") return error(400, "Invalid value for 'quality'.", "invalid_request_error", "invalid_value", "quality")
  if (mode === "rateLimit") return error(429, "Rate limit reached for gpt-image-1 on images per minute.", "requests", "rate_limit_exceeded")
  if (mode === "quota") return error(429, "You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", "insufficient_quota")
  if (mode === "serverError") return error(500, "The server had an error while processing your request.", "server_error", null)
  if (mode === "hang") return { kind: "hang" }
  if (mode === "drop") return { kind: "drop" }
  return undefined
}

const SIZES: Readonly<Record<string, ReadonlyArray<string>>> = {
  "dall-e-3": ["1024x1024", "1792x1024", "1024x1792"],
  "dall-e-2": ["256x256", "512x512", "1024x1024"]
}
const familyOf = (model: string): "dall-e-3" | "dall-e-2" | "gpt-image" => (model.startsWith("dall-e-3") ? "dall-e-3" : model.startsWith("dall-e-2") ? "dall-e-2" : "gpt-image")

const sizeError = (model: string, size: string): FakeAnswer | undefined => {
  const fixed = SIZES[familyOf(model)] ?? ["1024x1024", "1536x1024", "1024x1536", "auto"]
  if (model.startsWith("gpt-image-2")) {
    const match = /^(\d+)x(\d+)$/.exec(size)
    if (size === "auto" || (match !== null && Number(match[1]) % 16 === 0 && Number(match[2]) % 16 === 0)) return undefined
  } else if (fixed.includes(size)) return undefined
  return error(400, `Invalid value: '${size}'. Supported values are: ${fixed.map((value) => `'${value}'`).join(", ")}.`, "invalid_request_error", "invalid_value", "size")
}

/** What the model refuses among the parameters it was sent (images.ts: which parameter is whose). */
const parameterError = (model: string, given: { readonly n: number; readonly outputFormat?: string; readonly responseFormat?: string; readonly inputFidelity?: string }): FakeAnswer | undefined => {
  const family = familyOf(model)
  const unknown = (param: string) => error(400, `Unknown parameter: '${param}'.`, "invalid_request_error", "unknown_parameter", param)
  if (family === "gpt-image" && given.responseFormat !== undefined) return unknown("response_format")
  if (family !== "gpt-image" && given.outputFormat !== undefined) return unknown("output_format")
  if (family === "dall-e-3" && given.n !== 1) return error(400, "Invalid 'n': dall-e-3 only supports n=1.", "invalid_request_error", "invalid_value", "n")
  if (given.n < 1 || given.n > 10) return error(400, `Invalid 'n': expected a value between 1 and 10, got ${given.n}.`, "invalid_request_error", "invalid_value", "n")
  const fidelity = model.startsWith("gpt-image-1") && !model.startsWith("gpt-image-1-mini")
  if (given.inputFidelity !== undefined && !fidelity) return error(400, `input_fidelity is not supported for model '${model}'.`, "invalid_request_error", "unsupported_parameter", "input_fidelity")
  return undefined
}

const render = async (prompt: string, size: string, n: number): Promise<string[]> => {
  const [width, height] = (size === "auto" ? "1024x1024" : size).split("x").map(Number)
  return Promise.all(
    Array.from({ length: n }, async (_, index) => {
      const [r, g, b] = colorOf(prompt, index)
      const image = sharp({ create: { width: width ?? 1024, height: height ?? 1024, channels: 3, background: { r, g, b } } })
      return (await image.png({ compressionLevel: 1 }).toBuffer()).toString("base64")
    })
  )
}

const answer = async (prompt: string, size: string, n: number, mode: OpenAiFakeMode, model = "gpt-image-1", responseFormat?: string): Promise<FakeAnswer> => {
  const images = await render(prompt, size, mode === "short" ? Math.max(1, n - 1) : n)
  // DALL·E answers a URL (valid 60 minutes) unless response_format=b64_json (images.ts, Image.url)
  if (familyOf(model) !== "gpt-image" && responseFormat !== "b64_json") {
    return json(200, { created: 1_700_000_000, data: images.map((_, index) => ({ url: `https://oaidalleapiprodscus.blob.core.windows.net/private/img-${index}.png`, revised_prompt: prompt })) })
  }
  if (familyOf(model) !== "gpt-image") return json(200, { created: 1_700_000_000, data: images.map((b64_json) => ({ b64_json, revised_prompt: prompt })) })
  return json(200, {
    created: 1_700_000_000,
    data: images.map((b64_json) => ({ b64_json })),
    background: "opaque",
    output_format: "png",
    quality: "medium",
    size,
    usage: { input_tokens: 50, input_tokens_details: { text_tokens: 50, image_tokens: 0 }, output_tokens: 1056 * n, total_tokens: 50 + 1056 * n }
  })
}

const optional = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>

const fieldsOf = async (request: RecordedRequest): Promise<MultipartField[]> => {
  const form = await new Response(Uint8Array.from(request.body), { headers: { "content-type": request.headers["content-type"] ?? "" } }).formData()
  const fields: MultipartField[] = []
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields.push({ name, value })
    else fields.push({ name, filename: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) })
  }
  return fields
}

const maskError = async (image: Uint8Array, mask: Uint8Array): Promise<FakeAnswer | undefined> => {
  const [imageMeta, maskMeta] = await Promise.all([sharp(image).metadata(), sharp(mask).metadata()])
  if (maskMeta.format !== "png" || !maskMeta.hasAlpha) return error(400, "Invalid mask image format - mask image missing alpha channel", "invalid_request_error", null, "mask")
  if (imageMeta.width !== maskMeta.width || imageMeta.height !== maskMeta.height) {
    return error(400, "Invalid mask image format - mask size does not match image size", "invalid_request_error", null, "mask")
  }
  return undefined
}

export const startOpenAiFake = async (apiKey = "sk-test", models: ReadonlyArray<string> = ["gpt-image-1", "gpt-image-2", "gpt-image-1-mini", "dall-e-3", "dall-e-2"]): Promise<OpenAiFake> => {
  const state = { mode: "ok" as OpenAiFakeMode }
  const editForms: MultipartField[][] = []

  const edits = async (request: RecordedRequest): Promise<FakeAnswer> => {
    const fields = await fieldsOf(request)
    editForms.push(fields)
    const text = (name: string) => fields.find((field): field is { name: string; value: string } => field.name === name && "value" in field)?.value
    const file = (name: string) => fields.find((field): field is Extract<MultipartField, { bytes: Uint8Array }> => field.name === name && "bytes" in field)
    const images = fields.filter((field): field is Extract<MultipartField, { bytes: Uint8Array }> => (field.name === "image" || field.name === "image[]") && "bytes" in field)
    const [image] = images
    const prompt = text("prompt")
    if (image === undefined || prompt === undefined) return error(400, "Missing required parameter: 'image'.", "invalid_request_error", "missing_required_parameter", "image")
    const model = text("model") ?? "dall-e-2"
    const family = familyOf(model)
    if (family === "dall-e-3") return error(400, "Invalid model dall-e-3. The model must be one of dall-e-2 or a GPT image model.", "invalid_request_error", "invalid_value", "model")
    const most = family === "dall-e-2" ? 1 : 16
    if (images.length > most) return error(400, `Too many images: ${model} takes at most ${most}.`, "invalid_request_error", "invalid_value", "image")
    const mask = file("mask")
    const invalidMask = mask === undefined ? undefined : await maskError(image.bytes, mask.bytes)
    const size = text("size") ?? "auto"
    const n = Number(text("n") ?? "1")
    const given = { n, ...optional("outputFormat", text("output_format")), ...optional("responseFormat", text("response_format")), ...optional("inputFidelity", text("input_fidelity")) }
    return invalidMask ?? parameterError(model, given) ?? sizeError(model, size) ?? (await answer(prompt, size, n, state.mode, model, text("response_format")))
  }

  const server = await startRecordingServer(async (request): Promise<FakeAnswer> => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return error(401, "Incorrect API key provided: sk-wr***. You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_request_error", "invalid_api_key")
    }
    const model = /^\/v1\/models\/([^/]+)$/.exec(request.path)
    if (model !== null && request.method === "GET") {
      const id = decodeURIComponent(model[1] ?? "")
      if (!models.includes(id)) return error(404, `The model '${id}' does not exist`, "invalid_request_error", "model_not_found", "model")
      return json(200, { id, object: "model", created: 1_700_000_000, owned_by: "system" })
    }
    const failure = modeFailure(state.mode)
    if (failure !== undefined) return failure
    if (request.path === "/v1/images/edits" && request.method === "POST") return edits(request)
    if (request.path === "/v1/images/generations" && request.method === "POST") {
      const body = (request.json ?? {}) as { model?: string; prompt?: string; n?: number; size?: string; output_format?: string; response_format?: string }
      if (typeof body.prompt !== "string" || body.prompt === "") return error(400, "Missing required parameter: 'prompt'.", "invalid_request_error", "missing_required_parameter", "prompt")
      const size = body.size ?? "auto"
      const model = body.model ?? "dall-e-2"
      const given = { n: body.n ?? 1, ...optional("outputFormat", body.output_format), ...optional("responseFormat", body.response_format) }
      return parameterError(model, given) ?? sizeError(model, size) ?? (await answer(body.prompt, size, body.n ?? 1, state.mode, model, body.response_format))
    }
    return error(404, `Invalid URL (${request.method} ${request.path})`, "invalid_request_error", null)
  })

  return {
    ...server,
    editForms,
    get mode() {
      return state.mode
    },
    set mode(mode: OpenAiFakeMode) {
      state.mode = mode
    }
  }
}
