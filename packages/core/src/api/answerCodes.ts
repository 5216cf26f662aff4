/** The envelope's codes (spec §7): 0 is success, -401 login required, anything else an error. */
export const SUCCESS_CODE = 0
export const UNAUTHORIZED_CODE = -401

/** The server side: wraps data or an error into the envelope every answer travels in. */
export const ok = <A>(data: A) => ({ code: SUCCESS_CODE, msg: "success", data })
export const fail = (code: number, msg: string) => ({ code, msg, data: null })
