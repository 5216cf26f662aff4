import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the login services refuse (an account taken by another phone or WeChat); contract.ts answers it. */
export class LoginRefusal extends Refusal {}

export const { conflict } = refusalsOf(LoginRefusal)
