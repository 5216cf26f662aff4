import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core"

/** 2800_admin_roles_audit.sql: the console's roles, granted from the terminal only (ADR 0023). */
export const userRoles = pgTable("user_roles", {
  uid: bigint("uid", { mode: "number" }).primaryKey(),
  role: text("role").notNull(),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow()
})

/** 2800_admin_roles_audit.sql: the append-only audit log of console changes (a trigger refuses UPDATE/DELETE). */
export const adminAudit = pgTable("admin_audit", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  /** null: done from the operator's terminal (grant, revoke). */
  actorId: bigint("actor_id", { mode: "number" }),
  action: text("action").notNull(),
  targetType: text("target_type").notNull(),
  targetId: text("target_id").notNull(),
  before: jsonb("before"),
  after: jsonb("after"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
})
