import { Schema } from "effect"
import { DateTimeText, Id, PageQuery } from "../schemas/common.js"
import { ADMIN_ROLES } from "./adminRoles.js"

export const AdminRoleSchema = Schema.Literal(...ADMIN_ROLES)

/** Who is at the console: the account and its role (read from the database on every call). */
export const AdminMe = Schema.Struct({
  uid: Id,
  nickname: Schema.String,
  role: AdminRoleSchema
})
export type AdminMe = typeof AdminMe.Type

/** A JSON value as the audit log keeps it (the before / after of a change). */
export const AuditValue = Schema.Unknown

/** One row of the append-only audit log: who did what to which target, before and after. */
export const AuditEntry = Schema.Struct({
  id: Id,
  actor_id: Schema.NullOr(Id).annotations({ description: "null: done from the operator's terminal (a role grant)" }),
  actor_nickname: Schema.String,
  action: Schema.String.annotations({ description: "what was done, e.g. user.ban, user.adjust_beans" }),
  target_type: Schema.String.annotations({ description: "what it was done to: user, order, task, …" }),
  target_id: Schema.String,
  before: AuditValue,
  after: AuditValue,
  created_at_str: DateTimeText
})
export type AuditEntry = typeof AuditEntry.Type

/** The audit log's filters: by action, by actor, by target (all optional). */
export const AuditQuery = Schema.Struct({
  ...PageQuery.fields,
  action: Schema.optional(Schema.String.pipe(Schema.maxLength(64))),
  target_type: Schema.optional(Schema.String.pipe(Schema.maxLength(32))),
  target_id: Schema.optional(Schema.String.pipe(Schema.maxLength(64)))
})
export type AuditQuery = typeof AuditQuery.Type
