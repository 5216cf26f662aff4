import { ESLint } from "eslint"
import { describe, expect, it } from "vitest"

/**
 * The server's dependency rule (eslint.config.js, apps/server/CONTEXT.md "Layout"): arrows point one
 * way. Each row lints one import as if it were written in a source file there.
 */
const repoRoot = new URL("../../../", import.meta.url).pathname
const eslint = new ESLint({ cwd: repoRoot })

const restrictedImports = async (filePath: string, specifier: string): Promise<number> => {
  const [result] = await eslint.lintText(`import * as imported from "${specifier}"\nexport const used = imported\n`, { filePath: `${repoRoot}apps/server/src/${filePath}` })
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").length
}

describe("the server's imports point one way", () => {
  it.each([
    ["platform/someHelper.ts", "../features/login/captcha.js"],
    ["platform/deps.ts", "../adapters/storage/localObjectStore.js"],
    ["platform/deps.ts", "../adapters/localAdapters.js"],
    ["platform/someHelper.ts", "../seed/seedDemo.js"],
    ["platform/someHelper.ts", "../jobs/serverJobs.js"],
    ["adapters/sms/someSink.ts", "../../features/users/userView.js"],
    ["adapters/payment/someProvider.ts", "../../seed/commerceSeed.js"],
    ["features/commerce/someService.ts", "../../adapters/payment/sandboxProvider.js"],
    ["features/files/someService.ts", "../../adapters/storage/localObjectStore.js"],
    ["features/login/someService.ts", "../../adapters/localAdapters.js"],
    ["features/artworks/someService.ts", "../../seed/artworkSeed.js"],
    ["features/commerce/someService.ts", "../../jobs/jobRunner.js"],
    ["features/help/someService.ts", "../webApp/webAppRoutes.js"],
    ["features/beans/someService.ts", "../../server.js"],
    ["db/someTable.ts", "../features/beans/beans.js"],
    ["app.ts", "./adapters/localAdapters.js"],
    ["app.ts", "./seed/seedDemo.js"]
  ])("%s may not import %s", async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toBe(1)
  })

  it.each([
    ["platform/deps.ts", "../adapters/storage/objectStorePort.js"],
    ["platform/contract.ts", "../db/database.js"],
    ["adapters/sms/someSink.ts", "../../platform/log.js"],
    ["adapters/payment/someProvider.ts", "../../db/schema/reconciliation.js"],
    ["features/commerce/someService.ts", "../../adapters/payment/paymentProviderPort.js"],
    ["features/commerce/someService.ts", "../beans/beans.js"],
    ["features/commerce/someService.ts", "./orders.js"],
    ["features/login/someService.ts", "../../platform/failure.js"],
    ["main.ts", "./adapters/localAdapters.js"],
    ["server.ts", "./seed/seedDemo.js"],
    ["main.ts", "./jobs/serverJobs.js"]
  ])("%s may import %s", async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toBe(0)
  })
})
