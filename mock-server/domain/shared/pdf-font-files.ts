import { sfntOfWoff } from './pdf-woff.js';

// The Noto font files that PDFs draw text beyond WinAnsi with (decision REP-95): in the built package the
// copies the build put in its fonts/ folder (scripts/mock-package.mjs), from source Fontsource's packages;
// each family cut into slices by Unicode range (its unicode.json).

/** The families, in the order a text tries them: the first that has every character of the text draws it. */
const FAMILIES = [
  // Latin beyond Windows-1252, Greek, Cyrillic, Vietnamese, Devanagari.
  '@fontsource/noto-sans',
  // Chinese: its slices hold the simplified and the traditional characters in use.
  '@fontsource/noto-sans-sc',
  '@fontsource/noto-sans-tamil',
  '@fontsource/noto-sans-arabic',
];

export type FontWeight = 'regular' | 'bold' | 'italic';

/** Fontsource's file name parts: the slice, then the weight and style. */
const STYLES: Record<FontWeight, string[]> = {
  regular: ['400-normal'],
  bold: ['700-normal'],
  // A family without an italic (the Chinese, Tamil and Arabic ones) draws its upright letters.
  italic: ['400-italic', '400-normal'],
};

/** One file of a family: the characters it may hold, as ranges of code points. */
export interface FontSlice {
  family: number;
  name: string;
  ranges: [number, number][];
}

export interface FontFiles {
  /** Every slice of every family, families in their order. */
  slices: FontSlice[];
  /** The font of `slice` at `weight` (its WOFF file unpacked), with its path (the same file for two weights is embedded once). */
  read(slice: FontSlice, weight: FontWeight): { path: string; bytes: Uint8Array } | null;
}

type NodeFs = typeof import('node:fs');
type NodeModule = typeof import('node:module');
type NodeZlib = typeof import('node:zlib');
type NodeUrl = typeof import('node:url');

/** Node's file system, `require`, zlib and URL helpers, fetched at run time: the browser and workerd entries must not import them (MOCK-29). */
function nodeModules(): { fs: NodeFs; module: NodeModule; zlib: NodeZlib; url: NodeUrl } | null {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const fs = get?.('node:fs') as NodeFs | undefined;
  const module = get?.('node:module') as NodeModule | undefined;
  const zlib = get?.('node:zlib') as NodeZlib | undefined;
  const url = get?.('node:url') as NodeUrl | undefined;
  return fs && module && zlib && url ? { fs, module, zlib, url } : null;
}

/** `U+0041-005A,U+00C0` as ranges. */
function parseRanges(list: string): [number, number][] {
  return list.split(',').map((part) => {
    const [from, to] = part.trim().slice(2).split('-');
    return [Number.parseInt(from!, 16), Number.parseInt(to ?? from!, 16)];
  });
}

let files: FontFiles | null | undefined;

/** The font files, or null where they cannot be read (a browser, workerd, or the packages missing): then only WinAnsi is drawn (REP-13). */
export function fontFiles(): FontFiles | null {
  if (files !== undefined) return files;
  const node = nodeModules();
  if (!node) return (files = null);
  try {
    const require = node.module.createRequire(import.meta.url);
    const slices: FontSlice[] = [];
    const folders: string[] = [];
    const bundled = (name: string) => {
      const path = node.url.fileURLToPath(new URL(`./fonts/${name.split('/')[1]}/unicode.json`, import.meta.url));
      return node.fs.existsSync(path) ? path : null;
    };
    FAMILIES.forEach((name, family) => {
      const unicode = bundled(name) ?? require.resolve(`${name}/unicode.json`);
      folders.push(unicode.slice(0, -'unicode.json'.length));
      const ranges = JSON.parse(node.fs.readFileSync(unicode, 'utf8')) as Record<string, string>;
      for (const [key, list] of Object.entries(ranges))
        slices.push({ family, name: key.replace(/^\[(\d+)\]$/, '$1'), ranges: parseRanges(list) });
    });
    const inflate = (data: Uint8Array) => new Uint8Array(node.zlib.inflateSync(data));
    // Read once per process: the same bytes let fontkit's parse be kept too (pdf-faces.ts).
    const cache = new Map<string, Uint8Array | null>();
    const readOnce = (path: string) => {
      if (!cache.has(path))
        cache.set(path, node.fs.existsSync(path) ? sfntOfWoff(new Uint8Array(node.fs.readFileSync(path)), inflate) : null);
      return cache.get(path)!;
    };
    const read = (slice: FontSlice, weight: FontWeight) => {
      const base = FAMILIES[slice.family]!.split('/')[1]!;
      for (const style of STYLES[weight]) {
        const path = `${folders[slice.family]}files/${base}-${slice.name}-${style}.woff`;
        const bytes = readOnce(path);
        if (bytes) return { path, bytes };
      }
      return null;
    };
    return (files = { slices, read });
  } catch {
    return (files = null);
  }
}

/** Whether `slice` may hold `codePoint` (its font says for sure once loaded). */
export const sliceCovers = (slice: FontSlice, codePoint: number): boolean =>
  slice.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
