/** What one source on a product page says about the product. */
export interface ProductFacts {
  /** `json-ld`, `open-graph`, a shop key (`musinsa`, `naver-smartstore`, …) or `title`. */
  source: string;
  name?: string;
  /** Absolute image URLs, best first. */
  images: string[];
  /** Category texts, broadest first (`상의`, `니트/스웨터`). */
  categories: string[];
  /** Explicit attribute words from structured fields (colour, material, season, thickness). */
  hints: string[];
  description?: string;
}

export const emptyFacts = (source: string): ProductFacts => ({
  source,
  images: [],
  categories: [],
  hints: [],
});

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** Decodes the HTML entities that appear in names inside JSON and attributes. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return ENTITIES[lower] ?? whole;
  });
}

/** Trimmed text with runs of white space collapsed; undefined when nothing is left. */
export function cleanText(value: unknown, max = 300): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = decodeEntities(value).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : undefined;
}

/** Resolves an image reference against the page (protocol-relative and relative paths included). */
export function absoluteUrl(value: unknown, base: string): string | undefined {
  const text = cleanText(value, 2048);
  if (!text || text.startsWith('data:')) return undefined;
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The JSON value assigned after `marker` in a script (`window.__MSS__.product.state = {...};`). Scans to the
 * matching brace with strings respected, so the object may be followed by more code.
 */
export function assignedJson(html: string, marker: string): unknown {
  let from = 0;
  for (;;) {
    const at = html.indexOf(marker, from);
    if (at < 0) return undefined;
    from = at + marker.length;
    const eq = /^\s*=\s*/.exec(html.slice(from, from + 20));
    if (!eq) continue;
    const start = from + eq[0].length;
    if (html[start] !== '{' && html[start] !== '[') continue;
    const end = matchingBracket(html, start);
    if (end < 0) return undefined;
    try {
      return JSON.parse(html.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

function matchingBracket(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Depth-first search for the first object that satisfies `test` (bounded, so huge states stay cheap). */
export function findObject(
  root: unknown,
  test: (o: Record<string, unknown>) => boolean,
  maxDepth = 12,
): Record<string, unknown> | undefined {
  const seen = new Set<unknown>();
  let visited = 0;
  const walk = (node: unknown, depth: number): Record<string, unknown> | undefined => {
    if (!node || typeof node !== 'object' || depth > maxDepth || seen.has(node) || ++visited > 50_000)
      return undefined;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) {
        const hit = walk(item, depth + 1);
        if (hit) return hit;
      }
      return undefined;
    }
    const obj = node as Record<string, unknown>;
    if (test(obj)) return obj;
    for (const value of Object.values(obj)) {
      const hit = walk(value, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(root, 0);
}

/** Follows a path of keys; undefined as soon as one is missing. */
export function at(root: unknown, ...path: (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}
