// A server process for the kill -9 test (generationCrash.test.ts): the real startServer and workers
// with the test's fake engine (every task hangs until aborted), on the database the test names.
// Prints one JSON line when listening. Not a test itself; the test runs it from dist-test/ (builtEntry.ts).
import { readFileSync } from "node:fs"
import { openPglite, openPostgres } from "../src/db/database.js"
import { localAdapters } from "../src/adapters/localAdapters.js"
import { silentLog } from "../src/platform/log.js"
import { startServer } from "../src/server.js"
import { creditBeans } from "../src/features/beans/beans.js"
import { users } from "../src/db/schema/users.js"
import { issueToken } from "../src/platform/tokens.js"
import { fakeEngine } from "./generationFakeEngine.js"
import { testConfig } from "./testServerConfig.js"
import { testTuning } from "./generationTestTuning.js"

const env = process.env
const database = env.CRASH_DATABASE_URL
  ? await openPostgres(env.CRASH_DATABASE_URL)
  : await openPglite({ dataDir: env.CRASH_DATA_DIR!, ...(env.CRASH_TEMPLATE ? { loadDataDir: new Blob([readFileSync(env.CRASH_TEMPLATE)]) } : {}) })
const config = testConfig({ uploadDir: env.CRASH_UPLOAD_DIR!, generation: testTuning({ leaseMs: 1_000, recoveryMs: 250, progressMs: 100 }) })
const running = await startServer(config, database, silentLog, { ...localAdapters(config, database.db, silentLog), engines: fakeEngine().registry })
let user: { uid: number; token: string } | undefined
if (env.CRASH_SEED_BEANS) {
  const [row] = await running.deps.db.insert(users).values({ phone: "13799990001", nickname: "崩溃测试", inviteCode: "CRASH1", nid: "899001" }).returning()
  await creditBeans(running.deps.db, running.deps.ledgerKey, { uid: row!.uid, amount: Number(env.CRASH_SEED_BEANS), remark: "测试赠送", kind: "test_grant", ref: "crash-seed" })
  user = { uid: row!.uid, token: await issueToken(running.deps.db, row!.uid, new Date()) }
}
process.stdout.write(`${JSON.stringify({ url: running.url, ...user })}\n`)
process.on("SIGTERM", () => void running.stop().then(() => process.exit(0)))
