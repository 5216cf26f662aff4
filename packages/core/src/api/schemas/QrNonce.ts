import { Schema } from "effect"

/**
 * A random value the browser keeps in sessionStorage and sends when it asks for a QR and with every
 * check (R5, designed): a key seen on someone else's screen is useless without it.
 */
export const QrNonce = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{16,128}$/)).annotations({
  description: "browser-held random value binding the QR key to this browser (R5)"
})
