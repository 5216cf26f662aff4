import type { EnvReader } from "../engineEnv.js"
import { loadWorkflowTemplates, type WorkflowTemplates } from "./templates/workflowTemplates.js"

/**
 * ComfyUI's optional variables (docs/engines.md): the credentials of an authenticating proxy in front
 * (ComfyUI itself has none) and the operator's workflow templates, read and checked at start so a bad
 * template stops the server with its file and placeholder named instead of failing users' tasks.
 */

export const comfyVariableNames = ["MIDO_COMFYUI_TOKEN", "MIDO_COMFYUI_AUTH_HEADER", "MIDO_COMFYUI_WORKFLOWS"] as const

/** A header name as RFC 9110 allows (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export interface ComfyExtras {
  readonly headers?: Readonly<Record<string, string>>
  readonly templates?: WorkflowTemplates
}

export const readComfyExtras = (read: EnvReader): ComfyExtras => {
  const token = read.text("MIDO_COMFYUI_TOKEN")
  const header = read.text("MIDO_COMFYUI_AUTH_HEADER")
  let headers: Record<string, string> | undefined
  if (token !== undefined && header !== undefined) read.problem("MIDO_COMFYUI_TOKEN and MIDO_COMFYUI_AUTH_HEADER are both set: keep the token (sent as Authorization: Bearer) or the whole header, not both")
  else if (token !== undefined) headers = { authorization: `Bearer ${token}` }
  else if (header !== undefined) {
    const colon = header.indexOf(":")
    const name = header.slice(0, Math.max(colon, 0)).trim()
    const value = header.slice(colon + 1).trim()
    if (colon < 1 || !HEADER_NAME.test(name) || value === "") read.problem('MIDO_COMFYUI_AUTH_HEADER must be "Header-Name: value", e.g. "X-Api-Key: …" or "Authorization: Basic …"')
    else headers = { [name.toLowerCase()]: value }
  }
  const dir = read.text("MIDO_COMFYUI_WORKFLOWS")
  let templates: WorkflowTemplates | undefined
  if (dir !== undefined) {
    const loaded = loadWorkflowTemplates(dir)
    for (const problem of loaded.problems) read.problem(`MIDO_COMFYUI_WORKFLOWS (${dir}): ${problem}`)
    templates = loaded.templates
  }
  return { ...(headers === undefined ? {} : { headers }), ...(templates === undefined ? {} : { templates }) }
}
