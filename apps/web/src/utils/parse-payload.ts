/** Real-time payloads (SSE data, STOMP bodies) as JSON when they are JSON, else the raw text (docs/product.md §4). */
export function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
