import { AdminApi, type AuditEntry } from "@mido/core/admin"
import { makeAutoObservable } from "mobx"
import { PagedList } from "../stores/paging/PagedList.js"
import type { AdminCalls } from "./AdminCalls.js"

export const AUDIT_PAGE_SIZE = 30

export interface AuditFilter {
  readonly action: string
  readonly targetType: string
  readonly targetId: string
}

const NO_FILTER: AuditFilter = { action: "", targetType: "", targetId: "" }

/** 审计日志: the append-only log, newest first, filtered by action or target. Read-only by design. */
export class AuditLogStore {
  readonly list: PagedList<AuditEntry, number, AuditFilter>
  filter: AuditFilter = NO_FILTER

  constructor(calls: AdminCalls) {
    this.list = new PagedList<AuditEntry, number, AuditFilter>({
      params: NO_FILTER,
      keyOf: (entry) => entry.id,
      fetchPage: calls.pages(AdminApi.audit.list, (filter, page) => ({
        page,
        size: AUDIT_PAGE_SIZE,
        ...(filter.action === "" ? {} : { action: filter.action }),
        ...(filter.targetType === "" ? {} : { target_type: filter.targetType }),
        ...(filter.targetId === "" ? {} : { target_id: filter.targetId })
      }))
    })
    makeAutoObservable(this, { list: false }, { autoBind: true })
  }

  open(): Promise<void> {
    return this.list.setParams(this.filter)
  }

  setFilter(filter: Partial<AuditFilter>): Promise<void> {
    this.filter = { ...this.filter, ...filter }
    return this.list.setParams(this.filter)
  }

  reset(): void {
    this.filter = NO_FILTER
    this.list.reset()
  }
}
