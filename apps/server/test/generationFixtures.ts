import type { TaskView } from "@mido/core/generation"
import { expect } from "vitest"
export { testTuning } from "./generationTestTuning.js"
import { auditLedger } from "../src/features/beans/ledgerAudit.js"
import { creditBeans, beanBalance } from "../src/features/beans/beans.js"
import type { TestServer } from "./testServer.js"

/** A small sd task; the prompt carries the fake engine's script. */
export const sdTask = (prompt: string, extra: Record<string, unknown> = {}) => ({
  type: "sd",
  prompt,
  checkpoint: "fake-ckpt",
  sampler: "Euler a",
  steps: 20,
  cfg_scale: 7,
  width: 64,
  height: 64,
  seed: -1,
  num: 1,
  ...extra
})

let grants = 0
export const grantBeans = (server: Pick<TestServer, "deps">, uid: number, amount: number) =>
  creditBeans(server.deps.db, server.deps.ledgerKey, { uid, amount, remark: "测试赠送", kind: "test_grant", ref: `g${process.pid}-${++grants}` })

export const submit = async (server: TestServer, token: string, body: unknown) => server.request("POST", "/api/v2/task/submit", body, token)

export const submitted = async (server: TestServer, token: string, body: unknown): Promise<TaskView> => {
  const answer = await submit(server, token, body)
  expect(answer).toMatchObject({ code: 0 })
  return answer.data as TaskView
}

export const info = async (server: TestServer, token: string, id: string): Promise<TaskView> => {
  const answer = await server.request("GET", `/api/v2/task/info?id=${id}`, undefined, token)
  expect(answer).toMatchObject({ code: 0 })
  return answer.data as TaskView
}

/** Polls the task until `done` says so (or the deadline passes: the test then fails with the last view). */
export const waitFor = async (server: TestServer, token: string, id: string, done: (view: TaskView) => boolean, timeoutMs = 8_000): Promise<TaskView> => {
  const deadline = Date.now() + timeoutMs
  let view = await info(server, token, id)
  while (!done(view) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    view = await info(server, token, id)
  }
  return view
}

export const finished = (view: TaskView) => view.status === "succeeded" || view.status === "failed" || view.status === "cancelled"

/** The ledger verifies and sums to the balance; answers the balance. */
export const auditedBalance = async (server: TestServer, uid: number): Promise<number> => {
  const audit = await auditLedger(server.deps.db, server.deps.ledgerKey, uid)
  expect(audit).toMatchObject({ ok: true, problem: null })
  expect(audit.ledgerSum).toBe(audit.walletBalance)
  return beanBalance(server.deps.db, uid)
}
