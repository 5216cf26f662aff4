/** Reads `--name value` pairs (and bare flags) after the command; positional words are kept in order. */
export const parseArgs = (args: ReadonlyArray<string>) => {
  const options = new Map<string, string>()
  const positional: Array<string> = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ""
    if (arg.startsWith("--")) {
      const next = args[index + 1]
      if (next !== undefined && !next.startsWith("--")) {
        options.set(arg.slice(2), next)
        index++
      } else {
        options.set(arg.slice(2), "true")
      }
    } else {
      positional.push(arg)
    }
  }
  return { options, positional }
}
