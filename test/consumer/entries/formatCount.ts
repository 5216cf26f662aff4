// One rule and nothing else: what a page that only formats counts pays for the core (budget ≤ 2 KB gzip).
import { formatCount } from "@mido/core"

document.body.textContent = formatCount(12345)
