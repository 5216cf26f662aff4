#!/usr/bin/env node
import { parseArgs } from "node:util"
import { userMessage } from "@mido/core"
import { cardLine, readSquare } from "./square.js"

// node dist/main.js [--server http://127.0.0.1:8080] [--sort latest|hot] [--size 20]
const { values } = parseArgs({
  options: {
    server: { type: "string", default: "http://127.0.0.1:8080" },
    sort: { type: "string", default: "latest" },
    size: { type: "string", default: "20" }
  }
})

const sort = values.sort === "hot" ? "hot" : "latest"
const size = Number(values.size)
if (!Number.isInteger(size) || size < 1 || size > 100) {
  console.error("--size 应为 1 到 100 的整数")
  process.exit(2)
}

const result = await readSquare(values.server, { sort, size })
if (result._tag === "Left") {
  console.error(`读取灵感广场失败：${userMessage(result.left) ?? result.left._tag}`)
  process.exit(1)
}
console.log(`灵感广场（${sort === "hot" ? "最热" : "最新"}）：${result.right.length} 件作品`)
for (const [index, card] of result.right.entries()) console.log(cardLine(card, index))
