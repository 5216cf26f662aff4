import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * The server package's own directory (apps/server): the nearest package.json above this module. The
 * module runs from src/platform/ (tsx, tests) or bundled into dist/ (`npm start`, ADR 0022), so a fixed
 * `../..` from import.meta.url would be right in one of them only.
 */
export const serverPackageDir = (from: string = fileURLToPath(import.meta.url)): string => {
  let dir = dirname(from)
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir)
  return dir
}
