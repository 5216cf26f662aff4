// The module the analytics hash is fetched through (analyticsUserIdOnDemand.ts): importing it lazily
// keeps SHA-256 (@noble/hashes) out of the web app's first load.
export { analyticsUserId } from "@mido/core/analytics"
