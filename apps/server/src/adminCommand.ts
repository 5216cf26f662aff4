// The operator's role command (issue 29, docs/adr/0023): `npm run admin -w @mido/server -- grant <phone>
// reviewer|operator|admin`, `revoke <phone>`, `list`. Run with the server's environment (DATABASE_URL or
// DATA_DIR); on PGlite stop the server first (one process owns its data directory). The only way a
// console role is granted: no route of the API can.
import { ADMIN_ROLES, isAdminRole } from "@mido/core/admin"
import { readConfig } from "./platform/config.js"
import { silentLog } from "./platform/log.js"
import { migrate } from "./db/migrate.js"
import { openConfiguredDatabase } from "./server.js"
import { grantRole, listRoles, revokeRole } from "./features/admin/roleGrants.js"

const USAGE = `用法 / usage:
  npm run admin -w @mido/server -- grant <手机号> <${ADMIN_ROLES.join("|")}>
  npm run admin -w @mido/server -- revoke <手机号>
  npm run admin -w @mido/server -- list`

const PHONE = /^1\d{10}$/

const run = async (args: ReadonlyArray<string>): Promise<number> => {
  const [command, phone = "", role = ""] = args
  if (command !== "grant" && command !== "revoke" && command !== "list") return usage()
  if (command !== "list" && !PHONE.test(phone)) return usage(`手机号格式不正确：${phone}`)
  if (command === "grant" && !isAdminRole(role)) return usage(`角色只能是 ${ADMIN_ROLES.join(" / ")}`)
  const database = await openConfiguredDatabase(readConfig(process.env), silentLog)
  try {
    await migrate(database)
    if (command === "list") {
      const holders = await listRoles(database.db)
      if (holders.length === 0) console.log("还没有账号拥有后台角色 / no account has a console role")
      for (const holder of holders) console.log(`${holder.uid}\t${holder.phone ?? "-"}\t${holder.role}\t${holder.nickname}`)
      return 0
    }
    const outcome = command === "grant" && isAdminRole(role) ? await grantRole(database.db, phone, role, new Date()) : await revokeRole(database.db, phone, new Date())
    if (!outcome.ok) {
      console.error(outcome.reason)
      return 1
    }
    console.log(command === "grant" ? `已授予 uid ${outcome.uid} 角色 ${role}（之前：${outcome.before ?? "无"}）` : `已收回 uid ${outcome.uid} 的角色 ${outcome.before ?? ""}`)
    return 0
  } finally {
    await database.close()
  }
}

const usage = (problem?: string) => {
  if (problem !== undefined) console.error(problem)
  console.error(USAGE)
  return 2
}

process.exitCode = await run(process.argv.slice(2))
