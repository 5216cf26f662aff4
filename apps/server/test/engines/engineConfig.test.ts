import { describe, expect, it } from "vitest"
import {
  buildEngines,
  defaultConcurrency,
  defaultTimeoutSeconds,
  type EngineConfig,
  type EngineMakers,
  readEngineConfig
} from "../../src/adapters/engine/engineConfig.js"
import type { EngineKind, ImageEngine } from "../../src/adapters/engine/imageEnginePort.js"

/** The engine of each task type from the environment (docs/engines.md): defaults, every variable, every refusal. */

const a1111 = { MIDO_ENGINE_SD: "a1111", MIDO_A1111_URL: "http://127.0.0.1:7860" }

describe("readEngineConfig defaults", () => {
  it("draws every task type offline when nothing is set, with the default concurrency and timeouts", () => {
    const config = readEngineConfig({})
    expect(config.byTask).toEqual({ sd: "offline", quick: "offline", quick_mj: "offline", agent: "offline", tool: "offline" })
    expect(config.concurrency).toEqual({ offline: 2, a1111: 1, comfyui: 1, "mj-proxy": 3, openai: 2 })
    expect(config.timeoutMs).toEqual({ a1111: 600_000, comfyui: 600_000, "mj-proxy": 600_000, openai: 300_000 })
    expect(config.offline).toEqual({ stepDelayMs: 0 })
    expect([config.a1111, config.comfyui, config.mjProxy, config.openai]).toEqual([undefined, undefined, undefined, undefined])
    expect(defaultConcurrency.offline).toBe(2)
    expect(defaultTimeoutSeconds.openai).toBe(300)
  })

  it("ignores blank values and unrelated variables", () => {
    expect(readEngineConfig({ MIDO_ENGINE_SD: "  ", PATH: "/usr/bin", MIDO_SECRET: "x" }).byTask.sd).toBe("offline")
  })
})

describe("readEngineConfig reads every variable", () => {
  const cases: ReadonlyArray<readonly [string, NodeJS.ProcessEnv, (config: EngineConfig) => unknown, unknown]> = [
    ["MIDO_ENGINE_SD=a1111 + URL", a1111, (c) => [c.byTask.sd, c.a1111], ["a1111", { baseUrl: "http://127.0.0.1:7860", timeoutMs: 600_000, forge: false }]],
    ["a trailing slash is dropped", { ...a1111, MIDO_A1111_URL: "https://sd.example.com/webui/" }, (c) => c.a1111?.baseUrl, "https://sd.example.com/webui"],
    ["MIDO_A1111_AUTH user:pass (a colon in the password kept)", { ...a1111, MIDO_A1111_AUTH: "mido:se:cret" }, (c) => [c.a1111?.username, c.a1111?.password], ["mido", "se:cret"]],
    ["MIDO_A1111_FORGE=true", { ...a1111, MIDO_A1111_FORGE: "TRUE" }, (c) => c.a1111?.forge, true],
    ["MIDO_ENGINE_QUICK=comfyui", { MIDO_ENGINE_QUICK: "comfyui", MIDO_COMFYUI_URL: "http://10.0.0.5:8188" }, (c) => [c.byTask.quick, c.comfyui], ["comfyui", { baseUrl: "http://10.0.0.5:8188", timeoutMs: 600_000 }]],
    [
      "MIDO_ENGINE_QUICK_MJ=mj-proxy with a secret",
      { MIDO_ENGINE_QUICK_MJ: "mj-proxy", MIDO_MJ_PROXY_URL: "http://127.0.0.1:8080", MIDO_MJ_PROXY_SECRET: "s3" },
      (c) => [c.byTask.quick_mj, c.mjProxy],
      ["mj-proxy", { baseUrl: "http://127.0.0.1:8080", timeoutMs: 600_000, secret: "s3" }]
    ],
    ["MIDO_MJ_PROXY_BEARER for a relay", { MIDO_ENGINE_QUICK_MJ: "mj-proxy", MIDO_MJ_PROXY_URL: "https://relay.example.com", MIDO_MJ_PROXY_BEARER: "sk-1" }, (c) => c.mjProxy?.bearer, "sk-1"],
    [
      "MIDO_ENGINE_AGENT=openai (the adapter's default base URL)",
      { MIDO_ENGINE_AGENT: "openai", MIDO_OPENAI_API_KEY: "sk-test" },
      (c) => [c.byTask.agent, c.openai],
      ["openai", { apiKey: "sk-test", timeoutMs: 300_000 }]
    ],
    [
      "MIDO_OPENAI_BASE_URL and MIDO_OPENAI_MODEL",
      { MIDO_ENGINE_AGENT: "openai", MIDO_OPENAI_API_KEY: "sk-test", MIDO_OPENAI_BASE_URL: "https://relay.example.com/", MIDO_OPENAI_MODEL: "gpt-image-1" },
      (c) => [c.openai?.baseUrl, c.openai?.model],
      ["https://relay.example.com", "gpt-image-1"]
    ],
    ["MIDO_ENGINE_TOOLS=a1111", { MIDO_ENGINE_TOOLS: "a1111", MIDO_A1111_URL: "http://127.0.0.1:7860" }, (c) => [c.byTask.tool, c.byTask.sd], ["a1111", "offline"]],
    ["engine names in any case", { MIDO_ENGINE_SD: "A1111", MIDO_A1111_URL: "http://h:1" }, (c) => c.byTask.sd, "a1111"],
    ["MIDO_ENGINE_CONCURRENCY_OFFLINE", { MIDO_ENGINE_CONCURRENCY_OFFLINE: "4" }, (c) => c.concurrency.offline, 4],
    ["MIDO_ENGINE_CONCURRENCY_A1111", { MIDO_ENGINE_CONCURRENCY_A1111: "2" }, (c) => c.concurrency.a1111, 2],
    ["MIDO_ENGINE_CONCURRENCY_COMFYUI", { MIDO_ENGINE_CONCURRENCY_COMFYUI: "3" }, (c) => c.concurrency.comfyui, 3],
    ["MIDO_ENGINE_CONCURRENCY_MJ_PROXY", { MIDO_ENGINE_CONCURRENCY_MJ_PROXY: "10" }, (c) => c.concurrency["mj-proxy"], 10],
    ["MIDO_ENGINE_CONCURRENCY_OPENAI", { MIDO_ENGINE_CONCURRENCY_OPENAI: "5" }, (c) => c.concurrency.openai, 5],
    ["MIDO_ENGINE_TIMEOUT_A1111 in seconds, passed to the adapter", { ...a1111, MIDO_ENGINE_TIMEOUT_A1111: "90" }, (c) => [c.timeoutMs.a1111, c.a1111?.timeoutMs], [90_000, 90_000]],
    ["MIDO_ENGINE_TIMEOUT_COMFYUI", { MIDO_ENGINE_TIMEOUT_COMFYUI: "120" }, (c) => c.timeoutMs.comfyui, 120_000],
    ["MIDO_ENGINE_TIMEOUT_MJ_PROXY", { MIDO_ENGINE_TIMEOUT_MJ_PROXY: "900" }, (c) => c.timeoutMs["mj-proxy"], 900_000],
    ["MIDO_ENGINE_TIMEOUT_OPENAI", { MIDO_ENGINE_TIMEOUT_OPENAI: "60" }, (c) => c.timeoutMs.openai, 60_000],
    ["MIDO_OFFLINE_STEP_DELAY_MS", { MIDO_OFFLINE_STEP_DELAY_MS: "250" }, (c) => c.offline.stepDelayMs, 250],
    ["connection variables of an unused engine build no options", { MIDO_A1111_URL: "http://127.0.0.1:7860" }, (c) => c.a1111, undefined]
  ]
  it.each(cases)("%s", (_name, env, read, expected) => {
    expect(read(readEngineConfig(env))).toEqual(expected)
  })
})

describe("readEngineConfig refuses a misconfigured engine at start, naming the variable", () => {
  const refusals: ReadonlyArray<readonly [NodeJS.ProcessEnv, RegExp]> = [
    [{ MIDO_ENGINE_SD: "dalle" }, /MIDO_ENGINE_SD="dalle" is not an engine: set it to one of offline, a1111, comfyui, openai/],
    [{ MIDO_ENGINE_QUICK: "mj-proxy", MIDO_MJ_PROXY_URL: "http://h:1" }, /MIDO_ENGINE_QUICK=mj-proxy cannot draw quick tasks: set it to one of offline, a1111, comfyui, openai/],
    [{ MIDO_ENGINE_QUICK_MJ: "a1111", MIDO_A1111_URL: "http://h:1" }, /MIDO_ENGINE_QUICK_MJ=a1111 cannot draw quick_mj tasks: set it to one of offline, mj-proxy/],
    [{ MIDO_ENGINE_AGENT: "comfyui" }, /MIDO_ENGINE_AGENT=comfyui cannot draw agent tasks: set it to one of offline, openai/],
    [{ MIDO_ENGINE_TOOLS: "mj-proxy" }, /MIDO_ENGINE_TOOLS=mj-proxy cannot draw tool tasks/],
    [{ MIDO_ENGINE_SD: "a1111" }, /MIDO_ENGINE_SD=a1111 needs MIDO_A1111_URL: set it to the WebUI's address \(started with --api\)/],
    [{ MIDO_ENGINE_SD: "a1111", MIDO_ENGINE_TOOLS: "a1111" }, /MIDO_ENGINE_SD=a1111, MIDO_ENGINE_TOOLS=a1111 needs MIDO_A1111_URL/],
    [{ MIDO_ENGINE_SD: "comfyui" }, /MIDO_ENGINE_SD=comfyui needs MIDO_COMFYUI_URL/],
    [{ MIDO_ENGINE_QUICK_MJ: "mj-proxy" }, /MIDO_ENGINE_QUICK_MJ=mj-proxy needs MIDO_MJ_PROXY_URL/],
    [{ MIDO_ENGINE_AGENT: "openai" }, /MIDO_ENGINE_AGENT=openai needs MIDO_OPENAI_API_KEY/],
    [{ ...a1111, MIDO_A1111_URL: "127.0.0.1:7860" }, /MIDO_A1111_URL="127.0.0.1:7860" is not a URL: set it to an http\(s\) address/],
    [{ ...a1111, MIDO_A1111_URL: "localhost:7860" }, /MIDO_A1111_URL must be an http:\/\/ or https:\/\/ address \(got localhost:\)/],
    [{ ...a1111, MIDO_A1111_URL: "not a url" }, /MIDO_A1111_URL="not a url" is not a URL: set it to an http\(s\) address such as http:\/\/127.0.0.1:7860/],
    [{ ...a1111, MIDO_A1111_URL: "ftp://h/" }, /MIDO_A1111_URL must be an http:\/\/ or https:\/\/ address \(got ftp:\)/],
    [{ ...a1111, MIDO_A1111_URL: "http://me:pw@h:7860" }, /MIDO_A1111_URL must not carry a user name or password: put the --api-auth credentials in MIDO_A1111_AUTH/],
    [{ MIDO_COMFYUI_URL: "comfy" }, /MIDO_COMFYUI_URL="comfy" is not a URL/],
    [{ MIDO_MJ_PROXY_URL: "ws://h" }, /MIDO_MJ_PROXY_URL must be an http:\/\/ or https:\/\/ address/],
    [{ MIDO_OPENAI_BASE_URL: "api.openai.com" }, /MIDO_OPENAI_BASE_URL="api.openai.com" is not a URL/],
    [{ MIDO_OPENAI_BASE_URL: "https://api.openai.com/v1/" }, /MIDO_OPENAI_BASE_URL must be the API's root without \/v1/],
    [{ ...a1111, MIDO_A1111_AUTH: "nocolon" }, /MIDO_A1111_AUTH must be user:password, as given to the WebUI's --api-auth/],
    [{ ...a1111, MIDO_A1111_AUTH: ":pw" }, /MIDO_A1111_AUTH must be user:password/],
    [{ ...a1111, MIDO_A1111_FORGE: "yes" }, /MIDO_A1111_FORGE must be true or false/],
    [{ MIDO_MJ_PROXY_SECRET: "a", MIDO_MJ_PROXY_BEARER: "b" }, /MIDO_MJ_PROXY_SECRET and MIDO_MJ_PROXY_BEARER are both set/],
    [{ MIDO_ENGINE_CONCURRENCY_A1111: "0" }, /MIDO_ENGINE_CONCURRENCY_A1111="0" must be a whole number of tasks, at least 1/],
    [{ MIDO_ENGINE_CONCURRENCY_OFFLINE: "-1" }, /MIDO_ENGINE_CONCURRENCY_OFFLINE="-1" must be a whole number of tasks, at least 1/],
    [{ MIDO_ENGINE_CONCURRENCY_OPENAI: "2.5" }, /MIDO_ENGINE_CONCURRENCY_OPENAI="2.5" must be a whole number/],
    [{ MIDO_ENGINE_TIMEOUT_COMFYUI: "0" }, /MIDO_ENGINE_TIMEOUT_COMFYUI="0" must be a whole number of seconds, at least 1/],
    [{ MIDO_ENGINE_TIMEOUT_MJ_PROXY: "10m" }, /MIDO_ENGINE_TIMEOUT_MJ_PROXY="10m" must be a whole number of seconds/],
    [{ MIDO_OFFLINE_STEP_DELAY_MS: "soon" }, /MIDO_OFFLINE_STEP_DELAY_MS="soon" must be a whole number of milliseconds, at least 0/],
    [{ MIDO_ENGINE_SDXL: "a1111" }, /MIDO_ENGINE_SDXL is not an engine variable Mido reads: check its spelling against docs\/engines.md/],
    [{ MIDO_ENGINE_CONCURRENCY_MJPROXY: "2" }, /MIDO_ENGINE_CONCURRENCY_MJPROXY is not an engine variable/],
    [{ MIDO_ENGINE_TIMEOUT_OFFLINE: "5" }, /MIDO_ENGINE_TIMEOUT_OFFLINE is not an engine variable/],
    [{ MIDO_A1111_PASSWORD: "x" }, /MIDO_A1111_PASSWORD is not an engine variable/]
  ]
  it.each(refusals)("%j → %s", (env, message) => {
    expect(() => readEngineConfig(env)).toThrow(message)
  })

  it("lists every problem in one error, and never echoes a secret", () => {
    const env = { MIDO_ENGINE_SD: "a1111", MIDO_ENGINE_AGENT: "openai", MIDO_ENGINE_CONCURRENCY_A1111: "0", MIDO_MJ_PROXY_SECRET: "hush-1", MIDO_MJ_PROXY_BEARER: "hush-2" }
    let message = ""
    try {
      readEngineConfig(env)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^Mido's engine configuration is wrong \(docs\/engines.md\):/)
    expect(message.split("\n- ")).toHaveLength(5)
    expect(message).not.toMatch(/hush/)
  })
})

describe("buildEngines", () => {
  const recording = () => {
    const calls: Array<[string, unknown]> = []
    const fake = (kind: EngineKind, label: string) => (options: unknown): ImageEngine => {
      calls.push([kind, options])
      const refuse = () => Promise.reject(new Error("fake"))
      return { kind, label, txt2img: refuse, img2img: refuse, upscale: refuse, catalog: refuse, health: () => Promise.resolve({ ok: true }) }
    }
    const makers: EngineMakers = {
      offline: fake("offline", "本地演示引擎"),
      a1111: fake("a1111", "WebUI"),
      comfyui: fake("comfyui", "ComfyUI"),
      mjProxy: fake("mj-proxy", "MJ"),
      openai: fake("openai", "OpenAI")
    }
    return { calls, makers }
  }

  it("builds the real offline engine for every type by default", () => {
    const registry = buildEngines(readEngineConfig({}))
    expect(registry.all.map((engine) => engine.label)).toEqual(["本地演示引擎"])
    expect(registry.forTask("sd")).toBe(registry.forTask("tool", "hd-repair"))
    expect(registry.concurrency(registry.forTask("quick"))).toBe(2)
  })

  it("makes one engine per kind in use with the options read, shared by the types pointed at it", () => {
    const { calls, makers } = recording()
    const config = readEngineConfig({
      MIDO_ENGINE_SD: "a1111",
      MIDO_ENGINE_TOOLS: "a1111",
      MIDO_A1111_URL: "http://127.0.0.1:7860",
      MIDO_A1111_AUTH: "u:p",
      MIDO_A1111_FORGE: "true",
      MIDO_ENGINE_QUICK: "comfyui",
      MIDO_COMFYUI_URL: "http://127.0.0.1:8188",
      MIDO_ENGINE_QUICK_MJ: "mj-proxy",
      MIDO_MJ_PROXY_URL: "http://127.0.0.1:8080",
      MIDO_MJ_PROXY_BEARER: "sk-mj",
      MIDO_ENGINE_AGENT: "openai",
      MIDO_OPENAI_API_KEY: "sk-oa",
      MIDO_ENGINE_CONCURRENCY_MJ_PROXY: "5"
    })
    const registry = buildEngines(config, makers)
    expect(calls).toEqual([
      ["a1111", { baseUrl: "http://127.0.0.1:7860", timeoutMs: 600_000, forge: true, username: "u", password: "p" }],
      ["comfyui", { baseUrl: "http://127.0.0.1:8188", timeoutMs: 600_000 }],
      ["mj-proxy", { baseUrl: "http://127.0.0.1:8080", timeoutMs: 600_000, bearer: "sk-mj" }],
      ["openai", { apiKey: "sk-oa", timeoutMs: 300_000 }]
    ])
    expect(registry.forTask("sd")).toBe(registry.forTask("tool", "hd-repair"))
    expect(registry.forTask("quick").kind).toBe("comfyui")
    expect(registry.forTask("quick_mj").kind).toBe("mj-proxy")
    expect(registry.forTask("agent").kind).toBe("openai")
    expect(registry.all.map((engine) => engine.kind).sort()).toEqual(["a1111", "comfyui", "mj-proxy", "openai"])
    expect(registry.concurrency(registry.forTask("quick_mj"))).toBe(5)
    expect(registry.concurrency(registry.forTask("sd"))).toBe(1)
  })

  it("refuses a hand-built config that uses an engine without its options", () => {
    const config: EngineConfig = { ...readEngineConfig({}), byTask: { ...readEngineConfig({}).byTask, sd: "comfyui" } }
    expect(() => buildEngines(config, recording().makers)).toThrow(/uses comfyui but holds no options/)
  })
})
