/** Real-time payloads (SSE data, STOMP bodies) as JSON when they are JSON, else the raw text (spec §4). */
export function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
