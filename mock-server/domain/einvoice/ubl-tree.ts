import { documentLibraries } from './document-libraries.js';

// One UBL document, written once as a tree and rendered two ways: UBL 2.1 XML and UBL-2.1-JSON v2.0
// (the MyInvois JSON form). Element order is the tree's order, which the builders keep in XSD order.

export const UBL_NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

export type UblRoot = 'Invoice' | 'CreditNote';

/** A basic (`cbc:`) or aggregate (`cac:`) element. A leaf's `number` is written as a JSON number in the JSON form. */
export interface UblNode {
  name: `cbc:${string}` | `cac:${string}`;
  text?: string;
  number?: boolean;
  /** An indicator: `true`/`false` in XML, a JSON boolean in UBL-2.1-JSON. */
  boolean?: boolean;
  attrs?: Record<string, string>;
  children?: UblNode[];
}

/** What a builder hands back: an absent value gives no element (PEPPOL-EN16931-R008: no empty elements). */
export type UblPart = UblNode | null | undefined | false | '' | readonly UblPart[];

const flat = (parts: readonly UblPart[]): UblNode[] =>
  parts.flatMap((part) => (!part ? [] : Array.isArray(part) ? flat(part) : [part as UblNode]));

/** Characters XML 1.0 cannot carry (C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF): dropped from both forms. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text leaf; null, undefined or blank text gives no element. */
export function cbc(name: string, text: string | null | undefined, attrs?: Record<string, string>): UblNode | null {
  const clean = text?.replace(NOT_XML, '');
  if (clean === undefined || clean.trim() === '') return null;
  return { name: `cbc:${name}`, text: clean, ...(attrs ? { attrs } : {}) };
}

/** xmlbuilder2 leaves `&name;` and `&#n;` in text as references; every `&` of the data is a literal ampersand. */
const literal = (value: string) => value.replace(/&/g, '&amp;');

/** A numeric leaf (amount, quantity, percent), written with `places` decimals in XML and as a number in JSON. */
export function cbcNumber(name: string, value: number | string, places: number, attrs?: Record<string, string>): UblNode {
  return { name: `cbc:${name}`, text: Number(value).toFixed(places), number: true, ...(attrs ? { attrs } : {}) };
}

/** An indicator leaf (`ChargeIndicator`): UBL-2.1-JSON types it as a boolean. */
export const cbcIndicator = (name: string, value: boolean): UblNode => ({ name: `cbc:${name}`, text: String(value), boolean: true });

/** An aggregate; one with no children gives no element. */
export function cac(name: string, ...children: UblPart[]): UblNode | null {
  const kids = flat(children);
  return kids.length ? { name: `cac:${name}`, children: kids } : null;
}

/** The document as UBL 2.1 XML: UTF-8, prefixes `cac` and `cbc`, the root in its own namespace. */
export function renderXml(root: UblRoot, parts: readonly UblPart[]): string {
  const doc = documentLibraries.get().createXml({ version: '1.0', encoding: 'UTF-8' });
  const top = doc.ele(UBL_NS[root], root).att('xmlns:cac', UBL_NS.cac).att('xmlns:cbc', UBL_NS.cbc);
  const write = (parent: typeof top, node: UblNode) => {
    const element = parent.ele(node.name.startsWith('cbc:') ? UBL_NS.cbc : UBL_NS.cac, node.name);
    for (const [key, value] of Object.entries(node.attrs ?? {})) element.att(key, literal(value));
    if (node.children) for (const child of node.children) write(element, child);
    else element.txt(literal(node.text ?? ''));
  };
  for (const node of flat(parts)) write(top, node);
  return doc.end({ prettyPrint: true });
}

/** The document as UBL-2.1-JSON v2.0: `_D`, `_A`, `_B`, the root as a one-item array, every value `[{ "_": value }]`. */
export function renderUblJson(root: UblRoot, parts: readonly UblPart[]): Record<string, unknown> {
  const object = (nodes: UblNode[]) => {
    const out: Record<string, unknown[]> = {};
    for (const node of nodes) (out[node.name.slice(4)] ??= []).push(value(node));
    return out;
  };
  // UBL's IndicatorType (`...Indicator`) is a JSON boolean in UBL-2.1-JSON.
  const scalar = (node: UblNode) => (node.number ? Number(node.text) : node.name.endsWith('Indicator') ? node.text === 'true' : node.text);
  const value = (node: UblNode): unknown => (node.children ? object(node.children) : { _: scalar(node), ...node.attrs });
  return { _D: UBL_NS[root], _A: UBL_NS.cac, _B: UBL_NS.cbc, [root]: [object(flat(parts))] };
}
