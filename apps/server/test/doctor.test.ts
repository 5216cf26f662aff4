import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readConfig } from "../src/platform/config.js"
import { formatReport, runChecks, secretsOf } from "../src/platform/doctorReport.js"
import { serviceChecksOf } from "../src/adapters/serviceChecks.js"
import { type AliyunSmsFake, startAliyunSmsFake } from "./smsFakes/aliyunSmsFake.js"
import { builtServer } from "./builtEntry.js"

const ACCESS_KEY_SECRET = randomBytes(15).toString("base64url")
const MIDO_SECRET = randomBytes(24).toString("base64url")
const SIGN = "米豆AI"

let fake: AliyunSmsFake
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  fake = await startAliyunSmsFake({ accessKeyId: "LTAI5tDoctor", accessKeySecret: ACCESS_KEY_SECRET, signName: SIGN, templates: { SMS_1: ["code"] } })
  env = {
    NODE_ENV: "production", MIDO_SECRET, DATA_DIR: await mkdtemp(join(tmpdir(), "mido-doctor-")), PORT: "18480", STORAGE_PORT: "18481",
    MIDO_SMS: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "LTAI5tDoctor", ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME: SIGN,
    ALIYUN_SMS_TEMPLATE_CODE: "SMS_1", ALIYUN_SMS_ENDPOINT: fake.endpoint, MIDO_ALLOW_SANDBOX_PAY: "1"
  }
})
afterAll(() => fake.close())

describe("the doctor command (issue 27)", () => {
  it("checks each configured service and says what is wrong: here the simulated WeChat scan a production start would refuse", async () => {
    const results = await runChecks(serviceChecksOf(readConfig(env), env), secretsOf(env))
    expect(results.map((result) => [result.name, result.ok])).toEqual([["production", false], ["database", true], ["storage", true], ["sms", true], ["moderation", true]])
    expect(results[0]?.detail).toContain("WECHAT_MP_APP_ID")
    expect(results[3]?.detail).toContain(`signature ${SIGN} 审核通过`)
    expect(formatReport(results)).toMatch(/^✗ production .*\n✓ database .*\n✓ storage .*\n✓ sms .*\n✓ moderation +built-in word list only.*\n1 of 5 checks failed$/s)
  })

  it("never prints a secret, even when a failing call's error quotes one", async () => {
    const wrong = { ...env, ALIYUN_SMS_ACCESS_KEY_SECRET: `${ACCESS_KEY_SECRET}x` }
    const echoing = { name: "echo", check: async () => { throw new Error(`refused key ${ACCESS_KEY_SECRET} and ${MIDO_SECRET}`) } }
    const results = await runChecks([...serviceChecksOf(readConfig(wrong), wrong), echoing], secretsOf({ ...wrong, ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET }))
    const printed = `${formatReport(results)}\n${JSON.stringify(results)}`
    expect(results.find((result) => result.name === "sms")).toMatchObject({ ok: false, detail: expect.stringContaining("SignatureDoesNotMatch") })
    expect(printed).toContain("refused key *** and ***")
    expect(printed).not.toContain(ACCESS_KEY_SECRET)
    expect(printed).not.toContain(MIDO_SECRET)
  })

  it("npm run doctor -- --json: the same report as JSON from the server's own environment, exit code 1 when a check fails", async () => {
    const serverDir = fileURLToPath(new URL("..", import.meta.url))
    const child = spawn(process.execPath, [...(await builtServer("doctor")), "--json"], { cwd: serverDir, env: { PATH: process.env.PATH, ...env } })
    let stdout = ""
    child.stdout.on("data", (chunk: Buffer) => { stdout += chunk.toString() })
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(code).toBe(1)
    const report = JSON.parse(stdout) as { ok: boolean; checks: Array<{ name: string; ok: boolean; detail: string }> }
    expect(report.ok).toBe(false)
    expect(report.checks.find((check) => check.name === "sms")?.ok).toBe(true)
    expect(stdout).not.toContain(ACCESS_KEY_SECRET)
    expect(stdout).not.toContain(MIDO_SECRET)
  })
})
