/** A response body as the Http port reads it: JSON when it parses, the text otherwise, undefined when empty. */
export const parseBody = (text: string): unknown => {
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
